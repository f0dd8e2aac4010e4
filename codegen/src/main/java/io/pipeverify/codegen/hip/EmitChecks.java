package io.pipeverify.codegen.hip;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every reason a schedule does not fit the kernel {@link HipEmitter} writes: each op must be one of
 * the kernel's builtins on the canonical layout (docs/codegen.md), or the kernel would not be the
 * schedule that was verified.
 */
final class EmitChecks {
  private final Schedule s;
  private final Set<String> out = new LinkedHashSet<>();

  private EmitChecks(Schedule s) {
    this.s = s;
  }

  static List<String> of(Schedule s) {
    return new EmitChecks(s).run();
  }

  private List<String> run() {
    Gemm g = s.gemm();
    if (g.kChunk() != 16 && g.kChunk() != 32) {
      out.add(
          "k-chunk "
              + g.kChunk()
              + " is not one MFMA's K (16 for 16x16x16 bf16, 32 for 16x16x32 bf16)");
    }
    int rowBytes = g.rowBytes();
    int chunksPerRow = rowBytes / HipEmitter.CHUNK;
    if (rowBytes % HipEmitter.CHUNK != 0
        || Integer.bitCount(chunksPerRow) != 1
        || chunksPerRow < 4) {
      out.add(
          "rows of "
              + rowBytes
              + " B: the XOR swizzle needs a power of two of at least four 16-byte chunks per"
              + " row (tileK 32, 64, 128, ...)");
    }
    for (LdsBuffer b : s.buffers()) {
      if (b.rowBytes() != rowBytes) {
        out.add("buffer " + b.name() + " has rows of " + b.rowBytes() + " B, not " + rowBytes);
      }
    }
    Set<String> params = new TreeSet<>();
    for (WaveParam p : s.waveParams()) {
      if (!p.name().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        out.add("wave parameter '" + p.name() + "' is not a C identifier");
      }
      params.add(p.name());
    }
    Map<String, String> readTensor = new HashMap<>();
    Map<String, Expr> readRows = new HashMap<>();
    for (WaveProgram prog : s.programs()) {
      for (Section sec : Section.values()) {
        for (Op op : prog.section(sec)) {
          if (op instanceof Op.DsRead r) {
            readTensor.putIfAbsent(r.dst(), r.tile().tensor());
            Expr before = readRows.putIfAbsent(r.dst(), r.tile().rowStart());
            if (before != null && !before.equals(r.tile().rowStart())) {
              // The C store names each accumulator's rows once, from its registers' reads.
              out.add(
                  "register "
                      + r.dst()
                      + " holds rows "
                      + before.render()
                      + " in one read and "
                      + r.tile().rowStart().render()
                      + " in another; the C store needs one fragment per register");
            }
          }
        }
      }
    }
    for (WaveProgram prog : s.programs()) {
      Set<String> staged = new HashSet<>();
      for (Section sec : Section.values()) {
        for (Op op : prog.section(sec)) {
          if (op instanceof Op.GLoad l) {
            staged.add(l.dst());
          }
        }
      }
      String role = s.programs().size() == 1 ? "" : "role '" + prog.role() + "', ";
      for (Section sec : Section.values()) {
        List<Op> ops = prog.section(sec);
        for (int i = 0; i < ops.size(); i++) {
          String at = role + sec.id() + " op " + i + " (" + ops.get(i).kind() + "): ";
          check(at, sec, ops.get(i), params, readTensor, staged);
        }
      }
    }
    return List.copyOf(out);
  }

