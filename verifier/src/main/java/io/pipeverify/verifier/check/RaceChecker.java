package io.pipeverify.verifier.check;

import io.pipeverify.model.Intent;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.RaceClass;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Access;
import io.pipeverify.verifier.unroll.Instance;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * P1 (LDS race) and P2 (uninitialised read) on one happens-before graph. Conflicting pairs (same
 * buffer and slot, overlapping bytes, at least one write) that HB orders become proof obligations
 * for Z3; the unordered ones become findings.
 */
public final class RaceChecker {

  /**
   * An ordered conflicting pair that Z3 must prove ordered, with its shape: pairs of one shape are
   * proved by the same happens-before argument, shifted.
   */
  public record Obligation(TimingProblem.Order order, Shape shape) {}

  /**
   * The stages of both ops of a pair ({@code first}, {@code second}: section, stage or position,
   * kind, buffer), whether they are in one wave, and where they are in the loop: for two loop ops
   * their iteration distance ({@code firstIteration} 0), otherwise both iterations, a loop op's
   * counted from the loop's end when the other op is in the epilogue (T - 1 - k: the same pair at
   * every larger T is the same shape, not a new one per T).
   */
  public record Shape(
      String first, String second, boolean sameWave, int firstIteration, int secondIteration) {
    // Written out: see DataflowChecker.Product.
    @Override
    public boolean equals(Object o) {
      return o instanceof Shape s
          && sameWave == s.sameWave
          && firstIteration == s.firstIteration
          && secondIteration == s.secondIteration
          && first.equals(s.first)
          && second.equals(s.second);
    }

    @Override
    public int hashCode() {
      return (((first.hashCode() * 31 + second.hashCode()) * 31 + Boolean.hashCode(sameWave)) * 31
                  + firstIteration)
              * 31
          + secondIteration;
    }
  }

  /**
   * Every ordered conflicting pair ({@code ProofMode.FULL} proves them all), the obligations: the
   * first pair of each shape, in the order found, that does not follow from two others through a
   * write between them ({@link #implied}; Z3 proves those two instead), the races and P2 findings,
   * the accesses grouped by slot, and for a schedule without intent its sequential order; the
   * data-flow checks reuse the last two. The verifier proves one order per shape: many pairs of an
   * execution share one, so a pair whose shape has an obligation already is not looked at further
   * (the implied-order search was a seventh of the compiled kernel's verification).
   */
  public record Result(
      List<TimingProblem.Order> ordered,
      List<Obligation> firstOfShapes,
      List<RaceFinding> findings,
      long pairs,
      SlotAccesses accesses,
      Optional<SequentialOrder> sequential) {
    public Result {
      ordered = List.copyOf(ordered);
      firstOfShapes = List.copyOf(firstOfShapes);
      findings = List.copyOf(findings);
    }

    /** The instances of the findings (an identity set): their reads have no unique last writer. */
    public Set<Instance> racy() {
      Set<Instance> racy = Collections.newSetFromMap(new IdentityHashMap<>());
      for (RaceFinding f : findings) {
        racy.add(f.first());
        f.second().ifPresent(racy::add);
      }
      return racy;
    }
  }

  /**
   * Instances by section, iteration, position, then wave. The comparators here are written out: a
   * chain of the JDK's Comparator.comparing makes lambdas of java.util.Comparator, which the
   * class-data archive does not hold, so each was spun at its first use in a cold start.
   */
  private static final Comparator<Instance> PROGRAM_POSITION = RaceChecker::compareProgramPosition;

  private static int compareProgramPosition(Instance a, Instance b) {
    int c = Integer.compare(a.section().ordinal(), b.section().ordinal());
    if (c == 0) {
      c = Integer.compare(a.iteration(), b.iteration());
    }
    if (c == 0) {
      c = Integer.compare(a.position(), b.position());
    }
    return c != 0 ? c : Integer.compare(a.wave(), b.wave());
  }

  /** Findings by property, then their first and second instances' program positions. */
  private static int compareFindings(RaceFinding x, RaceFinding y) {
    int c = x.property().compareTo(y.property());
    if (c == 0) {
      c = compareProgramPosition(x.first(), y.first());
    }
    return c != 0
        ? c
        : compareProgramPosition(x.second().orElse(x.first()), y.second().orElse(y.first()));
  }

  private RaceChecker() {}

