/**
 * The external tools codegen runs: clang-22, which compiles an emitted kernel to assembly ({@link
 * io.pipeverify.codegen.tools.ClangCompiler}), and llvm-objdump-22 / llvm-readelf-22, which read a
 * code object for the assembly front end ({@link
 * io.pipeverify.codegen.tools.CodeObjectDisassembler}). Each missing or failing tool is an {@link
 * io.pipeverify.codegen.tools.ExternalToolException} with its own message.
 */
package io.pipeverify.codegen.tools;
