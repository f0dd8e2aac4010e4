/** Unrolling a schedule into per-wave instruction streams for one trip count. */
package io.pipeverify.verifier.unroll;
