package io.pipeverify.verifier.check;

import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.interp.Fragment;
import io.pipeverify.model.interp.FragmentMap;
import io.pipeverify.verifier.Property;
import io.pipeverify.verifier.ViolationKind;
import io.pipeverify.verifier.hb.Event;
import io.pipeverify.verifier.hb.HappensBefore;
import io.pipeverify.verifier.hb.RegisterUses;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Access;
import io.pipeverify.verifier.unroll.Counter;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.InstanceMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * P3 (wrong version), P4 (register hazard) and P5 (contraction coverage) of semantics.md section 4
 * on one execution, reusing its happens-before graph (proofs/dataflow.md).
 *
 * <ul>
 *   <li>P3: for every ds_read and every row it reads, the writes of that row that happen before it
 *       are totally ordered when the schedule is race-free; the last one's tile tag (tensor, K
 *       tile, global row) must be the one the read's tag expects. Reads involved in a P1/P2 finding
 *       are skipped: their last writer is not unique, and P1/P2 already report them.
 *   <li>P4: the register an mfma reads is defined by the last ds_read of it before the mfma in
 *       program order; that ds_read must land before the mfma's use ({@link
 *       RegisterUses#landsBefore}), and its fragment must be the one the mfma needs: its K tile,
 *       and the rows of its output fragment ({@link FragmentMap}). A register no ds_read defines
 *       before the mfma is a hazard too (it holds garbage).
 *   <li>P5: per wave, every (K tile, i, j, k-chunk) product, over the K tiles the schedule copies,
 *       the wave's output fragments (i, j) and the tile's k-chunks, is accumulated exactly once,
 *       with A and B fragments of the same k-chunk. Products are what the fragments hold, not the
 *       mfma's labels: two k-pack swaps that cancel compute the right sum and pass.
 * </ul>
 *
 * Every instance is a finding; those of one key (the op's section and stage, the kind, the operand)
 * are one defect, which the verifier reports once with their count.
 */
public final class DataflowChecker {
  private final RegisterUses uses;
  private final HappensBefore hb;
  private final Schedule schedule;
  private final FragmentMap map;
  private final InstanceText text;
  private final RaceChecker.Result races;
  private final Set<Instance> racy;
  private final List<DataflowFinding> findings = new ArrayList<>();
  private final Map<Long, Map<String, Long>> envs = new HashMap<>();
  private final InstanceMap<Fragment> fragments;

  private DataflowChecker(RegisterUses uses, FragmentMap map, RaceChecker.Result races) {
    this.uses = uses;
    this.hb = uses.hb();
    this.schedule = hb.execution().schedule();
    this.map = map;
    this.text = new InstanceText(schedule);
    this.races = races;
    this.racy = races.racy();
    this.fragments = new InstanceMap<>(hb.execution());
  }

  /**
   * The P3, P4 and P5 findings of one execution, P3 first, each in program position order. {@code
   * races} is the execution's P1/P2 check, whose accesses by slot P3 reuses.
   */
  public static List<DataflowFinding> check(
      RegisterUses uses, FragmentMap map, RaceChecker.Result races) {
    DataflowChecker c = new DataflowChecker(uses, map, races);
    if (c.schedule.intent() == Intent.GEMM) {
      c.wrongVersions();
      c.registersAndCoverage();
    } else {
      c.registersLand();
    }
    return List.copyOf(c.findings);
  }

  private Map<String, Long> env(Instance i) {
    long key = ((long) i.wave() << 32) | (i.iteration() + 1L);
    return envs.computeIfAbsent(
        key,
        x -> {
          Map<String, Long> env = schedule.waveEnv(i.wave());
          env.put(Schedule.TRIP_COUNT, (long) hb.execution().tripCount());
          if (i.section() == Section.LOOP) {
            env.put(Schedule.K, (long) i.iteration());
          }
          return env;
        });
  }

  /** The fragment the tile tag of a copy or read instance names (cached: P3 asks once per row). */
  private Fragment fragment(Instance i) {
    return fragments.computeIfAbsent(i, x -> Fragment.of(tag(i.op()), env(i)));
  }

  private static TileTag tag(Op op) {
    return op instanceof Op.GLoad g ? g.tile() : ((Op.LdsAccess) op).tile();
  }

  private static Access access(Event.OpEvent e) {
    return e.instance().access().orElseThrow();
  }

  private static String stageKey(Instance i) {
    String stage = InstanceText.stage(i);
    return i.section().id() + "|" + (stage.isEmpty() ? "#" + i.position() : stage);
  }

  private void add(DataflowFinding f) {
    findings.add(f);
  }

  // ---------------------------------------------------------------- P3

  private void wrongVersions() {
    Map<String, Integer> rowBytes = new HashMap<>();
    for (LdsBuffer b : schedule.buffers()) {
      rowBytes.put(b.name(), b.rowBytes());
    }
    for (Event.OpEvent r : hb.accessEvents()) {
      Access ra = access(r);
      if (ra.write() || racy.contains(r.instance()) || !(r.instance().op() instanceof Op.DsRead)) {
        continue;
      }
      checkRead(r, races.accesses().writesBefore(r), rowBytes.getOrDefault(ra.buffer(), 1));
    }
  }

  private void checkRead(Event.OpEvent r, List<Event.OpEvent> before, int rowBytes) {
    Access ra = access(r);
    Fragment expects = fragment(r.instance());
    long firstRow = ra.bytes().from() / rowBytes;
    long endRow = (ra.bytes().to() + rowBytes - 1) / rowBytes;
    // Rows up to the next one where some write starts or stops overlapping see the same writes,
    // so they have the same last writer, and its row and the row the read expects advance
    // together: one check per such run of rows decides all of them.
    for (long row = firstRow, next; row < endRow; row = next) {
      List<Region.ByteRange> bytes =
          List.of(new Region.ByteRange(row * rowBytes, (row + 1) * rowBytes));
      if (ra.isScattered()) {
        // The read's own bytes of the row (a swizzled fragment reads part of each row, a write may
        // cover another part), row by row: the writes over them change from row to row.
        bytes = Access.clip(ra.pieces(), bytes.get(0));
        next = row + 1;
        if (bytes.isEmpty()) {
          continue;
        }
      } else {
        next = nextChange(before, row, endRow, rowBytes);
      }
      Event.OpEvent last = lastWriter(before, bytes);
      if (last == null) {
        continue; // no write before it: P2's finding, or a race P1 reports
      }
      Instance w = last.instance();
      Fragment wf = fragment(w);
      long wRow = wf.rowStart() + row - access(last).bytes().from() / rowBytes;
      long needRow = expects.rowStart() + row - firstRow;
      if (wf.tensor().equals(expects.tensor())
          && wf.kTile() == expects.kTile()
          && wRow == needRow) {
        continue;
      }
      String got = "tile " + wf.tensor() + " k=" + wf.kTile() + " row " + wRow;
      String need = "tile " + expects.tensor() + " k=" + expects.kTile() + " row " + needRow;
      long readRow = row;
      add(
          new DataflowFinding(
              Property.P3,
              ViolationKind.WRONG_VERSION,
              r.instance(),
              Optional.of(w),
              List.of(),
              List.of(last.id(), r.id()),
              "P3|" + stageKey(r.instance()) + "|" + ra.buffer(),
              () ->
                  "P3 WRONG_VERSION: "
                      + text.ref(r.instance()).brief()
                      + " reads "
                      + got
                      + " at LDS "
                      + ra.buffer()
                      + "["
                      + ra.slot()
                      + "] row "
                      + readRow
                      + ", expects "
                      + need,
              () ->
                  "the last write of that row that happens before the read, in every execution, is "
                      + text.ref(w).brief()
                      + " (every other write of the row happens before it): the read's slot or"
                      + " region selects data of another tile or rows than its tag expects"));
      return;
    }
  }

  /**
   * The first row after {@code row} (at most {@code endRow}) where one of {@code writes} starts or
   * stops overlapping the row: write [from, to) overlaps the rows from {@code from / rowBytes} up
   * to {@code ceil(to / rowBytes)}.
   */
  private static long nextChange(List<Event.OpEvent> writes, long row, long endRow, int rowBytes) {
    long next = endRow;
    for (Event.OpEvent w : writes) {
      long enters = access(w).bytes().from() / rowBytes;
      long leaves = (access(w).bytes().to() + rowBytes - 1) / rowBytes;
      if (enters > row) {
        next = Math.min(next, enters);
      }
      if (leaves > row) {
        next = Math.min(next, leaves);
      }
    }
    return next;
  }

  /** The write among {@code before} overlapping {@code bytes} that all others happen before. */
  private Event.OpEvent lastWriter(List<Event.OpEvent> before, List<Region.ByteRange> bytes) {
    // Under a total order the running maximum is the last write; then check it is one. (No list
    // of candidates: this runs once per row read.)
    Event.OpEvent last = null;
    for (Event.OpEvent w : before) {
      if (access(w).overlapsAny(bytes) && (last == null || hb.before(last, w))) {
        last = w;
      }
    }
    for (Event.OpEvent w : before) {
      if (w != last && access(w).overlapsAny(bytes) && !hb.before(w, last)) {
        return null;
      }
    }
    return last;
  }

  // ---------------------------------------------------------------- P4, P5

  /** A product actually computed: output fragment (i, j), the tiles and k-chunks of A and B. */
  private record Product(int i, int j, long tileA, long tileB, int kcA, int kcB) {
    // Written out, as in the other hash keys of the graph checks: a record's generated equals and
    // hashCode run through method handles, which a cold start interprets at many times the cost
    // of plain code (docs/PERFORMANCE.md, "Cold start").
    @Override
    public boolean equals(Object o) {
      return o instanceof Product p
          && i == p.i
          && j == p.j
          && tileA == p.tileA
          && tileB == p.tileB
          && kcA == p.kcA
          && kcB == p.kcB;
    }

    @Override
    public int hashCode() {
      return ((((i * 31 + j) * 31 + Long.hashCode(tileA)) * 31 + Long.hashCode(tileB)) * 31 + kcA)
              * 31
          + kcB;
    }
  }

  private void registersAndCoverage() {
    Set<Long> tiles = new TreeSet<>();
    for (List<Instance> wave : hb.execution().waves()) {
      for (Instance i : wave) {
        if (i.op() instanceof Op.G2s || i.op() instanceof Op.GLoad) {
          tiles.add(fragment(i).kTile());
        }
      }
    }
    for (List<Instance> wave : hb.execution().waves()) {
      WaveProducts w = new WaveProducts();
      for (Instance inst : wave) {
        w.visit(inst);
      }
      if (w.firstMfma != null) {
        coverage(w.firstMfma, tiles, w);
      }
    }
  }

  /**
   * One wave's registers and products, fed its ops in program order. The work per op is a method of
   * its own so that the JIT compiles it after a few hundred ops: a loop in a method called once per
   * trip count runs interpreted to its end (the JIT compiles such a loop only after tens of
   * thousands of iterations, later still while its queue is long), which made this check a fifth of
   * a cold verify (docs/PERFORMANCE.md, "Cold start").
   */
  private final class WaveProducts {
    final Map<String, Instance> lastDef = new HashMap<>();
    final Map<Product, List<Instance>> products = new LinkedHashMap<>();
    final Map<Label, Instance> byLabel = new HashMap<>();
    final Set<Integer> is = new TreeSet<>();
    final Set<Integer> js = new TreeSet<>();
    Instance firstMfma;

    void visit(Instance inst) {
      if (!defines(inst, lastDef) && inst.op() instanceof Op.Mfma m) {
        mfma(inst, m);
      }
    }

    private void mfma(Instance inst, Op.Mfma m) {
      if (firstMfma == null) {
        firstMfma = inst;
      }
      is.add(m.i());
      js.add(m.j());
      long tile = m.kTile().eval(env(inst));
      byLabel.putIfAbsent(new Label(m.i(), m.j(), m.kChunk(), tile), inst);
      Instance defA = lastDef.get(m.a());
      Instance defB = lastDef.get(m.b());
      Fragment a = operand(inst, m, "A", m.a(), m.i(), tile, defA);
      Fragment b = operand(inst, m, "B", m.b(), m.j(), tile, defB);
      if (a == null || b == null) {
        return;
      }
      if (a.kChunk() != b.kChunk()) {
        mixed(inst, m, a, b, defA, defB);
      }
      products
          .computeIfAbsent(
              new Product(m.i(), m.j(), a.kTile(), b.kTile(), a.kChunk(), b.kChunk()),
              x -> new ArrayList<>())
          .add(inst);
    }
  }

  /**
   * P4 for a register-staged copy (semantics.md section 4: every consumer of an unretired load): a
   * ds_write whose data register a global load defines must issue after a wait that retires the
   * load, or it writes the register's previous contents to LDS.
   */
  private void staged(Instance write, Op.DsWrite w, Instance def, String defect) {
    registerHazard(
        write,
        hb.issueOf(write).id(),
        def,
        defect,
        () ->
            "P4 REGISTER_HAZARD: "
                + text.ref(write).brief()
                + " may write "
                + w.src()
                + " to LDS before "
                + text.ref(def).brief()
                + " lands",
        () -> "The ds_write then copies the register's previous contents");
  }

  /** Whether {@code def} is a global load not retired before {@code write} issues. */
  private boolean unretired(Instance def, Instance write) {
    return def != null && def.op() instanceof Op.GLoad && !uses.landsBefore(def, write);
  }

  /**
   * Records a load (ds_read, gload, sload or ds_permute) as its register's last definition; false
   * for other ops.
   */
  private static boolean defines(Instance inst, Map<String, Instance> lastDef) {
    Optional<String> reg = Op.loadedRegister(inst.op());
    reg.ifPresent(r -> lastDef.put(r, inst));
    return reg.isPresent();
  }

  /** The product an mfma is labelled with: output fragment (i, j), k-chunk and K tile. */
  private record Label(int i, int j, int kChunk, long tile) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Label l && i == l.i && j == l.j && kChunk == l.kChunk && tile == l.tile;
    }

    @Override
    public int hashCode() {
      return ((i * 31 + j) * 31 + kChunk) * 31 + Long.hashCode(tile);
    }
  }

  /** Checks one operand of an mfma (P4); returns what the register holds, or null if unknown. */
  private Fragment operand(
      Instance mfma, Op.Mfma m, String tensor, String reg, int index, long tile, Instance def) {
    // The report's sentences are built only for a finding: most mfmas have none, and the text
    // of every mfma and its operands was most of this check's time.
    OptionalLong rows = map.rows(tensor, mfma.wave(), index);
    int use = uses.useOf(mfma).id();
    if (def == null) {
      add(
          new DataflowFinding(
              Property.P4,
              ViolationKind.REGISTER_HAZARD,
              mfma,
              Optional.empty(),
              List.of(),
              List.of(use),
              "P4|undefined|" + stageKey(mfma) + "|" + tensor,
              () ->
                  "P4 REGISTER_HAZARD: "
                      + text.ref(mfma).brief()
                      + " reads "
                      + reg
                      + ", which no op before it writes",
              () ->
                  "got: nothing (the register holds whatever it held: NaN in a replay); needed: "
                      + needed(tensor, tile, rows, m)
                      + "; no ds_read of "
                      + reg
                      + " precedes the mfma in wave "
                      + mfma.wave()
                      + "'s program"));
      return null;
    }
    Fragment got = fragment(def);
    if (!uses.landsBefore(def, mfma)) {
      hazard(
          mfma,
          def,
          reg,
          "P4|hazard|" + stageKey(mfma) + "|" + tensor,
          () -> needed(tensor, tile, rows, m));
    }
    boolean rowsOk = rows.isEmpty() || rows.getAsLong() == got.rowStart();
    if (!got.tensor().equals(tensor) || got.kTile() != tile || !rowsOk) {
      add(
          new DataflowFinding(
              Property.P4,
              ViolationKind.WRONG_FRAGMENT,
              mfma,
              Optional.of(def),
              List.of(),
              List.of(hb.accessOf(def).orElseThrow().id(), use),
              "P4|fragment|" + stageKey(mfma) + "|" + tensor,
              () ->
                  "P4 WRONG_FRAGMENT: "
                      + text.ref(mfma).brief()
                      + " gets "
                      + got.describe()
                      + " in "
                      + reg
                      + ", needs "
                      + needed(tensor, tile, rows, m),
              () ->
                  "the fragment comes from "
                      + text.ref(def).brief()
                      + ", the last op that writes "
                      + reg
                      + " before the mfma in program order"));
    }
    return got;
  }

  /**
   * P4 without intent (a schedule lifted from assembly): the ds_read or gload that last defines an
   * mfma operand's register before it in program order must land before the mfma. A register no
   * load defines was computed by other instructions, which the lift does not model as ops.
   */
  private void registersLand() {
    // Made once per execution by the race check, which a schedule without intent always has.
    SequentialOrder order = races.sequential().orElseThrow();
    for (List<Instance> wave : hb.execution().waves()) {
      Map<String, Instance> lastDef = new HashMap<>();
      for (Instance inst : wave) {
        if (inst.op() instanceof Op.DsWrite w && unretired(lastDef.get(w.src()), inst)) {
          Instance def = lastDef.get(w.src());
          Instance before = order.barrierAfter(def).filter(b -> b.seq() < inst.seq()).orElse(inst);
          staged(inst, w, def, "P4|staged|before " + stageKey(before));
        }
        if (inst.op() instanceof Op.Consume c) {
          consumed(inst, c, lastDef, order);
        }
        if (!defines(inst, lastDef) && inst.op() instanceof Op.Mfma m) {
          for (String reg : List.of(m.a(), m.b())) {
            Instance def = lastDef.get(reg);
            if (def != null && !uses.landsBefore(def, inst)) {
              // One defect per place the missing wait goes: before the barrier after the load when
              // the mfma comes after it, else before the mfma (as for P1, RaceChecker).
              Instance before =
                  order.barrierAfter(def).filter(b -> b.seq() < inst.seq()).orElse(inst);
              hazard(
                  inst,
                  def,
                  reg,
                  "P4|hazard|before " + stageKey(before),
                  () -> "the data " + text.ref(def).brief() + " loads");
            }
          }
        }
      }
    }
  }

  /**
   * P4 for an instruction that reads loaded registers (a VALU operand, an address: semantics.md
   * section 4): each load must land before it issues, or it computes with the register's previous
   * contents. One defect per place the missing wait goes, as for the mfma.
   */
  private void consumed(
      Instance inst, Op.Consume c, Map<String, Instance> lastDef, SequentialOrder order) {
    for (String reg : c.registers()) {
      Instance def = lastDef.get(reg);
      if (def == null || uses.landsBefore(def, inst)) {
        continue;
      }
      Instance before = order.barrierAfter(def).filter(b -> b.seq() < inst.seq()).orElse(inst);
      registerHazard(
          inst,
          uses.useOf(inst).id(),
          def,
          "P4|consumed|before " + stageKey(before),
          () ->
              "P4 REGISTER_HAZARD: "
                  + text.ref(inst).brief()
                  + " may read or overwrite "
                  + reg
                  + " before "
                  + text.ref(def).brief()
                  + " lands",
          () ->
              "The instruction then computes with the register's previous contents, or the load"
                  + " lands over what it wrote");
    }
  }

  /** A P4 hazard: {@code def} may land after the mfma that reads its register {@code reg}. */
  private void hazard(
      Instance mfma, Instance def, String reg, String defect, Supplier<String> needed) {
    registerHazard(
        mfma,
        uses.useOf(mfma).id(),
        def,
        defect,
        () ->
            "P4 REGISTER_HAZARD: "
                + text.ref(mfma).brief()
                + " may read "
                + reg
                + " before "
                + text.ref(def).brief()
                + " lands",
        () -> "The mfma then multiplies the register's previous contents; needed: " + needed.get());
  }

  /**
   * A P4 hazard: load {@code def} may land after event {@code use} of {@code consumer} (an mfma's
   * register use, a ds_write's issue) reads its register; the missing edge names the wait that
   * would retire the load, then {@code consequence}.
   */
  private void registerHazard(
      Instance consumer,
      int use,
      Instance def,
      String defect,
      Supplier<String> summary,
      Supplier<String> consequence) {
    Event.OpEvent acc = hb.accessOf(def).orElseThrow();
    String counter = Counter.of(def.op()).map(Counter::id).orElse("lgkmcnt");
    add(
        new DataflowFinding(
            Property.P4,
            ViolationKind.REGISTER_HAZARD,
            consumer,
            Optional.of(def),
            List.of(new TimingProblem.Order(use, acc.id())),
            List.of(acc.id(), use),
            defect,
            summary,
            () ->
                notRetired(def, consumer, counter)
                    + hb.retiredBy(def)
                        .map(
                            by ->
                                "; the first wait that does is "
                                    + text.text(by)
                                    + " at "
                                    + by.where())
                        .orElse("; no wait retires it at all")
                    + ". "
                    + consequence.get()));
  }

  /**
   * Why no wait between load {@code def} and its {@code consumer} retires the load: there is none
   * on its counter, or (a scalar load, out of order) the last one waits for more than 0.
   */
  private String notRetired(Instance def, Instance consumer, String counter) {
    if (!Counter.inOrder(def.op())) {
      List<Instance> wave = hb.execution().waves().get(def.wave());
      for (int s = consumer.seq() - 1; s > def.seq(); s--) {
        Instance i = wave.get(s);
        if (i.op() instanceof Op.Wait w && w.lgkmcnt().isPresent()) {
          return "the "
              + text.text(i)
              + " at "
              + InstanceText.stage(i)
              + " does not retire it: scalar loads return out of order, so only lgkmcnt(0) does";
        }
      }
    }
    return "no s_waitcnt "
        + counter
        + " in wave "
        + consumer.wave()
        + " between the "
        + def.op().kind()
        + " and the "
        + consumer.op().kind()
        + " retires it";
  }

  private static String needed(String tensor, long tile, OptionalLong rows, Op.Mfma m) {
    return rows.isEmpty()
        ? "tile " + tensor + " k=" + tile + " kc" + m.kChunk()
        : new Fragment(tensor, tile, rows.getAsLong(), 16, m.kChunk()).describe();
  }

  private void mixed(
      Instance mfma, Op.Mfma m, Fragment a, Fragment b, Instance defA, Instance defB) {
    add(
        new DataflowFinding(
            Property.P5,
            ViolationKind.MIXED_K_CHUNK,
            mfma,
            Optional.of(a.kChunk() != m.kChunk() ? defA : defB),
            List.of(),
            List.of(
                hb.accessOf(defA).orElseThrow().id(),
                hb.accessOf(defB).orElseThrow().id(),
                uses.useOf(mfma).id()),
            "P5|mixed|" + stageKey(mfma),
            () ->
                "P5 MIXED_K_CHUNK: "
                    + text.ref(mfma).brief()
                    + " multiplies A "
                    + a.describe()
                    + " (in "
                    + m.a()
                    + ") by B "
                    + b.describe()
                    + " (in "
                    + m.b()
                    + ")",
            () ->
                "A comes from "
                    + text.ref(defA).brief()
                    + ", B from "
                    + text.ref(defB).brief()
                    + "; a product needs A and B of the same k-chunk (the mfma is labelled kc"
                    + m.kChunk()
                    + ")"));
  }

  private static String product(int i, int j, int kc, long tile) {
    return "product (i="
        + i
        + ", j="
        + j
        + ", kc"
        + kc
        + ") of K tile "
        + tile
        + " of output fragment C["
        + i
        + "]["
        + j
        + "]";
  }

  /** P5 for one wave: each product of its output fragments, over the tiles and k-chunks. */
  private void coverage(Instance anyMfma, Set<Long> tiles, WaveProducts w) {
    int kChunks = schedule.gemm().kChunks();
    for (long t : tiles) {
      for (int kc = 0; kc < kChunks; kc++) {
        for (int i : w.is) {
          for (int j : w.js) {
            covered(anyMfma, w, i, j, t, kc);
          }
        }
      }
    }
  }

  /** P5 for one product (a method of its own for the JIT, as {@link WaveProducts#visit}). */
  private void covered(Instance anyMfma, WaveProducts w, int i, int j, long t, int kc) {
    int wave = anyMfma.wave();
    List<Instance> done = w.products.getOrDefault(new Product(i, j, t, t, kc, kc), List.of());
    if (done.isEmpty()) {
      Instance meant = w.byLabel.get(new Label(i, j, kc, t));
      Instance named = meant == null ? anyMfma : meant;
      add(
          new DataflowFinding(
              Property.P5,
              ViolationKind.MISSING_PRODUCT,
              named,
              Optional.empty(),
              List.of(),
              List.of(uses.useOf(named).id()),
              "P5|missing|" + (meant == null ? "unlabelled" : stageKey(meant)),
              () ->
                  "P5 MISSING_PRODUCT: wave "
                      + wave
                      + " never computes the "
                      + product(i, j, kc, t),
              () ->
                  meant == null
                      ? "no mfma of wave " + wave + " is labelled with it"
                      : "the mfma meant for it, "
                          + text.ref(meant).brief()
                          + ", multiplies other fragments (see its P4/P5 findings)"));
    } else if (done.size() > 1) {
      add(
          new DataflowFinding(
              Property.P5,
              ViolationKind.DUPLICATE_PRODUCT,
              done.get(1),
              Optional.of(done.get(0)),
              List.of(),
              List.of(uses.useOf(done.get(0)).id(), uses.useOf(done.get(1)).id()),
              "P5|duplicate|" + stageKey(done.get(1)),
              () ->
                  "P5 DUPLICATE_PRODUCT: wave "
                      + wave
                      + " accumulates the "
                      + product(i, j, kc, t)
                      + " "
                      + done.size()
                      + " times",
              () ->
                  "first by "
                      + text.ref(done.get(0)).brief()
                      + ", again by "
                      + text.ref(done.get(1)).brief()));
    }
  }
}
