/**
 * The graph checks of one execution, P1-P2 ({@code RaceChecker}) and P3-P5 ({@code
 * DataflowChecker}), their Z3 encoding, and the counterexamples they produce. P6 and P7 do not
 * depend on an unrolling and are decided in {@code Verifier}.
 */
package io.pipeverify.verifier.check;
