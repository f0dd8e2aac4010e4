package io.pipeverify.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cases of the counterexamples/ corpus and their prose (CorpusTest writes the files). */
final class CorpusCases {
  private CorpusCases() {}

  /**
   * One case. {@code fixKnobs} are the knob values of a violated case's minimal fix ({@code fix}
   * says them in prose), empty for a verified case: CorpusTest applies them and names the verified
   * case the fixed schedule equals.
   */
  record Case(
      String name,
      String transform,
      Map<String, String> knobs,
      String expectedVerdict,
      String oneLine,
      String whatIsWrong,
      String fix,
      Map<String, String> fixKnobs) {}

  private static Map<String, String> knobs(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  private static final String FIX = "lgkmDrainBeforeBarrier";

  static final List<Case> ALL =
      List.of(
          new Case(
              "cdna4-interleave",
              "cdna4-interleave",
              knobs(),
              "violated",
              "note 000 as documented; a WAR race, no NaN: not the note's 24% NaN symptom",
              "InjectCdna4Pipeline at the note's defaults. The k-pack-1 `ds_read`s of the last stage"
                  + " (B fragments j 4-7) are still in flight when their wave passes the stage-3"
                  + " `s_barrier`: on gfx950 `s_barrier` does not wait for outstanding LDS ops, and"
                  + " the only `lgkmcnt` wait before the barrier is LLVM's implicit one before the"
                  + " MFMAs, which leaves the youngest reads outstanding. Another wave, past the"
                  + " barrier, issues the next iteration's g2s of tile k+2 into the same slot, which"
                  + " may land before the read. The replay lands it first: the MFMA multiplies half"
                  + " a fragment of the wrong K tile. Wrong values, but finite ones and in few"
                  + " outputs: this race alone does not explain note 000's 24% with NaN.",
              "`--opt lgkmDrainBeforeBarrier=true`: `s_waitcnt lgkmcnt(0)` right before the stage-3"
                  + " `s_barrier`.",
              knobs(FIX, "true")),
          new Case(
              "cdna4-interleave-fixed",
              "cdna4-interleave",
              knobs(FIX, "true"),
              "verified",
              "the fix: lgkmcnt(0) before the last stage's s_barrier",
              "Nothing: with every `ds_read` of the iteration retired before the barrier, no wave can"
                  + " start copying into a slot another wave still reads. P1-P7 hold for every trip"
                  + " count, and random legal orders replay to the reference GEMM.",
              "(this is the fix of `cdna4-interleave`)",
              knobs()),
          new Case(
              "cdna4-suspect1-kpack-swap",
              "cdna4-interleave",
              knobs(FIX, "true", "s2rKpackSwapA", "true"),
              "violated",
              "note 000 suspect 1: confirmed as a bug if it happened, but its symptom (almost all"
                  + " outputs wrong, no NaN) is not the note's",
              "Suspect 1 of note 000 (\"is `local_id=0` of the S2R loop really k-pack 0?\"), on the"
                  + " fixed schedule so that only the suspect is tested: A reads into `a{i}_kp{kp}`"
                  + " fetch k-pack 1-kp. Every MFMA multiplies A of one k-chunk by B of the other"
                  + " (P5 MIXED_K_CHUNK) and the real products are never computed (P5"
                  + " MISSING_PRODUCT). The replay is wrong almost everywhere, without NaN. The"
                  + " swap can therefore not be the cause of a 24% NaN mismatch. (Swapping B as well,"
                  + " `s2rKpackSwapB=true`, is correct: P5 checks the products the fragments hold,"
                  + " not the MFMA labels.)",
              "`s2rKpackSwapA=false`: read k-pack kp into `a{i}_kp{kp}`.",
              knobs("s2rKpackSwapA", "false")),
          new Case(
              "cdna4-suspect2-jhalf-swap",
              "cdna4-interleave",
              knobs(FIX, "true", "mfmaJHalfSwap", "true"),
              "violated",
              "note 000 suspect 2: register hazard; half the outputs NaN with NaN-poisoned registers",
              "Suspect 2 (\"does the MFMA j-half split match the S2R j-half split?\"), on the fixed"
                  + " schedule: the MFMAs of j part p use the j values of part 1-p. In stage 0 the"
                  + " MFMAs for j 4-7 read `b4_kp0`..`b7_kp0` before stage 1 loads them: at k = 0 no"
                  + " op has written them (P4 REGISTER_HAZARD, garbage; NaN in the replay), at k >= 1"
                  + " they hold tile k-1's fragments (P4 WRONG_FRAGMENT), and tile T-1's j 4-7"
                  + " products are never computed (P5 MISSING_PRODUCT). Half of the outputs are"
                  + " NaN in the replay (registers start as NaN there; on hardware they hold"
                  + " whatever they held). That is a NaN symptom, but 50%, not 24%.",
              "`mfmaJHalfSwap=false`: the MFMAs of a stage use the j part its ds_reads loaded.",
              knobs("mfmaJHalfSwap", "false")),
          new Case(
              "cdna4-suspect3-no-prologue-barrier",
              "cdna4-interleave",
              knobs(FIX, "true", "prologueBarrier", "false"),
              "violated",
              "note 000 suspect 3 (barrier half): RAW races and uninitialised reads, NaN outputs",
              "Suspect 3 (\"is the first tile's G2S waited for in the prologue?\"), barrier half: the"
                  + " prologue keeps `vmcnt(0)` but drops its `s_barrier`. Each wave waits for its own"
                  + " copies of tile 0 only; stage 0 of k = 0 reads rows other waves copy (P1 RAW),"
                  + " possibly before any of them lands (P2). The replay reads NaN from never-written"
                  + " LDS rows.",
              "`prologueBarrier=true` (the pass's documented prologue: `vmcnt(0)` + `s_barrier`).",
              knobs("prologueBarrier", "true")),
          new Case(
              "cdna4-suspect3-no-prologue-wait",
              "cdna4-interleave",
              knobs(FIX, "true", "prologueWait", "false"),
              "violated",
              "note 000 suspect 3 (wait half): RAW races and uninitialised reads, NaN outputs",
              "Suspect 3, wait half: the prologue keeps its `s_barrier` but drops `vmcnt(0)`. On"
                  + " gfx950 `s_barrier` does not wait for outstanding copies, so tile 0's g2s may"
                  + " still be in flight when stage 0 reads it (P1 RAW; P2 when no copy of the rows"
                  + " is retired before the read). The replay reads NaN.",
              "`prologueWait=true`: `vmcnt(0)` before the prologue's `s_barrier`.",
              knobs("prologueWait", "true")),
          new Case(
              "cdna4-suspect4-no-epilogue-wait",
              "cdna4-interleave",
              knobs(FIX, "true", "epilogueWait", "false"),
              "verified",
              "note 000 suspect 4: cleared; the epilogue's wait is redundant",
              "Suspect 4 (\"is the epilogue affected?\"), without the epilogue's `async_wait(0)`:"
                  + " the tool verifies it. Tile T's copies are issued in iteration T-1 and retired by"
                  + " that iteration's last-stage `vmcnt(0)` + `s_barrier`, which every wave passes"
                  + " before the epilogue's reads; nothing is outstanding when the epilogue starts."
                  + " The epilogue cannot cause the mismatch (as long as the loop's last stage keeps"
                  + " its wait and barrier).",
              "none needed; `epilogueWait=true` (the default) is harmless.",
              knobs()),
          new Case(
              "tilelang-pipelined",
              "tilelang-pipelined",
              knobs(),
              "verified",
              "the correct lowering (counted ops per group) and ThreadSync's barriers",
              "Nothing: TileLang's pipeline with `wait_group(N)` lowered by counting the g2s of each"
                  + " commit group and the end-of-iteration barrier. It is the fix of the two cases"
                  + " below.",
              "(this is the fix of `tilelang-ops-per-group-16` and `tilelang-no-end-barrier`)",
              knobs()),
          new Case(
              "tilelang-ops-per-group-16",
              "tilelang-pipelined",
              knobs("opsPerGroup", "16"),
              "violated",
              "note 003's wrong wait_group lowering: vmcnt(16) waits for nothing",
              "`wait_group(1)` lowered with 16 ops per group, `vmcnt(16)`, while a group holds 8"
                  + " g2s per wave: the wait lets the group the iteration is about to read stay in"
                  + " flight. The reads race with the copies (P1 RAW, P2) and, one iteration on, the"
                  + " copies race with each other (P1 WAW). The replay reads NaN.",
              "`opsPerGroup=0` (count the ops: `vmcnt(8)`).",
              knobs("opsPerGroup", "0")),
          new Case(
              "tilelang-no-end-barrier",
              "tilelang-pipelined",
              knobs("endOfIterationBarrier", "false"),
              "violated",
              "no barrier between reading a slot and refilling it: WAR",
              "Without ThreadSync's `s_barrier` at the end of the iteration, a fast wave's g2s of"
                  + " tile k+1 (iteration k) into slot (k+1)%2 can land before a slow wave's ds_read"
                  + " of tile k-1 from the same slot finished (P1 WAR). The replay multiplies a"
                  + " fragment of the wrong K tile: wrong values, no NaN.",
              "`endOfIterationBarrier=true`.",
              knobs("endOfIterationBarrier", "true")),
          new Case(
              "hipkittens-2step",
              "hipkittens-2step",
              knobs(),
              "violated",
              "note 001's sketch without barriers: RAW and WAR races on both buffers",
              "The 2-step-ahead schedule as note 001 sketches it names no barriers. Each wave waits"
                  + " with `vmcnt` for its own copies only, so reads of rows other waves copy race"
                  + " with those copies (P1 RAW, NaN in the replay), and copies into the slot being"
                  + " computed on race with other waves' reads of it (P1 WAR).",
              "`prologueBarrier=true phaseBarriers=true waitBarrier=true`.",
              knobs("prologueBarrier", "true", "phaseBarriers", "true", "waitBarrier", "true")),
          new Case(
              "hipkittens-2step-barriers",
              "hipkittens-2step",
              knobs("prologueBarrier", "true", "phaseBarriers", "true", "waitBarrier", "true"),
              "verified",
              "a barrier placement the tool verifies",
              "Nothing: an `s_barrier` after the prologue's wait, one between phases (every wave has"
                  + " finished reading a sub-tile before anyone refills it) and one after each"
                  + " `vmcnt(6)` (every wave's copies have landed before anyone reads them).",
              "(this is the fix of `hipkittens-2step`)",
              knobs()));

  static String index(List<String[]> rows) {
    StringBuilder sb = new StringBuilder("# counterexamples\n\n");
    sb.append(
        "| case | verdict | first violation | mismatch % (NaN) | note |\n|---|---|---|---|---|\n");
    for (String[] r : rows) {
      sb.append("| [").append(r[0]).append("](").append(r[0]).append("/README.md) | ");
      sb.append(r[1])
          .append(" | ")
          .append(r[2])
          .append(" | ")
          .append(r[3])
          .append(" | ")
          .append(r[4])
          .append(" |\n");
    }
    return sb.toString();
  }
}
