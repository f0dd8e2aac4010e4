/**
 * The Z3 boundary. {@link io.pipeverify.verifier.smt.Z3Session} owns a Z3 {@code Context}; no
 * {@code com.microsoft.z3} type leaves this package, and models are decoded into plain arrays
 * before the context closes.
 */
package io.pipeverify.verifier.smt;
