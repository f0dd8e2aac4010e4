package io.pipeverify.verifier;

/** The properties of semantics.md section 4. */
public enum Property {
  P1("LDS race"),
  P2("uninitialised read"),
  P3("wrong version"),
  P4("register hazard"),
  P5("contraction coverage"),
  P6("barrier matching"),
  P7("encodability");

  private final String title;

  Property(String title) {
    this.title = title;
  }

  public String title() {
    return title;
  }
}
