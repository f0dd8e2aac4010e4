/**
 * The external tools codegen runs: clang-22, which compiles an emitted kernel to assembly ({@link
 * io.pipeverify.codegen.tools.ClangCompiler}), and cvc5, the second solver of {@code --cross-check}
 * ({@link io.pipeverify.codegen.tools.Cvc5}). Both run through the ISA layer's {@link
 * io.pipeverify.isa.tools.ExternalTool}; each missing or failing tool is an {@link
 * io.pipeverify.isa.tools.ExternalToolException} with its own message.
 */
package io.pipeverify.codegen.tools;
