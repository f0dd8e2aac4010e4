package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExprTest {

  @Test
  void parsesWithPrecedenceAndLeftAssociativity() {
    Expr e = Expr.parse("a - b - c * d % 3");
    Expr.Var a = new Expr.Var("a");
    Expr.Var b = new Expr.Var("b");
    Expr expected =
        new Expr.Binary(
            Expr.Operator.SUB,
            new Expr.Binary(Expr.Operator.SUB, a, b),
            new Expr.Binary(
                Expr.Operator.MOD,
                new Expr.Binary(Expr.Operator.MUL, new Expr.Var("c"), new Expr.Var("d")),
                Expr.of(3)));
    assertEquals(expected, e);
    assertEquals(Set.of("a", "b", "c", "d"), e.vars());
  }

  @Test
  void rendersWithMinimalParentheses() {
    assertEquals("a - (b - c)", Expr.parse("(a - (b - c))").render());
    assertEquals("a - b - c", Expr.parse("((a - b) - c)").render());
    assertEquals("(k + 1) % 2", Expr.parse("(k+1)%2").render());
    assertEquals("k % 2 * 8", Expr.parse("(k % 2) * 8").render());
    assertEquals("k * (2 % 3)", Expr.parse("k * (2 % 3)").render());
    assertEquals("w - -3", Expr.parse("w - -3").render());
  }

  @Test
  void renderParsesBackEqual() {
    for (String s :
        new String[] {"a - (b - c)", "(k + 1) % 2", "w / 2 * 64 + k % 3", "-4 + k", "T - 1"}) {
      Expr e = Expr.parse(s);
      assertEquals(e, Expr.parse(e.render()), s);
    }
  }

  @Test
  void evaluatesWithFloorDivisionAndModulo() {
    Map<String, Long> env = Map.of("k", 0L, "w", 3L);
    assertEquals(1, Expr.parse("(k - 1) % 2").eval(env));
    assertEquals(-1, Expr.parse("(k - 1) / 2").eval(env));
    assertEquals(1, Expr.parse("w / 2").eval(env));
    assertThrows(ArithmeticException.class, () -> Expr.parse("w % (k * 2)").eval(env));
    assertThrows(IllegalArgumentException.class, () -> Expr.parse("x + 1").eval(env));
  }

  @Test
  void periods() {
    assertEquals(OptionalLong.of(2), Expr.parse("(k + 1) % 2").periodIn("k"));
    assertEquals(OptionalLong.of(2), Expr.parse("(3 * k) % 6").periodIn("k"));
    assertEquals(OptionalLong.of(3), Expr.parse("k % 3 * 16 + w").periodIn("k"));
    assertEquals(OptionalLong.of(6), Expr.parse("k % 2 + k % 3").periodIn("k"));
    assertEquals(OptionalLong.of(1), Expr.parse("w * 8").periodIn("k"));
    assertEquals(OptionalLong.empty(), Expr.parse("k / 2").periodIn("k"));
    assertEquals(OptionalLong.empty(), Expr.parse("k + 1").periodIn("k"));
    assertEquals(OptionalLong.of(2), Expr.parse("(T - 1) % 2").periodIn("T"));
  }

  @Test
  void syntaxErrorsNameTheColumn() {
    ExprSyntaxException e = assertThrows(ExprSyntaxException.class, () -> Expr.parse("k + * 2"));
    assertEquals(5, e.column());
    assertEquals("unexpected '*'", e.detail());
    assertEquals("in expression \"k + * 2\" at column 5: unexpected '*'", e.getMessage());
    assertEquals(
        "expected a number, a variable or '('",
        assertThrows(ExprSyntaxException.class, () -> Expr.parse("k +")).detail());
    assertEquals(3, assertThrows(ExprSyntaxException.class, () -> Expr.parse("k 2")).column());
    assertEquals(7, assertThrows(ExprSyntaxException.class, () -> Expr.parse("(k + 1")).column());
  }
}
