package io.pipeverify.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random valid schedules for property tests, here and (through the model test-jar) in the verifier.
 * Shapes are small (1-4 waves, 1-2 programs, 1-2 buffers of 1-3 slots of 4-16 rows) but built to be
 * interesting for race checking: regions at constant rows are touched by every wave of a program,
 * per-wave regions ({@code w * c}) are disjoint, loop slots rotate with {@code k % S} or {@code (k
 * + c) % S}, and waits and barriers appear in some places, not all. Every generated schedule passes
 * {@link ScheduleValidator} (checked by {@code ScheduleArbitrariesProperties}).
 *
 * <p>Ops are drawn as {@link OpSpec}s (a kind and a few small integers) and materialized per
 * program, so registers are consistent (an mfma uses registers some ds_read of its program defines,
 * a ds_write one some gload defines) and shrinking works on plain integers.
 */
public final class ScheduleArbitraries {
  private ScheduleArbitraries() {}

  /** Random schedules with no validator problems. */
  public static Arbitrary<Schedule> validSchedules() {
    return shapes().flatMap(ScheduleArbitraries::schedules);
  }

  /** What an op will be, before its program's registers are known. */
  enum Kind {
    G2S,
    DS_READ,
    DS_WRITE,
    GLOAD,
    WAIT,
    BARRIER,
    MFMA,
    SCHED_BARRIER,
    SETPRIO
  }

  /** An op kind and small integers that {@link Materializer} interprets in context. */
  record OpSpec(Kind kind, int buffer, int slot, int region, int size, int start, int extra) {}

  /** The schedule-wide choices made before the ops. */
  record Shape(
      Target target,
      int waves,
      ImplicitWaits implicitWaits,
      int kChunks,
      boolean waveParam,
      List<LdsBuffer> buffers,
      int split,
      int trips) {}

  private static Arbitrary<Shape> shapes() {
    Arbitrary<LdsBuffer> bufferShape =
        Combinators.combine(
                Arbitraries.integers().between(1, 3),
                Arbitraries.of(4, 8, 16),
                Arbitraries.of(64, 128))
            .as((slots, rows, rowBytes) -> new LdsBuffer("?", slots, rows * rowBytes, rowBytes));
    Arbitrary<List<LdsBuffer>> buffers =
        bufferShape
            .list()
            .ofMinSize(1)
            .ofMaxSize(2)
            .map(
                list -> {
                  List<LdsBuffer> named = new ArrayList<>();
                  for (int i = 0; i < list.size(); i++) {
                    LdsBuffer b = list.get(i);
                    named.add(
                        new LdsBuffer(
                            String.valueOf((char) ('A' + i)),
                            b.slots(),
                            b.slotBytes(),
                            b.rowBytes()));
                  }
                  return named;
                });
    return Combinators.combine(
            Arbitraries.of(Target.class),
            Arbitraries.integers().between(1, 4),
            Arbitraries.of(ImplicitWaits.class),
            Arbitraries.integers().between(1, 2),
            Arbitraries.of(false, true),
            buffers,
            Arbitraries.integers().between(0, 3),
            Arbitraries.integers().between(1, 50))
        .as(Shape::new);
  }

  private static Arbitrary<OpSpec> opSpecs() {
    Arbitrary<Kind> kinds =
        Arbitraries.frequency(
            Tuple.of(5, Kind.G2S),
            Tuple.of(5, Kind.DS_READ),
            Tuple.of(1, Kind.DS_WRITE),
            Tuple.of(1, Kind.GLOAD),
            Tuple.of(4, Kind.WAIT),
            Tuple.of(3, Kind.BARRIER),
            Tuple.of(2, Kind.MFMA),
            Tuple.of(1, Kind.SCHED_BARRIER),
            Tuple.of(1, Kind.SETPRIO));
    Arbitrary<Integer> small = Arbitraries.integers().between(0, 63);
    return Combinators.combine(kinds, small, small, small, small, small, small).as(OpSpec::new);
  }

  private static Arbitrary<Schedule> schedules(Shape shape) {
    int programs = shape.waves() >= 2 && shape.split() > 0 ? 2 : 1;
    Arbitrary<List<OpSpec>> prologue = opSpecs().list().ofMaxSize(5);
    Arbitrary<List<OpSpec>> loop = opSpecs().list().ofMinSize(1).ofMaxSize(10);
    Arbitrary<List<OpSpec>> epilogue = opSpecs().list().ofMaxSize(5);
    Arbitrary<List<List<OpSpec>>> sections =
        Combinators.combine(prologue, loop, epilogue).as(List::of);
    return sections.list().ofSize(programs).map(specs -> new Materializer(shape).schedule(specs));
  }

