package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.pipeverify.isa.tools.SourceAssembler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input with several kernels (issue 32 item 2): {@code verify} checks every kernel, a row each
 * as if each were an input of its own, and exits with the worst; {@code --kernel} takes a name or a
 * glob; the commands that work on one kernel refuse several, naming them. The kernels are {@link
 * PrefetchKernel}'s: {@code good} with the loop's wait (verified), {@code bad} without it
 * (violated). The code object is linked by ld.lld-22 from two objects clang-22 assembles in the
 * test (skipped without clang-22, ld.lld-22 and llvm-objdump-22); the listing needs no tool.
 */
class MultiKernelCommandTest {
  @TempDir static Path tmp;

  /** good.o and bad.o linked into one code object, or null without the tools. */
  private static Path twoKernels;

  /**
   * A summary row: input, kernel, target, verdict, findings, instances, events, violation, exit.
   */
  private static final String ROW = "%s +%s +gfx950 +%s +%s +%s +\\d+ +%s +%d";

  @BeforeAll
  static void link() throws Exception {
    if (SourceAssembler.locate().isEmpty()) {
      return;
    }
    twoKernels =
        CodeObjects.link(
            tmp.resolve("two.co"),
            "gfx950",
            write("good", source("good", true)),
            write("bad", source("bad", false)));
  }

  private static void assumeCodeObject() {
    assumeTrue(
        twoKernels != null,
        "clang-22, ld.lld-22 or llvm-objdump-22 is not on PATH (apt-get install clang-22 lld-22"
            + " llvm-22)");
  }

