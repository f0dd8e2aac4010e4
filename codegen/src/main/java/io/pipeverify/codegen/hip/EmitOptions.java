package io.pipeverify.codegen.hip;

/**
 * How {@link HipEmitter} lays out the kernel. {@code mergedShared}: one merged {@code __shared__}
 * array for all LDS buffers and slots instead of one array per buffer and slot, read with {@code
 * __builtin_memcpy} (a load without TBAA). It exists to reproduce seed note 003: with a merged
 * array LLVM cannot tell an LDS-DMA write from a ds_read and inserts {@code s_waitcnt vmcnt(0)}
 * before the reads, which the ISA check must report. clang-22 only does so for a read without alias
 * metadata (docs/codegen.md).
 */
public record EmitOptions(boolean mergedShared) {
  public static EmitOptions defaults() {
    return new EmitOptions(false);
  }
}
