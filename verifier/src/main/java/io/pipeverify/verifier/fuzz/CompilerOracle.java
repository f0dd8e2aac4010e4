package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.VerificationReport;
import java.util.List;

/**
 * What a compiler makes of a configuration whose schedule verified ({@code fuzz --compile},
 * docs/fuzzing.md): the kernel emitted, compiled, lifted from the compiler's assembly and verified.
 * The code generator implements it (the verifier knows no compiler); it is called on the campaign's
 * threads, so it must be thread-safe.
 */
public interface CompilerOracle {

  /** The compiler's version, as its reports name it ("Debian clang version 22.1.8 ..."). */
  String version();

  /** The compiled kernel of {@code report}'s schedule, which verified. */
  Compiled check(VerificationReport report);

  /** What the compiled kernel gave. */
  sealed interface Compiled {
    /** It verifies. */
    record Verified() implements Compiled {}

    /** It does not: the lifted kernel's findings (its ops at assembly lines). */
    record Violated(List<Finding> findings) implements Compiled {
      public Violated {
        findings = List.copyOf(findings);
        if (findings.isEmpty()) {
          throw new IllegalArgumentException("a violated kernel has a finding");
        }
      }
    }

    /**
     * It could not be checked: not emitted, not lifted, or undecided, with the reason in words that
     * do not depend on the configuration's sizes or lines (one class per reason).
     */
    record NotChecked(String reason) implements Compiled {}
  }
}
