package io.pipeverify.verifier;

import io.pipeverify.model.Schedule;
import io.pipeverify.verifier.check.TripAnalysis;
import io.pipeverify.verifier.unroll.CounterMode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The graph checks of a verification's trip counts ({@link TripAnalysis}), computed on two threads
 * and handed out in order: the caller's and one helper task of the executor. A trip count's
 * analysis depends on nothing but the schedule, so while the verifier creates its Z3 context and
 * confirms the findings of T, the helper unrolls T + 1; when the next analysis is still being made,
 * the caller makes the one after it rather than wait. Results are taken in order, so the report is
 * the same as computed on one thread.
 *
 * <p>At most two analyses are made ahead of the one the caller holds (each holds a whole unrolled
 * execution, and the largest schedules must stay within the memory targets of docs/PERFORMANCE.md).
 * The helper claims work only in that window and ends when there is none; the caller makes any trip
 * count nobody has claimed itself, so the pipeline finishes even when the executor never runs the
 * helper (a busy pool in a fuzz campaign).
 */
final class TripPipeline implements AutoCloseable {
  private final Schedule schedule;
  private final List<Integer> tripCounts;
  private final CounterMode counters;
  private final Executor executor;

  /** The analyses by position in {@code tripCounts}; a taken one is emptied. */
  private final List<CompletableFuture<TripAnalysis>> results;

  /** The next position nobody has claimed. */
  private final AtomicInteger unclaimed = new AtomicInteger();

  /** How many analyses past the one the caller takes may be made. */
  private static final int AHEAD = 2;

  /** The position the caller takes next: claims stay within {@link #AHEAD} after it. */
  private volatile int taking;

  private final AtomicBoolean helperRunning = new AtomicBoolean();
  private volatile boolean closed;

  TripPipeline(
      Schedule schedule, List<Integer> tripCounts, CounterMode counters, Executor executor) {
    this.schedule = schedule;
    this.tripCounts = List.copyOf(tripCounts);
    this.counters = counters;
    this.executor = executor;
    this.results =
        this.tripCounts.stream().map(t -> new CompletableFuture<TripAnalysis>()).toList();
    startHelper();
  }

  int size() {
    return tripCounts.size();
  }

  int tripCount(int position) {
    return tripCounts.get(position);
  }

  /**
   * The analysis at {@code position}, which is the one after the previous call's. Rethrows what
   * making it threw, on whichever thread that was.
   */
  TripAnalysis take(int position) {
    taking = position;
    startHelper();
    CompletableFuture<TripAnalysis> result = results.get(position);
    while (!result.isDone()) {
      int claimed = claim();
      if (claimed < 0) {
        break;
      }
      make(claimed);
    }
    try {
      TripAnalysis analysis = result.join();
      // The caller holds it from here: emptied, so that the pipeline does not keep every trip
      // count's unrolled execution alive until the verification ends.
      result.obtrudeValue(null);
      return analysis;
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw e;
    }
  }

  /** Stops the helper at its next claim: a verification that ends early discards the rest. */
  @Override
  public void close() {
    closed = true;
  }

  private void startHelper() {
    if (!closed && canClaim() && helperRunning.compareAndSet(false, true)) {
      executor.execute(this::help);
    }
  }

  private void help() {
    do {
      for (int claimed = claim(); claimed >= 0; claimed = claim()) {
        make(claimed);
      }
      helperRunning.set(false);
      // The caller may have moved on between the last failed claim and the flag: go on if so.
    } while (canClaim() && helperRunning.compareAndSet(false, true));
  }

  private boolean canClaim() {
    int next = unclaimed.get();
    return next < results.size() && next <= taking + AHEAD;
  }

  /** Claims the next position within the window, or returns -1. */
  private int claim() {
    while (true) {
      int next = unclaimed.get();
      if (closed || next >= results.size() || next > taking + AHEAD) {
        return -1;
      }
      if (unclaimed.compareAndSet(next, next + 1)) {
        return next;
      }
    }
  }

  private void make(int position) {
    CompletableFuture<TripAnalysis> result = results.get(position);
    try {
      result.complete(TripAnalysis.of(schedule, tripCounts.get(position), counters));
    } catch (RuntimeException | Error e) {
      result.completeExceptionally(e);
    }
  }
}
