package io.pipeverify.codegen.compiled;

import io.pipeverify.codegen.hip.HipEmitter;
import io.pipeverify.isa.decode.AsmListing;
import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.lift.ScheduleLift;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Op;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerifiedSchedule;
import io.pipeverify.verifier.Verifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The check of what clang made of an emitted kernel (docs/codegen.md, "The compiled check"),
 * through the one ISA path: the kernel is lifted from the assembly ({@link ScheduleLift}: decode,
 * per-instruction semantics, every address evaluated) with the emitter's launch arguments, once per
 * residue of the trip count modulo the emitter's unroll (the code after the loop depends on it),
 * and verified; its loop is compared with the emitted schedule's ({@link LoopComparison}). The
 * lifted verdicts decide; the events say what the compiler changed and where.
 *
 * <p>The lift does not check P3 or P5, but those are properties of the verified schedule's data,
 * which compilation preserves; what compilation can break is timing: P1, P2, P4, P6, P7.
 */
public final class CompiledCheck {
  private CompiledCheck() {}

  /**
   * Checks {@code asm} (the text of {@code asmName}, clang's assembly of the kernel {@code
   * verified} was emitted as); a listing the decoder cannot read is a located {@link
   * AsmSyntaxException}.
   */
  public static CompiledReport check(VerifiedSchedule verified, String asm, String asmName)
      throws AsmSyntaxException {
    Schedule s = verified.schedule();
    int unroll = HipEmitter.loopUnroll(s);
    AsmListing listing = AsmParser.parse(asm, asmName);
    Optional<Kernel> kernel = listing.kernel(HipEmitter.KERNEL);
    if (kernel.isEmpty()) {
      return unliftable(s, asmName, unroll, "no kernel " + HipEmitter.KERNEL + " in " + asmName);
    }
    List<CompiledReport.Lifted> lifted = new ArrayList<>();
    Schedule first = null;
    for (int residue = 0; residue < unroll; residue++) {
      long tripCount = (long) (ScheduleLift.ITERATIONS + 1) * unroll + residue;
      Schedule asLifted;
      try {
        asLifted =
            ScheduleLift.lift(listing, kernel.get(), s.waves(), HipEmitter.arguments(s, tripCount));
      } catch (AsmSyntaxException e) {
        return unliftable(s, asmName, unroll, e.getMessage());
      }
      first = first == null ? asLifted : first;
      lifted.add(
          new CompiledReport.Lifted(
              residue, Verifier.verify(asLifted, verified.report().options())));
    }
    List<CompiledEvent> events = events(s, first, unroll);
    return new CompiledReport(
        s.name(),
        s.target().id(),
        asmName,
        unroll,
        events,
        lifted,
        Optional.empty(),
        status(lifted, events));
  }

  private static CompiledReport unliftable(Schedule s, String asmName, int unroll, String why) {
    return new CompiledReport(
        s.name(),
        s.target().id(),
        asmName,
        unroll,
        List.of(),
        List.of(),
        Optional.of(why),
        CompiledReport.Status.UNLIFTABLE);
  }

  /**
   * The events of every role's loop (its first wave's, as lifted) against the role's loop in the
   * schedule, unrolled as emitted; an event seen in several roles is listed once.
   */
  private static List<CompiledEvent> events(Schedule s, Schedule lifted, int unroll) {
    Set<CompiledEvent> events = new LinkedHashSet<>();
    boolean usesModelled = s.implicitWaits() != ImplicitWaits.NONE;
    for (WaveProgram p : s.programs()) {
      List<LoopComparison.Step> expected = new ArrayList<>();
      for (int phase = 0; phase < unroll; phase++) {
        for (Op op : p.loop()) {
          String stage =
              op.origin().describe() + (unroll == 1 ? "" : ", k % " + unroll + " == " + phase);
          expected.add(new LoopComparison.Step(op, stage, ""));
        }
      }
      List<LoopComparison.Step> actual = new ArrayList<>();
      for (Op op : lifted.programOf(p.waves().get(0)).loop()) {
        actual.add(new LoopComparison.Step(op, "", op.origin().describe()));
      }
      events.addAll(
          LoopComparison.compare(
              expected, actual, HipEmitter.mfmaInstructionsPerOp(s), usesModelled));
    }
    return List.copyOf(events);
  }

  private static CompiledReport.Status status(
      List<CompiledReport.Lifted> lifted, List<CompiledEvent> events) {
    boolean inconclusive = false;
    for (CompiledReport.Lifted l : lifted) {
      if (l.report().verdict() instanceof Verdict.Violated) {
        return CompiledReport.Status.VIOLATED;
      }
      inconclusive |= l.report().verdict() instanceof Verdict.Inconclusive;
    }
    if (inconclusive) {
      return CompiledReport.Status.INCONCLUSIVE;
    }
    return events.stream().anyMatch(CompiledEvent::deviation)
        ? CompiledReport.Status.DEVIATES_SAFE
        : CompiledReport.Status.CONFORMS;
  }
}
