/**
 * The operational interpreter (semantics.md section 5): executes a schedule for one concrete trip
 * count on real bf16 data, with LDS and registers poisoned with NaN, copies landing and reads
 * happening in an event order given as data. It holds no solver: the verifier's replay supplies the
 * orders (a counterexample's, or random legal ones).
 */
package io.pipeverify.model.interp;