  /**
   * {@link PrefetchKernel} as an assembler source of its own: kernel {@code name} with its
   * descriptor and metadata (two waves, the trip count as argument {@code trips}).
   */
  private static List<String> source(String name, boolean loopWait) {
    List<String> lines = new ArrayList<>();
    lines.add("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"");
    lines.add("\t.text");
    lines.add("\t.globl " + name);
    lines.add("\t.p2align 8");
    lines.add("\t.type " + name + ",@function");
    lines.add(name + ":");
    lines.addAll(body(loopWait));
    lines.add(".Lfunc_end_" + name + ":");
    lines.add("\t.size " + name + ", .Lfunc_end_" + name + "-" + name);
    lines.add("\t.section .rodata,\"a\",@progbits");
    lines.add("\t.p2align 6");
    lines.add("\t.amdhsa_kernel " + name);
    lines.add("\t.amdhsa_user_sgpr_kernarg_segment_ptr 1");
    lines.add("\t.amdhsa_next_free_vgpr 16");
    lines.add("\t.amdhsa_next_free_sgpr 24");
    lines.add("\t.amdhsa_accum_offset 16");
    lines.add("\t.amdhsa_group_segment_fixed_size 2048");
    lines.add("\t.end_amdhsa_kernel");
    lines.addAll(
        List.of(
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.version: [ 1, 2 ]",
            "amdhsa.kernels:",
            "  - .name: " + name,
            "    .symbol: " + name + ".kd",
            "    .max_flat_workgroup_size: 128",
            "    .kernarg_segment_size: 4",
            "    .kernarg_segment_align: 8",
            "    .group_segment_fixed_size: 2048",
            "    .private_segment_fixed_size: 0",
            "    .sgpr_count: 24",
            "    .vgpr_count: 16",
            "    .wavefront_size: 64",
            "    .args:",
            "      - { .name: trips, .offset: 0, .size: 4, .value_kind: by_value }",
            "...",
            "\t.end_amdgpu_metadata"));
    return lines;
  }

  /** PrefetchKernel's instructions, after its header. */
  private static List<String> body(boolean loopWait) {
    List<String> lines = PrefetchKernel.lines(false, loopWait);
    return lines.subList(KernelHeader.LINES.size(), lines.size());
  }

  private static Path write(String name, List<String> source) throws Exception {
    Path s = tmp.resolve(name + ".s");
    Files.writeString(s, String.join("\n", source) + "\n", StandardCharsets.UTF_8);
    return s;
  }

  /** The summary table's rows, after its header and rule. */
  private static List<String> rows(Cli.Result r) {
    List<String> lines = r.out().lines().toList();
    assertEquals(true, lines.size() >= 2 && lines.get(0).startsWith("input "), r.dump());
    return lines.subList(2, lines.size());
  }

  private static void assertRow(String regex, String row, Cli.Result r) {
    assertEquals(true, row.matches(regex), "row\n" + row + "\nis not\n" + regex + "\n" + r.dump());
  }

  private static final String GOOD_ROW = "%s +good +gfx950 +verified +0 +0 +\\d+ +- +0";
  private static final String BAD_ROW =
      "%s +bad +gfx950 +violated +1 +8 +\\d+ +P1 WAW on lds: wave 0 loop k=0 %s:\\d+ g2s vs wave 0"
          + " epilogue %s:\\d+ ds_write \\(1 root cause, 8 instances\\) +1";

  private static String quoted(Path p) {
    return java.util.regex.Pattern.quote(p.toString());
  }

  @Test
  void everyKernelOfACodeObjectIsARowAndTheWorstVerdictIsTheExitCode() {
    assumeCodeObject();
    Cli.Result r = Cli.run("verify", twoKernels.toString(), "--no-timings");
    assertEquals(1, r.code(), r.dump());
    List<String> rows = rows(r);
    assertEquals(2, rows.size(), r.dump());
    String co = quoted(twoKernels);
    assertRow(GOOD_ROW.formatted(co), rows.get(0), r);
    assertRow(BAD_ROW.formatted(co, co, co), rows.get(1), r);
    assertEquals(
        List.of(
            "pipeverify: [1/2] " + twoKernels + " (kernel good): verified",
            "pipeverify: [2/2] " + twoKernels + " (kernel bad): violated"),
        r.err().lines().toList(),
        r.dump());
  }

  /** The CI reports have a report per kernel, each naming its input and kernel. */
  @Test
  void theReportsHaveOnePerKernel() {
    assumeCodeObject();
    Cli.Result json = Cli.run("verify", twoKernels.toString(), "--format", "json");
    assertEquals(1, json.code(), json.dump());
    JsonNode array = json.json();
    assertEquals(2, array.size(), json.dump());
    for (int i = 0; i < 2; i++) {
      assertEquals(twoKernels.toString(), array.get(i).get("input").asText(), json.dump());
    }
    assertEquals(
        List.of("good verified", "bad violated"),
        List.of(
            array.at("/0/schedule").asText() + " " + array.at("/0/verdict").asText(),
            array.at("/1/schedule").asText() + " " + array.at("/1/verdict").asText()),
        json.dump());
    Cli.Result junit = Cli.run("verify", twoKernels.toString(), "--format", "junit");
    assertEquals(
        List.of(
            "<testsuite name=\"good\" tests=\"7\" failures=\"0\" errors=\"0\"",
            "<testsuite name=\"bad\" tests=\"7\" failures=\"1\" errors=\"0\""),
        junit
            .out()
            .lines()
            .map(String::strip)
            .filter(l -> l.startsWith("<testsuite "))
            .map(l -> l.substring(0, l.indexOf(" skipped=")))
            .toList(),
        junit.dump());
  }

  @Test
  void kernelByNameVerifiesThatOneAsBefore() {
    assumeCodeObject();
    Cli.Result r = Cli.run("verify", twoKernels.toString(), "--kernel", "good");
    assertEquals(0, r.code(), r.dump());
    assertEquals("good: VERIFIED", r.out().lines().findFirst().orElse(""), r.dump());
    assertEquals("", r.err(), r.dump());
  }

  @Test
  void aGlobVerifiesEveryKernelItMatches() {
    assumeCodeObject();
    Cli.Result both = Cli.run("verify", twoKernels.toString(), "--kernel", "*d", "--no-timings");
    assertEquals(1, both.code(), both.dump());
    List<String> rows = rows(both);
    assertEquals(2, rows.size(), both.dump());
    String co = quoted(twoKernels);
    assertRow(GOOD_ROW.formatted(co), rows.get(0), both);
    assertRow(BAD_ROW.formatted(co, co, co), rows.get(1), both);

    Cli.Result one = Cli.run("verify", twoKernels.toString(), "--kernel", "b?d");
    assertEquals(1, one.code(), one.dump());
    assertEquals(
        "bad: VIOLATED (1 root cause, 8 instances)",
        one.out().lines().findFirst().orElse(""),
        one.dump());
  }

  @Test
  void aGlobMatchingNoKernelIsBadInputListingTheKernels() {
    assumeCodeObject();
    Cli.Result r = Cli.run("verify", twoKernels.toString(), "--kernel", "Custom_*");
    assertEquals(2, r.code(), r.dump());
    assertEquals("", r.out(), r.dump());
    assertEquals(
        "pipeverify: "
            + twoKernels
            + ": no kernel matches 'Custom_*'; the code object has good, bad\n",
        r.err(),
        r.dump());
  }

  /**
   * explain and show work on one kernel: without --kernel, or with a glob of both, exit 2 naming
   * the kernels; explain of the one picked explains it.
   */
  @Test
  void theCommandsOfOneKernelNameTheKernelsToPickFrom() {
    assumeCodeObject();
    Cli.Result explain = Cli.run("explain", twoKernels.toString());
    assertEquals(2, explain.code(), explain.dump());
    assertEquals("", explain.out(), explain.dump());
    assertEquals(
        "pipeverify: "
            + twoKernels
            + " has 2 kernels (good, bad); explain works on one: pick it with --kernel NAME"
            + " (verify checks every kernel)\n",
        explain.err(),
        explain.dump());
    Cli.Result show = Cli.run("show", twoKernels.toString(), "--kernel", "*");
    assertEquals(2, show.code(), show.dump());
    assertEquals(
        "pipeverify: "
            + twoKernels
            + ": --kernel '*' matches 2 kernels (good, bad); show works on one: pick it with"
            + " --kernel NAME (verify checks every kernel)\n",
        show.err(),
        show.dump());
    // replay needs GEMM intent, which no kernel of assembly has: it says so, not "pick one".
    Cli.Result replay = Cli.run("replay", twoKernels.toString());
    assertEquals(2, replay.code(), replay.dump());
    assertEquals(
        "pipeverify: replay needs a schedule with GEMM intent; "
            + twoKernels
            + " is lifted from assembly (intent none: no tensors, tiles or fragments), so only"
            + " verify, explain, show, bench, relax and fuzz --mutate apply to it (docs/isa.md)\n",
        replay.err(),
        replay.dump());
    Cli.Result picked = Cli.run("explain", twoKernels.toString(), "--kernel", "bad");
    assertEquals(1, picked.code(), picked.dump());
    assertEquals(
        "bad: VIOLATED (1 root cause, 8 instances)",
        picked.out().lines().findFirst().orElse(""),
        picked.dump());
    // The loop's missing wait, put back.
    String edit =
        "    edit: in every role, in the loop, before the s_barrier at "
            + quoted(twoKernels)
            + ":\\d+, insert s_waitcnt vmcnt\\(0\\)";
    assertEquals(
        1, picked.out().lines().filter(l -> l.matches(edit)).count(), edit + "\n" + picked.dump());
  }

  /**
   * A listing with three kernels (two .amdhsa_kernel blocks and a third without a workgroup size)
   * in a batch with a one-kernel listing: each kernel is a row, in order, the one that cannot be
   * lifted a bad-input row naming its kernel; the exit code is the worst, 2.
   */
  @Test
  void everyKernelOfAListingInABatchIsARow() throws Exception {
    List<String> three = new ArrayList<>();
    three.add(KernelHeader.LINES.get(0));
    for (String name : List.of("good", "bad", "nosize")) {
      three.add("\t.amdhsa_kernel " + name);
      three.add("\t.amdhsa_user_sgpr_kernarg_segment_ptr 1");
      three.add("\t.end_amdhsa_kernel");
      three.add(name + ":");
      // One listing: each kernel's loop has a label of its own.
      body(!name.equals("bad")).forEach(b -> three.add(b.replace(".LBB0_1", ".L" + name + "_1")));
    }
    three.addAll(
        List.of(
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.kernels:",
            "  - .name: good",
            "    .max_flat_workgroup_size: 128",
            "  - .name: bad",
            "    .max_flat_workgroup_size: 128",
            "...",
            "\t.end_amdgpu_metadata"));
    Path listing = KernelHeader.write(tmp.resolve("three.s"), three);
    List<String> single = new ArrayList<>(KernelHeader.LINES);
    single.set(1, "\t.amdhsa_kernel good");
    single.set(4, "good:");
    single.addAll(body(true));
    single.addAll(
        List.of(
            "\t.amdgpu_metadata",
            "---",
            "amdhsa.kernels:",
            "  - .name: good",
            "    .max_flat_workgroup_size: 128",
            "...",
            "\t.end_amdgpu_metadata"));
    Path one = KernelHeader.write(tmp.resolve("one.s"), single);

    Cli.Result r = Cli.run("verify", listing.toString(), one.toString(), "--no-timings");
    assertEquals(2, r.code(), r.dump());
    List<String> rows = rows(r);
    assertEquals(4, rows.size(), r.dump());
    String l = quoted(listing);
    assertRow(GOOD_ROW.formatted(l), rows.get(0), r);
    assertRow(BAD_ROW.formatted(l, l, l), rows.get(1), r);
    assertRow(GOOD_ROW.formatted(quoted(one)), rows.get(2), r);
    assertRow(
        l
            + " +nosize +- +bad input +- +- +- +line \\d+: kernel nosize states no workgroup size"
            + " .*give --waves N +2",
        rows.get(3),
        r);

    // The CI reports name the kernel that got no report.
    Cli.Result json = Cli.run("verify", listing.toString(), one.toString(), "--format", "json");
    JsonNode unchecked = json.json().get(3);
    assertEquals(listing.toString(), unchecked.get("input").asText(), json.dump());
    assertEquals("nosize", unchecked.get("schedule").asText(), json.dump());
    assertEquals("bad input", unchecked.get("verdict").asText(), json.dump());
    Cli.Result sarif = Cli.run("verify", listing.toString(), one.toString(), "--format", "sarif");
    String note =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(sarif.out())
            .at("/runs/0/invocations/0/toolExecutionNotifications/0/message/text")
            .asText();
    assertEquals(
        true,
        note.startsWith(listing + " (kernel nosize): not checked (bad input): line "),
        note + "\n" + sarif.dump());
    Cli.Result junit = Cli.run("verify", listing.toString(), one.toString(), "--format", "junit");
    assertEquals(
        1,
        junit
            .out()
            .lines()
            .filter(
                x ->
                    x.equals(
                        "  <testsuite name=\"nosize\" tests=\"1\" failures=\"0\" errors=\"1\""
                            + " skipped=\"0\">"))
            .count(),
        junit.dump());
  }
}
