package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pipeverify.isa.tools.CodeObjectDisassembler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The findings issue 36 removes from the shipped aiter kernels (docs/corpus.md, "Dead reads"): in
 * the 14 fmoe stage-1 kernels the K loop's last prefetch reads race the other wave group's epilogue
 * staging, and their registers are never read again. Each benign pair's read is re-judged here
 * without the lift ({@link ListingReads}: no instruction reachable after it in the listing, the
 * loop's back edge dropped, names its registers), and the real race of those kernels (the last
 * iteration's LDS-DMA in flight into the epilogue) stays a finding in all 14. Skipped without the
 * corpus or llvm-objdump-22.
 */
class DeadReadsCorpusTest {
  private static final Path MORE = Path.of("..", "..", "shared", "corpus", "aiter-more");

  @Test
  void theDeadPrefetchReadsOfTheFmoeKernelsAreBenignAndUnreadInTheListing() throws Exception {
    assumeTrue(
        Files.isDirectory(MORE), "../shared/corpus is absent: the aiter kernels are not here");
    CodeObjectDisassembler objdump = CodeObjectDisassembler.locate().orElse(null);
    assumeTrue(
        objdump != null,
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH (apt-get install llvm-22)");
    List<String> args =
        new ArrayList<>(List.of("verify", "--jsonl", "--no-timings", "--max-findings", "0"));
    try (Stream<Path> files = Files.list(MORE)) {
      files
          .map(Path::toString)
          .filter(f -> f.contains("fmoe_stage1_") && f.endsWith(".co"))
          .sorted()
          .forEach(args::add);
    }
    assertEquals(5 + 14, args.size(), "the 14 fmoe stage-1 kernels: " + args);
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertEquals(1, r.code(), r.dump());
    ObjectMapper mapper = new ObjectMapper();
    Set<String> withBenign = new TreeSet<>();
    int pairs = 0;
    for (String line : r.out().split("\n")) {
      JsonNode report = mapper.readTree(line);
      Path input = Path.of(report.get("input").asText());
      String name = input.getFileName().toString();
      assertEquals("violated", report.get("verdict").asText(), name);
      boolean dmaInFlight = false;
      for (JsonNode v : report.get("violations")) {
        dmaInFlight |= v.at("/ops/0/op").asText().equals("g2s");
        assertTrue(
            !v.at("/ops/0/op").asText().equals("ds_read")
                || !v.at("/ops/1/op").asText().equals("ds_write"),
            name + ": a read racing a staging write is still a finding: " + v);
      }
      assertTrue(dmaInFlight, name + ": the LDS-DMA in flight into the epilogue is no finding");
      if (!report.has("benign")) {
        continue;
      }
      withBenign.add(name);
      ListingReads listing = new ListingReads(disassembly(input));
      for (JsonNode b : report.get("benign")) {
        JsonNode read = b.at("/ops/0");
        assertEquals("ds_read", read.get("op").asText(), name + ": " + b);
        String why = b.get("why").asText();
        assertTrue(why.endsWith(" never read"), name + ": " + why);
        String dst = why.substring(0, why.indexOf(' '));
        String origin = read.get("origin").asText();
        int at = Integer.parseInt(origin.substring(origin.lastIndexOf(':') + 1));
        boolean loop = read.get("section").asText().equals("loop");
        assertEquals(
            List.of(),
            listing.mentionsAfter(at, dst, loop),
            name + ": lines after line " + at + " that name " + dst + " (" + b + ")");
        // With the back edge the next iteration's mfma names them: a prefetch, used but last.
        assertTrue(loop, name + ": " + b);
        assertTrue(
            !listing.mentionsAfter(at, dst, false).isEmpty(),
            name + ": nothing names " + dst + " after line " + at + " even around the loop");
        pairs++;
      }
    }
    assertEquals(
        Set.of(
            "gfx942__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_doweight_g1u1_16x512_pf3.co",
            "gfx942__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_doweight_g1u1_80x256_pf2.co",
            "gfx942__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_g1u1_16x256_3tg_pf2.co",
            "gfx942__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_g1u1_80x128_2tg_pf2.co",
            "gfx942__fmoe_2stages__fmoe_stage1_bf16_pertokenInt8_g1u1_32x128_3tg_pf3.co",
            "gfx950__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_doweight_g1u1_16x512_pf3.co",
            "gfx950__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_doweight_g1u1_80x256_pf2.co",
            "gfx950__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_g1u1_16x256_3tg_pf2.co",
            "gfx950__fmoe_2stages__fmoe_stage1_bf16_pertokenFp8_g1u1_80x128_2tg_pf2.co",
            "gfx950__fmoe_2stages__fmoe_stage1_bf16_pertokenInt8_g1u1_32x256_2tg_pf3.co"),
        withBenign);
    // 12, 128, 12, 128 and 42 defects in the five kernels, each assembled for both targets.
    assertEquals(644, pairs, "benign pairs");
  }

  /**
   * llvm-objdump-22's own disassembly of {@code file}: pipeverify's listing keeps its lines one for
   * one (a report's line N is line N here), and reading it directly keeps the judgement apart from
   * pipeverify's reader.
   */
  private static String disassembly(Path file) throws Exception {
    Process p =
        new ProcessBuilder(
                CodeObjectDisassembler.OBJDUMP, "-d", "--symbolize-operands", file.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "llvm-objdump-22 on " + file);
    return out;
  }
}
