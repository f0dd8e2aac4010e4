package io.pipeverify.verifier.smt;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import io.pipeverify.verifier.smt.TimingProblem.AtMostLate;
import io.pipeverify.verifier.smt.TimingProblem.Order;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One Z3 context with a timeout, loaded with one {@link TimingProblem} at a time. Queries push the
 * goal, check, decode the model into event times, and pop. Close it (try-with-resources) to free
 * the native memory.
 *
 * <p>The solver is never reset: each problem lives in a scope of its own, popped when the next one
 * is loaded. Resetting rebuilt Z3's context for every problem, and formulas asserted at the base
 * level go through preprocessing that these difference constraints do not need; the verifier loads
 * one problem per query in the ordered counter mode, so both costs were paid for every query
 * (docs/PERFORMANCE.md).
 */
public final class Z3Session implements AutoCloseable {
  private final Context context;
  private final Solver solver;
  private final Params params;
  private IntExpr[] time = new IntExpr[0];
  private List<String> names = List.of();
  private long solverNanos;
  private TimingProblem loaded;

  /**
   * The second opinion each answer is compared with, or null: without {@code --cross-check} a query
   * costs nothing more, not even its script.
   */
  private final CrossCheck crossCheck;

  /** What the next queries are, as a disagreement names them ({@link #label}). */
  private String label = "a query";

  /** Held through {@link #startUp}, and while contexts are made until one exists. */
  private static final Object STARTING = new Object();

  /** Whether a context was made in this JVM: Z3's one-time set-up is done. */
  private static volatile boolean started;

  public Z3Session(Duration timeout) {
    this(timeout, Optional.empty());
  }

  /** A session whose every answer {@code crossCheck}, when present, re-decides. */
  public Z3Session(Duration timeout, Optional<CrossCheck> crossCheck) {
    this.crossCheck = crossCheck.orElse(null);
    // A start-up under way on another thread finishes first, so that Z3's one-time set-up is done
    // once, by it. Later contexts are made without the lock: Z3 makes contexts on several threads,
    // and a fuzz campaign's verifications would otherwise queue here.
    this.context = newContext();
    this.solver = context.mkSimpleSolver();
    this.params = context.mkParams();
    params.add("timeout", timeoutMs(timeout));
    // Timing problems are pure difference logic (t_a < t_b over integers, cardinality over such
    // atoms): Z3's Bellman-Ford difference-logic solver decides them several times faster than
    // the default simplex (docs/PERFORMANCE.md).
    Params timing = context.mkParams();
    timing.add("timeout", timeoutMs(timeout));
    timing.add("auto_config", false);
    timing.add("arith.solver", 1);
    // Value propagation is a preprocessing pass for equalities with constants; a timing problem
    // has none, and the pass took a fifth of the time of a check.
    timing.add("propagate_values", false);
    solver.setParameters(timing);
  }

  /**
   * Z3's one-time start-up, now: loading its libraries, its first context (about 45 ms; a later one
   * takes 7), and the first use of each call a session makes (the Java classes and native methods
   * behind them, Z3's solver set-up), by one session's life on a trivial problem. A command line
   * calls it on another thread while it parses its arguments; the first real session then starts
   * warm. Leaves no solver state: the session is closed.
   */
  public static void startUp() {
    Order first = new Order(0, 1);
    synchronized (STARTING) {
      try (Z3Session s = new Z3Session(Duration.ofSeconds(10))) {
        s.load(
            new TimingProblem(
                List.of("t_a", "t_b"), List.of(first), List.of(new AtMostLate(1, List.of(0), 0))));
        s.findViolating(List.of(first));
        s.findWith(List.of(first));
        s.findUnequalBarrierCount(new long[] {1, 1}, new long[] {1, 2});
      }
    }
  }

  /** A new Z3 context; the first one of the JVM loads Z3 (Z3's one-time set-up, done once). */
  static Context newContext() {
    if (started) {
      return new Context();
    }
    synchronized (STARTING) {
      Z3Natives.load();
      Context context = new Context();
      started = true;
      return context;
    }
  }

