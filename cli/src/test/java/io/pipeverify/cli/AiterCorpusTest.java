package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pipeverify.isa.tools.CodeObjectDisassembler;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AMD's production bf16 GEMM kernel (aiter, gfx950, 256x256 tile; ../shared/corpus/aiter) as
 * shipped, with no arguments: verified for every launch; with its K loop's barriers patched to
 * {@code s_nop 0}, or its K loop's waits to {@code vmcnt(63)}, a P1 RAW whose read is in the K loop
 * (docs/corpus.md). The mutants are made here by patching instruction words of the code object.
 * Skipped without the corpus or llvm-objdump-22.
 */
class AiterCorpusTest {
  private static final Path KERNEL =
      Path.of("..", "..", "shared", "corpus", "aiter", "gfx950", "bf16gemm_bf16_tn_256x256.co");

  /** {@code s_nop 0}. */
  private static final int S_NOP_0 = 0xBF800000;

  private static final Pattern INSTRUCTION =
      Pattern.compile("^\\t(\\S+)\\s*(.*?)\\s*// ([0-9A-F]+): ([0-9A-F]{8})");
  private static final Pattern SYMBOL = Pattern.compile("^([0-9a-f]+) <([^>]+)>:$");

  @TempDir Path tmp;

  private static void assumeCorpus() {
    assumeTrue(
        Files.isRegularFile(KERNEL), "../shared/corpus is absent: the aiter kernels are not here");
    assumeTrue(
        CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH (apt-get install llvm-22)");
  }

  @Test
  void theShippedKernelVerifiesForEveryLaunch() {
    assumeCorpus();
    Cli.Result r = Cli.run("verify", KERNEL.toString());
    assertEquals(0, r.code(), r.dump());
    assertTrue(r.out().startsWith("_ZN5aiter24bf16gemm_bf16_tn_256x256E: VERIFIED\n"), r.dump());
    assertTrue(
        r.out()
            .contains(
                // is_out_b16 picks the output's format after the last LDS access and barrier:
                // a branch that splits no launch (docs/isa.md, "Unknown values").
                "\nlaunches: every trip count; every value of Kdim (3 launch classes;"
                    + " docs/isa.md)\n"),
        r.dump());
  }

  /**
   * A sweep lifts and verifies one kernel text once: the same code object under a second name gets
   * the same verdict and work (its halves known already), a patched one of different text its own.
   */
  @Test
  void aSweepVerifiesTheSameKernelOnceAndAPatchedOneOnItsOwn() throws Exception {
    assumeCorpus();
    Path copy = tmp.resolve("copy.co");
    Files.copy(KERNEL, copy);
    Mutant m = patched("nobar.co", "s_barrier", w -> S_NOP_0);
    Cli.Result r =
        Cli.run("verify", KERNEL.toString(), copy.toString(), m.file().toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    List<String[]> rows = r.out().lines().skip(2).map(l -> l.trim().split("\\s+")).toList();
    assertEquals(3, rows.size(), r.dump());
    assertEquals(List.of("verified", "2980"), List.of(rows.get(0)[3], rows.get(0)[6]), r.dump());
    assertEquals(List.of("verified", "2980"), List.of(rows.get(1)[3], rows.get(1)[6]), r.dump());
    assertEquals("violated", rows.get(2)[3], r.dump());
  }

  @Test
  void withoutItsLoopBarriersAReadInTheLoopRacesACopy() throws Exception {
    assumeCorpus();
    Mutant m = patched("nobar.co", "s_barrier", w -> S_NOP_0);
    assertEquals(8, m.patched(), "four barriers in each of the two K loops");
    assertRawInTheLoop(m);
  }

  @Test
  void withItsLoopWaitsAtVmcnt63AReadInTheLoopRacesACopy() throws Exception {
    assumeCorpus();
    // vmcnt is bits [3:0] and [15:14] of the immediate: 63 waits for nothing.
    Mutant m = patched("vm63.co", "s_waitcnt vmcnt", w -> w | 0xC00F);
    assertEquals(8, m.patched(), "four vmcnt waits in each of the two K loops");
    assertRawInTheLoop(m);
  }

  private void assertRawInTheLoop(Mutant m) {
    Cli.Result r = Cli.run("verify", m.file().toString());
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out().contains("\n  the first: P1 RAW on buffer lds (LDS race, found at T="), r.dump());
    Matcher read =
        Pattern.compile("\n  may come first: .*\\((\\S+):(\\d+)\\): ds_read").matcher(r.out());
    assertTrue(read.find(), r.dump());
    int line = Integer.parseInt(read.group(2));
    assertTrue(
        line > m.loopFirstLine() && line < m.loopLastLine(),
        "the read at line " + line + " is not in the K loop (" + m + ")\n" + r.dump());
    Matcher copy = Pattern.compile("\n  should be first: .*\\): g2s ").matcher(r.out());
    assertTrue(copy.find(), r.dump());
  }

  /** A patched copy and the listing lines of the K loops it patched (first to last). */
  private record Mutant(Path file, int patched, int loopFirstLine, int loopLastLine) {}

  /**
   * The kernel with every instruction of its K loops (backward branches around {@code v_mfma})
   * whose text starts with {@code what} rewritten by {@code word}.
   */
  private Mutant patched(String name, String what, IntUnaryOperator word) throws Exception {
    byte[] bytes = Files.readAllBytes(KERNEL);
    List<String> listing = objdump(KERNEL);
    Map<String, Long> labels = new HashMap<>();
    List<long[]> instructions = new ArrayList<>(); // address, line, word
    List<String> texts = new ArrayList<>();
    for (int n = 0; n < listing.size(); n++) {
      Matcher s = SYMBOL.matcher(listing.get(n));
      if (s.matches()) {
        labels.put(s.group(2), Long.parseLong(s.group(1), 16));
      }
      Matcher i = INSTRUCTION.matcher(listing.get(n));
      if (i.find()) {
        instructions.add(
            new long[] {Long.parseLong(i.group(3), 16), n + 1, Long.parseLong(i.group(4), 16)});
        texts.add(i.group(1) + " " + i.group(2));
      }
    }
    long[] text = textSection(bytes);
    int first = Integer.MAX_VALUE;
    int last = -1;
    int patched = 0;
    for (int b = 0; b < instructions.size(); b++) {
      String[] t = texts.get(b).split(" ");
      Long target = t.length > 1 ? labels.get(t[1]) : null;
      if (!t[0].contains("branch") || target == null || target > instructions.get(b)[0]) {
        continue;
      }
      boolean mfma = false;
      for (int x = 0; x < b; x++) {
        mfma |= instructions.get(x)[0] >= target && texts.get(x).startsWith("v_mfma");
      }
      if (!mfma) {
        continue;
      }
      for (int x = 0; x <= b; x++) {
        long[] in = instructions.get(x);
        if (in[0] < target) {
          continue;
        }
        first = (int) Math.min(first, in[1]);
        last = (int) Math.max(last, in[1]);
        if (texts.get(x).startsWith(what)) {
          int offset = (int) (text[1] + in[0] - text[0]);
          ByteBuffer.wrap(bytes, offset, 4)
              .order(ByteOrder.LITTLE_ENDIAN)
              .putInt(word.applyAsInt((int) in[2]));
          patched++;
        }
      }
    }
    assertTrue(patched > 0, "nothing to patch for " + what);
    Path out = tmp.resolve(name);
    Files.write(out, bytes);
    return new Mutant(out, patched, first, last);
  }

  /** The .text section's address and file offset, from the ELF64 section headers. */
  private static long[] textSection(byte[] elf) {
    ByteBuffer b = ByteBuffer.wrap(elf).order(ByteOrder.LITTLE_ENDIAN);
    long shoff = b.getLong(0x28);
    int entsize = Short.toUnsignedInt(b.getShort(0x3A));
    int count = Short.toUnsignedInt(b.getShort(0x3C));
    int names = Short.toUnsignedInt(b.getShort(0x3E));
    long strtab = b.getLong((int) (shoff + (long) names * entsize + 0x18));
    for (int i = 0; i < count; i++) {
      int h = (int) (shoff + (long) i * entsize);
      int nameAt = (int) (strtab + b.getInt(h));
      int end = nameAt;
      while (elf[end] != 0) {
        end++;
      }
      if (new String(elf, nameAt, end - nameAt, StandardCharsets.US_ASCII).equals(".text")) {
        return new long[] {b.getLong(h + 0x10), b.getLong(h + 0x18)};
      }
    }
    throw new AssertionError("no .text section in " + KERNEL);
  }

  private static List<String> objdump(Path file) throws Exception {
    Process p =
        new ProcessBuilder(
                CodeObjectDisassembler.OBJDUMP, "-d", "--symbolize-operands", file.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "llvm-objdump-22 did not finish");
    return out.lines().toList();
  }
}
