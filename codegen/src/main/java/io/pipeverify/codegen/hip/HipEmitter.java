package io.pipeverify.codegen.hip;

import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.VerifiedSchedule;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Emits a complete HIP kernel for a verified schedule: the bf16 GEMM of the canonical layout
 * (semantics.md section 7; A is M x K row-major, B is N x K row-major, C is M x N fp32) with every
 * op of the schedule as one builtin, in the schedule's order. docs/codegen.md describes the output.
 *
 * <p>Slots are compile-time constants in the emitted code: the loop is unrolled by the schedule's
 * period P (slot expressions repeat with it), and a prologue or epilogue whose slots depend on the
 * trip count is emitted once per value of {@code T % P}. A pointer selected at run time between two
 * {@code __shared__} arrays would hide from LLVM which array a ds_read reads, and note 003's
 * vmcnt(0) would come back.
 *
 * <p>The output depends only on the schedule and the options (no time stamps, no hash order).
 */
public final class HipEmitter {
  /** The name of the emitted kernel function. */
  public static final String KERNEL = "pv_gemm";

  private static final String LOOP_VAR = Schedule.K;
  private static final String TRIP = "trip_count";
  private static final int CHUNK = 16;

  private HipEmitter() {}

  /** How often the kernel's loop body repeats the schedule's loop body: the period P. */
  public static int loopUnroll(Schedule schedule) {
    return (int) Math.max(1, schedule.period());
  }

  /**
   * The scalar arguments of the emitted kernel ({@code N}, {@code K}, {@code trip_count}) for a
   * launch of {@code tripCount} loop iterations, by the names the assembly gives them ({@code argN}
   * from 0: clang records no names at -O3), as the assembly lift takes them.
   */
  public static Map<String, Long> arguments(Schedule schedule, long tripCount) {
    return Map.of(
        "arg3",
        (long) schedule.gemm().tileN(),
        "arg4",
        (tripCount + 1) * schedule.gemm().tileK(),
        "arg5",
        tripCount);
  }

  /** The v_mfma instructions one schedule mfma becomes: 1 on gfx950, 2 on gfx942. */
  public static int mfmaInstructionsPerOp(Target target) {
    return target == Target.GFX950 ? 1 : 2;
  }

  /** Why the emitter cannot express this schedule; empty when it can. */
  public static List<String> problems(Schedule s) {
    return new Checker(s).run();
  }

  /** The kernel source; the schedule must pass {@link #problems}. */
  public static String emit(VerifiedSchedule verified, EmitOptions options)
      throws UnsupportedScheduleException {
    Schedule s = verified.schedule();
    List<String> problems = problems(s);
    if (!problems.isEmpty()) {
      throw new UnsupportedScheduleException(problems);
    }
    return new Writer(s, options).write();
  }

  /** The C identifier of a name from the schedule (buffer, register, wave parameter). */
  static String ident(String name) {
    StringBuilder b = new StringBuilder();
    for (char c : name.toCharArray()) {
      b.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
    }
    return b.toString();
  }

  /** Collects every reason the schedule does not fit the emitted kernel. */
  private static final class Checker {
    final Schedule s;
    final Set<String> out = new LinkedHashSet<>();

    Checker(Schedule s) {
      this.s = s;
    }

