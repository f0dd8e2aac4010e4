package io.pipeverify.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pipeverify.model.Op;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Schedule;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Malformed schedules and the exact diagnostics they produce. Most inputs are {@link #loop}: a
 * valid 2-wave header on lines 1-5 (buffer A: 2 slots of 16 rows of 128 bytes; wave parameter
 * {@code half}) with the ops under test starting on line 6.
 */
class MalformedScheduleTest {

  private static final String TEMPLATE =
      """
      {"format": "pipeverify-schedule/1", "name": "t", "target": "gfx950", "waves": 2,
       "implicitWaits": "llvm", "nominalTripCount": 4, "waveParams": {"half": "w / 2"},
       "gemm": {"tileM": 16, "tileN": 16, "tileK": 64, "kChunk": 32},
       "buffers": [{"name": "A", "slots": 2, "slotBytes": 2048, "rowBytes": 128}],
       "programs": [{"role": "all", "waves": [0, 1], "prologue": [], "epilogue": [], "loop": [
      %s
       ]}]}
      """;

  /** A g2s with the given slot and rows region (column 40 is the slot value). */
  private static String g2s(String slot, String rows) {
    return "  {\"op\": \"g2s\", \"buffer\": \"A\", \"slot\": "
        + slot
        + ", \"rows\": "
        + rows
        + ", \"tile\": {\"tensor\": \"A\", \"k\": \"k\", \"rows\": {\"start\": 0, \"count\": 1}}}";
  }

  private static String loop(String ops) {
    return TEMPLATE.formatted(ops);
  }

  private static void assertDiagnostics(String text, String... expected) {
    ScheduleFormatException e =
        assertThrows(ScheduleFormatException.class, () -> ScheduleReader.read("t.json", text));
    assertEquals(List.of(expected), e.diagnostics().stream().map(Diagnostic::render).toList());
    assertEquals(String.join("\n", expected), e.getMessage());
  }

  @Test
  void templateItselfIsValid() throws Exception {
    ScheduleReader.read("t.json", loop("  {\"op\": \"barrier\"}"));
  }

  @Test
  void syntaxError() {
    assertDiagnostics(
        "{\"format\": \"pipeverify-schedule/1\",\n \"name\": \"t\" \"target\": \"gfx950\"}",
        "t.json:2:14: error at /: invalid JSON: Unexpected character ('\"' (code 34)): was"
            + " expecting comma to separate Object entries");
  }

  @Test
  void truncatedFile() {
    assertDiagnostics(
        "{\"format\": \"pipeverify-schedule/1\",\n \"name\": ",
        "t.json:2:10: error at /: invalid JSON: Unexpected end-of-input within/between Object"
            + " entries");
  }

  @Test
  void emptyFile() {
    assertDiagnostics("", "t.json:1:1: error at /: empty file: expected a JSON object");
  }

  @Test
  void trailingCommaFromFile() {
    Path file = Path.of("src", "test", "resources", "malformed", "trailing-comma.json");
    ScheduleFormatException e =
        assertThrows(ScheduleFormatException.class, () -> ScheduleReader.read(file));
    assertEquals(
        file
            + ":4:18: error at /: invalid JSON: Unexpected character (']' (code 93)): expected a"
            + " valid value (JSON String, Number, Array, Object or token 'null', 'true' or"
            + " 'false')",
        e.getMessage());
  }

  @Test
  void duplicateKey() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\", \"op\": \"barrier\"}"),
        "t.json:6:21: error at /programs/0/loop/0/op: duplicate key 'op'");
  }

  @Test
  void missingField() {
    assertDiagnostics(
        loop(g2s("0", "{\"start\": 0, \"count\": 1}").replace("\"slot\": 0, ", "")),
        "t.json:6:3: error at /programs/0/loop/0: missing field 'slot' in g2s op");
  }

  @Test
  void unknownField() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\", \"orign\": {}}"),
        "t.json:6:21: error at /programs/0/loop/0/orign: unknown field 'orign' in barrier op"
            + " (expected: op, origin, when)");
  }

  @Test
  void wrongType() {
    assertDiagnostics(
        loop("  {\"op\": \"wait\", \"vmcnt\": \"0\"}"),
        "t.json:6:27: error at /programs/0/loop/0/vmcnt: expected an integer, found a string");
  }

  @Test
  void badTarget() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\"}").replace("gfx950", "gfx90a"),
        "t.json:1:60: error at /target: unknown target 'gfx90a' (expected one of: gfx950,"
            + " gfx942)");
  }

  @Test
  void unknownOp() {
    assertDiagnostics(
        loop("  {\"op\": \"g2r\"}"),
        "t.json:6:10: error at /programs/0/loop/0/op: unknown op 'g2r' (expected one of: g2s,"
            + " gload, sload, ds_permute, consume, ds_read, ds_write, wait, barrier, mfma,"
            + " sched_barrier, setprio, commit_group, wait_group)");
  }

  @Test
  void rowsAndBytesTogether() {
    assertDiagnostics(
        loop(
            g2s("0", "{\"start\": 0, \"count\": 1}")
                .replace(", \"tile\"", ", \"bytes\": {\"start\": 0, \"count\": 1}, \"tile\"")),
        "t.json:6:3: error at /programs/0/loop/0: a g2s op needs exactly one of 'rows' or"
            + " 'bytes' (its LDS region)");
  }

  @Test
  void unparseableExpressionPointsAtTheColumnInsideTheString() {
    // the string starts at column 40; column 11 of the expression is its end, column 51
    assertDiagnostics(
        loop(g2s("\"(k + 1 % 2\"", "{\"start\": 0, \"count\": 1}")),
        "t.json:6:51: error at /programs/0/loop/0/slot: cannot parse expression \"(k + 1 % 2\":"
            + " expected ')' (column 11 of the expression)");
  }

  @Test
  void unknownBuffer() {
    assertDiagnostics(
        loop(
            g2s("0", "{\"start\": 0, \"count\": 1}").replace("\"A\", \"slot\"", "\"C\", \"slot\"")),
        "t.json:6:27: error at /programs/0/loop/0/buffer: unknown buffer 'C' (buffers: A)");
  }

  @Test
  void slotOutOfRange() {
    assertDiagnostics(
        loop(g2s("\"k % 3\"", "{\"start\": 0, \"count\": 1}")),
        "t.json:6:40: error at /programs/0/loop/0/slot: slot 2 out of range for buffer A with 2"
            + " slots (wave 0, k=2)");
  }

  @Test
  void regionOutsideTheSlot() {
    assertDiagnostics(
        loop(g2s("0", "{\"start\": \"w * 12\", \"count\": 8}")),
        "t.json:6:51: error at /programs/0/loop/0/rows: rows [12, 20) outside buffer A's slot of"
            + " 16 rows (wave 1, k=0)");
  }

  @Test
  void waveWithoutProgram() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\"}").replace("\"waves\": 2", "\"waves\": 3"),
        "t.json:5:14: error at /programs: wave 2 has no program");
  }

  @Test
  void programWaveOutOfRange() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\"}").replace("[0, 1]", "[0, 1, 5]"),
        "t.json:5:47: error at /programs/0/waves/2: wave 5 out of range: the schedule has 2"
            + " waves (0..1)");
  }

  @Test
  void waveInTwoProgramsFromFile() {
    Path file = Path.of("src", "test", "resources", "malformed", "overlapping-programs.json");
    ScheduleFormatException e =
        assertThrows(ScheduleFormatException.class, () -> ScheduleReader.read(file));
    assertEquals(
        List.of(
            file + ":11:15: error at /programs: wave 3 has no program",
            file + ":13:36: error at /programs/1/waves/0: wave 1 is in programs 0 and 1"),
        e.diagnostics().stream().map(Diagnostic::render).toList());
  }

  @Test
  void vmcntTooLarge() {
    assertDiagnostics(
        loop("  {\"op\": \"wait\", \"vmcnt\": 70}"),
        "t.json:6:27: error at /programs/0/loop/0/vmcnt: vmcnt(70) exceeds the 6-bit counter"
            + " (max 63)");
  }

  @Test
  void lgkmcntTooLarge() {
    assertDiagnostics(
        loop("  {\"op\": \"wait\", \"lgkmcnt\": 16}"),
        "t.json:6:29: error at /programs/0/loop/0/lgkmcnt: lgkmcnt(16) exceeds the 4-bit counter"
            + " (max 15)");
  }

  @Test
  void ldsOverCapacityOnGfx942() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\"}")
            .replace("gfx950", "gfx942")
            .replace("\"slots\": 2, \"slotBytes\": 2048", "\"slots\": 3, \"slotBytes\": 32768"),
        "t.json:4:13: error at /buffers: LDS use 98304 bytes exceeds the gfx942 capacity of 65536"
            + " bytes");
  }

  @Test
  void unknownVariable() {
    assertDiagnostics(
        loop(g2s("\"x % 2\"", "{\"start\": 0, \"count\": 1}")),
        "t.json:6:40: error at /programs/0/loop/0/slot: unknown variable 'x' in loop op (known:"
            + " w, half, k, T)");
  }

  @Test
  void loopVariableInPrologue() {
    String op = g2s("\"k % 2\"", "{\"start\": 0, \"count\": 1}").strip();
    assertDiagnostics(
        loop("  {\"op\": \"barrier\"}").replace("\"prologue\": []", "\"prologue\": [" + op + "]"),
        "t.json:5:98: error at /programs/0/prologue/0/slot: unknown variable 'k' in prologue op"
            + " (known: w, half, T)",
        "t.json:5:170: error at /programs/0/prologue/0/tile/k: unknown variable 'k' in prologue"
            + " op (known: w, half, T)");
  }

  @Test
  void nonPeriodicSlot() {
    assertDiagnostics(
        loop(g2s("\"k + 1\"", "{\"start\": 0, \"count\": 1}")),
        "t.json:6:40: error at /programs/0/loop/0/slot: slot expression (k + 1) must be periodic"
            + " in k: use % on k");
  }

  @Test
  void unknownRegisterAndKChunk() {
    String read =
        "  {\"op\": \"ds_read\", \"buffer\": \"A\", \"slot\": \"k % 2\", \"rows\": {\"start\": 0,"
            + " \"count\": 1}, \"dst\": \"a0\", \"tile\": {\"tensor\": \"A\", \"k\": \"k\","
            + " \"rows\": {\"start\": 0, \"count\": 1}}},";
    String mfma =
        "  {\"op\": \"mfma\", \"a\": \"a0\", \"b\": \"a9\", \"i\": 0, \"j\": 0, \"kChunk\": 2,"
            + " \"kTile\": \"k\"}";
    assertDiagnostics(
        loop(read + "\n" + mfma),
        "t.json:7:34: error at /programs/0/loop/1/b: unknown register 'a9' (defined by ds_read:"
            + " a0)",
        "t.json:7:66: error at /programs/0/loop/1/kChunk: k-chunk 2 out of range: the gemm has 2"
            + " k-chunks (0..1)");
  }

  @Test
  void severalSemanticErrorsReportedTogether() {
    assertDiagnostics(
        loop(
            "  {\"op\": \"wait\", \"vmcnt\": 70, \"lgkmcnt\": 16},\n"
                + "  {\"op\": \"setprio\", \"priority\": 5}"),
        "t.json:6:27: error at /programs/0/loop/0/vmcnt: vmcnt(70) exceeds the 6-bit counter"
            + " (max 63)",
        "t.json:6:42: error at /programs/0/loop/0/lgkmcnt: lgkmcnt(16) exceeds the 4-bit counter"
            + " (max 15)",
        "t.json:7:33: error at /programs/0/loop/1/priority: priority must be in 0..3, found 5");
  }

  @Test
  void severalStructuralErrorsReportedTogether() {
    assertDiagnostics(
        loop("  {\"op\": \"wait\"},\n  {\"op\": \"sched_barrier\", \"mask\": 1.5}")
            .replace("pipeverify-schedule/1", "pipeverify-schedule/2")
            .replace("\"llvm\"", "\"gcc\""),
        "t.json:1:12: error at /format: unsupported format 'pipeverify-schedule/2' (expected"
            + " 'pipeverify-schedule/1')",
        "t.json:2:19: error at /implicitWaits: unknown implicit-wait model 'gcc' (expected one"
            + " of: llvm, none)",
        "t.json:6:3: error at /programs/0/loop/0: a wait op needs 'vmcnt', 'lgkmcnt' or both",
        "t.json:7:35: error at /programs/0/loop/1/mask: expected an integer, found a number with"
            + " a fraction or exponent");
  }

  @Test
  void rootMustBeAnObject() {
    assertDiagnostics(
        "[1, 2]", "t.json:1:1: error at /: expected a schedule (an object), found an array");
  }

  @Test
  void aConditionMayNotUseTheIterationOrTripCount() {
    assertDiagnostics(
        loop("  {\"op\": \"barrier\", \"when\": \"k % 2 == 0\"}"),
        "t.json:6:29: error at /programs/0/loop/0/when: a condition may use only w and wave"
            + " parameters, not 'k': an op or a k-chunk that changes with the iteration would make"
            + " the schedule non-periodic (write one op per case in the loop instead)");
  }

  @Test
  void aConditionMustParseAndBeACondition() {
    assertDiagnostics(
        loop(
            "  {\"op\": \"barrier\", \"when\": \"w + 1\"},\n"
                + "  {\"op\": \"barrier\", \"when\": 1},\n"
                + "  {\"op\": \"barrier\", \"when\": \"half == 0 &&\"}"),
        "t.json:6:30: error at /programs/0/loop/0/when: cannot parse condition \"w + 1\": expected"
            + " a condition (a comparison such as w == 1), found the integer expression w + 1"
            + " (column 1 of the condition)",
        "t.json:7:29: error at /programs/0/loop/1/when: expected a condition (a string such as"
            + " \"warp_row == 1\"), found an integer",
        "t.json:8:42: error at /programs/0/loop/2/when: cannot parse condition \"half == 0 &&\":"
            + " expected a number, a variable or '(' (column 13 of the condition)");
  }

  @Test
  void aKChunkExpressionIsCheckedInEveryWave() {
    assertDiagnostics(
        loop(
            g2s("0", "{\"start\": 0, \"count\": 1}")
                .replace("\"count\": 1}}}", "\"count\": 1}," + " \"kChunk\": \"w + 1\"}}")),
        "t.json:6:155: error at /programs/0/loop/0/tile/kChunk: k-chunk 2 out of range: the gemm"
            + " has 2 k-chunks (0..1)");
  }

  @Test
  void aDeepExpressionIsBadInputNotAStackOverflow() {
    String deep = "(".repeat(5000) + "w" + ")".repeat(5000);
    assertDiagnostics(
        loop(g2s("\"" + deep + "\"", "{\"start\": 0, \"count\": 1}")),
        "t.json:6:141: error at /programs/0/loop/0/slot: cannot parse expression \""
            + "(".repeat(60)
            + "...\": nested more than 100 levels deep (column 101 of the expression)");
  }

  @Test
  void deeplyNestedJsonIsBadInput() {
    String deep = "[".repeat(5000) + "]".repeat(5000);
    ScheduleFormatException e =
        assertThrows(
            ScheduleFormatException.class,
            () ->
                ScheduleReader.read(
                    "t.json", loop("").replace("\"loop\": [", "\"x\": " + deep + ", \"loop\": [")));
    assertEquals(1, e.diagnostics().size());
    assertEquals(
        "t.json:5:1083: error at /: invalid JSON: arrays and objects nested more than 1000 deep",
        e.diagnostics().get(0).render());
  }

  /** A ds_read of slot 0 with the given rows region. */
  private static String read(String rows) {
    return "  {\"op\": \"ds_read\", \"buffer\": \"A\", \"slot\": 0, \"rows\": "
        + rows
        + ", \"dst\": \"a0\", \"tile\": {\"tensor\": \"A\", \"k\": \"k\", \"rows\":"
        + " {\"start\": 0, \"count\": 16}, \"kChunk\": 0}}";
  }

  @Test
  void columnsReadBackAndMustFitTheRow() throws Exception {
    String columns = "{\"bytes\": 16, \"first\": 0, \"count\": 4, \"xor\": 7}";
    ScheduleReader.read(
        "t.json", loop(read("{\"start\": \"w * 8\", \"count\": 8, \"columns\": " + columns + "}")));
    assertDiagnostics(
        loop(
            read(
                "{\"start\": 0, \"count\": 16, \"columns\": {\"bytes\": 16, \"first\": 6,"
                    + " \"count\": 4}}")),
        "t.json:6:92: error at /programs/0/loop/0/rows/columns: columns [6, 10) do not fit in a row"
            + " of 8 columns");
    assertDiagnostics(
        loop(
            read(
                "{\"start\": 0, \"count\": 16, \"pieces\": [[0, 1], [2, 1]], \"columns\": "
                    + columns
                    + "}")),
        "t.json:6:120: error at /programs/0/loop/0/rows/columns: a region has pieces or columns,"
            + " not both");
  }

  /** A ds_read of slot 0 stating {@code dead} (its JSON). */
  private static String deadRead(String dead) {
    return "  {\"op\": \"ds_read\", \"buffer\": \"A\", \"slot\": 0, \"rows\": {\"start\": 0,"
        + " \"count\": 16}, \"dst\": \"a0\", \"tile\": {\"tensor\": \"A\", \"k\": \"k\","
        + " \"rows\": {\"start\": 0, \"count\": 16}}, \"dead\": "
        + dead
        + "}";
  }

  @Test
  void aDeadReadIsStatedOnlyWithIntentNoneAndOfKnownInstances() throws Exception {
    String lastIteration = "{\"in\": \"last-iteration\", \"why\": \"a0 never read\"}";
    String none =
        loop(deadRead(lastIteration))
            .replace("\"name\": \"t\",", "\"name\": \"t\", \"intent\": \"none\",");
    Op.DsRead read =
        (Op.DsRead) ScheduleReader.read("t.json", none).programs().get(0).loop().get(0);
    assertEquals(new ReadUse.Stated(ReadUse.Dead.LAST_ITERATION, "a0 never read"), read.use());
    assertDiagnostics(
        loop(deadRead(lastIteration)),
        "t.json:6:173: error at /programs/0/loop/0/dead: 'dead' is stated only in a schedule of"
            + " intent none; with GEMM intent a read is dead when no later op reads its register");
    assertDiagnostics(
        none.replace("last-iteration", "first-iteration"),
        "t.json:6:180: error at /programs/0/loop/0/dead/in: unknown dead read's instances"
            + " 'first-iteration' (expected one of: last-iteration, always)");
  }

  /**
   * A consume op (a lifted kernel's reader of loaded registers) names one or more ds_read or gload
   * destinations, with intent none only; it is written back as it was read.
   */
  @Test
  void aConsumeOpNamesLoadedRegistersWithIntentNoneOnly() throws Exception {
    String read = deadRead("{\"in\": \"always\", \"why\": \"a0 never read\"}");
    String none =
        loop(read + ",\n  {\"op\": \"consume\", \"regs\": [\"a0\"]}")
            .replace("\"name\": \"t\",", "\"name\": \"t\", \"intent\": \"none\",");
    Schedule s = ScheduleReader.read("t.json", none);
    assertEquals(List.of("a0"), ((Op.Consume) s.programs().get(0).loop().get(1)).registers());
    assertEquals(s, ScheduleReader.read("t.json", ScheduleWriter.write(s)));
    assertDiagnostics(
        none.replace("[\"a0\"]", "[]"),
        "t.json:7:29: error at /programs/0/loop/1/regs: expected at least one register");
    assertDiagnostics(
        loop("{\"op\": \"consume\", \"regs\": [\"a0\"]}"),
        "t.json:6:27: error at /programs/0/loop/0/regs: a 'consume' op is stated only in a schedule"
            + " of intent none; with GEMM intent the mfma and ds_write ops name the registers they"
            + " read");
  }

  /**
   * An sload op (a lifted kernel's scalar load) defines registers a consume may name, with intent
   * none only; it is written back as it was read.
   */
  @Test
  void anSloadOpDefinesScalarRegistersWithIntentNoneOnly() throws Exception {
    String none =
        loop("{\"op\": \"sload\", \"dst\": \"s4\"},\n  {\"op\": \"consume\", \"regs\": [\"s4\"]}")
            .replace("\"name\": \"t\",", "\"name\": \"t\", \"intent\": \"none\",");
    Schedule s = ScheduleReader.read("t.json", none);
    assertEquals("s4", ((Op.SLoad) s.programs().get(0).loop().get(0)).dst());
    assertEquals(s, ScheduleReader.read("t.json", ScheduleWriter.write(s)));
    assertDiagnostics(
        none.replace("[\"s4\"]", "[\"s5\"]"),
        "t.json:7:30: error at /programs/0/loop/1/regs/0: unknown register 's5' (defined by ds_read,"
            + " gload, sload or ds_permute: s4)");
    assertDiagnostics(
        loop("{\"op\": \"sload\", \"dst\": \"s4\"}"),
        "t.json:6:24: error at /programs/0/loop/0/dst: an 'sload' op is stated only in a schedule of"
            + " intent none (a kernel lifted from assembly): a GEMM schedule's programs name the"
            + " loads of its tiles");
  }
}
