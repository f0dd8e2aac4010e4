package io.pipeverify.verifier;

import io.pipeverify.verifier.check.TimingEncoder;
import io.pipeverify.verifier.smt.CrossCheck;
import io.pipeverify.verifier.smt.SolverOutcome;
import io.pipeverify.verifier.smt.Z3Session;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Z3's proofs of a verification's orders, batch by batch, on a thread of their own with a Z3
 * session of their own, while the verifier goes on to the graph checks of the next trip count. They
 * decide nothing the graph checks of the next trip count read, so the two overlap; when the
 * verifier needs their outcome ({@link #await}) it proves the batches still queued itself, from the
 * other end of the queue, with its own session. The compiled ping-pong kernel's 333 lemmas took a
 * fifth of its verification; now they run beside its graph checks, and the last trip count's on
 * both threads (docs/PERFORMANCE.md, "Fourth issue-13 session").
 *
 * <p>Batches are numbered in the order submitted. The outcome is that of the first batch, in that
 * order, that Z3 could not decide or that failed: every batch before it is proved, whichever thread
 * takes it; those after it are skipped, or their outcome ignored; the query count is the number of
 * batches up to it. So the verdict, the reason of an "inconclusive" and the count do not depend on
 * how the two threads interleave.
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

  private record Batch(int seq, int t, TimingEncoder.Proof proof) {}

  private final Z3Session caller;
  private final Duration timeout;
  private final Optional<CrossCheck> crossCheck;

  /** Made at the first batch: a verification that proves nothing starts no thread. */
  private ExecutorService thread;

  /** The proof thread's session: made and used by that thread, closed by {@link #close}. */
  private Z3Session own;

  // Guarded by this.
  private final Deque<Batch> queue = new ArrayDeque<>();
  private int submitted;
  private Future<?> draining;

  /** The number of the first batch that failed; Integer.MAX_VALUE while none has. */
  private int failedAt = Integer.MAX_VALUE;

  private String undecided;
  private Throwable failure;
  private long ownSolverNanos;
  private long loadNanos;

  /**
   * {@code caller} is the verifier's session, which the verifier's thread proves with in {@link
   * #await}; the proof thread makes its own with {@code timeout} and {@code crossCheck}.
   */
  ProofThread(Z3Session caller, Duration timeout, Optional<CrossCheck> crossCheck) {
    this.caller = caller;
    this.timeout = timeout;
    this.crossCheck = crossCheck;
  }

  /** Proves the batches of trip count {@code t} after those submitted before. */
  void submit(int t, List<TimingEncoder.Proof> proofs) {
    if (proofs.isEmpty()) {
      return;
    }
    synchronized (this) {
      for (TimingEncoder.Proof p : proofs) {
        queue.addLast(new Batch(submitted++, t, p));
      }
      if (draining == null) {
        if (thread == null) {
          thread =
              Executors.newSingleThreadExecutor(
                  r -> {
                    Thread proving = new Thread(r, "pipeverify-proofs");
                    proving.setDaemon(true);
                    return proving;
                  });
        }
        draining = thread.submit(new Drain());
      }
    }
  }

  /** The proof thread: batches from the front of the queue until it is empty. */
  private final class Drain implements Runnable {
    @Override
    public void run() {
      while (true) {
        Batch b;
        synchronized (ProofThread.this) {
          b = next(true);
          if (b == null) {
            draining = null;
            return;
          }
        }
        try {
          if (own == null) {
            own = new Z3Session(timeout, crossCheck);
          }
        } catch (RuntimeException | Error e) {
          outcome(b, null, e, 0, 0);
          continue;
        }
        prove(own, b);
      }
    }
  }

  /** The next batch still to prove, from the front or the back; null when there is none. */
  private Batch next(boolean front) {
    while (!queue.isEmpty()) {
      Batch b = front ? queue.pollFirst() : queue.pollLast();
      if (b.seq() < failedAt) {
        return b;
      }
    }
    return null;
  }

  private void prove(Z3Session z3, Batch b) {
    String reason = null;
    Throwable thrown = null;
    long start = System.nanoTime();
    long loaded = start;
    long solving = 0;
    try {
      // Numbered from 1 in the order submitted, whichever thread proves it.
      z3.label("proof batch " + (b.seq() + 1) + " at T=" + b.t());
      z3.load(b.proof().certificate());
      loaded = System.nanoTime();
      SolverOutcome proof = z3.findViolating(b.proof().goals());
      solving = System.nanoTime() - loaded;
      if (proof instanceof SolverOutcome.Unknown u) {
        reason = "Z3 could not prove the orders at T=" + b.t() + ": " + u.reason();
      } else if (proof instanceof SolverOutcome.Sat) {
        thrown =
            new VerifierBugException(
                "graph and solver disagree at T="
                    + b.t()
                    + ": Z3 found an execution breaking an order the happens-before graph implies");
      }
    } catch (RuntimeException | Error e) {
      thrown = e;
    }
    outcome(b, reason, thrown, loaded - start, z3 == own ? solving : 0);
  }

  private synchronized void outcome(
      Batch b, String reason, Throwable thrown, long load, long ownSolver) {
    loadNanos += load;
    ownSolverNanos += ownSolver;
    if ((reason != null || thrown != null) && b.seq() < failedAt) {
      failedAt = b.seq();
      undecided = reason;
      failure = thrown;
    }
  }

  /**
   * Proves what is still queued, beside the proof thread, and waits for it. Returns the reason of
   * the first batch Z3 could not decide; throws what the first failing batch threw (a disagreement
   * between graph and solver is a {@link VerifierBugException}).
   */
  Optional<String> await() {
    while (true) {
      Batch b;
      synchronized (this) {
        b = next(false);
      }
      if (b == null) {
        break;
      }
      prove(caller, b);
    }
    Future<?> running;
    synchronized (this) {
      running = draining;
    }
    boolean interrupted = false;
    while (running != null) {
      try {
        running.get();
        running = null;
      } catch (InterruptedException e) {
        // The batch in flight uses the proof thread's session, which close() closes; a query ends
        // at the solver's timeout. The interrupt is kept for the caller.
        interrupted = true;
      } catch (ExecutionException e) {
        throw new IllegalStateException("the proof thread catches what it throws", e);
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
      return Optional.ofNullable(undecided);
    }
  }

  /** Z3 queries of the proofs: the batches up to the first that failed (read after await). */
  synchronized int queries() {
    return failedAt == Integer.MAX_VALUE ? submitted : failedAt + 1;
  }

  /** Time loading certificates into Z3, on both threads (read after await). */
  synchronized long loadNanos() {
    return loadNanos;
  }

  /** Time inside Z3 checks with the proof thread's session (read after await). */
  synchronized long solverNanos() {
    return ownSolverNanos;
  }

  /**
   * Drops the batches not started, waits for the one in flight and closes the proof thread's
   * session. Normally {@link #await} has left nothing to do.
   */
  @Override
  public void close() {
    if (thread == null) {
      return;
    }
    synchronized (this) {
      queue.clear();
    }
    thread.shutdown();
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
    if (own != null) {
      own.close();
    }
  }
}