    List<String> run() {
      Gemm g = s.gemm();
      if (s.programs().size() != 1) {
        out.add(
            "the schedule has "
                + s.programs().size()
                + " wave roles; the emitter supports one program for all waves");
      }
      if (g.kChunk() != 32) {
        out.add("k-chunk " + g.kChunk() + " is not one MFMA's K (32 for 16x16x32 bf16)");
      }
      int rowBytes = g.rowBytes();
      int chunksPerRow = rowBytes / CHUNK;
      if (rowBytes % CHUNK != 0 || Integer.bitCount(chunksPerRow) != 1 || chunksPerRow < 4) {
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
      for (WaveProgram prog : s.programs()) {
        for (Section sec : Section.values()) {
          for (Op op : prog.section(sec)) {
            if (op instanceof Op.DsRead r) {
              readTensor.putIfAbsent(r.dst(), r.tile().tensor());
            }
          }
        }
      }
      for (WaveProgram prog : s.programs()) {
        for (Section sec : Section.values()) {
          List<Op> ops = prog.section(sec);
          for (int i = 0; i < ops.size(); i++) {
            check(sec, i, ops.get(i), params, readTensor);
          }
        }
      }
      return List.copyOf(out);
    }

    private void check(
        Section sec, int pos, Op op, Set<String> params, Map<String, String> readTensor) {
      String at = sec.id() + " op " + pos + " (" + op.kind() + "): ";
      String periodic = sec == Section.LOOP ? LOOP_VAR : Schedule.TRIP_COUNT;
      if (op instanceof Op.LdsAccess a) {
        if (op instanceof Op.DsWrite) {
          out.add(at + "ds_write (register-staged copies) is not emitted; use g2s");
          return;
        }
        if (!Set.of(periodic).containsAll(a.slot().vars())) {
          out.add(at + "slot " + a.slot().render() + " may only depend on " + periodic);
        }
        if (s.buffer(a.buffer()).isEmpty()) {
          out.add(at + "unknown buffer " + a.buffer());
        }
        if (!a.tile().tensor().equals("A") && !a.tile().tensor().equals("B")) {
          out.add(at + "tensor " + a.tile().tensor() + " is neither A nor B");
        }
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
          long bytes = rows * s.gemm().rowBytes();
          if (bytes != s.target().g2sBytesPerInstruction()) {
            out.add(
                at
                    + "a g2s of "
                    + bytes
                    + " B; one buffer_load ... lds moves "
                    + s.target().g2sBytesPerInstruction()
                    + " B on "
                    + s.target().id());
          }
        } else {
          if (rows != Gemm.FRAGMENT) {
            out.add(at + "a ds_read of " + rows + " rows; a fragment is 16 rows");
          }
          if (a.tile().kChunk().isEmpty()) {
            out.add(at + "a ds_read needs the k-chunk it reads");
          }
        }
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
      } else if (op instanceof Op.GLoad) {
        out.add(at + "global loads into registers (register-staged copies) are not emitted");
      } else if (op instanceof Op.CommitGroup || op instanceof Op.WaitGroup) {
        out.add(at + "async groups must be lowered to vmcnt waits before emission");
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
                || (sec == Section.LOOP && v.equals(LOOP_VAR))
                || v.equals(Schedule.TRIP_COUNT);
        if (!ok) {
          out.add(at + "variable '" + v + "' is not available in the " + sec.id());
        }
      }
    }
  }

  /** Writes the kernel text. */
  private static final class Writer {
    final Schedule s;
    final EmitOptions options;
    final StringBuilder b = new StringBuilder();
    final Map<String, String> rename = new HashMap<>();
    final Gemm g;
    final int rowBytes;
    final int period;
    final WaveProgram program;

    Writer(Schedule s, EmitOptions options) {
      this.s = s;
      this.options = options;
      this.g = s.gemm();
      this.rowBytes = g.rowBytes();
      this.period = loopUnroll(s);
      this.program = s.programs().get(0);
      rename.put(Schedule.TRIP_COUNT, TRIP);
      rename.put(Schedule.WAVE, "w");
      rename.put(LOOP_VAR, "k");
      for (WaveParam p : s.waveParams()) {
        rename.put(p.name(), "wp_" + p.name());
      }
    }

    private Writer line(int indent, String text) {
      b.append("  ".repeat(indent)).append(text).append('\n');
      return this;
    }

    private String c(Expr e) {
      return CExpr.render(e, rename);
    }

    String write() {
      header();
      types();
      shared();
      helpers();
      kernel();
      return b.toString();
    }

