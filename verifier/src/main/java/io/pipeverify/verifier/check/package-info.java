/** The property checks (P1, P2, P6, P7) and the counterexamples they produce. */
package io.pipeverify.verifier.check;
