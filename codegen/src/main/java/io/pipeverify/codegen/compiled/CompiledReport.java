package io.pipeverify.codegen.compiled;

import io.pipeverify.verifier.VerificationReport;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the compiled check found: the events of the compiled loop against the emitted schedule's
 * loop unrolled {@code unroll} times, the verdicts of the kernel lifted from the assembly (one per
 * residue of the trip count modulo the unroll: the code after the loop depends on it), or why it
 * could not be lifted, and the status they give.
 */
public record CompiledReport(
    String schedule,
    String target,
    String asmName,
    int unroll,
    List<CompiledEvent> events,
    List<Lifted> lifted,
    Optional<String> unliftable,
    Status status) {

  /** The lifted kernel's verification for trip counts T with {@code T % unroll == residue}. */
  public record Lifted(int residue, VerificationReport report) {
    public Lifted {
      Objects.requireNonNull(report);
    }
  }

  /** The outcome; the lifted verdicts decide it, the events only tell conforms from deviates. */
  public enum Status {
    /** The compiled kernel verifies and its loop is the schedule's (modelled waits aside). */
    CONFORMS,
    /** The compiled kernel verifies; the compiler changed the loop (the events say how). */
    DEVIATES_SAFE,
    /** The compiled kernel has a violation: it is not what was proved. */
    VIOLATED,
    /** Z3 could not decide the compiled kernel in time. */
    INCONCLUSIVE,
    /** The assembly could not be lifted, so nothing about the compiled kernel is proved. */
    UNLIFTABLE;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The exit code of {@code pipeverify emit}: 0 when the compiled kernel verifies. */
    public int exitCode() {
      return switch (this) {
        case CONFORMS, DEVIATES_SAFE -> 0;
        case INCONCLUSIVE -> 3;
        case VIOLATED, UNLIFTABLE -> 1;
      };
    }

    public boolean verified() {
      return exitCode() == 0;
    }
  }

  public CompiledReport {
    events = List.copyOf(events);
    lifted = List.copyOf(lifted);
    Objects.requireNonNull(unliftable);
    Objects.requireNonNull(status);
  }

  public long count(CompiledEvent.Kind kind) {
    return events.stream().filter(e -> e.kind() == kind).count();
  }
}