    private void header() {
      int threads = s.waves() * 64;
      line(0, "// Generated by pipeverify from the verified schedule '" + s.name() + "'.");
      line(0, "// Do not edit: regenerate with `pipeverify emit`. docs/codegen.md explains it.");
      line(0, "//");
      line(
          0,
          "// Target "
              + s.target().id()
              + ", "
              + s.waves()
              + " waves ("
              + threads
              + " threads), bf16 GEMM tile "
              + g.tileM()
              + " x "
              + g.tileN()
              + " x "
              + g.tileK()
              + ", fp32 accumulation.");
      line(
          0,
          "// A is M x K row-major, B is N x K row-major (N-major), C is M x N fp32 row-major;"
              + " M, N multiples of the tile.");
      line(
          0,
          "// Launch: grid (N / "
              + g.tileN()
              + ", M / "
              + g.tileM()
              + "), block "
              + threads
              + ", no dynamic LDS; K = (trip_count + 1) * "
              + g.tileK()
              + ", trip_count >= 1.");
      line(
          0,
          "// LDS: "
              + (options.mergedShared()
                  ? "ONE merged __shared__ array (emit --merged-shared: reproduces seed note 003)."
                  : "one __shared__ array per buffer and slot (seed note 003)."));
      line(0, "");
      // Self-contained: no HIP header, whichever the machine has (Debian's HIP 5.2 headers in
      // /usr/include are found even with -nogpuinc and do not compile with clang-22); the
      // kernel needs only these attributes and clang's __builtin_amdgcn_* builtins.
      line(
          0,
          "// Self-contained: compiles with -nogpuinc, no HIP headers needed (docs/codegen.md).");
      line(0, "#define __global__ __attribute__((global))");
      line(0, "#define __device__ __attribute__((device))");
      line(0, "#define __shared__ __attribute__((shared))");
      line(0, "#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))");
      line(0, "");
    }

    private void types() {
      line(0, "typedef __bf16 pv_bf16;");
      if (s.target() == Target.GFX950) {
        line(0, "// One ds_read_b128: 8 bf16 per lane, the A or B operand of one 16x16x32 MFMA.");
        line(0, "typedef __bf16 pv_frag __attribute__((ext_vector_type(8)));");
      } else {
        line(0, "// One ds_read_b128: 8 bf16 per lane, the operands of two 16x16x16 MFMAs.");
        line(0, "typedef short pv_frag __attribute__((ext_vector_type(8)));");
      }
      line(0, "typedef float pv_acc __attribute__((ext_vector_type(4)));");
      line(0, "typedef __attribute__((address_space(3))) void *pv_lds_ptr;");
      line(0, "");
    }

    private List<LdsBuffer> buffers() {
      return s.buffers();
    }

    private String slotName(String buffer, long slot) {
      return "lds_" + ident(buffer) + "_s" + slot;
    }

    private void shared() {
      if (options.mergedShared()) {
        long total = 0;
        Map<String, Long> offsets = new LinkedHashMap<>();
        for (LdsBuffer buf : buffers()) {
          for (int slot = 0; slot < buf.slots(); slot++) {
            offsets.put(slotName(buf.name(), slot), total);
            total += buf.slotBytes();
          }
        }
        line(0, "__shared__ __attribute__((aligned(1024))) unsigned char pv_lds[" + total + "];");
        for (Map.Entry<String, Long> e : offsets.entrySet()) {
          line(
              0,
              "#define "
                  + e.getKey()
                  + " (pv_lds + "
                  + e.getValue()
                  + ")  // merged: LLVM sees a single LDS object");
        }
      } else {
        for (LdsBuffer buf : buffers()) {
          for (int slot = 0; slot < buf.slots(); slot++) {
            line(
                0,
                "__shared__ __attribute__((aligned(1024))) unsigned char "
                    + slotName(buf.name(), slot)
                    + "["
                    + buf.slotBytes()
                    + "];");
          }
        }
      }
      line(0, "");
    }

