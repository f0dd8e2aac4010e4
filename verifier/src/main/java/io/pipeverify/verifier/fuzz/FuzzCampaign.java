package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.verifier.Finding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * Runs a fuzz campaign (docs/fuzzing.md): try n draws every knob that is not pinned uniformly from
 * its domain with a generator seeded by the seed and n alone, so a try is the same whatever shard
 * or thread runs it; invalid combinations are counted and skipped; the rest are verified. Each
 * class found is shrunk from the configuration of its first try. Results are collected in try
 * order, so threads change the speed, not the result.
 */
public final class FuzzCampaign {
  /** The golden-ratio increment SplittableRandom itself uses: spreads the per-try seeds apart. */
  private static final long GAMMA = 0x9E3779B97F4A7C15L;

  private FuzzCampaign() {}

  /** Called on the caller's thread as the campaign goes (progress on stderr). */
  public interface Progress {
    void tried(int done, int planned, int classes, int invalid, Duration elapsed);

    void shrunk(int done, int total, Duration elapsed);
  }

  /**
   * Every knob of try {@code n}: the pinned values; each other knob keeps its default with
   * probability 3/4 and otherwise takes a value drawn uniformly from its domain. Drawing every knob
   * from its domain made 109 of 120 cdna4-interleave tries invalid (the layout knobs must divide
   * each other) and the valid ones had a dozen knobs changed, far from any minimal configuration.
   */
  public static Map<String, String> draw(FuzzSettings s, int n) {
    SplittableRandom random = new SplittableRandom(s.seed() + GAMMA * (n + 1L));
    Map<String, String> knobs = new LinkedHashMap<>();
    for (KnobSpec k : s.generator().knobs()) {
      List<String> domain = k.domain();
      boolean change = random.nextInt(4) == 0;
      String drawn = domain.get(random.nextInt(domain.size()));
      knobs.put(k.name(), s.pinned().getOrDefault(k.name(), change ? drawn : k.defaultValue()));
    }
    return knobs;
  }

  /** How often each class was seen, and where first. */
  private static final class Seen {
    int tries;
    final int firstTry;
    final Map<String, String> firstKnobs;

    Seen(int firstTry, Map<String, String> firstKnobs) {
      this.firstTry = firstTry;
      this.firstKnobs = firstKnobs;
    }
  }

  public static FuzzResult run(FuzzSettings s, Progress progress) {
    long start = System.nanoTime();
    Optional<Long> deadline = s.budget().map(b -> start + b.toNanos());
    BooleanSupplier outOfTime = () -> deadline.isPresent() && System.nanoTime() > deadline.get();
    Generator.Checker checker = s.generator().checker(s.options());
    ExecutorService pool =
        Executors.newFixedThreadPool(
            s.threads(),
            r -> {
              Thread t = new Thread(r, "pipeverify-fuzz");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Integer> mine = new ArrayList<>();
      for (int n = 0; n < s.tries(); n++) {
        if (s.shard().runs(n)) {
          mine.add(n);
        }
      }
      List<Future<Optional<Outcome>>> futures = new ArrayList<>();
      for (int n : mine) {
        futures.add(
            pool.submit(
                () ->
                    outOfTime.getAsBoolean()
                        ? Optional.<Outcome>empty()
                        : Optional.of(checker.check(draw(s, n)))));
      }
      Map<ClassKey, Seen> seen = new TreeMap<>();
      int run = 0;
      int invalid = 0;
      int verified = 0;
      int violated = 0;
      int inconclusive = 0;
      boolean stopped = false;
      for (int i = 0; i < mine.size(); i++) {
        Optional<Outcome> o = get(futures.get(i));
        if (o.isEmpty()) {
          stopped = true;
          continue;
        }
        run++;
        if (o.get() instanceof Outcome.Invalid) {
          invalid++;
        } else if (o.get() instanceof Outcome.Checked c) {
          switch (c.verdict()) {
            case "verified" -> verified++;
            case "violated" -> violated++;
            default -> inconclusive++;
          }
          int n = mine.get(i);
          for (ClassKey k : c.classes().keySet()) {
            seen.computeIfAbsent(k, key -> new Seen(n, draw(s, n))).tries++;
          }
        }
        progress.tried(run, mine.size(), seen.size(), invalid, since(start));
      }
      Duration triesElapsed = since(start);
      List<Future<FuzzClass>> shrinks = new ArrayList<>();
      for (Map.Entry<ClassKey, Seen> e : seen.entrySet()) {
        Callable<FuzzClass> task = () -> shrink(s, checker, outOfTime, e.getKey(), e.getValue());
        shrinks.add(pool.submit(task));
      }
      List<FuzzClass> classes = new ArrayList<>();
      for (Future<FuzzClass> f : shrinks) {
        classes.add(get(f));
        progress.shrunk(classes.size(), shrinks.size(), since(start));
      }
      boolean cut = stopped || classes.stream().anyMatch(c -> !c.shrunk());
      return new FuzzResult(
          s,
          mine.size(),
          run,
          invalid,
          verified,
          violated,
          inconclusive,
          checker.verifications(),
          classes,
          cut,
          triesElapsed,
          since(start));
    } finally {
      pool.shutdownNow();
    }
  }

  private static FuzzClass shrink(
      FuzzSettings s,
      Generator.Checker checker,
      BooleanSupplier outOfTime,
      ClassKey key,
      Seen seen) {
    Shrinker.Result r =
        new Shrinker(s.generator().knobs(), s.pinned(), checker::check, outOfTime)
            .shrink(seen.firstKnobs, key);
    Optional<Finding> found = ((Outcome.Checked) checker.check(r.knobs())).classes().get(key);
    Map<String, String> minimal = new LinkedHashMap<>();
    for (KnobSpec k : s.generator().knobs()) {
      String v = r.knobs().get(k.name());
      if (!v.equals(k.defaultValue())) {
        minimal.put(k.name(), v);
      }
    }
    return new FuzzClass(
        key,
        seen.tries,
        seen.firstTry,
        minimal,
        r.complete(),
        found.map(Finding::representative),
        found.map(Finding::rules).orElse(List.of()));
  }

  private static Duration since(long start) {
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private static <T> T get(Future<T> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("fuzz campaign interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
