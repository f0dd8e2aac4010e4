/**
 * The LLVM tools the assembly front end runs: llvm-objdump-22 and llvm-readelf-22, which turn a
 * code object into a listing the decoder reads ({@link
 * io.pipeverify.isa.tools.CodeObjectDisassembler}), and a bounded, time-limited way to run any of
 * them ({@link io.pipeverify.isa.tools.ExternalTool}). Each missing or failing tool is an {@link
 * io.pipeverify.isa.tools.ExternalToolException} with its own message, never bad input.
 */
package io.pipeverify.isa.tools;
