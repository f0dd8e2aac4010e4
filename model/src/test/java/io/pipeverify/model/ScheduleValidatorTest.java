package io.pipeverify.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.ScheduleValidator.Problem;
import io.pipeverify.model.format.ScheduleReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The validator on schedules built in code, as transforms build them (no file positions). */
class ScheduleValidatorTest {
  private static final Origin HERE = new Origin.FromTransform("test", "stage 0");

  private static Schedule example() throws Exception {
    return ScheduleReader.read(Path.of("..", "docs", "examples", "double-buffer.json"));
  }

  private static Schedule withOps(Schedule s, List<Op> prologue, List<Op> loop, List<Op> epi) {
    WaveProgram p = s.programs().get(0);
    return s.withPrograms(List.of(new WaveProgram(p.role(), p.waves(), prologue, loop, epi)));
  }

  private static Schedule withLoop(Schedule s, Op... extra) {
    WaveProgram p = s.programs().get(0);
    List<Op> loop = new ArrayList<>(p.loop());
    loop.addAll(List.of(extra));
    return withOps(s, p.prologue(), loop, p.epilogue());
  }

  private static TileTag tagA(String k) {
    return TileTag.wholeRows("A", k, "0", 1);
  }

  @Test
  void exampleIsValid() throws Exception {
    assertEquals(List.of(), ScheduleValidator.validate(example()));
  }

  @Test
  void headerAndBufferRules() throws Exception {
    Schedule s = example();
    Schedule bad =
        new Schedule(
            "",
            s.target(),
            0,
            s.implicitWaits(),
            s.waveParams(),
            List.of(new LdsBuffer("A", 2, 4096, 96), new LdsBuffer("A", 0, 4096, 128)),
            new Gemm(32, 16, 64, 48),
            List.of(),
            0);
    assertEquals(
        List.of(
            new Problem("/name", "name must not be empty"),
            new Problem("/waves", "waves must be in 1..16, found 0"),
            new Problem("/nominalTripCount", "nominalTripCount must be at least 1, found 0"),
            new Problem("/gemm/kChunk", "kChunk 48 must divide tileK 64 into whole k-chunks"),
            new Problem("/buffers/0/rowBytes", "rowBytes 96 must divide slotBytes 4096"),
            new Problem("/buffers/1/name", "duplicate buffer name 'A' (also /buffers/0)"),
            new Problem("/buffers/1/slots", "slots must be at least 1, found 0")),
        ScheduleValidator.validate(bad));
  }

  @Test
  void waveParamRules() throws Exception {
    Schedule s = example();
    List<WaveParam> params =
        List.of(
            new WaveParam("k", Expr.parse("w")),
            new WaveParam("a", Expr.parse("b + 1")),
            new WaveParam("b", Expr.parse("w")),
            new WaveParam("row0", Expr.parse("16 / (w - 1)")));
    Schedule bad =
        new Schedule(
            s.name(),
            s.target(),
            s.waves(),
            s.implicitWaits(),
            params,
            s.buffers(),
            s.gemm(),
            s.programs(),
            s.nominalTripCount());
    assertEquals(
        List.of(
            new Problem(
                "/waveParams/k", "wave parameter name 'k' is reserved: w, k and T are built in"),
            new Problem("/waveParams/a", "wave parameter 'a' uses 'b' (allowed: w, k)")),
        ScheduleValidator.validate(bad));
  }

  @Test
  void divisionByZeroInAWaveParameter() throws Exception {
    Schedule s = example();
    Schedule bad =
        new Schedule(
            s.name(),
            s.target(),
            s.waves(),
            s.implicitWaits(),
            List.of(new WaveParam("row0", Expr.parse("16 / (1 - w)"))),
            s.buffers(),
            s.gemm(),
            s.programs(),
            s.nominalTripCount());
    assertEquals(
        List.of(
            new Problem(
                "/waveParams/row0",
                "division by zero evaluating wave parameter 'row0' for wave 1")),
        ScheduleValidator.validate(bad));
  }

  @Test
  void divisionByZeroInASlot() throws Exception {
    Op g2s = new Op.G2s("A", Expr.parse("k % 2 / w"), Region.rows("0", 1), tagA("k"), HERE);
    assertEquals(
        List.of(
            new Problem(
                "/programs/0/loop/10/slot",
                "division by zero in slot expression (k % 2 / w) (wave 0, k=0)")),
        ScheduleValidator.validate(withLoop(example(), g2s)));
  }

  @Test
  void epilogueSlotsMustBePeriodicInT() throws Exception {
    Schedule s = example();
    WaveProgram p = s.programs().get(0);
    Op read =
        new Op.DsRead(
            "B",
            Expr.parse("T - 1"),
            new Region(Region.Unit.BYTES, Expr.of(0), Expr.parse("T % 2 * 4096 + 1")),
            "b0",
            tagA("T - 1"),
            HERE);
    List<Op> epi = new ArrayList<>(p.epilogue());
    epi.add(read);
    assertEquals(
        List.of(
            new Problem(
                "/programs/0/epilogue/6/slot",
                "slot expression (T - 1) must be periodic in T: use % on T")),
        ScheduleValidator.validate(withOps(s, p.prologue(), p.loop(), epi)));
  }

  @Test
  void bytesRegionOutsideTheSlotInTheEpilogue() throws Exception {
    Schedule s = example();
    WaveProgram p = s.programs().get(0);
    Op read =
        new Op.DsRead(
            "B",
            Expr.parse("T % 2"),
            new Region(Region.Unit.BYTES, Expr.of(0), Expr.parse("T % 2 * 4096 + 1")),
            "b0",
            tagA("T - 1"),
            HERE);
    List<Op> epi = new ArrayList<>(p.epilogue());
    epi.add(read);
    assertEquals(
        List.of(
            new Problem(
                "/programs/0/epilogue/6/bytes",
                "bytes [0, 4097) outside buffer B's slot of 2048 bytes (wave 0, T=1)")),
        ScheduleValidator.validate(withOps(s, p.prologue(), p.loop(), epi)));
  }

