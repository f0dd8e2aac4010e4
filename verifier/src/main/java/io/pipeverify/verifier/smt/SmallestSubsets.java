package io.pipeverify.verifier.smt;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Model;
import com.microsoft.z3.Optimize;
import com.microsoft.z3.Params;
import com.microsoft.z3.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Subsets of n weighted items (one Boolean per item) that satisfy the clauses learned so far, the
 * lightest first: Z3's optimiser minimising the total weight (MaxSAT over the items' choices). The
 * caller learns clauses from what it finds out about the subsets it tries. One context, closed with
 * the object; every check has the timeout, and "unknown" is an answer of its own.
 */
// Z3's Java API takes its operands as generic varargs.
@SuppressWarnings({"unchecked", "rawtypes"})
public final class SmallestSubsets implements AutoCloseable {

  /** What a query found: a subset, none (the clauses and the bound exclude all), or unknown. */
  public sealed interface Answer {
    /** The items in ascending order (Set.copyOf's order differs from one JVM to the next). */
    record Found(SortedSet<Integer> items) implements Answer {
      public Found {
        items = Collections.unmodifiableSortedSet(new TreeSet<>(items));
      }
    }

    record None() implements Answer {}

    record Unknown(String reason) implements Answer {}
  }

  private final Context context;
  private final BoolExpr[] chosen;
  private final int[] weights;
  private final int timeoutMs;
  private final List<BoolExpr> clauses = new ArrayList<>();

  /** The second opinion, or null (no cost without it). */
  private final CrossCheck crossCheck;

  /** {@link #clauses} in SMT-LIB, kept only for {@link #crossCheck}. */
  private final List<String> written = new ArrayList<>();

  public SmallestSubsets(int[] weights, Duration timeout) {
    this(weights, timeout, Optional.empty());
  }

  /** Subsets whose every answer {@code crossCheck}, when present, re-decides. */
  public SmallestSubsets(int[] weights, Duration timeout, Optional<CrossCheck> crossCheck) {
    this.crossCheck = crossCheck.orElse(null);
    this.context = Z3Session.newContext();
    this.weights = weights.clone();
    this.timeoutMs = Z3Session.timeoutMs(timeout);
    this.chosen = new BoolExpr[weights.length];
    for (int i = 0; i < weights.length; i++) {
      chosen[i] = context.mkBoolConst(SmtLib.subsetVar(i));
    }
  }

  /**
   * Every subset from now on has one of {@code added} or lacks one of {@code dropped} (both empty:
   * no subset any more).
   */
  public void require(Collection<Integer> added, Collection<Integer> dropped) {
    List<BoolExpr> literals = new ArrayList<>();
    added.forEach(i -> literals.add(chosen[i]));
    dropped.forEach(i -> literals.add(context.mkNot(chosen[i])));
    clauses.add(
        literals.isEmpty() ? context.mkFalse() : context.mkOr(literals.toArray(BoolExpr[]::new)));
    if (crossCheck != null) {
      StringBuilder s = new StringBuilder("(or false");
      added.forEach(i -> s.append(" ").append(SmtLib.subsetVar(i)));
      dropped.forEach(i -> s.append(" (not ").append(SmtLib.subsetVar(i)).append(")"));
      written.add(s.append(")").toString());
    }
  }

  /** The subset that is exactly {@code items} is excluded (its supersets and subsets are not). */
  public void exclude(Set<Integer> items) {
    BoolExpr[] differs = new BoolExpr[chosen.length];
    for (int i = 0; i < chosen.length; i++) {
      differs[i] = items.contains(i) ? context.mkNot(chosen[i]) : chosen[i];
    }
    clauses.add(context.mkOr(differs));
    if (crossCheck != null) {
      StringBuilder s = new StringBuilder("(or false");
      for (int i = 0; i < chosen.length; i++) {
        String e = SmtLib.subsetVar(i);
        s.append(" ").append(items.contains(i) ? "(not " + e + ")" : e);
      }
      written.add(s.append(")").toString());
    }
  }

  /** No subset has both items. */
  public void excludeTogether(int a, int b) {
    clauses.add(context.mkNot(context.mkAnd(chosen[a], chosen[b])));
    if (crossCheck != null) {
      written.add("(not (and " + SmtLib.subsetVar(a) + " " + SmtLib.subsetVar(b) + "))");
    }
  }

  /** A subset of the least total weight, at most {@code maxWeight}. */
  public Answer lightest(int maxWeight) {
    Optimize opt = optimiser();
    ArithExpr<IntSort> total = total();
    opt.Add(context.mkLe(total, context.mkInt(maxWeight)));
    opt.MkMinimize(total);
    Answer answer = answer(opt.Check(), opt);
    if (crossCheck != null && !(answer instanceof Answer.Unknown)) {
      String query = "the repair search's lightest subset of at most weight " + maxWeight;
      crossCheck.compare(
          query, SmtLib.subsets(weights, written, "<=", maxWeight), answer instanceof Answer.Found);
      if (answer instanceof Answer.Found found) {
        // Z3's optimum is a claim of its own: no subset is lighter.
        int weight = weight(found);
        crossCheck.compare(
            query + " (none lighter than " + weight + ")",
            SmtLib.subsets(weights, written, "<", weight),
            false);
      }
    }
    return answer;
  }

  private int weight(Answer.Found found) {
    int w = 0;
    for (int i : found.items()) {
      w += weights[i];
    }
    return w;
  }

  /** A subset of total weight exactly {@code weight}. */
  public Answer ofWeight(int weight) {
    Optimize opt = optimiser();
    opt.Add(context.mkEq(total(), context.mkInt(weight)));
    Answer answer = answer(opt.Check(), opt);
    if (crossCheck != null && !(answer instanceof Answer.Unknown)) {
      crossCheck.compare(
          "the repair search's subset of weight " + weight,
          SmtLib.subsets(weights, written, "=", weight),
          answer instanceof Answer.Found);
    }
    return answer;
  }

  private Optimize optimiser() {
    Optimize opt = context.mkOptimize();
    Params params = context.mkParams();
    params.add("timeout", timeoutMs);
    opt.setParameters(params);
    for (BoolExpr c : clauses) {
      opt.Add(c);
    }
    return opt;
  }

  private ArithExpr<IntSort> total() {
    if (chosen.length == 0) {
      return context.mkInt(0);
    }
    ArithExpr<IntSort>[] terms = new ArithExpr[chosen.length];
    for (int i = 0; i < chosen.length; i++) {
      IntExpr w = context.mkInt(weights[i]);
      terms[i] = (ArithExpr<IntSort>) context.mkITE(chosen[i], w, context.mkInt(0));
    }
    return context.mkAdd(terms);
  }

  private Answer answer(Status status, Optimize opt) {
    if (status == Status.UNSATISFIABLE) {
      return new Answer.None();
    }
    if (status == Status.UNKNOWN) {
      return new Answer.Unknown(opt.getReasonUnknown());
    }
    Model model = opt.getModel();
    SortedSet<Integer> items = new TreeSet<>();
    for (int i = 0; i < chosen.length; i++) {
      if (model.eval(chosen[i], true).isTrue()) {
        items.add(i);
      }
    }
    return new Answer.Found(items);
  }

  @Override
  public void close() {
    context.close();
  }
}