    private void helpers() {
      int bpl = s.target().g2sBytesPerLane();
      int chunksPerRow = rowBytes / CHUNK;
      int chunksPerK = g.kChunk() * Gemm.ELEMENT_BYTES / CHUNK;
      String inline = "static __device__ __attribute__((always_inline)) inline";
      line(0, "// Floor division and modulo, as in the schedule's expressions.");
      line(0, inline + " int pv_floordiv(int a, int b) {");
      line(1, "const int q = a / b;");
      line(1, "return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;");
      line(0, "}");
      line(0, inline + " int pv_floormod(int a, int b) {");
      line(1, "const int r = a % b;");
      line(1, "return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;");
      line(0, "}");
      line(0, "");
      line(
          0,
          "// One g2s (buffer_load ... lds, "
              + bpl
              + " B per lane): lane t writes LDS bytes [t*"
              + bpl
              + ", +"
              + bpl
              + ") after the region start");
      line(
          0,
          "// (LDS-DMA writes are contiguous, note 003); the XOR swizzle of 16-byte chunks is"
              + " applied on the global side.");
      line(
          0,
          inline
              + " void pv_g2s(__amdgpu_buffer_rsrc_t rsrc, unsigned char *slot, int lds_row,"
              + " int tile_row, int k_tile, int row_stride, int lane) {");
      line(1, "const int byte = lane * " + bpl + ";");
      line(1, "const int r = byte / " + rowBytes + ";");
      line(1, "const int p = byte % " + rowBytes + ";");
      line(1, "const int chunk = (p >> 4) ^ ((lds_row + r) & " + (chunksPerRow - 1) + ");");
      line(
          1,
          "const unsigned voffset = (unsigned)((tile_row + r) * row_stride + k_tile * "
              + rowBytes
              + " + (chunk << 4) + (p & 15));");
      line(
          1,
          "__builtin_amdgcn_raw_ptr_buffer_load_lds(rsrc, (pv_lds_ptr)(slot + lds_row * "
              + rowBytes
              + "), "
              + bpl
              + ", voffset, 0, 0, 0);");
      line(0, "}");
      line(0, "");
      line(
          0,
          "// One ds_read_b128 of a 16-row fragment: lane l reads row l % 16, 16-byte chunk"
              + " l / 16 of k-chunk k_chunk.");
      line(
          0,
          inline
              + " pv_frag pv_ds_read(const unsigned char *slot, int lds_row, int k_chunk, int"
              + " lane) {");
      line(1, "const int row = lds_row + lane % 16;");
      line(
          1,
          "const int chunk = (k_chunk * "
              + chunksPerK
              + " + lane / 16) ^ (row & "
              + (chunksPerRow - 1)
              + ");");
      if (options.mergedShared()) {
        // clang-22 (LLVM 22) only falls back to waiting for every LDS-DMA copy before a ds_read
        // whose load has no alias metadata; a typed load carries TBAA and gets no wait at all.
        line(
            1,
            "// merged (note 003): a memcpy load has no TBAA, so SIInsertWaitcnts must assume it"
                + " aliases");
        line(1, "// every in-flight LDS-DMA write to the single pv_lds object (docs/codegen.md).");
        line(1, "pv_frag v;");
        line(1, "__builtin_memcpy(&v, slot + row * " + rowBytes + " + chunk * 16, sizeof v);");
        line(1, "return v;");
      } else {
        line(1, "return *(const pv_frag *)(slot + row * " + rowBytes + " + chunk * 16);");
      }
      line(0, "}");
      line(0, "");
      line(
          0,
          "// The C store of one 16x16 fp32 fragment: lane l holds rows 4 * (l / 16) + e of"
              + " column l % 16.");
      line(
          0,
          inline + " void pv_store(float *C, int ldc, int row0, int col0, pv_acc acc, int lane) {");
      for (int e = 0; e < 4; e++) {
        line(
            1,
            "C[(long)(row0 + (lane / 16) * 4 + "
                + e
                + ") * ldc + col0 + lane % 16] = acc["
                + e
                + "];");
      }
      line(0, "}");
      line(0, "");
    }

