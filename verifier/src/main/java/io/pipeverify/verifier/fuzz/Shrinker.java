package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.transform.KnobSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Shrinks a configuration that shows a class to a minimal one (docs/fuzzing.md): first fewest knobs
 * away from their defaults, then the smallest values. Greedy, in knob order, repeated until nothing
 * changes:
 *
 * <ol>
 *   <li>reset each knob to its default if the class stays (an invalid result is skipped; knobs
 *       whose reset alone is invalid, such as waves and a tile size that only fit together, are
 *       then tried in pairs);
 *   <li>lower each knob still away from its default to the first value of its domain, ascending,
 *       that keeps the class.
 * </ol>
 *
 * The result is 1-minimal: resetting any one knob, or lowering any one value, loses the class or
 * gives an invalid configuration. Pinned knobs (the campaign's {@code --opt}) are never changed.
 * Our own shrinker rather than jqwik's: see docs/fuzzing.md.
 */
final class Shrinker {
  private final List<KnobSpec> specs;
  private final Map<String, String> pinned;
  private final Function<Map<String, String>, Outcome> check;
  private final BooleanSupplier outOfTime;

  /** A shrunk configuration (every knob) and whether shrinking ran to the end. */
  record Result(Map<String, String> knobs, boolean complete) {
    Result {
      knobs = Map.copyOf(knobs);
    }
  }

  Shrinker(
      List<KnobSpec> specs,
      Map<String, String> pinned,
      Function<Map<String, String>, Outcome> check,
      BooleanSupplier outOfTime) {
    this.specs = List.copyOf(specs);
    this.pinned = Map.copyOf(pinned);
    this.check = Objects.requireNonNull(check);
    this.outOfTime = Objects.requireNonNull(outOfTime);
  }

  Result shrink(Map<String, String> start, ClassKey target) {
    Map<String, String> current = new LinkedHashMap<>(start);
    boolean changed = true;
    while (changed) {
      if (outOfTime.getAsBoolean()) {
        return new Result(current, false);
      }
      changed = false;
      List<KnobSpec> invalidAlone = new ArrayList<>();
      for (KnobSpec s : free(current)) {
        Map<String, String> c = with(current, s, s.defaultValue());
        Outcome o = check.apply(c);
        if (o instanceof Outcome.Invalid) {
          invalidAlone.add(s);
        } else if (shows(o, target)) {
          current = c;
          changed = true;
        }
      }
      for (int i = 0; i < invalidAlone.size(); i++) {
        for (int j = i + 1; j < invalidAlone.size(); j++) {
          KnobSpec a = invalidAlone.get(i);
          KnobSpec b = invalidAlone.get(j);
          if (isDefault(current, a) || isDefault(current, b)) {
            continue;
          }
          Map<String, String> c = with(with(current, a, a.defaultValue()), b, b.defaultValue());
          if (shows(check.apply(c), target)) {
            current = c;
            changed = true;
          }
        }
      }
      for (KnobSpec s : free(current)) {
        List<String> domain = s.domain();
        int at = domain.indexOf(current.get(s.name()));
        for (int v = 0; v < at; v++) {
          String smaller = domain.get(v);
          if (smaller.equals(s.defaultValue())) {
            continue;
          }
          Map<String, String> c = with(current, s, smaller);
          if (shows(check.apply(c), target)) {
            current = c;
            changed = true;
            break;
          }
        }
      }
    }
    return new Result(current, true);
  }

  /** The knobs away from their defaults that the shrinker may change. */
  private List<KnobSpec> free(Map<String, String> knobs) {
    return specs.stream()
        .filter(s -> !pinned.containsKey(s.name()) && !isDefault(knobs, s))
        .toList();
  }

  private static boolean isDefault(Map<String, String> knobs, KnobSpec s) {
    return knobs.get(s.name()).equals(s.defaultValue());
  }

  private static Map<String, String> with(Map<String, String> knobs, KnobSpec s, String value) {
    Map<String, String> c = new LinkedHashMap<>(knobs);
    c.put(s.name(), value);
    return c;
  }

  private static boolean shows(Outcome o, ClassKey target) {
    return o instanceof Outcome.Checked c && c.classes().containsKey(target);
  }
}
