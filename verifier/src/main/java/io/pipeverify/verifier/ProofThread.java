package io.pipeverify.verifier;

import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.smt.Z3Session;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Z3's proofs of a verification's orders, run in trip-count order on a thread of their own while
 * the verifier goes on to the graph checks of the next trip count. They decide nothing the graph
 * checks of the next trip count read, so the two overlap: the compiled ping-pong kernel's 333
 * lemmas took a fifth of its verification, and now mostly run beside its graph checks
 * (docs/PERFORMANCE.md, "Fourth issue-13 session").
 *
 * <p>The session is lent: between {@link #submit} and {@link #await} only this thread uses it. What
 * the proofs decide is read in {@link #await}, in the order submitted, so the verdict, the reason
 * of an "inconclusive" and the count of queries do not depend on how the two threads interleave:
 * after the first query Z3 cannot decide (or a disagreement), the later proofs are not run.
 */
final class ProofThread implements AutoCloseable {
  /**
   * The most lemmas one Z3 query refutes (one disjunction on a certificate of their own). Refuting
   * a disjunction costs Z3 more per goal the more goals it has (18 us per goal for 16, 27 for 64,
   * 71 for 256 on chains), against about 66 us per query: 16 took the compiled ping-pong kernel's
   * solver time from 8 to 7 ms and the 120k-event schedule's from 75 to 59 ms
   * (docs/PERFORMANCE.md).
   */
  static final int BATCH = 16;

  private final Z3Session z3;

  /** Made at the first proof: a verification that proves nothing starts no thread. */
  private ExecutorService thread;

  private Future<?> last;

  // Written by the proof thread only; read by the verifier after await.
  private String undecided;
  private Throwable failure;
  private int queries;
  private long encodingNanos;

  /** Shapes of the lemmas proved so far (TimingEncoder.proofs); this thread's only. */
  private final Set<String> lemmaShapes = new HashSet<>();

  ProofThread(Z3Session z3) {
    this.z3 = z3;
  }

  /**
   * Proves {@code orders}, which the happens-before graph {@code hb} of trip count {@code t}
   * implies, after those submitted before: on a certificate of lemmas of shapes not proved yet
   * ({@link TimingEncoder#proofs}), or on {@code whole}, the whole timing problem, when it is given
   * ({@code ProofMode.FULL}). This thread only reads the graph, through the parts built before it
   * is handed out (events, successors, reachability), while the verifier may read it too.
   */
  void submit(int t, HappensBefore hb, List<TimingProblem.Order> orders, TimingProblem whole) {
    if (orders.isEmpty()) {
      return;
    }
    if (thread == null) {
      thread = Executors.newSingleThreadExecutor(new Daemon());
    }
    last = thread.submit(new TripProofs(t, hb, orders, whole));
  }

  /**
   * Written out, not lambdas: a cold verification spins a class for every lambda it meets
   * (docs/PERFORMANCE.md, "Cold start").
   */
  private static final class Daemon implements ThreadFactory {
    @Override
    public Thread newThread(Runnable r) {
      Thread proving = new Thread(r, "pipeverify-proofs");
      proving.setDaemon(true);
      return proving;
    }
  }

  private final class TripProofs implements Runnable {
    private final int t;
    private final HappensBefore hb;
    private final List<TimingProblem.Order> orders;
    private final TimingProblem whole;

    TripProofs(int t, HappensBefore hb, List<TimingProblem.Order> orders, TimingProblem whole) {
      this.t = t;
      this.hb = hb;
      this.orders = orders;
      this.whole = whole;
    }

    @Override
    public void run() {
      try {
        if (undecided != null || failure != null) {
          return;
        }
        long start = System.nanoTime();
        // A certificate per batch of lemmas, each batch refuted as one disjunction: one
        // disjunction of every order cost Z3 more than linearly in their number, and so did
        // batches refuted against one certificate of every order (docs/PERFORMANCE.md, "Linear
        // growth"). Every order is still proved, by the lemmas its path is cut into at barrier
        // nodes.
        List<TimingEncoder.Proof> proofs =
            whole != null
                ? TimingEncoder.batches(orders, whole, BATCH)
                : TimingEncoder.proofs(hb, orders, BATCH, lemmaShapes);
        encodingNanos += System.nanoTime() - start;
        for (TimingEncoder.Proof p : proofs) {
          start = System.nanoTime();
          z3.load(p.certificate());
          encodingNanos += System.nanoTime() - start;
          queries++;
          SolverOutcome proof = z3.findViolating(p.goals());
          if (proof instanceof SolverOutcome.Unknown u) {
            undecided = "Z3 could not prove the orders at T=" + t + ": " + u.reason();
            return;
          }
          if (proof instanceof SolverOutcome.Sat) {
            throw new VerifierBugException(
                "graph and solver disagree at T="
                    + t
                    + ": Z3 found an execution breaking an order the happens-before graph implies");
          }
        }
      } catch (RuntimeException | Error e) {
        // Thrown to the verifier by await; the later proofs are not run.
        failure = e;
      }
    }
  }

  /**
   * Waits for every proof submitted. Returns the reason of the first query Z3 could not decide;
   * throws what a proof threw (a disagreement between graph and solver is a {@link
   * VerifierBugException}).
   */
  Optional<String> await() {
    boolean interrupted = false;
    while (last != null) {
      try {
        last.get();
        last = null;
      } catch (InterruptedException e) {
        // The proof in flight uses the session, which the caller may use only when it is done;
        // a query ends at the solver's timeout. The interrupt is kept for the caller.
        interrupted = true;
      } catch (ExecutionException e) {
        throw new IllegalStateException("a proof task catches what it throws", e);
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    return Optional.ofNullable(undecided);
  }

  /** Z3 queries of the proofs run so far (read after {@link #await}). */
  int queries() {
    return queries;
  }

  /** Time spent building certificates and loading them into Z3 (read after {@link #await}). */
  long encodingNanos() {
    return encodingNanos;
  }

  /**
   * Drops the proofs not started and waits for the one in flight: the session is closed after this,
   * and must not be in use then. Normally {@link #await} has left nothing to do.
   */
  @Override
  public void close() {
    if (thread == null) {
      return;
    }
    thread.shutdownNow();
    boolean interrupted = false;
    while (true) {
      try {
        if (thread.awaitTermination(1, TimeUnit.MINUTES)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
