package io.pipeverify.verifier;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.verifier.check.DataflowFinding;
import io.pipeverify.verifier.check.RaceFinding;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Instance;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The root causes an instance of a violation can be put down to (docs/debugging.md, "Root causes").
 * A violation of P1, P2 or P4's timing is a missing ordering: op x must complete before op y starts
 * (the copy before the read of a RAW, the read before the overwriting copy of a WAR, the load
 * before its mfma), and nothing orders them. Its repair goes to one of two places:
 *
 * <ul>
 *   <li>before y: a wait on x's counter (and, across waves, a barrier) after the last wait or
 *       barrier before y, which orders x before every op of y's run of unsynchronised ops; the
 *       candidate {@link RootCause.Kind#ISSUED_TOO_EARLY}, named by that last wait or barrier;
 *   <li>at x's retirement: the first wait of x's wave that retires x comes too late (or none does);
 *       moving it up or strengthening an earlier one orders every op that wait retires; the
 *       candidate {@link RootCause.Kind#RETIRED_TOO_LATE}, named by that wait.
 * </ul>
 *
 * Each candidate has a distance: how many ops of its wave the repair moves an op across (the read
 * down past the wait and barrier it needs, or the wait up before the barrier the read's wave passes
 * last), which decides between candidates that account for the same instances (the smaller edit is
 * the cause: a wait a whole phase late is not a read a few ops early). A P2 read has no write of
 * its bytes before it: its x is the first of the writes that may land after it (the first fill of
 * those bytes); a read of bytes nothing writes, and every defect that is not an ordering, is one
 * cause per rule.
 *
 * <p>Every instance of a violation gets its candidates (a defect is put down to any of its
 * instances' causes), so they are cheap: the sites' names are made once per place, and a cause's
 * sentence only for the one instance that words a finding.
 */
final class CauseCandidates {
  /**
   * A cause an instance can be put down to (its sentence made when asked), and how far its repair
   * moves an op.
   */
  record Candidate(
      RootCause.Kind kind, String key, String family, Supplier<String> text, long distance) {
    static Candidate of(RootCause cause) {
      return new Candidate(cause.kind(), cause.key(), cause.family(), cause::text, 0);
    }

    RootCause cause() {
      return new RootCause(kind, key, family, text.get());
    }

    /** This cause worded as {@code other} words it. */
    Candidate wordedAs(Candidate other) {
      return new Candidate(kind, key, family, other.text, distance);
    }
  }

  /** A place of a program: what the sites' names are cached by. */
  private record Place(int program, Section section, int index) {}

  /** A site's name, as it is and in general ({@link ProgramSites#family}). */
  private record Name(String exact, String family) {}

  private static final long FAR = Long.MAX_VALUE / 4;

  private final Schedule schedule;
  private final HappensBefore hb;
  private final ProgramSites sites;

  /** The names of the sites asked for, by place. */
  private final Map<Place, Name> names = new HashMap<>();

  /** By wave: the seqs of its barriers, in order (made when first asked). */
  private final int[][] barriers;

  CauseCandidates(HappensBefore hb) {
    this.hb = hb;
    this.barriers = new int[hb.execution().waves().size()][];
    this.schedule = hb.execution().schedule();
    this.sites = new ProgramSites(schedule);
  }

  /** The candidates of a P1 or P2 instance the race check found. */
  List<Candidate> of(RaceFinding f) {
    if (f.second().isEmpty()) {
      Instance read = f.first();
      Optional<Instance> first = firstWrite(f);
      if (first.isPresent()) {
        return ordering(first.get(), read);
      }
      // No op of the schedule writes the byte: no ordering can repair that.
      return defect(
          f.property(),
          f.kind(),
          () -> opText(read) + " reads bytes that no op of the" + " schedule writes");
    }
    return ordering(f.first(), f.second().get());
  }

  /** The candidates of a P3/P4/P5 instance: a register hazard is an ordering, the rest defects. */
  List<Candidate> of(DataflowFinding f) {
    if (f.kind() == ViolationKind.REGISTER_HAZARD
        && f.second().isPresent()
        && !f.badOrder().isEmpty()) {
      return ordering(f.second().get(), f.first());
    }
    return defect(f.property(), f.kind(), f.summary());
  }

  /** One cause per rule; the sentence is the first instance's (a summary built once). */
  private List<Candidate> defect(Property property, ViolationKind kind, Supplier<String> text) {
    String key = RootCause.defect(property, kind, "").key();
    return List.of(new Candidate(RootCause.Kind.DEFECT, key, key, text, 0));
  }

  /**
   * The write a P2 read needed: of the writes that may land after it (its bad order), the first in
   * program order (section, iteration, then position in its wave): a read whose bytes no write
   * precedes is a read of the first fill of those bytes.
   */
  private Optional<Instance> firstWrite(RaceFinding f) {
    Instance best = null;
    for (TimingProblem.Order o : f.badOrder()) {
      if (hb.events().get(o.second()) instanceof Event.OpEvent e
          && (best == null || earlier(e.instance(), best))) {
        best = e.instance();
      }
    }
    return Optional.ofNullable(best);
  }

  private static boolean earlier(Instance a, Instance b) {
    if (a.section() != b.section()) {
      return a.section().ordinal() < b.section().ordinal();
    }
    if (a.iteration() != b.iteration()) {
      return a.iteration() < b.iteration();
    }
    return a.seq() < b.seq() || (a.seq() == b.seq() && a.wave() < b.wave());
  }

  /** {@code x} must complete before {@code y} starts. */
  private List<Candidate> ordering(Instance x, Instance y) {
    String counter = Counter.of(x.op()).map(Counter::id).orElse("vmcnt");
    Optional<Instance> retire = hb.retiredBy(x);
    long down = FAR;
    long up = FAR;
    if (x.wave() == y.wave()) {
      // Either the read moves down past the wait that retires the copy, or the wait up before it.
      if (retire.isPresent()) {
        down = retire.get().seq() - y.seq();
        up = down;
      }
    } else {
      // The read must follow a barrier its wave passes with or after the copy's wave passes the
      // first barrier after the retiring wait; or that wait must precede the barrier the copy's
      // wave passes with the read's last one.
      int passed = barriersBefore(y.wave(), y.seq());
      // A deadline before x itself cannot be met by retiring x sooner.
      Optional<Instance> deadline = barrier(x.wave(), passed).filter(d -> d.seq() > x.seq());
      if (retire.isPresent()) {
        int after = barriersBefore(x.wave(), retire.get().seq()) + 1;
        down = barrier(y.wave(), after).map(b -> (long) (b.seq() - y.seq())).orElse(FAR);
        up = deadline.map(d -> (long) Math.max(0, retire.get().seq() - d.seq())).orElse(FAR);
      } else if (deadline.isPresent()) {
        up = 1;
      }
    }
    return List.of(issuedTooEarly(x, y, counter, down), retiredTooLate(x, y, retire, counter, up));
  }

  /** How many barriers wave {@code w} passes before op {@code seq}. */
  private int barriersBefore(int w, int seq) {
    int found = Arrays.binarySearch(barrierSeqs(w), seq);
    return found >= 0 ? found : -found - 1;
  }

  /** The {@code n}-th barrier (from 1) of wave {@code w}, if it passes that many. */
  private Optional<Instance> barrier(int w, int n) {
    int[] seqs = barrierSeqs(w);
    return n >= 1 && n <= seqs.length
        ? Optional.of(hb.execution().waves().get(w).get(seqs[n - 1]))
        : Optional.empty();
  }

  private int[] barrierSeqs(int w) {
    if (barriers[w] == null) {
      List<Instance> ops = hb.execution().waves().get(w);
      barriers[w] =
          ops.stream().filter(i -> i.op() instanceof Op.Barrier).mapToInt(Instance::seq).toArray();
    }
    return barriers[w];
  }

  private Candidate issuedTooEarly(Instance x, Instance y, String counter, long distance) {
    Gap gap = gapOf(y);
    boolean barrier = x.wave() != y.wave();
    return named(
        RootCause.Kind.ISSUED_TOO_EARLY,
        "issued too early on " + counter + " after ",
        gap.place(),
        () ->
            opText(y)
                + " may start before "
                + opText(x)
                + " is retired ("
                + counter
                + "); the s_waitcnt "
                + counter
                + (barrier ? " and the s_barrier that order it belong" : " that orders it belongs")
                + " after "
                + gap.text().get()
                + ", before the first op that needs it",
        distance);
  }

  /** A cause whose key and family are {@code prefix} and the site's name, exact and general. */
  private Candidate named(
      RootCause.Kind kind, String prefix, Place at, Supplier<String> text, long distance) {
    Name name =
        names.computeIfAbsent(
            at,
            p -> {
              ProgramSites.Site site =
                  p.index() < 0
                      ? ProgramSites.Site.start(p.section())
                      : sites.siteOf(p.program(), p.section(), p.index());
              return new Name(sites.name(site), sites.family(p.program(), site));
            });
    return new Candidate(kind, prefix + name.exact(), prefix + name.family(), text, distance);
  }

  /**
   * The place of the last wait or barrier before an op in its section (index -1: none, the
   * section's start), and its words.
   */
  private record Gap(Place place, Supplier<String> text) {}

  private Gap gapOf(Instance op) {
    int program = schedule.programIndexOf(op.wave());
    List<Op> ops = schedule.programs().get(program).section(op.section());
    int sync = op.position() - 1;
    while (sync >= 0 && !synchronises(ops.get(sync))) {
      sync--;
    }
    int at = sync;
    return new Gap(
        new Place(program, op.section(), sync),
        () ->
            at < 0
                ? "the start of the " + op.section().id()
                : "the "
                    + ProgramSites.signature(ops.get(at))
                    + " at "
                    + place(ops.get(at), op, at));
  }

  private Candidate retiredTooLate(
      Instance x, Instance y, Optional<Instance> retire, String counter, long distance) {
    if (retire.isEmpty()) {
      // The ops issued after the same wait or barrier want one wait after them.
      return named(
          RootCause.Kind.RETIRED_TOO_LATE,
          "never retired on " + counter + " after ",
          gapOf(x).place(),
          () ->
              opText(x)
                  + " is not retired by any s_waitcnt "
                  + counter
                  + " before "
                  + opText(y)
                  + ", which needs it",
          distance);
    }
    Instance wait = retire.get();
    return named(
        RootCause.Kind.RETIRED_TOO_LATE,
        "retired too late on "
            + counter
            + " by "
            + (wait.implicit() ? "the implicit wait before " : ""),
        new Place(schedule.programIndexOf(wait.wave()), wait.section(), wait.position()),
        () ->
            opText(x)
                + " is retired only by "
                + (wait.implicit()
                    ? "the implicit s_waitcnt before the " + ProgramSites.signature(siteOp(wait))
                    : "the " + ProgramSites.signature(wait.op()))
                + " at "
                + place(wait.op(), wait, wait.position())
                + ", too late for "
                + opText(y)
                + ", which needs it; that wait must come earlier, or an earlier one retire it",
        distance);
  }

  /**
   * The op of {@code program}'s section at the instance's position (the guarded op, if implicit).
   */
  private Op siteOp(Instance i) {
    List<Op> ops = schedule.programOf(i.wave()).section(i.section());
    return i.position() < ops.size() ? ops.get(i.position()) : i.op();
  }

  private static boolean synchronises(Op op) {
    Op inner = op instanceof Op.Conditional c ? c.op() : op;
    return inner instanceof Op.Wait || inner instanceof Op.Barrier;
  }

  /** {@code ds_read B at loop, phase 7}. */
  private static String opText(Instance i) {
    return ProgramSites.signature(i.op()) + " at " + place(i.op(), i, i.position());
  }

  /**
   * Where an op is, in the schedule's terms: the assembly line it was lifted from, or its section
   * and transform stage, or its section and position.
   */
  private static String place(Op op, Instance in, int position) {
    Section section = in.section();
    if (op.origin() instanceof Origin.InAssembly a) {
      return a.describe();
    }
    if (op.origin() instanceof Origin.FromTransform t && !t.stage().isEmpty()) {
      // Transforms often name a stage by its section ("loop phase 3", "prologue").
      return t.stage().startsWith(section.id()) ? t.stage() : section.id() + ", " + t.stage();
    }
    return section.id() + " #" + position;
  }
}
