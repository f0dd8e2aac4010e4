/**
 * Relaxation of a verified schedule's synchronisation (docs/relax.md): waits weakened and barriers
 * removed one step at a time, each step kept only when the whole schedule still verifies for every
 * trip count, ending at a local maximum.
 */
package io.pipeverify.verifier.relax;
