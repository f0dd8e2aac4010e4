/**
 * The check of what clang made of an emitted kernel (docs/codegen.md, "The compiled check"): the
 * kernel lifted from clang's assembly by the ISA layer ({@code io.pipeverify.isa}), verified, and
 * its loop compared with the emitted schedule's in events (waits the compiler inserted, weakened,
 * strengthened or dropped; ops it moved across a barrier, reordered, added or dropped).
 */
package io.pipeverify.codegen.compiled;
