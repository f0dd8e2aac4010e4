package io.pipeverify.isa.decode;

import io.pipeverify.isa.decode.InstructionInfo.Counter;
import io.pipeverify.isa.decode.InstructionInfo.Effect;
import io.pipeverify.isa.decode.InstructionInfo.Family;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The instruction table: opcode (the mnemonic without its encoding suffix) to {@link
 * InstructionInfo}, one row per family of opcodes. Adding an instruction is one row here (and, if
 * it computes something an analysis needs, one function in {@code isa.semantics}).
 *
 * <p>An instruction missing from the table is {@link Verdict#SKIPPED} when it touches none of LDS,
 * M0, the wait counters, EXEC or control flow (its destination registers become unknown), and
 * {@link Verdict#UNSUPPORTED} otherwise: a located error for any analysis that needs it.
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
    row("s_(store|buffer_store)_\\w+|s_dcache_\\w+", Family.SMEM, 0, LGKM);
    row("s_sendmsg\\w*", Family.SALU, 0, LGKM, Effect.READS_M0);
    // Control flow, waits, barriers.
    row("s_branch", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW);
    row("s_cbranch_scc[01]", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_SCC);
    row("s_cbranch_vccn?z", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_VCC);
    row("s_cbranch_execn?z", Family.BRANCH, 0, NONE, Effect.CONTROL_FLOW, Effect.READS_EXEC);
    row("s_endpgm\\w*", Family.END, 0, NONE, Effect.CONTROL_FLOW);
    row("s_waitcnt", Family.WAITCNT, 0, NONE);
    row("s_barrier", Family.BARRIER, 0, NONE);
    row("s_setprio", Family.SETPRIO, 0, NONE);
    row("s_nop|s_sleep", Family.NOP, 0, NONE);
    // Scalar ALU.
    row(
        "s_(mov_b32|mov_b64|movk_i32|mul_i32|mul_hi_[iu]32|brev_b32|bfm_b32)",
        Family.SALU,
        1,
        NONE);
    row(
        "s_(add|sub)_[iu]32|s_(lshl|lshr)_b(32|64)|s_ashr_i(32|64)"
            + "|s_(and|or|xor|andn2|orn2|nand|nor|xnor|not)_b(32|64)|s_bfe_[iu](32|64)"
            + "|s_(min|max)_[iu]32|s_lshl[1-4]_add_u32|s_abs_i32",
        Family.SALU,
        1,
        NONE,
        Effect.WRITES_SCC);
    row("s_(addc|subb)_u32", Family.SALU, 1, NONE, Effect.READS_SCC, Effect.WRITES_SCC);
    row("s_(cselect|cmov)_b(32|64)", Family.SALU, 1, NONE, Effect.READS_SCC);
    row("s_cmpk?_\\w+|s_bitcmp[01]_b(32|64)", Family.SALU, 0, NONE, Effect.WRITES_SCC);
    // Vector ALU (integer subset with semantics; lane-mask reads through VCC or an SGPR pair).
    row(
        "v_(mov_b32|mov_b64|add_u32|sub_u32|subrev_u32|mul_lo_u32|mul_hi_u32|mul_u32_u24"
            + "|mul_hi_u32_u24|mad_u32_u24|lshlrev_b32|lshrrev_b32|ashrrev_i32|lshlrev_b64"
            + "|lshrrev_b64|and_b32|or_b32|xor_b32|not_b32|bfe_u32|bfe_i32|bfi_b32|lshl_add_u32"
            + "|add_lshl_u32|lshl_or_b32|and_or_b32|or3_b32|xad_u32|add3_u32|min_u32|max_u32"
            + "|min_i32|max_i32|bitop3_b32|mbcnt_lo_u32_b32|mbcnt_hi_u32_b32|lshl_add_u64"
            + "|readfirstlane_b32|readlane_b32|accvgpr_write_b32|accvgpr_read_b32|accvgpr_mov_b32)",
        Family.VALU,
        1,
        NONE,
        Effect.READS_EXEC);
    row("v_cndmask_b32", Family.VALU, 1, NONE, Effect.READS_EXEC, Effect.READS_VCC);
    row("v_cmp_(eq|ne|lg|lt|le|gt|ge)_[iu]32", Family.VALU, 1, NONE, Effect.READS_EXEC);
    row("v_(add|sub|subrev)_co_u32", Family.VALU, 2, NONE, Effect.READS_EXEC);
  }

  /** The table row of {@code i}, if it has one. */
  public static Optional<InstructionInfo> lookup(Instruction i) {
    String opcode = i.opcode();
    for (Row r : ROWS) {
      if (r.opcode().matcher(opcode).matches()
          && (r.requiredModifier().isEmpty() || i.hasModifier(r.requiredModifier()))) {
        return Optional.of(r.info());
      }
    }
    return Optional.empty();
  }

  /** How an analysis may treat an instruction. */
  public enum Verdict {
    /** In the table. */
    KNOWN,
    /** Not in the table and touches nothing an analysis tracks: skipped (counted). */
    SKIPPED,
    /** Not in the table and touches LDS, M0, a counter, EXEC or control flow. */
    UNSUPPORTED
  }

  /** Opcode prefixes of instructions that use LDS, a counter, EXEC or control flow. */
  private static final Pattern TOUCHES =
      Pattern.compile(
          "(ds|t?buffer|global|flat|scratch|image|exp)_\\w+|exp|s_(load|buffer|store|scratch|dcache"
              + "|atomic|memtime|memrealtime|sendmsg|cbranch|branch|setpc|swappc|call|rfe|trap"
              + "|endpgm|waitcnt|barrier|icache|setreg|getreg)\\w*|s_\\w+_saveexec_\\w+"
              + "|v_cmpx_\\w+|v_(readlane|writelane)\\w*");

  public static Verdict verdict(Instruction i) {
    if (lookup(i).isPresent()) {
      return Verdict.KNOWN;
    }
    if (TOUCHES.matcher(i.opcode()).matches()) {
      return Verdict.UNSUPPORTED;
    }
    for (Operand o : i.operands()) {
      Operand base = o instanceof Operand.Modified m ? m.inner() : o;
      if (base instanceof Operand.Special s
          && (s.equals(Operand.Special.M0) || s.name().startsWith("exec"))) {
        return Verdict.UNSUPPORTED;
      }
    }
    return Verdict.SKIPPED;
  }

  /**
   * The table row of {@code i}; empty for a skipped instruction; a located error for an unsupported
   * one.
   */
  public static Optional<InstructionInfo> require(Instruction i) throws AsmSyntaxException {
    return switch (verdict(i)) {
      case KNOWN -> lookup(i);
      case SKIPPED -> Optional.empty();
      case UNSUPPORTED ->
          throw new AsmSyntaxException(
              i.location(),
              "unsupported instruction "
                  + i.mnemonic()
                  + ": it touches LDS, M0, a wait counter, EXEC or control flow and is not in the"
                  + " instruction table (docs/isa.md)");
    };
  }
}