    private void kernel() {
      int threads = s.waves() * 64;
      line(
          0,
          "extern \"C\" __global__ __launch_bounds__("
              + threads
              + ") void "
              + KERNEL
              + "(const pv_bf16 *A, const pv_bf16 *B, float *C, int N, int K, int "
              + TRIP
              + ") {");
      line(1, "const int lane = (int)(__builtin_amdgcn_workitem_id_x() % 64u);");
      line(
          1,
          "const int w = __builtin_amdgcn_readfirstlane((int)(__builtin_amdgcn_workitem_id_x() /"
              + " 64u));");
      for (WaveParam p : s.waveParams()) {
        line(1, "const int wp_" + p.name() + " = " + c(p.value()) + ";");
        line(1, "(void)wp_" + p.name() + ";");
      }
      line(1, "const int block_m = (int)__builtin_amdgcn_workgroup_id_y() * " + g.tileM() + ";");
      line(1, "const int block_n = (int)__builtin_amdgcn_workgroup_id_x() * " + g.tileN() + ";");
      line(1, "const int row_stride = K * " + Gemm.ELEMENT_BYTES + ";");
      line(
          1,
          "// Buffer resources over this workgroup's rows of A and B (dword 3: 0x00020000 on"
              + " gfx9).");
      line(
          1,
          "const __amdgpu_buffer_rsrc_t rsrc_A = __builtin_amdgcn_make_buffer_rsrc((void *)(A +"
              + " (long)block_m * K), (short)0, "
              + g.tileM()
              + " * row_stride, 0x00020000);");
      line(
          1,
          "const __amdgpu_buffer_rsrc_t rsrc_B = __builtin_amdgcn_make_buffer_rsrc((void *)(B +"
              + " (long)block_n * K), (short)0, "
              + g.tileN()
              + " * row_stride, 0x00020000);");
      line(0, "");
      registers();
      line(0, "");
      line(1, "// ---- prologue ----");
      section(Section.PROLOGUE, program.prologue(), 1);
      line(0, "");
      loop();
      line(0, "");
      line(1, "// ---- epilogue ----");
      section(Section.EPILOGUE, program.epilogue(), 1);
      line(0, "");
      store();
      line(0, "}");
    }

    private void registers() {
      Set<String> frags = new TreeSet<>();
      Set<String> accs = new TreeSet<>();
      for (Section sec : Section.values()) {
        for (Op op : program.section(sec)) {
          if (op instanceof Op.DsRead r) {
            frags.add(ident(r.dst()));
          } else if (op instanceof Op.Mfma m) {
            accs.add(acc(m.i(), m.j()));
          }
        }
      }
      line(1, "// Fragment registers (one ds_read_b128 each) and accumulators.");
      for (String f : frags) {
        line(1, "pv_frag " + f + " = {};");
      }
      for (String a : accs) {
        line(1, "pv_acc " + a + " = {};");
      }
    }

    private static String acc(int i, int j) {
      return "acc_" + i + "_" + j;
    }

    /**
     * A prologue or epilogue: emitted once, or once per value of T % P when a slot depends on T.
     */
    private void section(Section sec, List<Op> ops, int indent) {
      boolean dependsOnT = false;
      for (Op op : ops) {
        if (op instanceof Op.LdsAccess a && a.slot().vars().contains(Schedule.TRIP_COUNT)) {
          dependsOnT = true;
        }
      }
      if (!dependsOnT || period == 1) {
        ops(ops, Map.of(Schedule.TRIP_COUNT, (long) period), indent);
        return;
      }
      for (int r = 0; r < period; r++) {
        String cond = "pv_floormod(" + TRIP + ", " + period + ") == " + r;
        line(
            indent,
            (r == 0
                ? "if (" + cond + ") {"
                : r == period - 1 ? "} else {  // " + cond : "} else if (" + cond + ") {"));
        ops(ops, Map.of(Schedule.TRIP_COUNT, (long) (r == 0 ? period : r)), indent + 1);
      }
      line(indent, "}");
    }

    private void loop() {
      line(
          1,
          "// ---- loop: k = 0 .. trip_count-1, unrolled by the slot period "
              + period
              + " so that every slot is a constant ----");
      line(1, "const int pv_full = " + TRIP + " - pv_floormod(" + TRIP + ", " + period + ");");
      line(0, "#pragma clang loop unroll(disable)");
      line(1, "for (int k0 = 0; k0 < pv_full; k0 += " + period + ") {");
      for (int ph = 0; ph < period; ph++) {
        line(2, "{  // k % " + period + " == " + ph);
        line(3, "const int k = k0 + " + ph + ";");
        ops(program.loop(), Map.of(LOOP_VAR, (long) ph), 3);
        line(2, "}");
      }
      line(1, "}");
      if (period > 1) {
        line(1, "// The last trip_count % " + period + " iterations.");
        for (int ph = 0; ph < period - 1; ph++) {
          line(1, "if (pv_floormod(" + TRIP + ", " + period + ") > " + ph + ") {");
          line(2, "const int k = pv_full + " + ph + ";");
          ops(program.loop(), Map.of(LOOP_VAR, (long) ph), 2);
          line(1, "}");
        }
      }
    }

