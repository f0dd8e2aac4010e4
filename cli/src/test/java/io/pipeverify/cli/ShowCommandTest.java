package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.ScheduleListing;
import io.pipeverify.model.transform.Transforms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShowCommandTest {
  @TempDir Path dir;

  @Test
  void jsonRoundTripGivesTheSameBytes() throws IOException {
    Cli.Result generated =
        Cli.run("show", "--builtin", "cdna4-interleave", "--opt", "stages=8", "--format", "json");
    assertEquals(0, generated.code(), generated.dump());
    assertEquals("", generated.err());
    Path file = dir.resolve("x.json");
    Files.writeString(file, generated.out(), StandardCharsets.UTF_8);

    Cli.Result fromFile = Cli.run("show", file.toString(), "--format", "json");
    assertEquals(0, fromFile.code(), fromFile.dump());
    assertEquals(generated.out(), fromFile.out());

    Cli.Result fromStdin = Cli.runWithStdin(generated.out(), "show", "-", "--format", "json");
    assertEquals(0, fromStdin.code(), fromStdin.dump());
    assertEquals(generated.out(), fromStdin.out());
  }

  /** docs/examples/swizzled-reads.json: regions of several ranges (pieces) survive show's JSON. */
  @Test
  void regionsOfSeveralRangesRoundTrip() throws IOException {
    Path example = Path.of("..", "docs", "examples", "swizzled-reads.json");
    Cli.Result shown = Cli.run("show", example.toString(), "--format", "json");
    assertEquals(0, shown.code(), shown.dump());
    assertTrue(
        shown
            .out()
            .contains(
                "\"rows\": {\"start\": 0, \"count\": 30, \"pieces\": [[0, 2], [4, 2], [8, 2],"
                    + " [12, 2], [16, 2], [20, 2], [24, 2], [28, 2]]}"),
        shown.dump());
    Path file = dir.resolve("again.json");
    Files.writeString(file, shown.out(), StandardCharsets.UTF_8);
    Cli.Result again = Cli.run("show", file.toString(), "--format", "json");
    assertEquals(shown.out(), again.out());
    Cli.Result verified = Cli.run("verify", file.toString());
    assertEquals(0, verified.code(), verified.dump());
  }

  /**
   * The same schedule without lgkmcnt(0) before the loop's barrier: the copy races a read's piece.
   */
  @Test
  void aPieceOfAReadRacesTheNextCopy() throws IOException {
    Path example = Path.of("..", "docs", "examples", "swizzled-reads.json");
    String broken =
        Files.readString(example)
            .replace(
                "{\"op\": \"wait\", \"vmcnt\": 0, \"lgkmcnt\": 0}",
                "{\"op\": \"wait\", \"vmcnt\": 0}");
    Path file = dir.resolve("broken.json");
    Files.writeString(file, broken, StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("verify", file.toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .contains(
                "P1 WAR: wave 0 loop k=1 (#0): g2s A[0] bytes [0, 256) may land before wave 0 loop"
                    + " k=0 (#1): ds_read A[0] bytes [0, 480) in 8 pieces [0, 32), ... -> a0 reads;"
                    + " 128 bytes in common, in 4 ranges: [0, 32), [64, 96), [128, 160), ...\n"),
        r.dump());
  }

  @Test
  void textIsTheListing() throws Exception {
    Cli.Result r = Cli.run("show", "--builtin", "triton-stream");
    assertEquals(0, r.code(), r.dump());
    var t = Transforms.byName("triton-stream").orElseThrow();
    assertEquals(ScheduleListing.render(t.generate(Map.of())), r.out());
    assertTrue(r.out().startsWith("schedule triton-stream\n"), r.dump());
  }

  /** The double-buffer example with slot 2 of a 2-slot buffer and vmcnt(70). */
  private static String malformed() throws IOException {
    List<String> lines = Files.readAllLines(Cli.DOUBLE_BUFFER, StandardCharsets.UTF_8);
    lines.set(18, lines.get(18).replace("\"slot\": 0", "\"slot\": 2"));
    lines.set(20, lines.get(20).replace("\"vmcnt\": 0", "\"vmcnt\": 70"));
    return String.join("\n", lines) + "\n";
  }

  @Test
  void malformedFileGivesEveryDiagnostic() throws IOException {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, malformed(), StandardCharsets.UTF_8);
    Cli.Result r = Cli.run("show", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals("", r.out());
    assertEquals(
        file
            + ":19:46: error at /programs/0/prologue/0/slot: slot 2 out of range for buffer A"
            + " with 2 slots (wave 0)\n"
            + file
            + ":21:33: error at /programs/0/prologue/2/vmcnt: vmcnt(70) exceeds the 6-bit counter"
            + " (max 63)\n",
        r.err());
  }

  @Test
  void stdinIsNamedInDiagnostics() throws IOException {
    Cli.Result r = Cli.runWithStdin(malformed(), "show", "-", "--format", "json");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .startsWith("<stdin>:19:46: error at /programs/0/prologue/0/slot: slot 2 out of range"),
        r.dump());
    assertEquals(2, r.err().lines().count(), r.dump());
  }

  @Test
  void invalidJsonSyntax() {
    Cli.Result r = Cli.runWithStdin("{\"format\": [0, 1,]}", "show", "-");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "<stdin>:1:18: error at /: invalid JSON: Unexpected character (']' (code 93)): expected a"
            + " valid value (JSON String, Number, Array, Object or token 'null', 'true' or"
            + " 'false')\n",
        r.err());
  }

  @Test
  void missingFile() {
    Path file = dir.resolve("nope.json");
    Cli.Result r = Cli.run("show", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: cannot read " + file + ": no such file\n", r.err());
  }

  @Test
  void directoryIsNotReadable() {
    Cli.Result r = Cli.run("show", dir.toString());
    assertEquals(2, r.code(), r.dump());
    assertTrue(r.err().startsWith("pipeverify: cannot read " + dir + ": "), r.dump());
  }

  @Test
  void notUtf8() throws IOException {
    Path file = dir.resolve("latin1.json");
    Files.write(file, new byte[] {'{', (byte) 0xe9, '}'});
    Cli.Result r = Cli.run("show", file.toString());
    assertEquals(2, r.code(), r.dump());
    assertEquals("pipeverify: cannot read " + file + ": not UTF-8 text\n", r.err());
  }

  @Test
  void unknownKnobListsTheValidOnesAndBadValuesAreAllReported() {
    Cli.Result r =
        Cli.run(
            "show",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "lgkmDrain=true",
            "--opt",
            "g2sSlot=previous",
            "--opt",
            "stages=four");
    assertEquals(2, r.code(), r.dump());
    assertEquals("", r.out());
    List<String> lines = r.err().lines().toList();
    assertEquals(
        List.of(
            "pipeverify: cdna4-interleave: unknown knob 'lgkmDrain'; valid knobs: stages,"
                + " prologueWait, prologueBarrier, lastStageWait, lastStageBarrier,"
                + " barrierBeforeWait, lgkmDrainBeforeBarrier, g2sSlot, s2rKpackSwapA,"
                + " s2rKpackSwapB, mfmaJHalfSwap, epilogueWait, swizzle, waves, tileM, tileN, tileK, slots,"
                + " target, implicitWaits, tripCount",
            "pipeverify: cdna4-interleave: knob 'stages': 'four' is not an int (decimal)",
            "pipeverify: cdna4-interleave: knob 'g2sSlot': 'previous' is not one of next,"
                + " current"),
        lines);
  }

  @Test
  void unknownBuiltinListsTheValidNames() {
    Cli.Result r = Cli.run("show", "--builtin", "cdna5");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: unknown transform 'cdna5'; valid: tilelang-pipelined, cdna4-interleave,"
            + " hipkittens-2step, triton-stream, triton-pingpong\n",
        r.err());
  }

  @Test
  void optWithoutEqualsOrTwice() {
    Cli.Result r =
        Cli.run(
            "show",
            "--builtin",
            "cdna4-interleave",
            "--opt",
            "stages",
            "--opt",
            "slots=2",
            "--opt",
            "slots=3");
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: --opt 'stages' is not KEY=VALUE (e.g. --opt slots=3)\n"
            + "pipeverify: --opt slots is given more than once\n",
        r.err());
  }

  @Test
  void usageErrors() {
    Cli.Result none = Cli.run("show");
    assertEquals(2, none.code(), none.dump());
    assertEquals(
        "pipeverify: missing input: give FILE, - (stdin) or --builtin NAME\n"
            + "Try 'pipeverify show --help' for more information.\n",
        none.err());
    Cli.Result both = Cli.run("show", "x.json", "--builtin", "triton-stream");
    assertEquals(2, both.code(), both.dump());
    assertTrue(both.err().startsWith("pipeverify: give either FILE or --builtin"), both.dump());
    Cli.Result optWithFile = Cli.run("show", "x.json", "--opt", "slots=3");
    assertEquals(2, optWithFile.code(), optWithFile.dump());
    assertTrue(optWithFile.err().startsWith("pipeverify: --opt needs --builtin"));
    Cli.Result twoFiles = Cli.run("show", "a.json", "b.json");
    assertEquals(2, twoFiles.code(), twoFiles.dump());
    Cli.Result unknownCommand = Cli.run("lst");
    assertEquals(2, unknownCommand.code(), unknownCommand.dump());
    assertTrue(
        unknownCommand.err().contains("Did you mean: pipeverify list?"), unknownCommand.dump());
  }
}
