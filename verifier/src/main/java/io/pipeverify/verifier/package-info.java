/**
 * The verifier: unrolls a schedule for each trip count up to the cutoff (proofs/cutoff.md), builds
 * the happens-before graph, checks P1-P7 (shared/docs/semantics.md section 4; P3-P5 in
 * docs/replay.md) and confirms every verdict with Z3.
 */
package io.pipeverify.verifier;
