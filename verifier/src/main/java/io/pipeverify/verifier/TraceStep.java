package io.pipeverify.verifier;

/**
 * One line of a counterexample's interleaving: at {@code time}, wave {@code wave} (-1 for a
 * workgroup barrier, which all waves pass together) does {@code event} of the op {@code text}.
 * {@code racing} marks the events of the violating pair.
 */
public record TraceStep(long time, int wave, String event, String text, boolean racing) {}