  /** {@code s} with one more buffer, C: one slot of {@code slotBytes}. */
  private static Schedule withC(Schedule s, int slotBytes) {
    List<LdsBuffer> buffers = new ArrayList<>(s.buffers());
    buffers.add(new LdsBuffer("C", 1, slotBytes, 128));
    return new Schedule(
        s.name(),
        s.target(),
        s.waves(),
        s.implicitWaits(),
        s.waveParams(),
        buffers,
        s.gemm(),
        s.programs(),
        s.nominalTripCount(),
        s.intent());
  }

  @Test
  void aMemoSkipsOnlyAnAccessValidInTheSamePlace() throws Exception {
    Schedule s = example();
    WaveProgram p = s.programs().get(0);
    // Constant expressions, as the lift makes them: the memo may know such an access.
    Op read =
        new Op.DsRead(
            "C",
            Expr.of(0),
            new Region(Region.Unit.BYTES, Expr.of(0), Expr.of(2048)),
            "b0",
            TileTag.wholeRows("C", "0", "0", 1),
            HERE);
    List<Op> epi = new ArrayList<>(p.epilogue());
    epi.add(read);
    Schedule ops = withOps(s, p.prologue(), p.loop(), epi);
    Schedule valid = withC(ops, 2048);
    ScheduleValidator.Memo memo = new ScheduleValidator.Memo();
    assertEquals(List.of(), ScheduleValidator.validate(valid, memo));
    assertEquals(List.of(), ScheduleValidator.validate(valid, memo));
    // The same op object over a buffer with a smaller slot is checked again, and fails.
    List<Problem> expected =
        List.of(
            new Problem(
                "/programs/0/epilogue/6/bytes",
                "bytes [0, 2048) outside buffer C's slot of 1024 bytes (wave 0)"));
    assertEquals(expected, ScheduleValidator.validate(withC(ops, 1024), memo));
    assertEquals(expected, ScheduleValidator.validate(withC(ops, 1024)));
  }

  @Test
  void aKnownDsWriteStillNeedsItsLoad() throws Exception {
    Op write =
        new Op.DsWrite(
            "B",
            Expr.of(0),
            new Region(Region.Unit.BYTES, Expr.of(0), Expr.of(64)),
            "g0",
            TileTag.wholeRows("B", "0", "0", 1),
            HERE);
    Op load = new Op.GLoad("g0", TileTag.wholeRows("B", "0", "0", 1), HERE);
    Schedule s = example();
    WaveProgram p = s.programs().get(0);
    List<Op> epi = new ArrayList<>(p.epilogue());
    epi.add(load);
    epi.add(write);
    ScheduleValidator.Memo memo = new ScheduleValidator.Memo();
    assertEquals(
        List.of(), ScheduleValidator.validate(withOps(s, p.prologue(), p.loop(), epi), memo));
    epi.remove(load);
    assertEquals(
        List.of(
            new Problem(
                "/programs/0/epilogue/6/src",
                "unknown register 'g0' (no gload of this program defines a register)")),
        ScheduleValidator.validate(withOps(s, p.prologue(), p.loop(), epi), memo));
  }

  @Test
  void registerAndOpFieldRules() throws Exception {
    Schedule s =
        withLoop(
            example(),
            new Op.DsWrite("A", Expr.parse("k % 2"), Region.rows("0", 1), "g0", tagA("k"), HERE),
            new Op.Mfma("a0", "zz", -1, 0, 0, Expr.parse("k"), HERE),
            new Op.WaitGroup(-1, HERE),
            new Op.SchedBarrier(-2, HERE),
            new Op.SetPrio(4, HERE),
            new Op.Wait(OptionalInt.of(-1), OptionalInt.empty(), HERE),
            new Op.GLoad("g1", tagA("k").withKChunk(5), HERE));
    assertEquals(
        List.of(
            new Problem("/programs/0/loop/10/src", "unknown register 'g0' (defined by gload: g1)"),
            new Problem(
                "/programs/0/loop/11/b",
                "unknown register 'zz' (defined by ds_read: a0, a1, b0, b1)"),
            new Problem("/programs/0/loop/11/i", "fragment index i must be at least 0, found -1"),
            new Problem("/programs/0/loop/12/pending", "pending must be at least 0, found -1"),
            new Problem("/programs/0/loop/13/mask", "mask must be at least 0, found -2"),
            new Problem("/programs/0/loop/14/priority", "priority must be in 0..3, found 4"),
            new Problem("/programs/0/loop/15/vmcnt", "vmcnt(-1) must be at least 0"),
            new Problem(
                "/programs/0/loop/16/tile/kChunk",
                "k-chunk 5 out of range: the gemm has 2 k-chunks (0..1)")),
        ScheduleValidator.validate(s));
  }

  @Test
  void hugeCombinedPeriodsAreReportedNotSkipped() throws Exception {
    Op g2s =
        new Op.G2s(
            "A", Expr.parse("(k % 1000 + T % 999) % 2"), Region.rows("0", 1), tagA("k"), HERE);
    assertEquals(
        List.of(
            new Problem(
                "/programs/0/loop/10",
                "slot and region expressions have period 1000 in k and 999 in T, more than the"
                    + " 1024 combinations the validator enumerates")),
        ScheduleValidator.validate(withLoop(example(), g2s)));
  }
}