  public static int timeoutMs(Duration timeout) {
    return (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
  }

  /**
   * Names the queries from now on for a cross-check's message ("proof batch 3 at T=2"); the session
   * adds which query it is and its size.
   */
  public void label(String what) {
    this.label = what;
  }

  /** Total time spent inside Z3 checks. */
  public Duration solverTime() {
    return Duration.ofNanos(solverNanos);
  }

  /**
   * Replaces the loaded problem; nothing to do when it is already loaded (the witnesses of one trip
   * count in the unordered mode share the whole problem).
   */
  public void load(TimingProblem problem) {
    if (problem == loaded) {
      return;
    }
    if (loaded != null) {
      solver.pop();
    }
    loaded = problem;
    names = problem.names();
    time = new IntExpr[names.size()];
    solver.push();
    BoolExpr[] orders = new BoolExpr[problem.before().size()];
    for (int i = 0; i < orders.length; i++) {
      TimingProblem.Order o = problem.before().get(i);
      orders[i] = lt(o.first(), o.second());
    }
    solver.add(orders);
    for (TimingProblem.AtMostLate c : problem.atMostLate()) {
      BoolExpr[] late = new BoolExpr[c.events().size()];
      for (int i = 0; i < late.length; i++) {
        late[i] = context.mkGe(time(c.events().get(i)), time(c.release()));
      }
      solver.add(new BoolExpr[] {context.mkAtMost(late, c.allowed())});
    }
  }

  /** A model in which every listed order holds, if one exists. */
  public SolverOutcome findWith(List<TimingProblem.Order> orders) {
    List<BoolExpr> goal = new ArrayList<>();
    for (TimingProblem.Order o : orders) {
      goal.add(lt(o.first(), o.second()));
    }
    SolverOutcome outcome = check(goal.toArray(new BoolExpr[0]));
    if (crossCheck != null) {
      crossCheck.compare(
          describe("a model with " + orders.size() + " orders"),
          SmtLib.timing(loaded, orders, true),
          outcome);
    }
    return outcome;
  }

  /**
   * A model in which at least one listed order fails (t(second) <= t(first)). Unsat proves that
   * every listed order holds in every execution: the obligation of a "verified".
   */
  public SolverOutcome findViolating(List<TimingProblem.Order> orders) {
    if (orders.isEmpty()) {
      return new SolverOutcome.Unsat();
    }
    BoolExpr[] broken = new BoolExpr[orders.size()];
    for (int i = 0; i < broken.length; i++) {
      TimingProblem.Order o = orders.get(i);
      broken[i] = context.mkLe(time(o.second()), time(o.first()));
    }
    SolverOutcome outcome = check(context.mkOr(broken));
    if (crossCheck != null) {
      crossCheck.compare(
          describe("a model breaking one of " + orders.size() + " orders"),
          SmtLib.timing(loaded, orders, false),
          outcome);
    }
    return outcome;
  }

  /** The label, the query and the size of the loaded problem, for a disagreement's message. */
  private String describe(String query) {
    return label
        + " ("
        + query
        + ", over "
        + loaded.before().size()
        + " orders and "
        + loaded.atMostLate().size()
        + " cardinality constraints)";
  }

  /**
   * Barrier matching over all trip counts at once (P6): program p executes {@code fixed[p] + T *
   * perIteration[p]} barriers. Returns a model {@code [T, p, q]} with T >= 1 and programs p, q
   * disagreeing, or Unsat when every T gives every program the same count.
   */
  public SolverOutcome findUnequalBarrierCount(long[] fixed, long[] perIteration) {
    Solver own = context.mkSolver();
    own.setParameters(params);
    IntExpr trip = context.mkIntConst("T");
    own.add(new BoolExpr[] {context.mkGe(trip, context.mkInt(1))});
    List<BoolExpr> differ = new ArrayList<>();
    for (int p = 0; p < fixed.length; p++) {
      for (int q = p + 1; q < fixed.length; q++) {
        differ.add(
            context.mkNot(
                context.mkEq(
                    count(trip, fixed[p], perIteration[p]),
                    count(trip, fixed[q], perIteration[q]))));
      }
    }
    if (differ.isEmpty()) {
      return new SolverOutcome.Unsat();
    }
    own.add(new BoolExpr[] {context.mkOr(differ.toArray(new BoolExpr[0]))});
    long start = System.nanoTime();
    Status status = own.check();
    solverNanos += System.nanoTime() - start;
    SolverOutcome outcome;
    if (status == Status.UNSATISFIABLE) {
      outcome = new SolverOutcome.Unsat();
    } else if (status == Status.UNKNOWN) {
      outcome = new SolverOutcome.Unknown(own.getReasonUnknown());
    } else {
      outcome =
          new SolverOutcome.Sat(new long[] {((IntNum) own.getModel().eval(trip, true)).getInt64()});
    }
    if (crossCheck != null) {
      crossCheck.compare(
          label + " (unequal barrier counts of " + fixed.length + " programs)",
          SmtLib.unequalBarrierCount(fixed, perIteration),
          outcome);
    }
    return outcome;
  }

  private ArithExpr<IntSort> count(IntExpr trip, long fixed, long perIteration) {
    return context.mkAdd(context.mkInt(fixed), context.mkMul(context.mkInt(perIteration), trip));
  }

  private BoolExpr lt(int a, int b) {
    return context.mkLt((ArithExpr<?>) time(a), time(b));
  }

  /** The time variable of event i, made on first use: a certificate mentions few events. */
  private IntExpr time(int i) {
    if (time[i] == null) {
      time[i] = context.mkIntConst(names.get(i));
    }
    return time[i];
  }

  private SolverOutcome check(BoolExpr... goal) {
    long start = System.nanoTime();
    solver.push();
    try {
      solver.add(goal);
      Status status = solver.check();
      solverNanos += System.nanoTime() - start;
      switch (status) {
        case UNSATISFIABLE:
          return new SolverOutcome.Unsat();
        case UNKNOWN:
          return new SolverOutcome.Unknown(solver.getReasonUnknown());
        default:
          return new SolverOutcome.Sat(decode(solver.getModel()));
      }
    } finally {
      solver.pop();
    }
  }

  /**
   * Event times of a model. Events the loaded problem does not mention are unconstrained and get 0,
   * the value Z3's model completion gives them, without a call into Z3 for each.
   */
  private long[] decode(Model model) {
    long[] out = new long[time.length];
    for (int i = 0; i < out.length; i++) {
      if (time[i] != null) {
        out[i] = ((IntNum) model.eval(time[i], true)).getInt64();
      }
    }
    return out;
  }

  @Override
  public void close() {
    context.close();
  }
}