  /** Every conflicting pair: {@link Result#ordered} lists them all ({@code ProofMode.FULL}). */
  public static Result check(HappensBefore hb) {
    return check(hb, SlotAccesses.of(hb));
  }

  /**
   * Slots where some byte is written this many times or more are checked by their nearest pairs
   * ({@link #checkNearest}); below, the sweep over every pair is cheaper (measured:
   * docs/PERFORMANCE.md, "Conflict-heavy schedules").
   */
  public static final int NEAREST_FROM_DEPTH = 16;

  /**
   * The same verdict, findings and obligation shapes from the nearest pairs of every slot without a
   * race where some byte is written at least {@code fromDepth} times (proofs/nearest-pairs.md); the
   * other slots are swept pair by pair as {@link #check} does. {@link Result#ordered} then lists
   * the ordered pairs looked at, not every one.
   */
  public static Result checkNearest(HappensBefore hb, int fromDepth) {
    return check(hb, SlotAccesses.nearest(hb, fromDepth));
  }

  private static Result check(HappensBefore hb, SlotAccesses accesses) {
    SequentialOrder sequential =
        hb.execution().schedule().intent() == Intent.NONE
            ? SequentialOrder.of(hb.execution())
            : null;
    PairSweep sweep = new PairSweep(hb, accesses, sequential);
    List<RaceFinding> findings = sweep.findings;
    for (OverlapIndex index : accesses.slots()) {
      Optional<int[]> nearest = accesses.nearestPairs(index);
      if (nearest.isPresent()) {
        int[] ids = nearest.get();
        List<Event> events = hb.events();
        for (int i = 0; i < ids.length; i += 2) {
          sweep.pairs++;
          sweep.ordered(
              index, (Event.OpEvent) events.get(ids[i]), (Event.OpEvent) events.get(ids[i + 1]));
        }
      } else {
        for (int i = 0; i < index.sorted().size(); i++) {
          sweep.pairsFrom(index, i);
        }
      }
      uninitialisedReads(accesses, index, findings);
    }
    List<Obligation> firstOfShapes = new ArrayList<>(sweep.firstOfShape.values());
    findings.sort(RaceChecker::compareFindings);
    return new Result(
        sweep.ordered,
        firstOfShapes,
        findings,
        sweep.pairs,
        accesses,
        Optional.ofNullable(sequential));
  }

  /**
   * The sweep over one slot's accesses by first byte: each access against the later ones that
   * overlap it. The work per access and per pair are methods of their own so that the JIT compiles
   * them early in a cold start (docs/PERFORMANCE.md, "Cold start").
   */
  private static final class PairSweep {
    final HappensBefore hb;
    final SlotAccesses accesses;
    final SequentialOrder sequential;
    final SiteKeys keys;
    final int tripCount;
    final List<TimingProblem.Order> ordered = new ArrayList<>();
    final Map<Shape, Obligation> firstOfShape = new LinkedHashMap<>();
    final List<RaceFinding> findings = new ArrayList<>();
    long pairs;

    PairSweep(HappensBefore hb, SlotAccesses accesses, SequentialOrder sequential) {
      this.hb = hb;
      this.accesses = accesses;
      this.sequential = sequential;
      this.keys = new SiteKeys(hb.execution().schedule());
      this.tripCount = hb.execution().tripCount();
    }

    /** The conflicting pairs of the access at position i with the later ones of its slot. */
    void pairsFrom(OverlapIndex index, int i) {
      List<Event.OpEvent> group = index.sorted();
      Event.OpEvent a = group.get(i);
      // After a read only the writes can conflict with it; after a write, every access.
      boolean aWrites = access(a).write();
      for (int j = aWrites ? i + 1 : index.nextWrite(i + 1);
          j < group.size();
          j = aWrites ? j + 1 : index.nextWrite(j + 1)) {
        Event.OpEvent b = group.get(j);
        if (access(b).bytes().from() >= access(a).bytes().to()) {
          break;
        }
        if (access(a).conflictsWith(access(b))) {
          pair(index, a, b);
        }
      }
    }

    /**
     * {@code first} before {@code second}: an obligation when no pair of its shape is one yet and
     * the order is not implied. A pair of a shape that has an obligation changes nothing whether
     * implied or not, so the search is left out for it.
     */
    private void ordered(OverlapIndex index, Event.OpEvent first, Event.OpEvent second) {
      TimingProblem.Order order = new TimingProblem.Order(first.id(), second.id());
      ordered.add(order);
      Shape shape = shape(first, second, keys, tripCount);
      if (!firstOfShape.containsKey(shape) && !implied(hb, accesses, index, first, second)) {
        firstOfShape.put(shape, new Obligation(order, shape));
      }
    }