    /** The ops of one section; {@code slotEnv} binds k or T to a value of the right phase. */
    private void ops(List<Op> ops, Map<String, Long> slotEnv, int indent) {
      boolean mfma942 = s.target() != Target.GFX950;
      String stage = null;
      for (Op op : ops) {
        String origin = op.origin().describe();
        if (!origin.equals(stage)) {
          line(indent, "// " + origin);
          stage = origin;
        }
        if (op instanceof Op.G2s x) {
          long slot = x.slot().eval(slotEnv);
          line(
              indent,
              "pv_g2s(rsrc_"
                  + x.tile().tensor()
                  + ", "
                  + slotName(x.buffer(), slot)
                  + ", "
                  + c(x.region().start())
                  + ", "
                  + c(x.tile().rowStart())
                  + ", "
                  + c(x.tile().kTile())
                  + ", row_stride, lane);");
        } else if (op instanceof Op.DsRead r) {
          long slot = r.slot().eval(slotEnv);
          line(
              indent,
              ident(r.dst())
                  + " = pv_ds_read("
                  + slotName(r.buffer(), slot)
                  + ", "
                  + c(r.region().start())
                  + ", "
                  + r.tile().kChunkIndex().getAsInt()
                  + ", lane);");
        } else if (op instanceof Op.Wait wt) {
          line(
              indent,
              "__builtin_amdgcn_s_waitcnt(0x"
                  + String.format(
                      "%04x",
                      new Waitcnt(wt.vmcnt(), OptionalInt.empty(), wt.lgkmcnt()).immediate())
                  + ");  // "
                  + wt.counters());
        } else if (op instanceof Op.Barrier) {
          // A fence first: clang may otherwise move register uses (MFMAs), and the lgkmcnt waits
          // it puts before them, past the barrier, leaving the ds_reads in flight across it.
          line(indent, "__builtin_amdgcn_sched_barrier(0);");
          line(indent, "__builtin_amdgcn_s_barrier();");
        } else if (op instanceof Op.SchedBarrier sb) {
          line(indent, "__builtin_amdgcn_sched_barrier(" + sb.mask() + ");");
        } else if (op instanceof Op.SetPrio p) {
          line(indent, "__builtin_amdgcn_s_setprio(" + p.priority() + ");");
        } else if (op instanceof Op.Mfma m) {
          String acc = acc(m.i(), m.j());
          String a = ident(m.a());
          String bb = ident(m.b());
          if (mfma942) {
            for (String half : List.of("lo", "hi")) {
              line(
                  indent,
                  acc
                      + " = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k("
                      + a
                      + "."
                      + half
                      + ", "
                      + bb
                      + "."
                      + half
                      + ", "
                      + acc
                      + ", 0, 0, 0);");
            }
          } else {
            line(
                indent,
                acc
                    + " = __builtin_amdgcn_mfma_f32_16x16x32_bf16("
                    + a
                    + ", "
                    + bb
                    + ", "
                    + acc
                    + ", 0, 0, 0);");
          }
        } else {
          throw new IllegalStateException("unsupported op " + op.kind() + " passed the checker");
        }
      }
    }

    private void store() {
      Map<String, Expr> rowOf = new HashMap<>();
      for (Section sec : Section.values()) {
        for (Op op : program.section(sec)) {
          if (op instanceof Op.DsRead r) {
            rowOf.putIfAbsent(r.dst(), r.tile().rowStart());
          }
        }
      }
      Map<String, String[]> stores = new TreeMap<>();
      for (Section sec : Section.values()) {
        for (Op op : program.section(sec)) {
          if (op instanceof Op.Mfma m) {
            stores.computeIfAbsent(
                acc(m.i(), m.j()), key -> new String[] {c(rowOf.get(m.a())), c(rowOf.get(m.b()))});
          }
        }
      }
      line(1, "// ---- C store: fragment (i, j) covers the rows of its A and B reads ----");
      for (Map.Entry<String, String[]> e : stores.entrySet()) {
        String[] rc = e.getValue();
        line(
            1,
            "pv_store(C, N, block_m + "
                + rc[0]
                + ", block_n + "
                + rc[1]
                + ", "
                + e.getKey()
                + ", lane);");
      }
    }
  }
}
