/**
 * The verifier: unrolls a schedule for each trip count up to the cutoff (proofs/cutoff.md), builds
 * the happens-before graph, checks P1, P2, P6 and P7 (shared/docs/semantics.md section 4) and
 * confirms every verdict with Z3.
 */
package io.pipeverify.verifier;
