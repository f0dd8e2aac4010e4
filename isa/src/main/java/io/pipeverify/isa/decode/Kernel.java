package io.pipeverify.isa.decode;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One kernel of a listing: its name, the statements from its label to its end, the {@code
 * .amdhsa_*} directives of its descriptor and what the {@code .amdgpu_metadata} says about it.
 *
 * @param reqdWorkgroupSize {@code .reqd_workgroup_size} (x, y, z), empty when not given
 * @param maxFlatWorkgroupSize {@code .max_flat_workgroup_size}, empty when not given
 */
public record Kernel(
    String name,
    Location location,
    List<Statement> body,
    Map<String, Long> amdhsa,
    List<Integer> reqdWorkgroupSize,
    OptionalInt maxFlatWorkgroupSize,
    List<KernelArg> args) {
  public Kernel {
    Objects.requireNonNull(name);
    Objects.requireNonNull(location);
    body = List.copyOf(body);
    amdhsa = Map.copyOf(amdhsa);
    reqdWorkgroupSize = List.copyOf(reqdWorkgroupSize);
    Objects.requireNonNull(maxFlatWorkgroupSize);
    args = List.copyOf(args);
  }

  /** The instructions of the body, in order. */
  public List<Instruction> instructions() {
    return body.stream()
        .filter(Instruction.class::isInstance)
        .map(Instruction.class::cast)
        .toList();
  }

  /**
   * Threads per workgroup the metadata pins: the product of {@code .reqd_workgroup_size}, else
   * {@code .max_flat_workgroup_size} (the launch bound, the size kernels of this kind run with).
   */
  public OptionalInt workgroupSize() {
    if (!reqdWorkgroupSize.isEmpty()) {
      return OptionalInt.of(reqdWorkgroupSize.stream().reduce(1, (a, b) -> a * b));
    }
    return maxFlatWorkgroupSize;
  }

  /** An {@code .amdhsa_*} directive's value, e.g. {@code amdhsa("user_sgpr_count")}. */
  public OptionalLong amdhsa(String name) {
    Long v = amdhsa.get(name);
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }
}