  /** Turns op specs into ops that are valid in their schedule. */
  private static final class Materializer {
    private final Shape shape;
    private final List<WaveParam> params;

    Materializer(Shape shape) {
      this.shape = shape;
      this.params =
          shape.waveParam() ? List.of(new WaveParam("half", Expr.parse("w / 2"))) : List.of();
    }

    Schedule schedule(List<List<List<OpSpec>>> programSpecs) {
      int n = shape.waves();
      List<List<Integer>> waveSets = new ArrayList<>();
      if (programSpecs.size() == 1) {
        waveSets.add(range(0, n));
      } else {
        int split = 1 + (shape.split() - 1) % (n - 1);
        waveSets.add(range(0, split));
        waveSets.add(range(split, n));
      }
      List<WaveProgram> programs = new ArrayList<>();
      for (int p = 0; p < programSpecs.size(); p++) {
        programs.add(program(p, waveSets.get(p), programSpecs.get(p)));
      }
      return new Schedule(
          "arbitrary",
          shape.target(),
          n,
          shape.implicitWaits(),
          params,
          shape.buffers(),
          new Gemm(32, 32, 64, 64 / shape.kChunks()),
          programs,
          shape.trips());
    }

    private static List<Integer> range(int from, int to) {
      List<Integer> out = new ArrayList<>();
      for (int i = from; i < to; i++) {
        out.add(i);
      }
      return out;
    }

    private LdsBuffer buffer(OpSpec s) {
      return shape.buffers().get(s.buffer() % shape.buffers().size());
    }

    private String readRegister(OpSpec s) {
      return buffer(s).name().toLowerCase(Locale.ROOT) + (s.extra() % 2);
    }

    private static String loadRegister(OpSpec s) {
      return "g" + (s.extra() % 2);
    }

    private WaveProgram program(int p, List<Integer> waves, List<List<OpSpec>> sections) {
      Set<String> reads = new TreeSet<>();
      Set<String> loads = new TreeSet<>();
      for (List<OpSpec> section : sections) {
        for (OpSpec s : section) {
          if (s.kind() == Kind.DS_READ) {
            reads.add(readRegister(s));
          } else if (s.kind() == Kind.GLOAD) {
            loads.add(loadRegister(s));
          }
        }
      }
      List<List<Op>> ops = new ArrayList<>();
      for (Section section : Section.values()) {
        List<OpSpec> specs = sections.get(section.ordinal());
        List<Op> out = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
          Origin origin =
              specs.get(i).extra() % 3 == 0
                  ? new Origin.InFile(
                      "arbitrary.json", "/programs/" + p + "/" + section.id() + "/" + i)
                  : new Origin.FromTransform("arbitrary", section.id() + " stage " + i % 3);
          out.add(op(specs.get(i), section, List.copyOf(reads), List.copyOf(loads), origin));
        }
        ops.add(out);
      }
      return new WaveProgram("role" + p, waves, ops.get(0), ops.get(1), ops.get(2));
    }

    private Op op(OpSpec s, Section section, List<String> reads, List<String> loads, Origin o) {
      switch (s.kind()) {
        case G2S -> {
          LdsBuffer b = buffer(s);
          Region r = region(s, b, section);
          return new Op.G2s(b.name(), slot(s, b, section), r, tag(s, b, r, section), o);
        }
        case DS_READ -> {
          LdsBuffer b = buffer(s);
          Region r = region(s, b, section);
          TileTag tag = tag(s, b, r, section);
          if (s.extra() % 4 < 2) {
            tag = tag.withKChunk(s.size() % shape.kChunks());
          }
          return new Op.DsRead(b.name(), slot(s, b, section), r, readRegister(s), tag, o);
        }
        case DS_WRITE -> {
          LdsBuffer b = buffer(s);
          Region r = region(s, b, section);
          TileTag tag = tag(s, b, r, section);
          if (loads.isEmpty()) {
            return new Op.G2s(b.name(), slot(s, b, section), r, tag, o);
          }
          String src = loads.get(s.extra() % loads.size());
          return new Op.DsWrite(b.name(), slot(s, b, section), r, src, tag, o);
        }
        case GLOAD -> {
          LdsBuffer b = buffer(s);
          return new Op.GLoad(
              loadRegister(s),
              new TileTag(b.name(), kTile(s, section), Expr.of(0), Expr.of(1), Optional.empty()),
              o);
        }
        case WAIT -> {
          int n = s.size() % 4;
          int m = s.start() % 4;
          return switch (s.extra() % 3) {
            case 0 -> Op.Wait.vmcnt(n, o);
            case 1 -> Op.Wait.lgkmcnt(m, o);
            default -> new Op.Wait(OptionalInt.of(n), OptionalInt.of(m), o);
          };
        }
        case BARRIER -> {
          return new Op.Barrier(o);
        }
        case MFMA -> {
          if (reads.isEmpty()) {
            return new Op.SchedBarrier(0, o);
          }
          return new Op.Mfma(
              reads.get(s.buffer() % reads.size()),
              reads.get(s.slot() % reads.size()),
              s.region() % 2,
              s.size() % 2,
              s.start() % shape.kChunks(),
              kTile(s, section),
              o);
        }
        case SCHED_BARRIER -> {
          return new Op.SchedBarrier(s.size() % 2 == 0 ? 0 : s.start() * 16, o);
        }
        case SETPRIO -> {
          return new Op.SetPrio(s.size() % 4, o);
        }
      }
      throw new IllegalStateException("kind " + s.kind());
    }

