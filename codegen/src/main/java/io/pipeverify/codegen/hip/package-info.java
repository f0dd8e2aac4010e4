/**
 * HIP emission: {@link io.pipeverify.codegen.hip.HipEmitter} turns a {@code VerifiedSchedule} (and
 * nothing else) into a complete bf16 GEMM kernel for the canonical layout (docs/codegen.md).
 */
package io.pipeverify.codegen.hip;
