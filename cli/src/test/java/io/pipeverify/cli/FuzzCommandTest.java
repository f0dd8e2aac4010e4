package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Finding;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.fuzz.ClassKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign, {@code fuzz --builtin cdna4-interleave --tries 120 --seed 7}, pinned as a
 * golden report (regenerate with {@code -Dpipeverify.updateGolden=true} and review the diff), and
 * what its classes must satisfy.
 */
class FuzzCommandTest {
  private static final Path GOLDEN =
      Path.of("src", "test", "resources", "golden", "fuzz-cdna4-interleave-seed7.txt");
  private static final String[] SEED7 = {
    "fuzz", "--builtin", "cdna4-interleave", "--tries", "120", "--seed", "7", "--no-timings"
  };

  @TempDir static Path tmp;

  private static Cli.Result whole;
  private static JsonNode json;

  @BeforeAll
  static void runTheCampaign() throws IOException {
    List<String> args = new ArrayList<>(List.of(SEED7));
    args.addAll(List.of("--format", "text,json", "--out", tmp.resolve("seed7").toString()));
    whole = Cli.run(args.toArray(new String[0]));
    json = new ObjectMapper().readTree(tmp.resolve("seed7").resolve("fuzz.json").toFile());
  }

  private static Map<String, Map<String, String>> classes(JsonNode report) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (JsonNode c : report.get("classes")) {
      Map<String, String> minimal = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = c.get("minimal").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        minimal.put(e.getKey(), e.getValue().asText());
      }
      out.put(c.get("class").asText(), minimal);
    }
    return out;
  }

  @Test
  void theSeed7CampaignMatchesTheGoldenReport() throws IOException {
    assertEquals(1, whole.code(), whole.err());
    if (Boolean.getBoolean("pipeverify.updateGolden")) {
      Files.writeString(GOLDEN, whole.out(), StandardCharsets.UTF_8);
    }
    assertEquals(
        Files.readString(GOLDEN, StandardCharsets.UTF_8),
        whole.out(),
        GOLDEN + " differs (regenerate with -Dpipeverify.updateGolden=true)");
    assertEquals(
        whole.out(),
        Files.readString(tmp.resolve("seed7").resolve("fuzz.txt"), StandardCharsets.UTF_8));
    assertTrue(
        whole.err().contains("pipeverify: fuzz cdna4-interleave: 120/120 tries, "), whole.err());
    assertEquals(120, json.get("run").asInt());
  }

  /**
   * The documented race of the defaults and note 000's suspects 1-3 are among the classes, each
   * shrunk to the one knob that causes it.
   */
  @Test
  void theNotesSuspectsAreClassesWithOneKnobMinimalConfigurations() throws Exception {
    Map<String, Map<String, String>> c = classes(json);
    assertTrue(c.size() >= 2, c.keySet().toString());
    // Note 000's race: the stage-3 reads retired by the implicit wait after the barrier.
    assertEquals(
        Map.of(),
        c.get(
            "retired too late on lgkmcnt by the implicit wait before mfma in the last stage of loop"),
        "the defaults");
    // The suspects of the notes: each one knob, and that knob alone shows the class.
    Map<String, String> suspects =
        Map.of(
            "defect P5 MIXED_K_CHUNK", "s2rKpackSwapA",
            "defect P4 REGISTER_HAZARD", "mfmaJHalfSwap",
            "issued too early on vmcnt after the start of loop", "prologueBarrier");
    for (Map.Entry<String, String> e : suspects.entrySet()) {
      assertEquals(1, c.get(e.getKey()).size(), e.getKey() + ": " + c.get(e.getKey()));
      String value = e.getValue().equals("prologueBarrier") ? "false" : "true";
      Set<String> shown = new TreeSet<>();
      for (Finding f :
          Verifier.verify(
                  Transforms.byName("cdna4-interleave")
                      .orElseThrow()
                      .generate(Map.of(e.getValue(), value)),
                  VerifyOptions.defaults())
              .verdict()
              .findings()) {
        shown.add(ClassKey.of(f).describe());
      }
      assertTrue(shown.contains(e.getKey()), e.getValue() + " shows " + shown);
    }
  }

  /**
   * Every class's minimal configuration shows the class when verified as {@code verify --builtin}
   * does; the reproduce commands of the suspects' classes exit 1 through the CLI.
   */
  @Test
  void everyMinimalConfigurationReproducesItsClass() {
    Map<Map<String, String>, Set<String>> byConfig = new LinkedHashMap<>();
    classes(json).forEach((k, m) -> byConfig.computeIfAbsent(m, x -> new TreeSet<>()).add(k));
    for (Map.Entry<Map<String, String>, Set<String>> e : byConfig.entrySet()) {
      Set<String> shown = new TreeSet<>();
      try {
        for (Finding f :
            Verifier.verify(
                    Transforms.byName("cdna4-interleave").orElseThrow().generate(e.getKey()),
                    VerifyOptions.defaults())
                .verdict()
                .findings()) {
          shown.add(ClassKey.of(f).describe());
        }
      } catch (Exception ex) {
        throw new AssertionError(e.getKey() + ": " + ex, ex);
      }
      assertTrue(shown.containsAll(e.getValue()), e.getKey() + " shows " + shown);
    }
    for (JsonNode c : json.get("classes")) {
      String reproduce = c.get("reproduce").asText();
      if (!reproduce.contains("s2rKpackSwapA") && !reproduce.contains("mfmaJHalfSwap")) {
        continue;
      }
      assertTrue(reproduce.startsWith("pipeverify verify --builtin cdna4-interleave "), reproduce);
      List<String> args =
          new ArrayList<>(List.of(reproduce.substring("pipeverify ".length()).split(" ")));
      args.addAll(List.of("--format", "json", "--max-findings", "0"));
      Cli.Result r = Cli.run(args.toArray(new String[0]));
      assertEquals(1, r.code(), reproduce + "\n" + r.dump());
      // The reproducer's report has the class as a finding's cause family, breaking the rule.
      String rule = c.get("rule").asText().substring("pipeverify/".length()).replace('/', ' ');
      boolean shown = false;
      for (JsonNode f : r.json().get("findings")) {
        if (f.get("cause").get("family").asText().equals(c.get("class").asText())) {
          shown = true;
          assertTrue(f.get("rules").toString().contains(rule), rule + " / " + f);
        }
      }
      assertTrue(shown, c.get("class") + " in " + r.out());
    }
  }

  @Test
  void shardsOneAndTwoOfTwoTogetherFindTheClassesOfTheWholeRun() {
    Set<String> sharded = new TreeSet<>();
    int run = 0;
    for (String shard : List.of("1/2", "2/2")) {
      List<String> args = new ArrayList<>(List.of(SEED7));
      args.addAll(List.of("--shard", shard, "--format", "json"));
      Cli.Result r = Cli.run(args.toArray(new String[0]));
      assertEquals(1, r.code(), r.err());
      assertEquals(shard, r.json().get("shard").asText());
      run += r.json().get("run").asInt();
      sharded.addAll(classes(r.json()).keySet());
    }
    assertEquals(120, run);
    assertEquals(classes(json).keySet(), sharded);
  }

  @Test
  void junitAndSarifHaveOneEntryPerClass() throws IOException {
    Path out = tmp.resolve("small");
    Cli.Result r =
        Cli.run(
            "fuzz",
            "--builtin",
            "tilelang-pipelined",
            "--tries",
            "8",
            "--seed",
            "2",
            "--format",
            "json,junit,sarif",
            "--out",
            out.toString());
    JsonNode report = new ObjectMapper().readTree(out.resolve("fuzz.json").toFile());
    int n = report.get("classes").size();
    assertEquals(n > 0 ? 1 : 0, r.code(), r.dump());
    String junit = Files.readString(out.resolve("fuzz.junit.xml"));
    assertTrue(junit.contains("failures=\"" + n + "\""), junit);
    JsonNode sarif = new ObjectMapper().readTree(out.resolve("fuzz.sarif").toFile());
    assertEquals(n, sarif.get("runs").get(0).get("results").size());
    assertTrue(r.out().startsWith("fuzz tilelang-pipelined: seed 2, 8 tries; "), r.out());
  }

  /** Every wait and barrier of the worked example is load-bearing; the end-of-loop wait partly. */
  @Test
  void mutateSaysWhichWaitsAndBarriersAreLoadBearing() {
    Cli.Result r = Cli.run("fuzz", Cli.DOUBLE_BUFFER.toString(), "--mutate");
    assertEquals(0, r.code(), r.dump());
    assertTrue(
        r.out()
            .startsWith(
                "mutate double-buffer-2w: verified as given; 15 single mutations of 4 waits and"
                    + " barriers, 12 break it; 4 of the 4 are load-bearing\n"),
        r.out());
    String origin = "../docs/examples/double-buffer.json:/programs/0/";
    for (String row :
        List.of(
            "prologue #2  "
                + origin
                + "prologue/2  s_waitcnt vmcnt(0)             yes           4 of 4",
            "prologue #3  "
                + origin
                + "prologue/3  s_barrier                      yes           2 of 2",
            "loop #8      "
                + origin
                + "loop/8      s_waitcnt vmcnt(0) lgkmcnt(0)  yes           4 of 7",
            "loop #9      "
                + origin
                + "loop/9      s_barrier                      yes           2 of 2")) {
      assertTrue(r.out().contains(row + "\n"), row + "\n" + r.out());
    }
    Cli.Result json = Cli.run("fuzz", Cli.DOUBLE_BUFFER.toString(), "--mutate", "--format", "json");
    assertEquals(15, json.json().get("mutations").size());
    assertEquals(4, json.json().get("ops").size());
    assertTrue(json.json().get("ops").get(2).get("loadBearing").asBoolean());
    Cli.Result sarif =
        Cli.run("fuzz", Cli.DOUBLE_BUFFER.toString(), "--mutate", "--format", "sarif");
    assertEquals(2, sarif.code());
    assertEquals(
        "pipeverify: --mutate writes text or json\n",
        sarif.err().lines().findFirst().orElse("") + "\n");
  }

  @Test
  void badInputIsExitTwo() {
    record Case(String[] args, String err) {}
    List<Case> cases =
        List.of(
            new Case(
                new String[] {"fuzz", "--builtin", "cdna4-interleave", "--shard", "3/2"},
                "pipeverify: --shard '3/2' is not i/n with 1 <= i <= n (e.g. 2/4)"),
            new Case(
                new String[] {"fuzz", "--builtin", "cdna4-interleave", "--time-budget", "soon"},
                "pipeverify: --time-budget 'soon' is not a positive duration (e.g. 90s, 5m,"
                    + " PT2M)"),
            new Case(
                new String[] {"fuzz", "--builtin", "cdna4-interleave", "--opt", "stagez=2"},
                "pipeverify: cdna4-interleave: unknown knob 'stagez'"),
            new Case(
                new String[] {"fuzz", Cli.DOUBLE_BUFFER.toString()},
                "pipeverify: fuzz needs --builtin NAME (or FILE with --mutate)"),
            new Case(
                new String[] {"fuzz", "--builtin", "nope"},
                "pipeverify: unknown transform 'nope'"));
    for (Case c : cases) {
      Cli.Result r = Cli.run(c.args());
      assertEquals(2, r.code(), r.dump());
      assertTrue(r.err().startsWith(c.err()), r.dump());
    }
  }

  @Test
  void aTimeBudgetCutsTheCampaignAndSaysSo() {
    Cli.Result r =
        Cli.run("fuzz", "--builtin", "cdna4-interleave", "--tries", "1000", "--time-budget", "1ms");
    assertTrue(r.out().contains("stopped by the time budget: "), r.dump());
    assertTrue(r.code() == 0 || r.code() == 1, r.dump());
  }

  /**
   * fuzz --compile end to end (the command): triton-pingpong's 7 configurations that verify
   * are emitted, compiled, lifted and verified; none is a class (clang-22 introduces no race in
   * them and every one emits and lifts), and the schedules' own 8 classes stay.
   */
  @Test
  void compileChecksEveryVerifiedConfigurationsKernel() throws Exception {
    java.util.Optional<io.pipeverify.codegen.tools.ClangCompiler> clang =
        io.pipeverify.codegen.tools.ClangCompiler.locate();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        clang.isPresent(), "clang++-22 is not on PATH (apt-get install clang-22)");
    Cli.Result r =
        Cli.run(
            "fuzz",
            "--builtin",
            "triton-pingpong",
            "--compile",
            "--tries",
            "40",
            "--seed",
            "3",
            "--no-timings");
    assertEquals(1, r.code(), r.dump());
    assertTrue(
        r.out()
            .startsWith(
                "fuzz triton-pingpong: seed 3, 40 tries; 29 invalid combinations skipped; 11"
                    + " checked: 7 verified, 4 violated, 0 inconclusive; 7 classes\n"
                    + "compiled: the kernel of every configuration that verifies, with "
                    + clang.get().version()
                    + ", lifted from its assembly and verified\n"),
        r.dump());
    assertFalse(r.out().contains("compiled kernel not checked"), r.dump());
    assertFalse(r.out().contains("introduced by the compiler"), r.dump());
    assertTrue(
        r.out()
            .contains(
                "] issued too early on lgkmcnt after s_barrier in loop dot0\n"
                    + "  seen in 1 try (first: try 7)\n"
                    + "  minimal: --opt clusters=2\n"),
        r.dump());
  }

  @Test
  void compileWithMutateIsAUsageError() {
    Cli.Result r = Cli.run("fuzz", "--builtin", "cdna4-interleave", "--mutate", "--compile");
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err().startsWith("pipeverify: --compile applies to a campaign, not to --mutate\n"),
        r.dump());
  }
}
