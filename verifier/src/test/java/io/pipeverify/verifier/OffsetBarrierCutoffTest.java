package io.pipeverify.verifier;

import static io.pipeverify.verifier.HandBuilt.barrier;
import static io.pipeverify.verifier.HandBuilt.g2s;
import static io.pipeverify.verifier.HandBuilt.lgkmcnt;
import static io.pipeverify.verifier.HandBuilt.program;
import static io.pipeverify.verifier.HandBuilt.read;
import static io.pipeverify.verifier.HandBuilt.vmcnt;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.unroll.CounterMode;
import io.pipeverify.verifier.unroll.Unroller;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Roles whose barriers are offset (ping-pong style: P6 holds, but one role passes D barriers in its
 * prologue and the other D in its epilogue). Barriers match by count, so loop iteration k of role a
 * meets iteration k + D of role b; pairs of iterations that far apart exist only when T > D, so the
 * cutoff 3P - 1 (which ignores D) is too small once D >= 3P - 1 (proofs/cutoff.md, section "Offset
 * barriers").
 */
class OffsetBarrierCutoffTest {
  static final int D = 2;

  /**
   * Wave 0 (role a): copies rows 0-8 once, waits, passes D barriers; each iteration: s_barrier,
   * copy of tile k into rows 0-8, vmcnt(0). Wave 1 (role b): each iteration: s_barrier, read rows
   * 0-8, lgkmcnt(0); then D barriers. Slot 0 throughout: P = 1.
   *
   * <p>Barrier n is a's iteration n - D and b's iteration n. a's copy in iteration k lands after
   * barrier k + D and is retired before barrier k + D + 1 (if a has one: k + 1 < T); b's read of
   * iteration j lands after barrier j and is retired before barrier j + 1. Read j precedes copy k
   * iff j + 1 <= k + D; copy k precedes read j iff k + D + 1 <= j and k + 1 < T. For j = k + D
   * neither holds: a WAR exactly when T >= D + 1.
   */
  static Schedule offsetRoles() {
    List<Op> aPrologue = new ArrayList<>(List.of(g2s("0", "0", 8, "0", "a prologue copy")));
    aPrologue.add(vmcnt(0, "a prologue wait"));
    List<Op> bEpilogue = new ArrayList<>();
    for (int i = 0; i < D; i++) {
      aPrologue.add(barrier("a prologue barrier"));
      bEpilogue.add(barrier("b epilogue barrier"));
    }
    return HandBuilt.schedule(
        2,
        1,
        List.of(
            program(
                "a",
                List.of(0),
                aPrologue,
                List.of(
                    barrier("a loop barrier"),
                    g2s("0", "0", 8, "k", "a loop copy"),
                    vmcnt(0, "a loop wait")),
                List.of()),
            program(
                "b",
                List.of(1),
                List.of(),
                List.of(
                    barrier("b loop barrier"),
                    read("0", "0", 8, "k", "b loop read"),
                    lgkmcnt(0, "b loop wait")),
                bEpilogue)));
  }

  @Test
  void theScheduleIsValidAndHasPeriodOne() {
    assertEquals(List.of(), ScheduleValidator.validate(offsetRoles()));
    assertEquals(1, offsetRoles().period());
  }

  @Test
  void raceFreeUpToDAndRacyAtDPlusOne() {
    // The copy of a's iteration k and the read of b's iteration k + D are unordered only from
    // T = D + 1 on. Since the data-flow checks, P1 leaves out a race whose order cannot change
    // what the read sees (here both orders give it the stale tile, which P3 reports as a wrong
    // version), so the unordered pair is checked on the graph itself.
    for (int t = 1; t <= D + 1; t++) {
      HappensBefore hb = HappensBefore.of(Unroller.unroll(offsetRoles(), t, CounterMode.ORDERED));
      boolean unordered = false;
      for (Event.OpEvent copy : hb.accessEvents()) {
        for (Event.OpEvent read : hb.accessEvents()) {
          if (copy.instance().wave() == 0
              && copy.instance().section() == Section.LOOP
              && read.instance().wave() == 1
              && read.instance().iteration() == copy.instance().iteration() + D
              && !hb.before(copy, read)
              && !hb.before(read, copy)) {
            unordered = true;
          }
        }
      }
      assertEquals(t > D, unordered, "T=" + t);
    }
  }

  @Test
  void cutoffCoversTheOffset() {
    // 3P - 1 + ceil((D + 2) / b) with P = 1, D = 2, b = 1.
    assertEquals(6, Verifier.cutoff(offsetRoles()));
  }
}
