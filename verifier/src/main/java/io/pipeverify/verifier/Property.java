package io.pipeverify.verifier;

import io.pipeverify.model.Intent;
import java.util.EnumSet;
import java.util.Set;

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

  /**
   * The properties a verdict covers: all seven for a schedule with GEMM intent; without intent (a
   * lift from assembly) P3 and P5 are not checked, as they compare what ops hold with what the GEMM
   * needs (semantics.md section 8). P4 is then only the timing half: loads land before the mfma or
   * ds_write that reads them.
   */
  public static Set<Property> checked(Intent intent) {
    return intent == Intent.GEMM ? EnumSet.allOf(Property.class) : EnumSet.of(P1, P2, P4, P6, P7);
  }
}
