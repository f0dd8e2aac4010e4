package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import io.pipeverify.model.OpObjects;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import java.lang.ref.SoftReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Verifies the launch classes of one kernel lifted from assembly (docs/isa.md, "Unknown values"). A
 * kernel's classes are the product of the ways its branches go and its trip-count classes, and most
 * of them share their prologue and K loop or their epilogue: where a class has a full fence after
 * its loop ({@link FenceSplit}), it verifies when its two halves do (proofs/fence-split.md); the
 * half before the fence is vouched for by the kernel's longest straight-line runs its unrolls start
 * ({@link Unrolls}), and each distinct half or run is verified once. A class without a fence, or
 * with a half that does not verify, is verified whole, so every finding, trace and inconclusive
 * query is the one {@link Verifier#verify} gives for the class.
 */
public final class LaunchClassVerifier {
  private final VerifyOptions options;
  private final VerifyOptions halfOptions;
  private final Halves halves;

  /** The longest straight-line runs of the kernel's halves before the fence ({@link Unrolls}). */
  private List<Schedule> longest = List.of();

  /**
   * The key of each half met, by its ops as objects: each class splits off its own half objects,
   * but a lifted kernel's equal ops are one object, so the halves of many classes are looked up
   * without hashing their ops.
   */
  private final Map<OpObjects, Halves.Key> keys = new HashMap<>();

  /** The halves whose work this kernel's reports have counted. */
  private final Set<Halves.Key> counted = new HashSet<>();

  /** Each read op of this verifier's classes as used ({@link #allReadsUsed}), once per object. */
  private final Map<Op, Op> usedOps = new IdentityHashMap<>();

  /** Equal used reads as one object: the halves of classes are looked up by their op objects. */
  private final Map<Op, Op> usedReads = new HashMap<>();

  /**
   * A class as its halves are verified: every read used, and no copy's source named. A class's dead
   * reads differ with its trip count (a straight-line class's last prefetch is dead, the same read
   * of a longer run is not), and its prologue copies' sources with its branches' symbols, so with
   * them the classes would share no halves; without them a half verifies only when it has no race
   * of any read at all and no copy is excused by its source, which vouches for the class whatever
   * its reads' uses and sources. A class whose halves stop at such a race is verified whole, with
   * its benign and excused notes.
   */
  private Schedule allReadsUsed(Schedule s) {
    return s.mapOps(
        op ->
            usedOps.computeIfAbsent(
                op,
                o ->
                    o instanceof Op.DsRead r
                        ? usedReads.computeIfAbsent(r.withUse(ReadUse.USED), x -> x)
                        : o instanceof Op.G2s g && g.source().isPresent()
                            ? usedReads.computeIfAbsent(g.withoutSource(), x -> x)
                            : o));
  }

  /** The halves' keys of this verifier's ops, made once per op object. */
  private final Map<Op, Op> keyOps = new IdentityHashMap<>();

  /** A verifier of one kernel's classes, sharing nothing with others. */
  public LaunchClassVerifier(VerifyOptions options) {
    this(options, new Halves());
  }

  /** A verifier of one kernel's classes that shares {@code halves} with other kernels'. */
  public LaunchClassVerifier(VerifyOptions options, Halves halves) {
    this.options = options;
    // A half's verification only has to say whether it verifies: it may stop at its first
    // finding, without a trace (a class with a half that does not verify is verified whole).
    this.halfOptions = options.withMaxFindings(1).withStopAtCap(true).withTraces(false);
    this.halves = halves;
  }

  /**
   * The verdicts of the halves verified so far, for the launch-class verifiers of one command (one
   * set of options; any number of kernels, on any threads). A half is known by its ops whatever the
   * file its lines are in and whatever its target: the file is only a name in the ops' origins, and
   * the verdict reads the target only in P7's LDS capacity, which the key keeps as whether the
   * half's LDS fits it. So one kernel assembled for two targets (aiter's gfx942 and gfx950 code
   * objects) has its halves verified once.
   */
  public static final class Halves {
    /**
     * A half as known across kernels ({@link #key}), with its hash computed once: the half's ops
     * are many records deep, and a key is looked up for every class that has the half.
     */
    private static final class Key {
      private final Schedule half;
      private final boolean fits;
      private final int hash;

      Key(Schedule half, boolean fits) {
        this.half = half;
        this.fits = fits;
        this.hash = 31 * half.hashCode() + Boolean.hashCode(fits);
      }

      @Override
      public boolean equals(Object o) {
        return o == this
            || (o instanceof Key k && k.hash == hash && k.fits == fits && k.half.equals(half));
      }

      @Override
      public int hashCode() {
        return hash;
      }
    }

    /** A half's verdict and the work its verification did. */
    private record Known(boolean verified, Stats stats) {}

    /**
     * The halves' verdicts and their interned ops, softly held: the collector may drop both when it
     * needs the memory (a half is then verified again, with the same verdict), so a sweep's memory
     * does not grow with its kernels.
     */
    private SoftReference<Memo> memo = new SoftReference<>(new Memo());

    private record Memo(Map<Key, Known> verdicts, Map<Op, Op> ops) {
      Memo() {
        this(new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
      }
    }

    private synchronized Memo memo() {
      Memo m = memo.get();
      if (m == null) {
        m = new Memo();
        memo = new SoftReference<>(m);
      }
      return m;
    }

    private final AtomicInteger verifications = new AtomicInteger();

    /** How many halves have been verified (the others were known already). */
    public int verifications() {
      return verifications.get();
    }
  }

  /**
   * The reports of a kernel's launch classes, in order, up to the first violated one (the verdict
   * is its, whatever the later classes are).
   */
  public List<VerificationReport> verifyAll(List<Schedule> classes) {
    List<Schedule> lowered = classes.stream().map(Verifier::lower).toList();
    List<Optional<FenceSplit>> splits =
        lowered.stream().map(this::allReadsUsed).map(FenceSplit::of).toList();
    // Each class's runs before its fence (none without a split), made once for both uses.
    List<List<Schedule>> unrolls =
        splits.stream().map(sp -> sp.map(x -> Unrolls.of(x.before())).orElse(List.of())).toList();
    longest = Unrolls.longest(unrolls.stream().flatMap(List::stream).toList());
    List<VerificationReport> reports = new ArrayList<>();
    for (int c = 0; c < classes.size(); c++) {
      VerificationReport r = verify(classes.get(c), lowered.get(c), splits.get(c), unrolls.get(c));
      reports.add(r);
      if (r.verdict() instanceof Verdict.Violated) {
        break;
      }
    }
    return reports;
  }

  /** The report of one launch class: {@link Verifier#verify}'s verdict, by halves where it can. */
  public VerificationReport verify(Schedule schedule) {
    return verifyAll(List.of(schedule)).get(0);
  }

  private VerificationReport verify(
      Schedule schedule, Schedule lowered, Optional<FenceSplit> split, List<Schedule> unrolls) {
    long started = System.nanoTime();
    if (split.isPresent()) {
      Work work = new Work();
      if (before(split.get().before(), unrolls, work)
          && (split.get().after().isEmpty() || half(split.get().after().get(), true, work))) {
        return new VerificationReport(
            lowered,
            options,
            lowered.period(),
            Verifier.tripCounts(lowered),
            new Verdict.Verified(),
            0,
            work.stats(System.nanoTime() - started));
      }
    }
    return Verifier.verify(schedule, options);
  }

  /**
   * Whether the half before the fence verifies: when each of its {@code unrolls} (T = 1..cutoff, as
   * straight-line runs) is the start of one of the kernel's longest runs that verifies, it does
   * ({@link Unrolls}: a run's violations are its longer runs' too); else verified itself.
   */
  private boolean before(Schedule half, List<Schedule> unrolls, Work work) {
    boolean covered =
        !unrolls.isEmpty()
            && unrolls.stream()
                .allMatch(
                    u ->
                        longest.stream()
                            .anyMatch(run -> Unrolls.starts(u, run) && half(run, true, work)));
    return covered || half(half, false, work);
  }

  /**
   * Whether a half verifies: verified now unless {@link #halves} knows it, its work added to {@code
   * work} the first time this kernel meets it. The half after the fence has no loop, so its one
   * unroll is every trip count's.
   */
  private boolean half(Schedule half, boolean loopless, Work work) {
    Halves.Key key = keys.computeIfAbsent(new OpObjects(half), r -> key(half));
    Map<Halves.Key, Halves.Known> verdicts = halves.memo().verdicts();
    Halves.Known known = verdicts.get(key);
    if (known == null) {
      VerificationReport r =
          loopless
              ? Verifier.verifyTripCounts(half, halfOptions, List.of(1))
              : Verifier.verify(half, halfOptions);
      halves.verifications.incrementAndGet();
      // A half verified only under a stated assumption, or with dead reads' defects set aside, is
      // verified whole with its class, so the report lists what was excused or benign.
      known =
          new Halves.Known(
              r.verdict() instanceof Verdict.Verified
                  && r.excused().isEmpty()
                  && r.benign().isEmpty(),
              r.stats());
      verdicts.put(key, known);
    }
    // A kernel's work counts each of its halves once, whichever kernel verified it first: the
    // report is the same whatever else the command verifies, and in whatever order.
    if (counted.add(key)) {
      work.add(known.stats());
    }
    return known.verified();
  }

  /** A half as {@link Halves} knows it: its ops in no file, on one target, and whether it fits. */
  private Halves.Key key(Schedule half) {
    Schedule anywhere =
        half.mapOps(
                op ->
                    keyOps.computeIfAbsent(
                        op, o -> halves.memo().ops().computeIfAbsent(o.inFile(""), x -> x)))
            .withModel(Target.GFX950, half.implicitWaits());
    return new Halves.Key(anywhere, half.ldsBytes() <= half.target().ldsBytes());
  }

  /** The work of the halves one class verified. */
  private static final class Work {
    Stats sum = Stats.NONE;

    void add(Stats s) {
      sum = sum.plus(s);
    }

    Stats stats(long nanos) {
      return sum.withTotalTime(Duration.ofNanos(nanos));
    }
  }
}
