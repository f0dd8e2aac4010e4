/**
 * Events and happens-before (semantics.md section 3): a JGraphT graph of issue, access, release and
 * barrier events with typed edges, behind {@link io.pipeverify.verifier.hb.HappensBefore}.
 */
package io.pipeverify.verifier.hb;
