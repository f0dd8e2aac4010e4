package io.pipeverify.verifier.repair;

import io.pipeverify.verifier.Violation;
import java.util.Objects;

/**
 * One change of a repair plan (a candidate change of the kernel, made in every role that has its
 * place): the first violation it removes, and the change with the verification after it and the
 * steps before it.
 */
public record RepairStep(Violation target, Repair repair) {

  public RepairStep {
    Objects.requireNonNull(target);
    Objects.requireNonNull(repair);
  }
}
