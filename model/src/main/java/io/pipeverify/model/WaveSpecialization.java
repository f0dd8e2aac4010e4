package io.pipeverify.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Resolves what a program says per wave ({@code "when"} conditions and k-chunks that are
 * expressions of the wave) into programs whose ops are the same in every wave that runs them: each
 * program is split into one role per distinct op list, named after its waves ({@code main[0-3]}).
 * The verifier, the replay and the code generator see only specialized schedules; ops keep their
 * origins, so findings and repairs still point at the one op of the file.
 */
public final class WaveSpecialization {
  private WaveSpecialization() {}

  /** True when some op is conditional or some tile tag's k-chunk is not yet a number. */
  public static boolean needed(Schedule s) {
    for (WaveProgram p : s.programs()) {
      for (Section section : Section.values()) {
        for (Op op : p.section(section)) {
          if (op instanceof Op.Conditional || !constantKChunk(op)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The schedule with every program resolved per wave; {@code s} itself when nothing is to do. */
  public static Schedule specialize(Schedule s) {
    if (!needed(s)) {
      return s;
    }
    List<WaveProgram> out = new ArrayList<>();
    for (WaveProgram p : s.programs()) {
      Map<List<List<Op>>, List<Integer>> byOps = new LinkedHashMap<>();
      for (int w : p.waves()) {
        Map<String, Long> env = s.waveEnv(w);
        List<List<Op>> sections = new ArrayList<>();
        for (Section section : Section.values()) {
          sections.add(resolve(p.section(section), env));
        }
        byOps.computeIfAbsent(sections, x -> new ArrayList<>()).add(w);
      }
      for (Map.Entry<List<List<Op>>, List<Integer>> e : byOps.entrySet()) {
        List<List<Op>> ops = e.getKey();
        String role = byOps.size() == 1 ? p.role() : p.role() + "[" + waves(e.getValue()) + "]";
        out.add(new WaveProgram(role, e.getValue(), ops.get(0), ops.get(1), ops.get(2)));
      }
    }
    return s.withPrograms(out);
  }

  private static List<Op> resolve(List<Op> ops, Map<String, Long> env) {
    List<Op> out = new ArrayList<>();
    for (Op op : ops) {
      if (op instanceof Op.Conditional c) {
        if (c.when().holds(env)) {
          out.add(foldKChunk(c.op(), env));
        }
      } else {
        out.add(foldKChunk(op, env));
      }
    }
    return out;
  }

  private static boolean constantKChunk(Op op) {
    Optional<TileTag> tile = tile(op);
    return tile.isEmpty() || tile.get().kChunk().map(c -> c instanceof Expr.Const).orElse(true);
  }

  private static Optional<TileTag> tile(Op op) {
    if (op instanceof Op.LdsAccess a) {
      return Optional.of(a.tile());
    }
    return op instanceof Op.GLoad g ? Optional.of(g.tile()) : Optional.empty();
  }

  /** The op with its tile tag's k-chunk evaluated for this wave. */
  private static Op foldKChunk(Op op, Map<String, Long> env) {
    if (constantKChunk(op)) {
      return op;
    }
    TileTag t = tile(op).orElseThrow();
    TileTag folded = t.withKChunk(Expr.of(t.kChunk().orElseThrow().eval(env)));
    if (op instanceof Op.G2s g) {
      return new Op.G2s(g.buffer(), g.slot(), g.region(), folded, g.origin(), g.source());
    } else if (op instanceof Op.DsRead r) {
      return r.withRegion(r.region(), folded);
    } else if (op instanceof Op.DsWrite d) {
      return new Op.DsWrite(d.buffer(), d.slot(), d.region(), d.src(), folded, d.origin());
    }
    Op.GLoad g = (Op.GLoad) op;
    return new Op.GLoad(g.dst(), folded, g.origin());
  }

  /** {@code 0-3}, {@code 0,2,4,6}: runs of consecutive waves as ranges. */
  static String waves(List<Integer> waves) {
    List<String> parts = new ArrayList<>();
    int i = 0;
    while (i < waves.size()) {
      int j = i;
      while (j + 1 < waves.size() && waves.get(j + 1) == waves.get(j) + 1) {
        j++;
      }
      parts.add(j > i + 1 ? waves.get(i) + "-" + waves.get(j) : waves.get(i).toString());
      if (j == i + 1) {
        parts.add(waves.get(j).toString());
      }
      i = j + 1;
    }
    return parts.stream().collect(Collectors.joining(","));
  }
}
