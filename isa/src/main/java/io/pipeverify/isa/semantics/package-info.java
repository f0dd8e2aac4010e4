/**
 * What instructions compute: a per-wave machine state ({@link
 * io.pipeverify.isa.semantics.WaveState}: SGPRs, 64 lanes of VGPRs, SCC, VCC, EXEC, M0, with
 * "unknown" as a value) and {@link io.pipeverify.isa.semantics.Semantics#execute} for the integer
 * SALU/VALU subset that computes addresses and branch conditions. No analysis logic here.
 */
package io.pipeverify.isa.semantics;
