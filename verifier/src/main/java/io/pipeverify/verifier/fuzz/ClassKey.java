package io.pipeverify.verifier.fuzz;

import io.pipeverify.verifier.Finding;
import java.util.Objects;

/**
 * What makes two findings of a campaign one class: their root cause's family ({@link
 * io.pipeverify.verifier.RootCause#family}), which names the place of the repair by its site
 * (section, stage, what the op does, its ordinal) as every configuration reads it (a wait's counts
 * left out, a section's last stage named so) and leaves out waves, iterations, rows, positions,
 * roles and the schedule name, which carries the knobs. Every configuration, seed and shard that
 * shows the same missing ordering shows the same key, so their classes merge; the violations it
 * breaks may differ from one configuration to the next and are not part of it.
 */
public record ClassKey(String cause) implements Comparable<ClassKey> {

  public ClassKey {
    Objects.requireNonNull(cause);
  }

  /** The prefix of a class the compiler introduced (the schedule verifies, the kernel does not). */
  static final String INTRODUCED = "introduced by the compiler: ";

  /** The prefix of a class of configurations whose compiled kernel could not be checked. */
  static final String NOT_CHECKED = "compiled kernel not checked: ";

  public static ClassKey of(Finding f) {
    return new ClassKey(f.cause().family());
  }

  /** A root cause of the compiled kernel of a configuration whose schedule verifies. */
  public static ClassKey introduced(Finding f) {
    return new ClassKey(INTRODUCED + f.cause().family());
  }

  /** Configurations whose compiled kernel could not be checked, for one reason. */
  public static ClassKey notChecked(String reason) {
    return new ClassKey(NOT_CHECKED + reason);
  }

  /**
   * Configurations a user's generator fails on ({@code fuzz --generate}): it exits with an error,
   * runs past its time, writes no output, or writes one pipeverify cannot read; {@code reason} says
   * which, with the output's path left out so that every such try is one class.
   */
  public static ClassKey doesNotBuild(String reason) {
    return new ClassKey("does not build: " + reason);
  }

  /** Whether the class is about the compiled kernel ({@code fuzz --compile}). */
  public boolean compiled() {
    return cause.startsWith(INTRODUCED) || cause.startsWith(NOT_CHECKED);
  }

  /** {@code retired too late on vmcnt by s_waitcnt vmcnt(0) in loop stage 3}. */
  public String describe() {
    return cause;
  }

  @Override
  public int compareTo(ClassKey o) {
    return cause.compareTo(o.cause);
  }
}
