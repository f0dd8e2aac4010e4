package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Location;

/**
 * The lift followed none of a kernel's launch classes to its end within its bound ({@code
 * --max-launches}): no verdict covers any launch, yet the kernel is no bad input (a persistent
 * kernel whose work loop holds its K loop makes every pass of both another way the branches go).
 * The message starts with {@code file:line:} and says which branches made the launches and how to
 * narrow them.
 */
public final class NoLaunchCovered extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Location location;
  private final String reason;

  NoLaunchCovered(Location location, String reason) {
    super(location.describe() + ": " + reason);
    this.location = location;
    this.reason = reason;
  }

  /** The same as a located error, for the commands that need a launch class to work on. */
  public AsmSyntaxException asError() {
    return new AsmSyntaxException(location, reason);
  }
}
