package io.pipeverify.isa.decode;

/**
 * Addresses of a code object in the listing made of it: the label placed at an instruction's
 * address. A jump whose target is computed as a value (a call through {@code s_swappc_b64} to an
 * address built from {@code s_getpc_b64}) finds its block by this label, so the disassembler and
 * the lift must name it alike.
 */
public final class CodeAddress {
  private CodeAddress() {}

  /** The label at {@code address} of kernel {@code function}, unique in the listing. */
  public static String label(String function, long address) {
    return ".Lpv_" + function + "_" + Long.toHexString(address);
  }
}