    private Expr slot(OpSpec s, LdsBuffer b, Section section) {
      int slots = b.slots();
      int c = s.slot() % slots;
      return switch (section) {
        case PROLOGUE -> Expr.of(c);
        case LOOP ->
            switch (s.slot() % 3) {
              case 0 -> Expr.parse("k % " + slots);
              case 1 -> Expr.parse("(k + " + (1 + s.start() % 2) + ") % " + slots);
              default -> Expr.of(c);
            };
        case EPILOGUE ->
            switch (s.slot() % 3) {
              case 0 -> Expr.parse("T % " + slots);
              case 1 -> Expr.parse("(T - 1) % " + slots);
              default -> Expr.of(c);
            };
      };
    }

    /**
     * Constant rows (shared by all waves), per-wave rows {@code w * c} (disjoint), rows of a
     * wave-parameter pair, rows rotating with k, a byte range, or per-wave rows of which only some
     * 16-byte columns, XOR-swizzled by the row (a swizzled fragment read; any access may have them
     * here).
     */
    private Region region(OpSpec s, LdsBuffer b, Section section) {
      int rows = b.slotBytes() / b.rowBytes();
      int n = shape.waves();
      int choice = s.region() % 6;
      if (choice == 5) {
        int c = 1 + s.size() % (rows / n);
        long perRow = b.rowBytes() / 16;
        long first = s.extra() % perRow;
        return Region.rows(
            Expr.parse("w * " + c),
            Expr.of(c),
            new Region.Columns(16, first, 1 + s.size() % (perRow - first), s.start() % perRow));
      }
      if (choice == 1) {
        int c = 1 + s.size() % (rows / n);
        return Region.rows(Expr.parse("w * " + c), Expr.of(c));
      }
      if (choice == 2 && shape.waveParam()) {
        int groups = (n - 1) / 2 + 1;
        int c = 1 + s.size() % (rows / groups);
        return Region.rows(Expr.parse("half * " + c), Expr.of(c));
      }
      if (choice == 3 && section == Section.LOOP) {
        int c = 1 + s.size() % (rows / 2);
        return Region.rows(Expr.parse("k % 2 * " + c), Expr.of(c));
      }
      if (choice == 4) {
        int start = s.start() * 8 % b.slotBytes();
        int count = 1 + s.size() * 4 % Math.min(256, b.slotBytes() - start);
        return new Region(Region.Unit.BYTES, Expr.of(start), Expr.of(count));
      }
      int c = 1 + s.size() % Math.min(4, rows);
      return Region.rows(Expr.of(s.start() % (rows - c + 1)), Expr.of(c));
    }

    private static Expr kTile(OpSpec s, Section section) {
      boolean next = s.start() % 2 == 1;
      return switch (section) {
        case PROLOGUE -> Expr.of(next ? 1 : 0);
        case LOOP -> Expr.parse(next ? "k + 1" : "k");
        case EPILOGUE -> Expr.parse(next ? "T" : "T - 1");
      };
    }

    private static TileTag tag(OpSpec s, LdsBuffer b, Region r, Section section) {
      if (r.unit() == Region.Unit.ROWS) {
        return new TileTag(b.name(), kTile(s, section), r.start(), r.count(), Optional.empty());
      }
      return new TileTag(b.name(), kTile(s, section), Expr.of(0), Expr.of(1), Optional.empty());
    }
  }
}
