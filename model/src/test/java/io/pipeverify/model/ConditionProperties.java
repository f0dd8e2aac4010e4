package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Conditions ({@code when}) print and read back alike, and specialization keeps what holds. */
class ConditionProperties {

  private static Arbitrary<Expr> exprs(int depth) {
    Arbitrary<Expr> leaf =
        Arbitraries.oneOf(
            Arbitraries.of("w", "g").map(Expr.Var::new),
            Arbitraries.longs().between(-3, 9).map(Expr::of));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Expr> binary =
        Combinators.combine(
                Arbitraries.of(Expr.Operator.values()),
                exprs(depth - 1),
                Arbitraries.longs().between(1, 5))
            .as(
                (op, left, right) ->
                    // Division and modulo by a positive constant: defined in every wave.
                    new Expr.Binary(op, left, Expr.of(right)));
    return Arbitraries.oneOf(leaf, binary);
  }

  private static Arbitrary<Condition> conditions(int depth) {
    Arbitrary<Condition> compare =
        Combinators.combine(exprs(2), Arbitraries.of(Condition.Comparison.values()), exprs(1))
            .as(Condition.Compare::new);
    if (depth == 0) {
      return compare;
    }
    Arbitrary<Condition> not = conditions(depth - 1).map(Condition.Not::new);
    Arbitrary<Condition> junction =
        Combinators.combine(
                Arbitraries.of(true, false), conditions(depth - 1), conditions(depth - 1))
            .as(Condition.Junction::new);
    return Arbitraries.oneOf(compare, not, junction);
  }

  @Provide
  Arbitrary<Condition> anyCondition() {
    return conditions(3);
  }

  @Property(tries = 500)
  void renderReadsBackEqual(@ForAll("anyCondition") Condition c) {
    assertEquals(c, Condition.parse(c.render()), c.render());
  }

  /**
   * A program of barriers and waits, each with a condition or none: every wave of the specialized
   * schedule runs exactly the ops whose condition holds for it, in their order.
   */
  @Property(tries = 200)
  void eachWaveRunsTheOpsWhoseConditionHolds(
      @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 40) Integer> picks,
      @ForAll("anyCondition") Condition a,
      @ForAll("anyCondition") Condition b) {
    Origin here = new Origin.InFile("p.json", "/");
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < picks.size(); i++) {
      int p = picks.get(i);
      Op op = p % 2 == 0 ? new Op.Barrier(here) : Op.Wait.vmcnt(p % 7, here);
      ops.add(p % 3 == 0 ? op : new Op.Conditional(p % 3 == 1 ? a : b, op));
    }
    Schedule s =
        new Schedule(
            "p",
            Target.GFX950,
            8,
            ImplicitWaits.NONE,
            List.of(new WaveParam("g", Expr.parse("w / 4"))),
            List.of(new LdsBuffer("A", 1, 1024, 64)),
            new Gemm(16, 16, 32, 32),
            List.of(
                new WaveProgram(
                    "main", List.of(0, 1, 2, 3, 4, 5, 6, 7), ops, List.of(), List.of())),
            4);
    Schedule specialized = WaveSpecialization.specialize(s);
    for (int w = 0; w < 8; w++) {
      Map<String, Long> env = s.waveEnv(w);
      List<Op> expected = new ArrayList<>();
      for (Op op : ops) {
        if (!(op instanceof Op.Conditional c)) {
          expected.add(op);
        } else if (c.when().holds(env)) {
          expected.add(c.op());
        }
      }
      assertEquals(expected, specialized.programOf(w).prologue(), "wave " + w);
    }
  }
}