    private void pair(OverlapIndex index, Event.OpEvent a, Event.OpEvent b) {
      pairs++;
      if (hb.before(a, b)) {
        ordered(index, a, b);
      } else if (hb.before(b, a)) {
        ordered(index, b, a);
      } else {
        RaceFinding f = sequential == null ? race(hb, index, a, b) : race(sequential, a, b);
        if (f != null) {
          findings.add(f.classified(classOf(hb, f)));
        }
      }
    }
  }

  /**
   * {@link RaceClass#IN_FLIGHT} when the op that should come first is issued before a barrier that
   * the second op's wave passes before issuing it, though its access is not ordered before the
   * second's: only a wait retiring it before that barrier is missing, and the race needs the first
   * op to stay in flight that long. Across waves that is happens-before at issue (only a barrier
   * orders two waves); in one wave, a barrier between the two in program order. Every other race is
   * unordered: with no barrier between the issues, the bad order needs no delay.
   */
  static RaceClass classOf(HappensBefore hb, RaceFinding f) {
    Instance first = f.first();
    Instance second = f.second().orElseThrow();
    boolean acrossBarrier =
        first.wave() != second.wave()
            ? hb.before(hb.issueOf(first), hb.issueOf(second))
            : barrierBetween(hb.execution().waves().get(first.wave()), first, second);
    return acrossBarrier ? RaceClass.IN_FLIGHT : RaceClass.UNORDERED;
  }

