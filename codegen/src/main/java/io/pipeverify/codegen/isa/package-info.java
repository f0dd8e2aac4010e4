/**
 * ISA conformance: compiles an emitted kernel with clang-22 ({@link
 * io.pipeverify.codegen.isa.ClangCompiler}), finds the loop of the assembly with the shared ISA
 * layer, {@code io.pipeverify.isa} ({@link io.pipeverify.codegen.isa.AsmLoopParser}), compares it
 * region by region with the schedule and verifies the as-compiled schedule ({@link
 * io.pipeverify.codegen.isa.IsaChecker}).
 */
package io.pipeverify.codegen.isa;
