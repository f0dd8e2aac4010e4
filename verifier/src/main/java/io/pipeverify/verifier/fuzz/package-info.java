/**
 * Fuzz campaigns over a built-in transform's knobs (docs/fuzzing.md): configurations drawn from
 * each knob's declared domain, their violations grouped into classes, each class shrunk to a
 * minimal configuration; and single mutations of a schedule's synchronisation.
 */
package io.pipeverify.verifier.fuzz;
