package io.pipeverify.isa.decode;

/**
 * An assembly listing that cannot be decoded, or an instruction that cannot be handled, at a
 * located line: the message starts with {@code file:line:} and says what was expected.
 */
public final class AsmSyntaxException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Location location;

  public AsmSyntaxException(Location location, String message) {
    super(location.describe() + ": " + message);
    this.location = location;
  }

  public Location location() {
    return location;
  }
}
