package io.pipeverify.isa.decode;

import java.util.Objects;

/**
 * One kernel argument from the {@code .amdgpu_metadata} {@code .args} list: its name (empty when
 * the compiler did not record one), byte offset in the kernarg segment, size and value kind ({@code
 * global_buffer}, {@code by_value}, ...).
 */
public record KernelArg(String name, long offset, long size, String valueKind) {
  public KernelArg {
    Objects.requireNonNull(name);
    Objects.requireNonNull(valueKind);
  }
}
