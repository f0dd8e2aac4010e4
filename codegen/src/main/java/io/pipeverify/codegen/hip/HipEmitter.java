package io.pipeverify.codegen.hip;

import io.pipeverify.isa.decode.Waitcnt;
import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.Target;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.VerifiedSchedule;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /** The bytes of one swizzled chunk of a row (docs/codegen.md). */
  static final int CHUNK = 16;

  /**
   * The bytes a register-staged copy moves per instruction: a buffer_load_dwordx4 into four VGPRs
   * per lane, then one ds_write_b128 of them.
   */
  static final int STAGED_BYTES = 16 * 64;

  private static final String LOOP_VAR = Schedule.K;
  private static final String TRIP = "trip_count";

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

  /**
   * The v_mfma instructions one schedule mfma becomes: one 16x16x16 for a k-chunk of 16; for 32,
   * one 16x16x32 on gfx950 and two 16x16x16 on gfx942, which has no 16x16x32 bf16 MFMA.
   */
  public static int mfmaInstructionsPerOp(Schedule schedule) {
    return schedule.gemm().kChunk() == 32 && schedule.target() != Target.GFX950 ? 2 : 1;
  }

  /** Why the emitter cannot express this schedule; empty when it can. */
  public static List<String> problems(Schedule s) {
    return EmitChecks.of(s);
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

  /** Writes the kernel text. */
  private static final class Writer {
    final Schedule s;
    final EmitOptions options;
    final StringBuilder b = new StringBuilder();
    final Map<String, String> rename = new HashMap<>();
    final Gemm g;
    final int rowBytes;
    final int period;
    final List<WaveProgram> programs;
    final boolean staged;

    Writer(Schedule s, EmitOptions options) {
      this.s = s;
      this.options = options;
      this.g = s.gemm();
      this.rowBytes = g.rowBytes();
      this.period = loopUnroll(s);
      this.programs = s.programs();
      this.staged = all(Op.GLoad.class).findAny().isPresent();
      rename.put(Schedule.TRIP_COUNT, TRIP);
      rename.put(Schedule.WAVE, "w");
      rename.put(LOOP_VAR, "k");
      for (WaveParam p : s.waveParams()) {
        rename.put(p.name(), "wp_" + p.name());
      }
    }

    /** Every op of every role, in every section. */
    private <T extends Op> java.util.stream.Stream<T> all(Class<T> kind) {
      return programs.stream()
          .flatMap(
              p -> java.util.Arrays.stream(Section.values()).flatMap(x -> p.section(x).stream()))
          .filter(kind::isInstance)
          .map(kind::cast);
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
      if (programs.size() > 1) {
        line(0, "//");
        line(
            0,
            "// Wave roles (each runs its own program; the ops they share are emitted once): "
                + String.join(
                    ", ",
                    programs.stream().map(p -> p.role() + " = " + waveTest(List.of(p))).toList())
                + ".");
      }
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
      if (g.kChunk() == 16) {
        line(0, "// One ds_read_b64: 4 bf16 per lane, the A or B operand of one 16x16x16 MFMA.");
        line(0, "typedef short pv_frag __attribute__((ext_vector_type(4)));");
      } else if (s.target() == Target.GFX950) {
        line(0, "// One ds_read_b128: 8 bf16 per lane, the A or B operand of one 16x16x32 MFMA.");
        line(0, "typedef __bf16 pv_frag __attribute__((ext_vector_type(8)));");
      } else {
        line(0, "// One ds_read_b128: 8 bf16 per lane, the operands of two 16x16x16 MFMAs.");
        line(0, "typedef short pv_frag __attribute__((ext_vector_type(8)));");
      }
      line(0, "typedef float pv_acc __attribute__((ext_vector_type(4)));");
      line(0, "typedef __attribute__((address_space(3))) void *pv_lds_ptr;");
      if (staged) {
        line(0, "// A register-staged copy: 16 B per lane, from one buffer_load_dwordx4.");
        line(0, "typedef unsigned pv_stage __attribute__((ext_vector_type(4)));");
      }
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
      if (all(Op.G2s.class).findAny().isPresent()) {
        g2s(inline);
      }
      if (staged) {
        stagedCopy(inline);
      }
      dsRead(inline);
    }

    private int swizzleMask() {
      return rowBytes / CHUNK - 1;
    }

    private void g2s(String inline) {
      int bpl = s.target().g2sBytesPerLane();
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
      line(1, "const int chunk = (p >> 4) ^ ((lds_row + r) & " + swizzleMask() + ");");
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
    }

    /**
     * A register-staged copy: the gload reads its rows in order, the ds_write swizzles on the LDS
     * side, so LDS holds the layout pv_g2s gives (LDS chunk c of a row holds global chunk c ^ (row
     * & mask) either way) and pv_ds_read reads both alike.
     */
    private void stagedCopy(String inline) {
      line(
          0,
          "// One gload of a register-staged copy (buffer_load_dwordx4): lane t loads bytes"
              + " [t*16, +16) of the tile's rows.");
      line(
          0,
          inline
              + " pv_stage pv_gload(__amdgpu_buffer_rsrc_t rsrc, int tile_row, int k_tile, int"
              + " row_stride, int lane) {");
      line(1, "const int byte = lane * 16;");
      line(
          1,
          "const unsigned voffset = (unsigned)((tile_row + byte / "
              + rowBytes
              + ") * row_stride + k_tile * "
              + rowBytes
              + " + byte % "
              + rowBytes
              + ");");
      line(1, "return __builtin_amdgcn_raw_buffer_load_b128(rsrc, voffset, 0, 0);");
      line(0, "}");
      line(0, "");
      line(
          0,
          "// Its ds_write_b128: lane t stores its 16 B in row lds_row + t*16 / "
              + rowBytes
              + ", the 16-byte chunk XOR-swizzled by the row (the layout pv_g2s gives).");
      line(
          0,
          inline + " void pv_ds_write(unsigned char *slot, int lds_row, pv_stage v, int lane) {");
      line(1, "const int byte = lane * 16;");
      line(1, "const int row = lds_row + byte / " + rowBytes + ";");
      line(
          1, "const int chunk = ((byte % " + rowBytes + ") >> 4) ^ (row & " + swizzleMask() + ");");
      line(1, "*(pv_stage *)(slot + row * " + rowBytes + " + chunk * 16) = v;");
      line(0, "}");
      line(0, "");
    }

    /**
     * One fragment read: ds_read_b128 (8 bf16 per lane) for a k-chunk of 32, ds_read_b64 (4 bf16)
     * for 16; lane l reads row l % 16 and the (l / 16)-th piece of the k-chunk, as the MFMA takes
     * its operands.
     */
    private void dsRead(String inline) {
      boolean b64 = g.kChunk() == 16;
      line(
          0,
          b64
              ? "// One ds_read_b64 of a 16-row fragment: lane l reads row l % 16, 8-byte piece"
                  + " l / 16 of k-chunk k_chunk."
              : "// One ds_read_b128 of a 16-row fragment: lane l reads row l % 16, 16-byte chunk"
                  + " l / 16 of k-chunk k_chunk.");
      line(
          0,
          inline
              + " pv_frag pv_ds_read(const unsigned char *slot, int lds_row, int k_chunk, int"
              + " lane) {");
      line(1, "const int row = lds_row + lane % 16;");
      String address = "slot + row * " + rowBytes + " + chunk * 16";
      if (b64) {
        line(1, "const int byte = k_chunk * 32 + (lane / 16) * 8;");
        line(1, "const int chunk = (byte >> 4) ^ (row & " + swizzleMask() + ");");
        address += " + (byte & 15)";
      } else {
        int chunksPerK = g.kChunk() * Gemm.ELEMENT_BYTES / CHUNK;
        line(
            1,
            "const int chunk = (k_chunk * "
                + chunksPerK
                + " + lane / 16) ^ (row & "
                + swizzleMask()
                + ");");
      }
      if (options.mergedShared()) {
        // clang-22 (LLVM 22) only falls back to waiting for every LDS-DMA copy before a ds_read
        // whose load has no alias metadata; a typed load carries TBAA and gets no wait at all.
        line(
            1,
            "// merged (note 003): a memcpy load has no TBAA, so SIInsertWaitcnts must assume it"
                + " aliases");
        line(1, "// every in-flight LDS-DMA write to the single pv_lds object (docs/codegen.md).");
        line(1, "pv_frag v;");
        line(1, "__builtin_memcpy(&v, " + address + ", sizeof v);");
        line(1, "return v;");
      } else {
        line(1, "return *(const pv_frag *)(" + address + ");");
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
      section(Section.PROLOGUE, 1);
      line(0, "");
      loop();
      line(0, "");
      line(1, "// ---- epilogue ----");
      section(Section.EPILOGUE, 1);
      line(0, "");
      store();
      line(0, "}");
    }

    private void registers() {
      Set<String> frags = new TreeSet<>();
      Set<String> accs = new TreeSet<>();
      Set<String> stages = new TreeSet<>();
      all(Op.DsRead.class).forEach(r -> frags.add(ident(r.dst())));
      all(Op.Mfma.class).forEach(m -> accs.add(acc(m.i(), m.j())));
      all(Op.GLoad.class).forEach(l -> stages.add(ident(l.dst())));
      line(1, "// Fragment registers (one ds_read each) and accumulators.");
      for (String f : frags) {
        line(1, "pv_frag " + f + " = {};");
      }
      for (String a : accs) {
        line(1, "pv_acc " + a + " = {};");
      }
      if (!stages.isEmpty()) {
        line(1, "// Staging registers of the register-staged copies (one gload each).");
        for (String r : stages) {
          line(1, "pv_stage " + r + " = {};");
        }
      }
    }

    private static String acc(int i, int j) {
      return "acc_" + i + "_" + j;
    }

    /**
     * A prologue or epilogue: emitted once, or once per value of T % P when a slot depends on T.
     */
    private void section(Section sec, int indent) {
      boolean dependsOnT =
          programs.stream()
              .flatMap(p -> p.section(sec).stream())
              .anyMatch(
                  op ->
                      op instanceof Op.LdsAccess a
                          && a.slot().vars().contains(Schedule.TRIP_COUNT));
      if (!dependsOnT || period == 1) {
        roles(sec, Map.of(Schedule.TRIP_COUNT, (long) period), indent);
        return;
      }
      for (int r = 0; r < period; r++) {
        String cond = "pv_floormod(" + TRIP + ", " + period + ") == " + r;
        line(
            indent,
            (r == 0
                ? "if (" + cond + ") {"
                : r == period - 1 ? "} else {  // " + cond : "} else if (" + cond + ") {"));
        roles(sec, Map.of(Schedule.TRIP_COUNT, (long) (r == 0 ? period : r)), indent + 1);
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
        roles(Section.LOOP, Map.of(LOOP_VAR, (long) ph), 3);
        line(2, "}");
      }
      line(1, "}");
      if (period > 1) {
        line(1, "// The last trip_count % " + period + " iterations.");
        for (int ph = 0; ph < period - 1; ph++) {
          line(1, "if (pv_floormod(" + TRIP + ", " + period + ") > " + ph + ") {");
          line(2, "const int k = pv_full + " + ph + ";");
          roles(Section.LOOP, Map.of(LOOP_VAR, (long) ph), 2);
          line(1, "}");
        }
      }
    }

    /**
     * One section of every role. Roles run the same ops except where their programs differ (a
     * ping-pong's cond_barrier): the ops all roles share at the start and at the end are emitted
     * once, and what lies between under a test of the wave index, so that every role runs its own
     * program and the kernel keeps one copy of what they share.
     */
    private void roles(Section sec, Map<String, Long> slotEnv, int indent) {
      List<List<Op>> each = programs.stream().map(p -> p.section(sec)).toList();
      int shortest = each.stream().mapToInt(List::size).min().orElse(0);
      int prefix = 0;
      while (prefix < shortest && allEqual(each, prefix, false)) {
        prefix++;
      }
      int suffix = 0;
      while (prefix + suffix < shortest && allEqual(each, suffix, true)) {
        suffix++;
      }
      List<Op> first = each.get(0);
      ops(first.subList(0, prefix), slotEnv, indent);
      Map<List<Op>, List<WaveProgram>> middles = new LinkedHashMap<>();
      for (WaveProgram p : programs) {
        List<Op> ops = p.section(sec);
        List<Op> middle = ops.subList(prefix, ops.size() - suffix);
        if (!middle.isEmpty()) {
          middles.computeIfAbsent(middle, m -> new java.util.ArrayList<>()).add(p);
        }
      }
      boolean firstBranch = true;
      for (Map.Entry<List<Op>, List<WaveProgram>> e : middles.entrySet()) {
        List<String> roleNames = e.getValue().stream().map(WaveProgram::role).toList();
        line(
            indent,
            (firstBranch ? "" : "} else ")
                + "if ("
                + waveTest(e.getValue())
                + ") {  // role "
                + String.join(", ", roleNames));
        ops(e.getKey(), slotEnv, indent + 1);
        firstBranch = false;
      }
      if (!firstBranch) {
        line(indent, "}");
      }
      ops(first.subList(first.size() - suffix, first.size()), slotEnv, indent);
    }

    /** Whether every list has the same op {@code i} places from its start (or its end). */
    private static boolean allEqual(List<List<Op>> lists, int i, boolean fromEnd) {
      Op op = null;
      for (List<Op> l : lists) {
        Op here = l.get(fromEnd ? l.size() - 1 - i : i);
        if (op != null && !op.equals(here)) {
          return false;
        }
        op = here;
      }
      return true;
    }

    /** The C test of the wave index {@code w} that holds for the waves of these roles. */
    private static String waveTest(List<WaveProgram> roles) {
      List<Integer> waves =
          roles.stream().flatMap(p -> p.waves().stream()).sorted().distinct().toList();
      List<String> ranges = new java.util.ArrayList<>();
      int i = 0;
      while (i < waves.size()) {
        int j = i;
        while (j + 1 < waves.size() && waves.get(j + 1) == waves.get(j) + 1) {
          j++;
        }
        int lo = waves.get(i);
        int hi = waves.get(j);
        ranges.add(lo == hi ? "w == " + lo : "w >= " + lo + " && w <= " + hi);
        i = j + 1;
      }
      return ranges.size() == 1 ? ranges.get(0) : "(" + String.join(") || (", ranges) + ")";
    }

    /** The ops of one section; {@code slotEnv} binds k or T to a value of the right phase. */
    private void ops(List<Op> ops, Map<String, Long> slotEnv, int indent) {
      String stage = null;
      for (Op op : ops) {
        String origin = op.origin().describe();
        if (!origin.equals(stage)) {
          line(indent, "// " + origin);
          stage = origin;
        }
        for (String text : statement(op, slotEnv)) {
          line(indent, text);
        }
      }
    }

    /** A call statement: {@code fn(args...);}. */
    private static String call(String fn, String... args) {
      return fn + "(" + String.join(", ", args) + ");";
    }

    private List<String> statement(Op op, Map<String, Long> slotEnv) {
      if (op instanceof Op.G2s x) {
        return List.of(
            call(
                "pv_g2s",
                "rsrc_" + x.tile().tensor(),
                slotName(x.buffer(), x.slot().eval(slotEnv)),
                c(x.region().start()),
                c(x.tile().rowStart()),
                c(x.tile().kTile()),
                "row_stride",
                "lane"));
      } else if (op instanceof Op.GLoad l) {
        return List.of(
            ident(l.dst())
                + " = "
                + call(
                    "pv_gload",
                    "rsrc_" + l.tile().tensor(),
                    c(l.tile().rowStart()),
                    c(l.tile().kTile()),
                    "row_stride",
                    "lane"));
      } else if (op instanceof Op.DsWrite x) {
        return List.of(
            call(
                "pv_ds_write",
                slotName(x.buffer(), x.slot().eval(slotEnv)),
                c(x.region().start()),
                ident(x.src()),
                "lane"));
      } else if (op instanceof Op.DsRead r) {
        return List.of(
            ident(r.dst())
                + " = "
                + call(
                    "pv_ds_read",
                    slotName(r.buffer(), r.slot().eval(slotEnv)),
                    c(r.region().start()),
                    Integer.toString(r.tile().kChunkIndex().getAsInt()),
                    "lane"));
      } else if (op instanceof Op.Wait wt) {
        return List.of(
            "__builtin_amdgcn_s_waitcnt(0x"
                + String.format(
                    "%04x", new Waitcnt(wt.vmcnt(), OptionalInt.empty(), wt.lgkmcnt()).immediate())
                + ");  // "
                + wt.counters());
      } else if (op instanceof Op.Barrier) {
        // A fence first: clang may otherwise move register uses (MFMAs), and the lgkmcnt waits
        // it puts before them, past the barrier, leaving the ds_reads in flight across it.
        return List.of("__builtin_amdgcn_sched_barrier(0);", "__builtin_amdgcn_s_barrier();");
      } else if (op instanceof Op.SchedBarrier sb) {
        return List.of("__builtin_amdgcn_sched_barrier(" + sb.mask() + ");");
      } else if (op instanceof Op.SetPrio p) {
        return List.of("__builtin_amdgcn_s_setprio(" + p.priority() + ");");
      } else if (op instanceof Op.Mfma m) {
        return mfma(m);
      }
      throw new IllegalStateException("unsupported op " + op.kind() + " passed the checks");
    }

    /** One schedule mfma: {@link #mfmaInstructionsPerOp} builtins. */
    private List<String> mfma(Op.Mfma m) {
      String acc = acc(m.i(), m.j());
      String a = ident(m.a());
      String bb = ident(m.b());
      if (g.kChunk() == 16) {
        return List.of(
            acc
                + " = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k("
                + a
                + ", "
                + bb
                + ", "
                + acc
                + ", 0, 0, 0);");
      }
      if (s.target() == Target.GFX950) {
        return List.of(
            acc
                + " = __builtin_amdgcn_mfma_f32_16x16x32_bf16("
                + a
                + ", "
                + bb
                + ", "
                + acc
                + ", 0, 0, 0);");
      }
      List<String> halves = new java.util.ArrayList<>();
      for (String half : List.of("lo", "hi")) {
        halves.add(
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
      return halves;
    }

    private void store() {
      Map<String, Expr> rowOf = new HashMap<>();
      all(Op.DsRead.class).forEach(r -> rowOf.putIfAbsent(r.dst(), r.tile().rowStart()));
      Map<String, String[]> stores = new TreeMap<>();
      all(Op.Mfma.class)
          .forEach(
              m ->
                  stores.computeIfAbsent(
                      acc(m.i(), m.j()),
                      key -> new String[] {c(rowOf.get(m.a())), c(rowOf.get(m.b()))}));
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
