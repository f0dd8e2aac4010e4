/**
 * Replay (semantics.md section 5): turns a counterexample, or a random legal execution of a
 * verified schedule, into a full event order and runs it through the model's {@link
 * io.pipeverify.model.interp.Interpreter} on real data. A counterexample that replays to the right
 * result, or a verified schedule that replays to a wrong one, is a verifier bug.
 */
package io.pipeverify.verifier.replay;
