package io.pipeverify.isa.decode;

import io.pipeverify.isa.decode.InstructionInfo.Counter;
import io.pipeverify.isa.decode.InstructionInfo.Effect;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The instruction table: opcode (the mnemonic without its encoding suffix) to {@link
 * InstructionInfo}, one row per family of opcodes. Adding an instruction is one row here (and, if
 * it computes something an analysis needs, one function in {@code isa.semantics}).
 *
 * <p>An instruction missing from the table is {@link Verdict#OPAQUE} when it is a scalar or vector
 * ALU instruction that cannot touch LDS, M0, EXEC, a wait counter or control flow (it is read as
 * reading every register operand it names and writing each the ISA lets it: {@code
 * Semantics.opaque}), and {@link Verdict#UNSUPPORTED} otherwise: a located error for any analysis
 * that needs it (docs/isa.md, "Instructions outside the table").
 */
public final class InstructionTable {
  private InstructionTable() {}

  private record Row(Pattern opcode, String requiredModifier, InstructionInfo info) {}

  private static final List<Row> ROWS = new ArrayList<>();

  private static void row(String opcodes, Family family, int defs, Set<Counter> c, Effect... e) {
    rowWith(opcodes, "", family, defs, c, e);
  }

  private static void rowWith(
      String opcodes, String modifier, Family family, int defs, Set<Counter> c, Effect... e) {
    Set<Effect> effects = e.length == 0 ? EnumSet.noneOf(Effect.class) : EnumSet.of(e[0], e);
    ROWS.add(
        new Row(Pattern.compile(opcodes), modifier, new InstructionInfo(family, defs, c, effects)));
  }

  private static final Set<Counter> NONE = Set.of();
  private static final Set<Counter> VM = Set.of(Counter.VMCNT);
  private static final Set<Counter> LGKM = Set.of(Counter.LGKMCNT);

  static {
    // Matrix cores.
    row("v_mfma_\\w+|v_smfmac_\\w+", Family.MFMA, 1, NONE);
    // LDS. gfx9 DS instructions do not use M0 (it bounds LDS only before gfx9).
    row("ds_(read|load)\\w*", Family.LDS, 1, LGKM, Effect.READS_LDS);
    row("ds_(write|store)\\w*", Family.LDS, 0, LGKM, Effect.WRITES_LDS);
    row("ds_(swizzle_b32|permute_b32|bpermute_b32)", Family.LDS, 1, LGKM);
    row("ds_\\w+_rtn_\\w+", Family.LDS, 1, LGKM, Effect.READS_LDS, Effect.WRITES_LDS);
    // LDS atomics; the global wave sync (ds_gws_*) is not LDS and stays unsupported.
    row("ds_(?!gws_)\\w+", Family.LDS, 0, LGKM, Effect.READS_LDS, Effect.WRITES_LDS);
    // LDS-DMA: global memory to LDS at M0 (+ offsets) per lane, counted on vmcnt.
    rowWith("buffer_load_\\w+", "lds", Family.LDS_DMA, 0, VM, Effect.WRITES_LDS, Effect.READS_M0);
    row("global_load_lds_\\w+", Family.LDS_DMA, 0, VM, Effect.WRITES_LDS, Effect.READS_M0);
    // Vector memory (gfx9 counts stores on vmcnt too); atomics may return into their data VGPRs.
    row("(t?buffer|global|scratch)_(load|atomic)_\\w+", Family.VMEM, 1, VM);
    row("(t?buffer|global|scratch)_store_\\w+|buffer_(wbl2|inv|wbinvl1\\w*)", Family.VMEM, 0, VM);
    row("flat_(load|atomic)_\\w+", Family.FLAT, 1, Set.of(Counter.VMCNT, Counter.LGKMCNT));
    row("flat_store_\\w+", Family.FLAT, 0, Set.of(Counter.VMCNT, Counter.LGKMCNT));
    // Scalar memory.
    row("s_(load|buffer_load)_\\w+|s_memtime|s_memrealtime", Family.SMEM, 1, LGKM);
    // Scalar atomics (a split-K semaphore): memory the lift does not model; what they return (with
    // glc) and their data register are unknown afterwards. lgkmcnt counts them like scalar loads.
    row("s_(buffer_)?atomic_\\w+", Family.SMEM, 1, LGKM);
    row("s_(store|buffer_store)_\\w+|s_dcache_\\w+", Family.SMEM, 0, LGKM);
    row("s_sendmsg\\w*", Family.SALU, 0, LGKM, Effect.READS_M0);
    // Control flow, waits, barriers.
    row("s_branch", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW);
    row("s_cbranch_scc[01]", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_SCC);
    row("s_cbranch_vccn?z", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_VCC);
    row("s_cbranch_execn?z", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_EXEC);
    row("s_endpgm\\w*", Family.END, 0, NONE, Effect.CONTROL_FLOW);
    // A call: the return address into its first operand, then a jump to the address in its second
    // (the lift follows it only to a function it can summarise: WaveEvaluator, docs/isa.md).
    row("s_swappc_b64", Family.BRANCH, 1, NONE, Effect.CONTROL_FLOW);
    row("s_waitcnt", Family.WAITCNT, 0, NONE);
    row("s_barrier", Family.BARRIER, 0, NONE);
    row("s_setprio", Family.SETPRIO, 0, NONE);
    // VSKIP mode (S0 bit S1[4:0]): while set, no vector instruction issues. It writes no register;
    // the lift follows the mode itself (WaveEvaluator).
    row("s_setvskip", Family.SALU, 0, NONE);
    // A hardware register's value (the wave's id, the mode, the clock): unknown to the lift, and
    // reading it changes nothing it tracks.
    row("s_getreg_b32", Family.SALU, 1, NONE);
    // A write of the mode or trap state: the f32 round mode is followed (ModeRegister); the fields
    // it may write are checked (setregRefusal).
    row("s_setreg_b32|s_setreg_imm32_b32", Family.SALU, 0, NONE, Effect.WRITES_MODE);
    row(
        "s_nop|s_sleep|s_icache_inv|s_incperflevel|s_decperflevel|s_ttracedata(_imm)?|s_wakeup"
            + "|v_nop",
        Family.NOP,
        0,
        NONE);
    // Scalar ALU (SOP1, SOP2, SOPC, SOPK): every integer instruction of gfx9/gfx940/gfx950 has a
    // row, and the ones in docs/isa.md "Instruction coverage" a semantic function.
    row(
        "s_(mov|brev)_b(32|64)|s_(ff0|ff1|flbit)_i32_b(32|64)|s_flbit_i32(_i64)?"
            + "|s_sext_i32_i(8|16)|s_bitset[01]_b(32|64)|s_bitreplicate_b64_b32|s_movk_i32"
            + "|s_mul_i32|s_mulk_i32|s_mul_hi_[iu]32|s_bfm_b(32|64)|s_pack_(ll|lh|hh)_b32_b16"
            + "|s_getpc_b64",
        Family.SALU,
        1,
        NONE);
    row(
        "s_(add|sub)_[iu]32|s_addk_i32|s_(lshl|lshr)_b(32|64)|s_ashr_i(32|64)"
            + "|s_(and|or|xor|andn2|orn2|nand|nor|xnor|not)_b(32|64)|s_bfe_[iu](32|64)"
            + "|s_(min|max)_[iu]32|s_lshl[1-4]_add_u32|s_abs_i32|s_absdiff_i32"
            + "|s_(wqm|quadmask)_b(32|64)|s_bcnt[01]_i32_b(32|64)",
        Family.SALU,
        1,
        NONE,
        Effect.WRITES_SCC);
    row("s_(addc|subb)_u32", Family.SALU, 1, NONE, Effect.READS_SCC, Effect.WRITES_SCC);
    row("s_(cselect|cmov)_b(32|64)|s_cmovk_i32", Family.SALU, 1, NONE, Effect.READS_SCC);
    row(
        "s_cmpk?_(eq|lg|gt|ge|lt|le)_[iu]32|s_cmp_(eq|lg)_u64|s_bitcmp[01]_b(32|64)",
        Family.SALU,
        0,
        NONE,
        Effect.WRITES_SCC);
    // Exec-mask operations: sdst gets the old (saveexec) or new (wrexec) EXEC.
    row(
        "s_(and|or|xor|andn2|orn2|nand|nor|xnor|andn1|orn1)_saveexec_b64|s_andn[12]_wrexec_b64",
        Family.SALU,
        1,
        NONE,
        Effect.READS_EXEC,
        Effect.WRITES_EXEC,
        Effect.WRITES_SCC);
    row("s_movrel[sd]_b(32|64)", Family.SALU, 1, NONE, Effect.READS_M0);
    // VGPR indexing mode: index and operand kinds in M0[7:0] and M0[15:12].
    row("s_set_gpr_idx_on", Family.SALU, 0, NONE, Effect.WRITES_M0);
    row("s_set_gpr_idx_(idx|mode)", Family.SALU, 0, NONE, Effect.READS_M0, Effect.WRITES_M0);
    row("s_set_gpr_idx_off", Family.SALU, 0, NONE);
    // VOP3b: a 64-bit result and a carry-out (or scale) lane mask.
    row(
        "v_mad_(u64_u32|i64_i32)|v_div_scale_f(32|64)",
        Family.VALU,
        2,
        NONE,
        Effect.READS_EXEC,
        Effect.WRITES_VCC);
    // Vector ALU, integer (VOP1, VOP2, VOP3, VOP3P), one destination.
    row(
        "v_(mov|accvgpr_write|accvgpr_read|accvgpr_mov|not|bfrev|ffbl|xnor|and|or|xor|or3"
            + "|and_or|lshl_or|bfi|perm|alignbit|alignbyte|bitop3|lshlrev|lshrrev|bfm)_b(16|32|64)"
            + "|v_(ffbh|add|sub|subrev|mul_lo|mul_hi|mul|mul_hi|mad|min|max|min3|max3|med3|sad"
            + "|sad_hi|msad|lerp|add3|xad|lshl_add|add_lshl|bfe|bcnt|ashrrev|mbcnt_lo|mbcnt_hi)"
            + "_[iu](16|24|32|64)(_[iu](8|16|24|32)|_b32)?"
            + "|v_mbcnt_(lo|hi)_u32_b32|v_bcnt_u32_b32"
            + "|v_cvt_pk_(u16_u32|i16_i32)|v_sad_u(8|16|32)|v_sad_hi_u8|v_msad_u8|v_lerp_u8"
            + "|v_(q|mq)sad_pk_u16_u8|v_mqsad_u32_u8|v_sat_pk_u8_i16|v_prng_b32"
            + "|v_screen_partition_4se_b32|v_dot\\w+_[iu]32_[iu](4|8|16)|v_pk_\\w+_[iub](16|32)"
            + "|v_readfirstlane_b32|v_readlane_b32|v_writelane_b32|v_cvt_off_f32_i4",
        Family.VALU,
        1,
        NONE,
        Effect.READS_EXEC);
    row(
        "v_cvt_(f32_[iu]32|[iu]32_f32|flr_i32_f32|rpi_i32_f32|f32_ubyte[0-3])"
            + "|v_(rcp|rcp_iflag|add|sub|subrev|mul|fma|fmac|fmamk|fmaak|ldexp|min|max|trunc"
            + "|floor|ceil|rndne)_f32",
        Family.VALU,
        1,
        NONE,
        Effect.READS_EXEC);
    row("v_swap_b32|v_permlane(16|32)_swap_b32", Family.VALU, 2, NONE, Effect.READS_EXEC);
    row("v_cndmask_b32", Family.VALU, 1, NONE, Effect.READS_EXEC, Effect.READS_VCC);
    // VOPC: the mask goes to VCC (e32) or an SGPR pair (e64); v_cmpx also to EXEC.
    row("v_cmp_\\w+", Family.VALU, 1, NONE, Effect.READS_EXEC, Effect.WRITES_VCC);
    row(
        "v_cmpx_\\w+",
        Family.VALU,
        1,
        NONE,
        Effect.READS_EXEC,
        Effect.WRITES_EXEC,
        Effect.WRITES_VCC);
    // VOP2/VOP3b with a carry-out lane mask (and a carry-in one for addc/subb).
    row("v_(add|sub|subrev)_co_u32", Family.VALU, 2, NONE, Effect.READS_EXEC, Effect.WRITES_VCC);
    row(
        "v_(addc|subb|subbrev)_co_u32",
        Family.VALU,
        2,
        NONE,
        Effect.READS_EXEC,
        Effect.READS_VCC,
        Effect.WRITES_VCC);
    row("v_div_fmas_f(32|64)", Family.VALU, 1, NONE, Effect.READS_EXEC, Effect.READS_VCC);
  }

  /** Rows by opcode (and whether the row's required modifier is present): lookups repeat. */
  private static final Map<String, Optional<InstructionInfo>> BY_OPCODE = new ConcurrentHashMap<>();

  /**
   * The table row of {@code i}, if it has one, with the effects its printed operands add: a
   * destination or source {@code exec}, {@code vcc} or {@code m0} (s_mov_b64 exec, ... writes
   * EXEC).
   */
  public static Optional<InstructionInfo> lookup(Instruction i) {
    boolean lds = i.hasModifier("lds");
    Optional<InstructionInfo> row =
        BY_OPCODE.computeIfAbsent(
            lds ? i.opcode() + " lds" : i.opcode(), k -> rowOf(i.opcode(), lds));
    if (row.isEmpty() || !namesSpecial(i)) {
      return row; // the usual case: the lift asks this of every instruction it executes
    }
    return Optional.of(withOperandEffects(row.get(), i));
  }

  /** Whether an operand of {@code i} is a special register (EXEC, VCC, M0, ...). */
  private static boolean namesSpecial(Instruction i) {
    for (Operand o : i.operands()) {
      if ((o instanceof Operand.Modified m ? m.inner() : o) instanceof Operand.Special) {
        return true;
      }
    }
    return false;
  }

  private static Optional<InstructionInfo> rowOf(String opcode, boolean lds) {
    for (Row r : ROWS) {
      if (r.opcode().matcher(opcode).matches()
          && (r.requiredModifier().isEmpty() || (lds && r.requiredModifier().equals("lds")))) {
        return Optional.of(r.info());
      }
    }
    return Optional.empty();
  }

  private static InstructionInfo withOperandEffects(InstructionInfo info, Instruction i) {
    Set<Effect> effects = EnumSet.noneOf(Effect.class);
    effects.addAll(info.effects());
    for (int k = 0; k < i.operands().size(); k++) {
      Operand o = i.operand(k) instanceof Operand.Modified m ? m.inner() : i.operand(k);
      if (!(o instanceof Operand.Special special)) {
        continue;
      }
      boolean def = k < info.defs();
      String name = special.name();
      if (name.startsWith("exec")) {
        effects.add(def ? Effect.WRITES_EXEC : Effect.READS_EXEC);
      } else if (name.startsWith("vcc")) {
        effects.add(def ? Effect.WRITES_VCC : Effect.READS_VCC);
      } else if (name.equals("m0")) {
        effects.add(def ? Effect.WRITES_M0 : Effect.READS_M0);
      }
    }
    return effects.size() == info.effects().size()
        ? info
        : new InstructionInfo(info.family(), info.defs(), info.counters(), effects);
  }

  /** How an analysis may treat an instruction. */
  public enum Verdict {
    /** In the table. */
    KNOWN,
    /**
     * Not in the table, an ALU instruction that touches nothing an analysis tracks beyond the
     * registers it names: read as reading each of them and writing each it may.
     */
    OPAQUE,
    /** Not in the table and may touch LDS, M0, a counter, EXEC or control flow. */
    UNSUPPORTED
  }

  /**
   * Instructions outside the table that may touch what the lift tracks beyond their operands, by
   * opcode, each with why: the first that matches refuses the instruction.
   */
  private static final List<Map.Entry<Pattern, String>> REFUSED =
      List.of(
          Map.entry(
              Pattern.compile("ds_\\w+|v_interp_\\w+"),
              "it may read or write LDS (a DS instruction, or an interpolation through M0)"),
          Map.entry(
              Pattern.compile(
                  "(t?buffer|global|flat|scratch|image)_\\w+|exp\\w*"
                      + "|s_(load|buffer|store|scratch|atc|dcache|atomic|memtime|memrealtime|gl1"
                      + "|wait)\\w*"),
              "it may access memory, count on a wait counter or wait on one"),
          Map.entry(
              Pattern.compile("s_(barrier|sendmsg|ttrace)\\w*"),
              "it may synchronise the workgroup or send a message (lgkmcnt, M0)"),
          Map.entry(
              Pattern.compile(
                  "s_(cbranch|branch|setpc|swappc|getpc|rfe|call|endpgm|trap|sethalt|setkill"
                      + "|subvector_loop|fork|join)\\w*"),
              "it may change control flow"),
          // Every v_cmpx is a table row.
          Map.entry(Pattern.compile("s_\\w*(saveexec|wrexec)\\w*"), "it may write EXEC"),
          Map.entry(
              Pattern.compile("[sv]_movrel\\w*|s_set_gpr_idx\\w*"),
              "it may read or write registers through M0, which its operands do not name"),
          Map.entry(
              Pattern.compile("v_(mfma|smfmac|wmma|swmmac)\\w*"),
              "it is a matrix instruction, whose operands the lift follows as an op"),
          Map.entry(
              Pattern.compile("(?![sv]_)\\w+"),
              "it is no scalar or vector ALU instruction (s_*, v_*)"));

  /** Operands through which an instruction outside the table would touch what the lift tracks. */
  private static Optional<String> refusedOperand(Instruction i) {
    for (Operand o : i.operands()) {
      Operand base = o instanceof Operand.Modified m ? m.inner() : o;
      if (!(base instanceof Operand.Special s)) {
        continue;
      }
      if (s.name().startsWith("exec")) {
        return Optional.of("it names EXEC (" + s + ")");
      }
      if (s.equals(Operand.Special.M0)) {
        return Optional.of("it names M0");
      }
      if (s.name().endsWith("lds_direct")) {
        return Optional.of("it reads LDS through M0 (" + s + ")");
      }
    }
    return Optional.empty();
  }

  private static final String OUTSIDE =
      ", and it is not in the instruction table (docs/isa.md, \"Instructions outside the table\")";

  /** Why {@code i} is unsupported, or empty when it is in the table or may be read as opaque. */
  private static Optional<String> unsupported(Instruction i, Optional<InstructionInfo> row) {
    String op = i.opcode();
    if (row.isPresent()) {
      return row.get().has(Effect.WRITES_MODE) ? setregRefusal(i) : Optional.empty();
    }
    if (COMPUTED_JUMP.matcher(op).matches()) {
      return Optional.of(
          "a computed jump to the address in "
              + (i.operands().isEmpty() ? "its operand" : i.operand(i.operands().size() - 1))
              + ", which is no constant pipeverify resolves to a label (only the long branch is:"
              + " s_getpc_b64, constant s_add/s_sub on the pair, then s_setpc_b64; docs/isa.md)");
    }
    for (Map.Entry<Pattern, String> r : REFUSED) {
      if (r.getKey().matcher(op).matches()) {
        return Optional.of(r.getValue() + OUTSIDE);
      }
    }
    return refusedOperand(i).map(why -> why + OUTSIDE);
  }

  private static final Pattern COMPUTED_JUMP = Pattern.compile("s_(setpc|rfe)_b64");

  /**
   * Why an {@code s_setreg} may write state the lift tracks, or empty: MODE outside bits 27-28 (the
   * round and denormal modes, clamping, IEEE mode, exception and debug enables) and TRAPSTS (the
   * exception status a trap handler reads) are followed; MODE's GPR_IDX_EN (27) and VSKIP (28) are
   * followed only through {@code s_set_gpr_idx_*} and {@code s_setvskip}, and other registers
   * (STATUS, the trap base addresses, the allocation registers) are refused.
   */
  private static Optional<String> setregRefusal(Instruction i) {
    Optional<Operand.HwReg> field =
        i.operands().isEmpty() ? Optional.empty() : Operand.HwReg.of(i.operand(0));
    if (field.isEmpty()) {
      return Optional.of("its first operand is no hardware register field (hwreg(...))");
    }
    Operand.HwReg f = field.get();
    if (f.register().equals(Operand.HwReg.TRAPSTS)
        || (f.register().equals(Operand.HwReg.MODE) && !f.overlaps(27, 28))) {
      return Optional.empty();
    }
    String why =
        f.register().equals(Operand.HwReg.MODE)
            ? "it writes MODE bits 27-28 (GPR_IDX_EN, VSKIP), which the lift follows only through"
                + " s_set_gpr_idx_* and s_setvskip"
            : "it writes hardware register "
                + f.register()
                + ", which may hold state the lift tracks (only HW_REG_MODE and HW_REG_TRAPSTS are"
                + " followed)";
    return Optional.of(why + " (docs/isa.md, \"Instructions outside the table\")");
  }

  public static Verdict verdict(Instruction i) {
    Optional<InstructionInfo> row = lookup(i);
    if (unsupported(i, row).isPresent()) {
      return Verdict.UNSUPPORTED;
    }
    return row.isPresent() ? Verdict.KNOWN : Verdict.OPAQUE;
  }

  /**
   * The table row of {@code i}; empty for an opaque instruction; a located error for an unsupported
   * one.
   */
  public static Optional<InstructionInfo> require(Instruction i) throws AsmSyntaxException {
    Optional<InstructionInfo> row = lookup(i);
    Optional<String> why = unsupported(i, row);
    if (why.isPresent()) {
      throw new AsmSyntaxException(
          i.location(), "unsupported instruction " + i.mnemonic() + ": " + why.get());
    }
    if (row.isPresent() && i.operands().size() < minimumOperands(row.get())) {
      // A damaged or hand-cut line: the analyses read these operands by position.
      throw new AsmSyntaxException(
          i.location(),
          i.mnemonic()
              + " needs "
              + minimumOperands(row.get())
              + " operands or more, found "
              + i.operands().size());
    }
    return row;
  }

  /**
   * The fewest operands an instruction of {@code row} has: its definitions, the four of an MFMA (D,
   * A, B, C), an address or data beside an LDS instruction's definitions, a wait's counts, the
   * field and value of an {@code s_setreg}.
   */
  private static int minimumOperands(InstructionInfo row) {
    return switch (row.family()) {
      case MFMA -> 4;
      case LDS -> row.touchesLds() ? row.defs() + 1 : row.defs();
      case WAITCNT -> 1;
      // s_setreg: the field and the value.
      case SALU -> row.has(Effect.WRITES_MODE) ? 2 : row.defs();
      default -> row.defs();
    };
  }
}