  private void check(
      String at,
      Section sec,
      Op op,
      Set<String> params,
      Map<String, String> readTensor,
      Set<String> staged) {
    String periodic = sec == Section.LOOP ? Schedule.K : Schedule.TRIP_COUNT;
    if (op instanceof Op.LdsAccess a) {
      if (!Set.of(periodic).containsAll(a.slot().vars())) {
        out.add(at + "slot " + a.slot().render() + " may only depend on " + periodic);
      }
      if (s.buffer(a.buffer()).isEmpty()) {
        out.add(at + "unknown buffer " + a.buffer());
      }
      tensor(at, a.tile().tensor());
      if (a.region().unit() != Region.Unit.ROWS || !a.region().count().vars().isEmpty()) {
        out.add(at + "the region must be a constant number of rows");
        return;
      }
      if (!a.region().pieces().isEmpty()) {
        out.add(at + "a region of pieces is not emitted (rows, or a ds_read's swizzled columns)");
      }
      if (a.region().columns().isPresent()) {
        columns(at, op, a);
      }
      long rows = a.region().count().eval(Map.of());
      vars(at, a.region().start(), params, sec);
      vars(at, a.tile().rowStart(), params, sec);
      vars(at, a.tile().kTile(), params, sec);
      if (op instanceof Op.G2s) {
        bytes(at, "a g2s", "one buffer_load ... lds", rows, s.target().g2sBytesPerInstruction());
      } else if (op instanceof Op.DsWrite w) {
        bytes(at, "a ds_write", "one ds_write_b128", rows, HipEmitter.STAGED_BYTES);
        if (!staged.contains(w.src())) {
          out.add(at + "its source " + w.src() + " is not loaded by a gload of this role");
        }
      } else {
        if (rows != Gemm.FRAGMENT) {
          out.add(at + "a ds_read of " + rows + " rows; a fragment is 16 rows");
        }
        if (a.tile().kChunk().isEmpty()) {
          out.add(at + "a ds_read needs the k-chunk it reads");
        }
      }
    } else if (op instanceof Op.GLoad l) {
      tensor(at, l.tile().tensor());
      if (!l.tile().rowCount().vars().isEmpty()) {
        out.add(at + "a gload must load a constant number of rows");
      } else {
        bytes(
            at,
            "a gload",
            "one buffer_load_dwordx4",
            l.tile().rowCount().eval(Map.of()),
            HipEmitter.STAGED_BYTES);
      }
      vars(at, l.tile().rowStart(), params, sec);
      vars(at, l.tile().kTile(), params, sec);
    } else if (op instanceof Op.Mfma m) {
      if (!"A".equals(readTensor.get(m.a())) || !"B".equals(readTensor.get(m.b()))) {
        out.add(
            at
                + "registers "
                + m.a()
                + " x "
                + m.b()
                + " must be loaded by ds_reads of A and B respectively");
      }
      if (m.i() < 0 || m.j() < 0) {
        out.add(at + "negative fragment index");
      }
    } else if (op instanceof Op.Conditional c) {
      out.add(
          at
              + "an op under a condition (when "
              + c.when().render()
              + ") is not emitted; write the waves that differ as wave roles");
    } else if (op instanceof Op.CommitGroup || op instanceof Op.WaitGroup) {
      out.add(at + "async groups must be lowered to vmcnt waits before emission");
    }
  }

  private void tensor(String at, String tensor) {
    if (!tensor.equals("A") && !tensor.equals("B")) {
      out.add(at + "tensor " + tensor + " is neither A nor B");
    }
  }

  private void bytes(String at, String what, String instruction, long rows, long expected) {
    long bytes = rows * s.gemm().rowBytes();
    if (bytes != expected) {
      out.add(
          at
              + what
              + " of "
              + bytes
              + " B; "
              + instruction
              + " moves "
              + expected
              + " B on "
              + s.target().id());
    }
  }

  /**
   * The emitted kernel lays every tile out with note 003's XOR swizzle (pv_g2s, pv_ds_read): a
   * region with columns must be that layout's fragment read, or the kernel would not be the
   * schedule.
   */
  private void columns(String at, Op op, Op.LdsAccess a) {
    Region.Columns got = a.region().columns().get();
    Optional<Expr> chunk = a.tile().kChunk();
    if (!(op instanceof Op.DsRead) || chunk.isEmpty() || !chunk.get().vars().isEmpty()) {
      out.add(at + "columns are emitted only for a ds_read of a constant k-chunk");
      return;
    }
    Region.Columns emitted =
        Region.Columns.xorSwizzled(
            s.gemm().rowBytes(),
            s.gemm().kChunk() * Gemm.ELEMENT_BYTES,
            chunk.get().eval(Map.of()));
    if (!got.equals(emitted)) {
      out.add(
          at
              + "columns "
              + got
              + " are not the emitted layout's "
              + emitted
              + " (16-byte columns of the k-chunk, XOR-swizzled by the row)");
    }
  }

  private void vars(String at, Expr e, Set<String> params, Section sec) {
    for (String v : e.vars()) {
      boolean ok =
          v.equals(Schedule.WAVE)
              || params.contains(v)
              || (sec == Section.LOOP && v.equals(Schedule.K))
              || v.equals(Schedule.TRIP_COUNT);
      if (!ok) {
        out.add(at + "variable '" + v + "' is not available in the " + sec.id());
      }
    }
  }
}
