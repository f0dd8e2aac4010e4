package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.isa.tools.CodeObjectDisassembler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fuzz campaign over the code-object reader (issue 35 item 4): byte changes, truncations and
 * splices of a shipped aiter kernel, each verified as a gate would. No mutant may crash pipeverify
 * (exit 4), blame the tools while they work (exit 5), or print a stack trace; a mutant either gets
 * a verdict or is bad input (exit 2) with a message. Seeded (mutant i is seed i); 50 mutants here,
 * more with {@code -Dpipeverify.readerFuzz=N} (docs/robustness.md has the counts of 500).
 */
class ReaderFuzzTest {
  static final Path KERNEL =
      Path.of(
          "..",
          "..",
          "shared",
          "corpus",
          "aiter",
          "gfx942",
          "bf16gemm_fp32bf16_tn_32x64_bshuffle_splitk.co");

  @TempDir Path tmp;

  /** Mutant {@code seed} of {@code original}: a few bytes changed, a truncation or a splice. */
  static byte[] mutant(byte[] original, long seed) {
    Random r = new Random(seed);
    byte[] b = original.clone();
    switch (r.nextInt(3)) {
      case 0 -> {
        for (int n = 1 + r.nextInt(8); n > 0; n--) {
          b[r.nextInt(b.length)] = (byte) r.nextInt(256);
        }
      }
      case 1 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length));
      default -> {
        int length = 1 + r.nextInt(256);
        int from = r.nextInt(b.length - length);
        int to = r.nextInt(b.length - length);
        System.arraycopy(original, from, b, to, length);
      }
    }
    return b;
  }

  @Test
  void mutatedCodeObjectsGetAVerdictOrABadInputMessageNeverACrash() throws Exception {
    assumeTrue(Files.isRegularFile(KERNEL), "../shared/corpus is absent");
    assumeTrue(
        CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH (apt-get install llvm-22)");
    int mutants = Integer.getInteger("pipeverify.readerFuzz", 50);
    byte[] original = Files.readAllBytes(KERNEL);
    Map<String, Integer> outcomes = new TreeMap<>();
    for (long seed = 0; seed < mutants; seed++) {
      Path f = tmp.resolve("m" + seed + ".co");
      Files.write(f, mutant(original, seed));
      Cli.Result r = Cli.run("verify", f.toString(), "--no-timings");
      String what = "mutant " + seed + ":\n" + r.dump();
      assertTrue(r.code() <= 3, what);
      assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception"), what);
      if (r.code() == 2) {
        assertTrue(r.err().startsWith("pipeverify: "), what);
      } else {
        assertTrue(r.out().startsWith("_ZN5aiter"), what);
      }
      outcomes.merge("exit " + r.code() + " " + kind(r), 1, Integer::sum);
      Files.delete(f);
    }
    System.out.println("reader fuzz, " + mutants + " mutants: " + outcomes);
  }

  /** The kind of an outcome: the verdict, or the bad-input message without file and numbers. */
  private static String kind(Cli.Result r) {
    if (r.code() != 2) {
      return r.out().lines().findFirst().orElse("").replaceAll(".*: ", "");
    }
    String first = r.err().lines().findFirst().orElse("");
    String rest = first.replaceFirst("^pipeverify: [^ :]*(:\\d+)?:? ?", "");
    return rest.replaceAll("0x[0-9A-Fa-f]+|\\d+", "N").replaceAll("'[^']*'", "'...'");
  }

  /**
   * The same over text inputs: a hand-written listing ({@link PrefetchKernel}) and a schedule file
   * (docs/examples/double-buffer.json), each mutated by byte changes, truncations and splices. A
   * text input decodes (a verdict) or is bad input with a located message; nothing crashes.
   */
  @Test
  void mutatedListingsAndSchedulesGetAVerdictOrALocatedMessage() throws Exception {
    byte[] listing =
        (String.join("\n", PrefetchKernel.lines(true, true)) + "\n")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] schedule = Files.readAllBytes(Path.of("..", "docs", "examples", "double-buffer.json"));
    int mutants = Integer.getInteger("pipeverify.readerFuzz", 50);
    Map<String, Integer> outcomes = new TreeMap<>();
    for (long seed = 0; seed < mutants; seed++) {
      boolean asm = seed % 2 == 0;
      Path f = tmp.resolve("m" + seed + (asm ? ".s" : ".json"));
      Files.write(f, mutant(asm ? listing : schedule, seed));
      Cli.Result r =
          asm
              ? Cli.run("verify", f.toString(), "--waves", "2", "--no-timings")
              : Cli.run("verify", f.toString(), "--no-timings");
      String what = "mutant " + seed + ":\n" + r.dump();
      assertTrue(r.code() <= 3, what);
      assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception"), what);
      if (r.code() == 2) {
        assertTrue(r.err().startsWith("pipeverify: ") || r.err().startsWith(f.toString()), what);
      }
      outcomes.merge((asm ? "listing " : "schedule ") + "exit " + r.code(), 1, Integer::sum);
      Files.delete(f);
    }
    System.out.println("reader fuzz, " + mutants + " text mutants: " + outcomes);
  }
}
