package io.pipeverify.codegen.isa;

import io.pipeverify.verifier.VerificationReport;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the ISA check found: the loop it parsed, per sched_barrier region the counts the schedule
 * expects and the compiler produced, the findings, the verdicts of the as-compiled schedule (one
 * per residue of the trip count modulo the loop's unroll factor), and the verdicts of the kernel
 * lifted from its assembly ({@code asLifted}, per residue; {@code unliftable} says why there are
 * none).
 */
public record IsaReport(
    String schedule,
    String target,
    String asmName,
    int unroll,
    Optional<AsmLoop> loop,
    List<RegionSummary> regions,
    List<IsaFinding> findings,
    List<AsCompiled> asCompiled,
    List<AsCompiled> asLifted,
    Optional<String> unliftable,
    Status status) {

  /** The overall outcome. */
  public enum Status {
    /**
     * The loop is the schedule's (implicit lgkmcnt waits aside) and the as-compiled one verifies.
     */
    CONFORMS,
    /** The compiler changed the loop (e.g. inserted vmcnt(0)) but the as-compiled one verifies. */
    DEVIATES_SAFE,
    /** The as-compiled schedule has a violation: the kernel is not what was proved. */
    VIOLATED,
    /** Z3 could not decide the as-compiled schedule in time. */
    INCONCLUSIVE,
    /** The loop could not be mapped onto the schedule, so nothing about it is proved. */
    UNMAPPED;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The exit code of {@code pipeverify emit}: 0 when the as-compiled schedule verifies. */
    public int exitCode() {
      switch (this) {
        case CONFORMS:
        case DEVIATES_SAFE:
          return 0;
        case INCONCLUSIVE:
          return 3;
        default:
          return 1;
      }
    }
  }

  /** Expected (schedule) and actual (ISA) counts of one region. */
  public record RegionSummary(
      int index,
      String stage,
      Counts expected,
      Counts actual,
      String scheduleOrder,
      String compiledOrder) {}

  /** Counts of the tracked instructions; mfma counts v_mfma instructions. */
  public record Counts(
      int g2s, int dsRead, int mfma, int vmcntWaits, int lgkmcntWaits, int barriers) {}

  /** The as-compiled schedule for trip counts T with {@code T % unroll == residue}. */
  public record AsCompiled(int residue, VerificationReport report) {
    public AsCompiled {
      Objects.requireNonNull(report);
    }
  }

  public IsaReport {
    Objects.requireNonNull(loop);
    regions = List.copyOf(regions);
    findings = List.copyOf(findings);
    asCompiled = List.copyOf(asCompiled);
    asLifted = List.copyOf(asLifted);
    Objects.requireNonNull(unliftable);
    Objects.requireNonNull(status);
  }

  public long count(IsaFinding.Kind kind) {
    return findings.stream().filter(f -> f.kind() == kind).count();
  }
}
