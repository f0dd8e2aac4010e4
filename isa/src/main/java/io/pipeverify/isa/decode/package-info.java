/**
 * Decoding of AMDGPU assembly listings (gfx950, gfx942) as clang {@code -S}, hipcc {@code
 * --save-temps} and Triton's cache print them: {@link io.pipeverify.isa.decode.AsmParser} turns the
 * text into immutable {@link io.pipeverify.isa.decode.Statement}s and kernels, and {@link
 * io.pipeverify.isa.decode.InstructionTable} says what each instruction is (family, destination
 * operands, counters, LDS, M0, control flow). What an instruction computes is {@code
 * io.pipeverify.isa.semantics}; analyses are {@code io.pipeverify.isa.lift} (docs/isa.md).
 */
package io.pipeverify.isa.decode;
