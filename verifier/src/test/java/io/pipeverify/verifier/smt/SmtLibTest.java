package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SMT-LIB scripts {@link SmtLib} writes for a second solver, on problems small enough to read
 * (cvc5's answers to them: codegen's Cvc5Test).
 */
class SmtLibTest {

  private static TimingProblem.Order lt(int a, int b) {
    return new TimingProblem.Order(a, b);
  }

  /** a < b < c. */
  private static TimingProblem chain() {
    return new TimingProblem(List.of("t_a", "t_b", "t_c"), List.of(lt(0, 1), lt(1, 2)), List.of());
  }

  @Test
  void aRefutationIsWrittenAsDifferenceLogic() {
    assertEquals(
        "(set-logic QF_IDL)\n"
            + "(declare-fun t_a () Int)\n"
            + "(declare-fun t_b () Int)\n"
            + "(declare-fun t_c () Int)\n"
            + "(assert (< t_a t_b))\n"
            + "(assert (< t_b t_c))\n"
            + "(assert (or false (<= t_c t_a)))\n"
            + "(check-sat)\n"
            + "(exit)\n",
        SmtLib.timing(chain(), List.of(lt(0, 2)), false));
  }

  @Test
  void aCardinalityConstraintIsASumOfIfThenElse() {
    TimingProblem late =
        new TimingProblem(
            List.of("t_r", "t_e1", "t_e2"),
            List.of(),
            List.of(new TimingProblem.AtMostLate(0, List.of(1, 2), 1)));
    assertEquals(
        "(set-logic QF_LIA)\n"
            + "(declare-fun t_r () Int)\n"
            + "(declare-fun t_e1 () Int)\n"
            + "(declare-fun t_e2 () Int)\n"
            + "(assert (<= (+ 0 (ite (>= t_e1 t_r) 1 0) (ite (>= t_e2 t_r) 1 0)) 1))\n"
            + "(assert (< t_r t_e1))\n"
            + "(check-sat)\n"
            + "(exit)\n",
        SmtLib.timing(late, List.of(lt(0, 1)), true));
  }

  @Test
  void namesThatAreNoSimpleSymbolAreQuoted() {
    assertEquals("t_w0_3_k1_2_ds_read_access", SmtLib.symbol("t_w0_3_k1_2_ds_read_access"));
    assertEquals("|t w0 [k=1]|", SmtLib.symbol("t w0 [k=1]"));
  }
}