  /** Whether {@code wave} executes a barrier after {@code first} and before {@code second}. */
  private static boolean barrierBetween(List<Instance> wave, Instance first, Instance second) {
    for (int i = first.seq() + 1; i < second.seq(); i++) {
      if (wave.get(i).op() instanceof io.pipeverify.model.Op.Barrier) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code first} before {@code second} (an ordered conflicting pair) follows from two
   * other ordered conflicting pairs of this execution: a write w, neither of them, that overlaps
   * the bytes both access, with first before w and w before second. (first, w) and (w, second)
   * conflict (w writes bytes each of them accesses), so they are obligations too, each over a
   * shorter stretch of the execution, and the order follows by transitivity (proofs/certificate.md,
   * "Implied orders"). Without this, a copy and every later read of its slot, T - 1 iterations on,
   * were pairs of new shapes at every trip count, so Z3's work grew with the trip counts unrolled.
   */
  private static boolean implied(
      HappensBefore hb,
      SlotAccesses accesses,
      OverlapIndex slot,
      Event.OpEvent first,
      Event.OpEvent second) {
    // The bytes both access (pieces of scattered regions); their span for the index lookup.
    List<Region.ByteRange> common = access(first).common(access(second));
    Region.ByteRange span =
        new Region.ByteRange(common.get(0).from(), common.get(common.size() - 1).to());
    // An access of a slot summarised by its nearest pairs, and a read of one range, have the
    // writes before them over their bytes at hand, already ordered before them; otherwise the
    // writes over the common bytes only (a scattered read's span covers many writes that touch
    // none of its pieces).
    Optional<List<Event.OpEvent>> last = accesses.lastWrites(second);
    boolean before = last.isPresent() || (!access(second).write() && !access(second).isScattered());
    List<Event.OpEvent> candidates =
        last.isPresent()
            ? last.get()
            : before ? accesses.writesBefore(second) : slot.writes().overlapping(span);
    for (Event.OpEvent w : candidates) {
      if (w != first
          && w != second
          && access(w).overlapsAny(common)
          && hb.before(first, w)
          && (before || hb.before(w, second))) {
        return true;
      }
    }
    return false;
  }

  /** A loop op's iteration, from the loop's end when {@code fromEnd}; -1 outside the loop. */
  private static int placed(Instance i, boolean fromEnd, int tripCount) {
    return i.section() == Section.LOOP && fromEnd ? tripCount - 1 - i.iteration() : i.iteration();
  }

  private static Shape shape(
      Event.OpEvent first, Event.OpEvent second, SiteKeys keys, int tripCount) {
    Instance a = first.instance();
    Instance b = second.instance();
    boolean loop = a.section() == Section.LOOP && b.section() == Section.LOOP;
    boolean epilogue = a.section() == Section.EPILOGUE || b.section() == Section.EPILOGUE;
    return new Shape(
        keys.of(a),
        keys.of(b),
        a.wave() == b.wave(),
        loop ? 0 : placed(a, epilogue, tripCount),
        loop ? b.iteration() - a.iteration() : placed(b, epilogue, tripCount));
  }

  private static Access access(Event.OpEvent e) {
    return e.instance().access().orElseThrow();
  }

  /**
   * Classifies an unordered conflicting pair of a schedule without intent: the access that comes
   * first in the sequential execution should come first ({@link SequentialOrder}). Races between
   * waves are one defect per barrier that the first access should have been retired before (one
   * missing wait there races every access it leaves in flight with every access after it), which is
   * the grouping the assembly's reader needs: a missing wait in a compiled loop otherwise shows as
   * one finding per pair of instruction lines.
   */
  private static RaceFinding race(SequentialOrder sequential, Event.OpEvent a, Event.OpEvent b) {
    boolean aFirst = sequential.comparator().compare(a.instance(), b.instance()) <= 0;
    Event.OpEvent first = aFirst ? a : b;
    Event.OpEvent second = aFirst ? b : a;
    ViolationKind kind =
        access(a).write() && access(b).write()
            ? ViolationKind.WAW
            : access(first).write() ? ViolationKind.RAW : ViolationKind.WAR;
    // Where the missing wait goes: before the barrier after the first access, unless the second
    // access comes first in the same wave, then right before the second.
    Optional<Instance> barrier = sequential.barrierAfter(first.instance());
    boolean sameWave = first.instance().wave() == second.instance().wave();
    Instance before =
        barrier.isPresent() && (!sameWave || barrier.get().seq() < second.instance().seq())
            ? barrier.get()
            : second.instance();
    return unordered(kind, first, second, "P1|" + kind + "|before " + key(before));
  }

  /** A race of {@code first}, which should come first, with {@code second}, which may. */
  private static RaceFinding unordered(
      ViolationKind kind, Event.OpEvent first, Event.OpEvent second) {
    return unordered(
        kind,
        first,
        second,
        "P1|" + kind + "|" + key(first.instance()) + "|" + key(second.instance()));
  }

  /** The same, one defect with every race of the same {@code defect} key. */
  private static RaceFinding unordered(
      ViolationKind kind, Event.OpEvent first, Event.OpEvent second, String defect) {
    return new RaceFinding(
        io.pipeverify.verifier.Property.P1,
        kind,
        first.instance(),
        Optional.of(second.instance()),
        List.of(new TimingProblem.Order(second.id(), first.id())),
        defect);
  }

  /**
   * Classifies an unordered conflicting pair. A write and a read of the same tile (tensor and
   * K-tile) is RAW: the read needs that write. Otherwise the write carries other data and must not
   * land before the read: WAR. Two writes: the one of the older tile (or earlier program position)
   * should land first.
   */
  private static RaceFinding race(
      HappensBefore hb, OverlapIndex index, Event.OpEvent a, Event.OpEvent b) {
    Access x = access(a);
    Access y = access(b);
    Event.OpEvent first;
    Event.OpEvent second;
    ViolationKind kind;
    if (x.write() && y.write()) {
      kind = ViolationKind.WAW;
      boolean aFirst =
          x.kTile() != y.kTile()
              ? x.kTile() < y.kTile()
              : PROGRAM_POSITION.compare(a.instance(), b.instance()) <= 0;
      first = aFirst ? a : b;
      second = aFirst ? b : a;
    } else {
      Event.OpEvent write = x.write() ? a : b;
      Event.OpEvent read = x.write() ? b : a;
      boolean sameTile =
          access(write).tensor().equals(access(read).tensor())
              && access(write).kTile() == access(read).kTile();
      kind = sameTile ? ViolationKind.RAW : ViolationKind.WAR;
      first = sameTile ? write : read;
      second = sameTile ? read : write;
      if (!sameTile && access(write).kTile() < access(read).kTile()) {
        // A stale write (an older tile) landing before the read is harmless unless it lands after
        // the write of the tile the read needs: then it clobbers it. Found by replay (a
        // counterexample with only "write before read" computed the right result).
        List<List<TimingProblem.Order>> clobbers = new ArrayList<>();
        for (Event.OpEvent needed : neededWriters(hb, index, write, read)) {
          clobbers.add(
              List.of(
                  new TimingProblem.Order(needed.id(), write.id()),
                  new TimingProblem.Order(write.id(), read.id())));
        }
        if (!clobbers.isEmpty()) {
          return new RaceFinding(
              io.pipeverify.verifier.Property.P1,
              kind,
              first.instance(),
              Optional.of(second.instance()),
              clobbers.get(0),
              clobbers.subList(1, clobbers.size()),
              "P1|" + kind + "|" + key(first.instance()) + "|" + key(second.instance()));
        }
        if (shadowed(hb, index, write, read)) {
          // Every byte the stale write shares with the read is overwritten, after it in every
          // execution, by a write of the tile the read needs: the read can only see stale data if
          // it comes before that write, which is a RAW race reported on its own.
          return null;
        }
      }
    }
    return unordered(kind, first, second);
  }

  /**
   * The writes of the tile {@code read} expects, overlapping the stale {@code write}'s bytes in the
   * read's range, that may land before the stale write while both land before the read: the order
   * needed, stale write, read is then consistent with happens-before. Every one, in index order: in
   * the unordered counter mode Z3 may refute the first (docs: {@link RaceFinding}).
   */
  private static List<Event.OpEvent> neededWriters(
      HappensBefore hb, OverlapIndex index, Event.OpEvent write, Event.OpEvent read) {
    Access r = access(read);
    Access w = access(write);
    List<Event.OpEvent> out = new ArrayList<>();
    for (Event.OpEvent n : index.overlapping(r.bytes())) {
      Access na = access(n);
      if (n == write
          || !na.write()
          || !na.tensor().equals(r.tensor())
          || na.kTile() != r.kTile()
          || !na.overlaps(r)
          || !na.overlaps(w)) {
        continue;
      }
      if (!hb.before(write, n) && !hb.before(read, n) && !hb.before(read, write)) {
        out.add(n);
      }
    }
    return out;
  }

  /** True when a write of the read's tile, HB-after the stale write, covers their common bytes. */
  private static boolean shadowed(
      HappensBefore hb, OverlapIndex index, Event.OpEvent write, Event.OpEvent read) {
    Access r = access(read);
    Access w = access(write);
    List<Region.ByteRange> common = r.common(w);
    for (Event.OpEvent n : index.overlapping(r.bytes())) {
      Access na = access(n);
      if (n != write
          && na.write()
          && na.tensor().equals(r.tensor())
          && na.kTile() == r.kTile()
          && na.coversAll(common)
          && hb.before(write, n)) {
        return true;
      }
    }
    return false;
  }

  /** P2: a read with a byte that no HB-preceding write covers; reports the first such byte. */
  private static void uninitialisedReads(
      SlotAccesses accesses, OverlapIndex index, List<RaceFinding> findings) {
    for (Event.OpEvent r : index.sorted()) {
      Access read = access(r);
      if (read.write()) {
        continue;
      }
      List<Event.OpEvent> before = accesses.writesBefore(r);
      if (covered(before, read)) {
        continue; // the usual case: the writes that happen before cover the whole read
      }
      List<Event.OpEvent> writeEvents = accesses.writesOverlapping(r);
      List<Access> writes = writeEvents.stream().map(RaceChecker::access).toList();
      // The read's bytes split into segments at every write boundary; a segment no HB-preceding
      // write covers is a candidate. One byte suffices for P2, and Z3 must find a run in which
      // every write of that byte lands after the read; in the unordered counter mode it may
      // refute one candidate (a wait forces one of several writers to land) and accept the next.
      TreeSet<Long> cuts = new TreeSet<>();
      for (Region.ByteRange p : read.pieces()) {
        cuts.add(p.from());
        for (Access w : writes) {
          for (Region.ByteRange q : w.pieces()) {
            if (q.from() > p.from() && q.from() < p.to()) {
              cuts.add(q.from());
            }
            if (q.to() > p.from() && q.to() < p.to()) {
              cuts.add(q.to());
            }
          }
        }
      }
      for (long point : cuts) {
        if (before.stream().anyMatch(w -> covers(access(w), point))) {
          continue;
        }
        List<TimingProblem.Order> readFirst = new ArrayList<>();
        for (int i = 0; i < writes.size(); i++) {
          if (covers(writes.get(i), point)) {
            readFirst.add(new TimingProblem.Order(r.id(), writeEvents.get(i).id()));
          }
        }
        findings.add(
            new RaceFinding(
                Property.P2,
                ViolationKind.UNINITIALIZED,
                r.instance(),
                Optional.empty(),
                readFirst,
                "P2|" + key(r.instance())));
      }
    }
  }

  /** True when {@code writes}, sorted by first byte, cover every byte {@code read} touches. */
  private static boolean covered(List<Event.OpEvent> writes, Access read) {
    if (!read.isScattered() && singleRanges(writes)) {
      return covered(writes, read.bytes());
    }
    // Scattered regions: the union of the writes' pieces as disjoint runs, then each piece of the
    // read inside one run (a binary search: a read of 64 pieces against writes of hundreds).
    List<Region.ByteRange> pieces = new ArrayList<>();
    for (Event.OpEvent e : writes) {
      pieces.addAll(access(e).pieces());
    }
    pieces.sort(java.util.Comparator.comparingLong(Region.ByteRange::from));
    List<Region.ByteRange> runs = new ArrayList<>();
    for (Region.ByteRange w : pieces) {
      Region.ByteRange last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      if (last != null && w.from() <= last.to()) {
        if (w.to() > last.to()) {
          runs.set(runs.size() - 1, new Region.ByteRange(last.from(), w.to()));
        }
      } else {
        runs.add(w);
      }
    }
    for (Region.ByteRange p : read.pieces()) {
      int i = Access.firstEndingAfter(runs, p.from());
      if (i == runs.size() || runs.get(i).from() > p.from() || runs.get(i).to() < p.to()) {
        return false;
      }
    }
    return true;
  }

  /** Whether every write is one range (the usual case: the sweep below needs no merging). */
  private static boolean singleRanges(List<Event.OpEvent> writes) {
    for (Event.OpEvent e : writes) {
      if (access(e).isScattered()) {
        return false;
      }
    }
    return true;
  }

  /** True when {@code writes} of one range each, sorted by first byte, cover {@code range}. */
  private static boolean covered(List<Event.OpEvent> writes, Region.ByteRange range) {
    long reached = range.from();
    for (Event.OpEvent e : writes) {
      Region.ByteRange w = access(e).bytes();
      if (w.from() > reached) {
        return false;
      }
      reached = Math.max(reached, w.to());
      if (reached >= range.to()) {
        return true;
      }
    }
    return false;
  }

  private static boolean covers(Access write, long point) {
    return write.covers(point);
  }

  /**
   * {@link #key} of each op site (role, section, position, implicit), made once per site: made per
   * access event, the key strings were the pair sweep's largest garbage. In arrays by role, section
   * and position (a map by a boxed site number was a tenth of the sweep: two lookups per pair).
   */
  private static final class SiteKeys {
    /** By wave: the index of its program (role). */
    private final int[] role;

    /** By role, section and 2 * position + implicit: the key, or null until asked for. */
    private final String[][][] keys;

    SiteKeys(Schedule schedule) {
      role = new int[schedule.waves()];
      for (int w = 0; w < role.length; w++) {
        role[w] = schedule.programIndexOf(w);
      }
      List<WaveProgram> programs = schedule.programs();
      keys = new String[programs.size()][Section.values().length][];
      for (int p = 0; p < programs.size(); p++) {
        for (Section s : Section.values()) {
          keys[p][s.ordinal()] = new String[2 * programs.get(p).section(s).size()];
        }
      }
    }

    String of(Instance i) {
      String[] section = keys[role[i.wave()]][i.section().ordinal()];
      int site = 2 * i.position() + (i.implicit() ? 1 : 0);
      String key = section[site];
      if (key == null) {
        key = key(i);
        section[site] = key;
      }
      return key;
    }
  }

  /**
   * What makes two findings the same mistake for a report: the section and stage of the op (its
   * position when it has no stage) and the buffer, not the wave, iteration or trip count.
   */
  private static String key(Instance i) {
    Section s = i.section();
    String stage = InstanceText.stage(i);
    String where = stage.isEmpty() ? "#" + i.position() + (i.implicit() ? "i" : "") : stage;
    return s.id()
        + "|"
        + where
        + "|"
        + i.op().kind()
        + "|"
        + i.access().map(Access::buffer).orElse("");
  }
}
