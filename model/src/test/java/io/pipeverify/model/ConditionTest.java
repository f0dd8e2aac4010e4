package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConditionTest {
  private static final Map<String, Long> WAVE5 = Map.of("w", 5L, "warp_row", 1L);

  @Test
  void comparisonsAndJunctionsEvaluatePerWave() {
    assertTrue(Condition.parse("warp_row == 1").holds(WAVE5));
    assertFalse(Condition.parse("warp_row != 1").holds(WAVE5));
    assertTrue(Condition.parse("w % 2 == 1 && w >= 4").holds(WAVE5));
    assertTrue(Condition.parse("w < 4 || !(w % 2 == 0)").holds(WAVE5));
    assertFalse(Condition.parse("w <= 4 || w > 5").holds(WAVE5));
    assertEquals(Set.of("w", "warp_row"), Condition.parse("w == 1 || warp_row > 0").vars());
  }

  @Test
  void andBindsTighterThanOr() {
    // false || (true && false) = false; (false || true) && false would be false too, so use w=0
    Map<String, Long> w0 = Map.of("w", 0L);
    assertTrue(Condition.parse("w == 0 || w == 1 && w == 2").holds(w0));
    assertFalse(Condition.parse("(w == 0 || w == 1) && w == 2").holds(w0));
  }

  @Test
  void parenthesesMayGroupAnArithmeticOperandOrACondition() {
    assertTrue(Condition.parse("(w + 1) / 2 == 3").holds(WAVE5));
    assertTrue(Condition.parse("((w == 5))").holds(WAVE5));
  }

  @Test
  void renderReadsBackEqual() {
    for (String text :
        new String[] {
          "warp_row == 1",
          "w % 2 == 0 && w < 4",
          "(w == 0 || w == 1) && w != 3",
          "w == 0 || w == 1 && w == 2",
          "!(w >= 4)",
          "w == 0 && (w == 1 && w == 2)"
        }) {
      Condition c = Condition.parse(text);
      assertEquals(c, Condition.parse(c.render()), text);
    }
    assertEquals("(w == 0 || w == 1) && w != 3", Condition.parse("(w==0||w==1)&&w!=3").render());
  }

  @Test
  void kindsAreChecked() {
    ExprSyntaxException e = assertThrows(ExprSyntaxException.class, () -> Condition.parse("w + 1"));
    assertEquals(
        "expected a condition (a comparison such as w == 1), found the integer expression w + 1",
        e.detail());
    e = assertThrows(ExprSyntaxException.class, () -> Expr.parse("w == 1"));
    assertEquals("expected an integer expression, found the condition w == 1", e.detail());
    e = assertThrows(ExprSyntaxException.class, () -> Condition.parse("w && w == 1"));
    assertEquals(1, e.column());
    e = assertThrows(ExprSyntaxException.class, () -> Condition.parse("w == 1 == 2"));
    assertEquals("unexpected '='", e.detail());
    assertEquals(8, e.column());
  }

  @Test
  void deepNestingIsASyntaxErrorNotAStackOverflow() {
    String deep = "(".repeat(5000) + "w" + ")".repeat(5000);
    ExprSyntaxException e = assertThrows(ExprSyntaxException.class, () -> Expr.parse(deep));
    assertEquals("nested more than 100 levels deep", e.detail());
    assertEquals(101, e.column());
    String nots = "!".repeat(5000) + "(w == 1)";
    e = assertThrows(ExprSyntaxException.class, () -> Condition.parse(nots));
    assertEquals("nested more than 100 levels deep", e.detail());
    String chain = "1" + " + 1".repeat(5000);
    e = assertThrows(ExprSyntaxException.class, () -> Expr.parse(chain));
    assertEquals("more than 500 operators deep: split the expression", e.detail());
    assertEquals(101, Expr.parse("(".repeat(100) + "w" + ")".repeat(100)).eval(Map.of("w", 101L)));
  }
}
