package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One program whose waves differ ({@code when}, docs/format.md) end to end: a wave group that runs
 * one more {@code s_barrier} after the other has ended is a P6 finding, and the races are checked
 * as well (semantics.md section 2: an ended wave no longer counts).
 */
class WaveConditionsCommandTest {
  private static final Path DOUBLE_BUFFER = Path.of("..", "docs", "examples", "double-buffer.json");
  private static final String LAST_EPILOGUE_OP =
      "{\"op\": \"mfma\", \"a\": \"a1\", \"b\": \"b1\", \"i\": 0, \"j\": 0, \"kChunk\": 1,"
          + " \"kTile\": \"T\"}\n";
  private static final String LOOP_WAIT = "{\"op\": \"wait\", \"vmcnt\": 0, \"lgkmcnt\": 0},";

  @TempDir Path tmp;

  /** docs/examples/double-buffer.json with an extra trailing barrier in wave 1 only. */
  private Path trailingBarrier(boolean dropLoopWait) throws Exception {
    String text = Files.readString(DOUBLE_BUFFER);
    assertTrue(text.contains(LAST_EPILOGUE_OP) && text.contains(LOOP_WAIT));
    text =
        text.replace(
            LAST_EPILOGUE_OP,
            LAST_EPILOGUE_OP.strip() + ",\n        {\"op\": \"barrier\", \"when\": \"w == 1\"}\n");
    if (dropLoopWait) {
      text = text.replace(LOOP_WAIT, "");
    }
    Path file = tmp.resolve(dropLoopWait ? "racy.json" : "trailing.json");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void anExtraTrailingBarrierIsItsOwnFindingAndNothingElseWhenTheRestIsSafe() throws Exception {
    Cli.Result r = Cli.run("verify", trailingBarrier(false).toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().startsWith("double-buffer-2w: VIOLATED (1 root cause, 1 instance)\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "P6 BARRIER_MISMATCH: at T=1 wave 0 (role all[0]) executes 2 s_barrier and wave 1"
                    + " (role all[1]) 3\n"),
        r.dump());
    assertTrue(
        r.out()
            .contains(
                "s_barrier #2 of wave 1 has no partner in wave 0: it completes only after wave 0"
                    + " has ended (an ended wave no longer counts; no deadlock), so it orders"
                    + " nothing against that wave; races were checked with that barrier"
                    + " semantics"),
        r.dump());
    assertFalse(r.out().contains("workgroup deadlocks"), r.dump());
  }

  @Test
  void unequalTrailingBarriersStillGetTheirRaceVerdict() throws Exception {
    Cli.Result r = Cli.run("verify", trailingBarrier(true).toString(), "--max-findings", "0");
    assertEquals(1, r.code(), r.dump());
    assertTrue(r.out().contains("[1] root cause (defect): P6 BARRIER_MISMATCH: at T=1"), r.dump());
    assertTrue(
        r.out().contains("  the first: P6 BARRIER_MISMATCH (barrier matching, found at T=1)\n"));
    assertTrue(r.out().contains("[2] root cause (retired too late): "), r.dump());
    assertTrue(
        r.out().contains("  the first: P1 RAW on buffer A (LDS race, found at T=1)\n"), r.dump());
    assertTrue(
        r.out()
                .contains(
                    "[2] root cause (retired too late): g2s A at loop #0 is not retired by any"
                        + " s_waitcnt vmcnt before ds_read A at epilogue #0, which needs it\n"
                        + "  key: never retired on vmcnt after the start of loop\n"
                        + "  breaks P1 RAW")
            && r.out()
                .contains("  148 instances in waves 0-1, iterations k=0-4, roles all[0], all[1]\n"),
        r.dump());
  }

  @Test
  void showListsTheConditionAndWritesItBack() throws Exception {
    Path file = trailingBarrier(false);
    Cli.Result text = Cli.run("show", file.toString());
    assertEquals(0, text.code(), text.dump());
    assertTrue(text.out().contains("\n  barrier    when w == 1\n"), text.dump());
    Cli.Result json = Cli.run("show", file.toString(), "--format", "json");
    assertEquals(0, json.code(), json.dump());
    assertTrue(
        json.out().contains("{\"op\": \"barrier\", \"when\": \"w == 1\", \"origin\""), json.dump());
  }

  @Test
  void aConditionOnTheIterationIsBadInputAtItsPointer() throws Exception {
    Path file = tmp.resolve("k.json");
    Files.writeString(
        file,
        Files.readString(trailingBarrier(false))
            .replace("\"when\": \"w == 1\"", "\"when\": \"k == 1\""));
    Cli.Result r = Cli.run("verify", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .contains("error at /programs/0/epilogue/6/when: a condition may use only w and wave"),
        r.dump());
    assertFalse(r.out().contains("VERIFIED"), r.dump());
  }

  @Test
  void aDeepExpressionIsBadInputNotACrash() throws Exception {
    Path file = tmp.resolve("deep.json");
    String deep = "(".repeat(5000) + "w" + ")".repeat(5000);
    Files.writeString(
        file,
        Files.readString(DOUBLE_BUFFER)
            .replace("\"row0\": \"w * 16\"", "\"row0\": \"" + deep + "\""));
    Cli.Result r = Cli.run("verify", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(r.err().contains("nested more than 100 levels deep (column 101 of the expression)"));
    assertFalse(r.err().contains("internal error") || r.err().contains("Exception"), r.dump());
  }
}
