package io.pipeverify.isa.decode;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A decoded assembly file: every statement in order, the kernels it defines and the target of its
 * {@code .amdgcn_target} directive (e.g. {@code amdgcn-amd-amdhsa--gfx950}), when present.
 */
public record AsmListing(
    String file, Optional<String> target, List<Statement> statements, List<Kernel> kernels) {
  public AsmListing {
    Objects.requireNonNull(file);
    Objects.requireNonNull(target);
    statements = List.copyOf(statements);
    kernels = List.copyOf(kernels);
  }

  public Optional<Kernel> kernel(String name) {
    return kernels.stream().filter(k -> k.name().equals(name)).findFirst();
  }
}
