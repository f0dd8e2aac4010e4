package io.pipeverify.verifier.check;

import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Instance;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A P3/P4/P5 violation the data-flow check found: {@code first} is the op the report is about (the
 * ds_read of a wrong version, the mfma of a register hazard or fragment mistake), {@code second}
 * the op the wrong data came from, if any. {@code badOrder} is the order a witness must realise
 * (use before access for a register that may not have landed; empty when every execution is wrong),
 * over the event ids of {@link io.pipeverify.verifier.hb.RegisterUses}; {@code marked} are the
 * events the trace marks. {@code summary} and {@code detail} are the report's sentences, made only
 * for the instance that becomes a finding's representative: the checker returns every instance, and
 * building every instance's sentences was a fifth of a fuzz campaign's time.
 */
public record DataflowFinding(
    Property property,
    ViolationKind kind,
    Instance first,
    Optional<Instance> second,
    List<TimingProblem.Order> badOrder,
    List<Integer> marked,
    String key,
    Supplier<String> summary,
    Supplier<String> detail)
    implements DefectInstance {

  public DataflowFinding {
    Objects.requireNonNull(property);
    Objects.requireNonNull(kind);
    Objects.requireNonNull(first);
    Objects.requireNonNull(second);
    badOrder = List.copyOf(badOrder);
    marked = List.copyOf(marked);
    Objects.requireNonNull(key);
    Objects.requireNonNull(summary);
    Objects.requireNonNull(detail);
  }
}
