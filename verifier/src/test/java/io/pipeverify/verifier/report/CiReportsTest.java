package io.pipeverify.verifier.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Section;
import io.pipeverify.model.format.LocatedSchedule;
import io.pipeverify.model.format.ScheduleReader;
import io.pipeverify.model.format.ScheduleWriter;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Verdict;
import io.pipeverify.verifier.VerificationReport;
import io.pipeverify.verifier.Verifier;
import io.pipeverify.verifier.VerifyOptions;
import io.pipeverify.verifier.repair.Edit;
import io.pipeverify.verifier.repair.SmallestRepair;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every CI format for the documented cdna4-interleave counterexample, read as a file so reports
 * point into it; SARIF validated against the official 2.1.0 schema.
 */
class CiReportsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String FILE = "schedules/cdna4-interleave.json";
  static Schedule generated;
  static ScheduleResult result;

  @BeforeAll
  static void verify() throws Exception {
    generated = Transforms.byName("cdna4-interleave").orElseThrow().generate(Map.of());
    result = verifyFile(ScheduleWriter.write(generated), true);
  }

  static ScheduleResult verifyFile(String content, boolean repairs) throws Exception {
    LocatedSchedule located = ScheduleReader.readLocated(FILE, content);
    VerificationReport report = Verifier.verify(located.schedule(), VerifyOptions.defaults());
    ScheduleResult r = new ScheduleResult(FILE, report, Optional.of(located), Optional.empty());
    return repairs
        ? r.withRepairs(new SmallestRepair(VerifyOptions.defaults(), 2).plan(report))
        : r;
  }

  static String sarif(ScheduleResult r) {
    return new SarifReportRenderer("0.1.0").render(List.of(r));
  }

  @Test
  void sarifValidatesAgainstTheOfficialSchema() throws Exception {
    JsonSchema schema;
    try (InputStream in = getClass().getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
      schema =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4)
              .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    String text = sarif(result);
    Set<ValidationMessage> problems = schema.validate(text, InputFormat.JSON);
    assertEquals(Set.of(), problems, text);
    // The validator must be able to fail: a result without a message breaks the schema.
    JsonNode broken = JSON.readTree(text);
    ((com.fasterxml.jackson.databind.node.ObjectNode) broken.at("/runs/0/results/0"))
        .remove("message");
    assertFalse(schema.validate(broken.toString(), InputFormat.JSON).isEmpty());
  }

  @Test
  void sarifResultsPointIntoTheFileAndCarryFlowsAndFixes() throws Exception {
    JsonNode run = JSON.readTree(sarif(result)).at("/runs/0");
    JsonNode r = run.at("/results/0");
    assertEquals("pipeverify/P1/WAR", r.at("/ruleId").asText());
    assertEquals("pipeverify/P1/WAR", run.at("/tool/driver/rules/0/id").asText());
    JsonNode loc = r.at("/locations/0");
    assertEquals(FILE, loc.at("/physicalLocation/artifactLocation/uri").asText());
    int line = loc.at("/physicalLocation/region/startLine").asInt();
    String lineText = ScheduleWriter.write(generated).split("\n", -1)[line - 1];
    assertTrue(lineText.contains("\"op\": \"ds_read\""), lineText);
    assertEquals(
        "cdna4-interleave/programs/0/loop/87",
        loc.at("/logicalLocations/0/fullyQualifiedName").asText());
    assertTrue(r.at("/relatedLocations/0/message/text").asText().contains("g2s"));
    JsonNode flows = r.at("/codeFlows/0/threadFlows");
    assertEquals(2, flows.size());
    assertEquals("wave 0", flows.get(0).at("/id").asText());
    // executionOrder numbers one global interleaving: increasing within each wave's flow.
    Set<Integer> orders = new HashSet<>();
    for (JsonNode f : flows) {
      int prev = 0;
      for (JsonNode l : f.at("/locations")) {
        int o = l.at("/executionOrder").asInt();
        assertTrue(o > prev);
        prev = o;
        orders.add(o);
      }
    }
    // 7 steps of wave 0 and 28 of wave 1, the s_barrier shared: violation 1's 34 trace steps (wave
    // 0's later reads, chained after the racing one by same-wave LDS order, come after it).
    assertEquals(7, flows.get(0).at("/locations").size());
    assertEquals(28, flows.get(1).at("/locations").size());
    assertEquals(34, result.report().verdict().violations().get(0).trace().size());
    assertEquals(34, orders.size());
    assertEquals(1, Collections.min(orders));
    assertEquals(34, Collections.max(orders));
    JsonNode fix = r.at("/fixes/0");
    assertTrue(fix.at("/description/text").asText().contains("insert s_waitcnt lgkmcnt(0)"));
    JsonNode rep = fix.at("/artifactChanges/0/replacements/0");
    String barrierLine =
        ScheduleWriter.write(generated)
            .split("\n", -1)[rep.at("/deletedRegion/startLine").asInt() - 1];
    assertTrue(barrierLine.contains("\"op\": \"barrier\""), barrierLine);
    assertEquals("{\"op\": \"wait\", \"lgkmcnt\": 0}, ", rep.at("/insertedContent/text").asText());
    assertTrue(r.at("/properties/fix/verifies").asBoolean());
  }

  @Test
  void fingerprintsSurviveRerunsAndUnrelatedEdits() throws Exception {
    List<String> first = fingerprints(sarif(result));
    List<String> rerun = fingerprints(sarif(verifyFile(ScheduleWriter.write(generated), false)));
    assertEquals(first, rerun);
    // An unrelated edit: a setprio at the start of the loop shifts every loop op's position and
    // every line after it.
    Edit setprio =
        new Edit(
            Edit.Kind.INSERT_WAIT,
            0,
            Section.LOOP,
            0,
            new Op.SetPrio(2, new Origin.FromTransform("cdna4-interleave", "loop stage 0")),
            "unrelated");
    String edited = ScheduleWriter.write(setprio.applyTo(generated));
    ScheduleResult after = verifyFile(edited, false);
    JsonNode r0 = JSON.readTree(sarif(after)).at("/runs/0/results/0");
    // The first result's ds_read, loop/87 before the edit, moved one position down.
    assertEquals(
        "cdna4-interleave/programs/0/loop/88",
        r0.at("/locations/0/logicalLocations/0/fullyQualifiedName").asText());
    assertEquals(new HashSet<>(first), new HashSet<>(fingerprints(sarif(after))));
    assertFalse(first.isEmpty());
  }

  private static List<String> fingerprints(String sarif) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode r : JSON.readTree(sarif).at("/runs/0/results")) {
      out.add(r.at("/partialFingerprints").elements().next().asText());
    }
    return out;
  }

  @Test
  void perfettoHasANamedThreadPerWaveAndAFlowArrow() throws Exception {
    JsonNode events = JSON.readTree(new PerfettoTraceRenderer().render(List.of(result)));
    Set<String> threads = new HashSet<>();
    int slices = 0;
    int instants = 0;
    int counters = 0;
    List<JsonNode> flows = new ArrayList<>();
    for (JsonNode e : events.at("/traceEvents")) {
      String ph = e.at("/ph").asText();
      if (ph.equals("M")
          && e.at("/name").asText().equals("thread_name")
          && e.at("/pid").asInt() == 1) {
        threads.add(e.at("/tid").asInt() + "=" + e.at("/args/name").asText());
      }
      slices += ph.equals("X") ? 1 : 0;
      instants += ph.equals("i") ? 1 : 0;
      counters += ph.equals("C") ? 1 : 0;
      if ((ph.equals("s") || ph.equals("f")) && e.at("/pid").asInt() == 1) {
        flows.add(e);
      }
    }
    assertEquals(Set.of("1=wave 0", "2=wave 1"), threads);
    // Both violations' traces: the one s_barrier an instant on each of the two waves of each.
    assertEquals(61, slices);
    assertEquals(4, instants);
    assertEquals(38, counters);
    assertEquals(2, flows.size());
    assertEquals("s", flows.get(0).at("/ph").asText());
    assertEquals(flows.get(0).at("/id"), flows.get(1).at("/id"));
    // From the write of wave 1 (t=96) to the read of wave 0 (t=97), the two racing accesses.
    assertEquals(2, flows.get(0).at("/tid").asInt());
    assertEquals(1, flows.get(1).at("/tid").asInt());
    assertEquals(96, flows.get(0).at("/ts").asLong());
    assertEquals(97, flows.get(1).at("/ts").asLong());
  }

  @Test
  void junitHasOneSuiteWithATestcasePerProperty() throws Exception {
    Document doc = junit(result);
    assertEquals(1, doc.getElementsByTagName("testsuite").getLength());
    NodeList cases = doc.getElementsByTagName("testcase");
    List<String> names = new ArrayList<>();
    for (int i = 0; i < cases.getLength(); i++) {
      names.add(((Element) cases.item(i)).getAttribute("name"));
    }
    assertEquals(
        List.of(
            "P1 LDS race",
            "P2 uninitialised read",
            "P3 wrong version",
            "P4 register hazard",
            "P5 contraction coverage",
            "P6 barrier matching",
            "P7 encodability"),
        names);
    NodeList failures = doc.getElementsByTagName("failure");
    assertEquals(1, failures.getLength());
    String body = failures.item(0).getTextContent();
    assertTrue(body.contains("interleaving (one column per wave"), body);
    assertTrue(body.contains("fix:             in loop stage 3, before the s_barrier"), body);
  }

  /**
   * Note 000's suspects 1 and 2 on the fixed schedule break only the data-flow properties P4 and
   * P5; verify exits 1 for them, so their JUnit suites must fail as well.
   */
  @Test
  void junitFailsOnDataflowViolations() throws Exception {
    Element kpack = suite(junit(fixedWith("s2rKpackSwapA")));
    assertEquals("7", kpack.getAttribute("tests"));
    assertEquals("1", kpack.getAttribute("failures"));
    Map<String, Element> kpackFailures = failures(kpack);
    assertEquals(Set.of("P5 contraction coverage"), kpackFailures.keySet());
    Element p5 = kpackFailures.get("P5 contraction coverage");
    assertEquals("pipeverify/P5/MIXED_K_CHUNK", p5.getAttribute("type"));
    assertTrue(
        p5.getAttribute("message")
            .startsWith("2 root causes (5120 instances), first: P5 MIXED_K_CHUNK: "));
    String body = p5.getTextContent();
    assertTrue(body.startsWith("[1] root cause (defect): P5 MIXED_K_CHUNK: wave 0 loop k=0"), body);
    assertTrue(body.contains("the first: P5 MIXED_K_CHUNK (contraction coverage, found at T=1)"));
    assertTrue(body.contains("  breaks P5 MIXED_K_CHUNK (4 defects)\n"), body);
    assertTrue(body.contains("[2] root cause (defect): P5 MISSING_PRODUCT: wave 0 never"), body);
    assertTrue(body.contains("interleaving (one column per wave"), body);

    Element jhalf = suite(junit(fixedWith("mfmaJHalfSwap")));
    assertEquals("2", jhalf.getAttribute("failures"));
    Map<String, Element> jhalfFailures = failures(jhalf);
    assertEquals(Set.of("P4 register hazard", "P5 contraction coverage"), jhalfFailures.keySet());
    assertEquals(
        "pipeverify/P4/REGISTER_HAZARD",
        jhalfFailures.get("P4 register hazard").getAttribute("type"));
    assertTrue(
        jhalfFailures
            .get("P4 register hazard")
            .getAttribute("message")
            .startsWith("2 root causes (1280 instances), first: "));
    assertEquals(
        "pipeverify/P5/MISSING_PRODUCT",
        jhalfFailures.get("P5 contraction coverage").getAttribute("type"));
  }

  /**
   * An inconclusive verdict keeps the violations Z3 confirmed as failures; every other property is
   * unknown, an error, and the suite's count says how many testcases have one.
   */
  @Test
  void junitCountsAnErrorPerUndecidedPropertyWhenInconclusive() throws Exception {
    VerificationReport decided = result.report();
    VerificationReport undecided =
        new VerificationReport(
            decided.schedule(),
            decided.options(),
            decided.period(),
            decided.tripCountsChecked(),
            new Verdict.Inconclusive("Z3 timed out at T=3", decided.verdict().findings()),
            0,
            decided.stats());
    Element suite =
        suite(junit(new ScheduleResult(FILE, undecided, Optional.empty(), Optional.empty())));
    assertEquals("1", suite.getAttribute("failures"));
    assertEquals("6", suite.getAttribute("errors"));
    NodeList errors = suite.getElementsByTagName("error");
    assertEquals(6, errors.getLength());
    assertEquals("Z3 timed out at T=3", ((Element) errors.item(0)).getAttribute("message"));
    assertEquals(Set.of("P1 LDS race"), failures(suite).keySet());
  }

  /** The fixed cdna4-interleave (lgkm drain before the barrier) with one bool knob switched on. */
  private static ScheduleResult fixedWith(String knob) throws Exception {
    Schedule s =
        Transforms.byName("cdna4-interleave")
            .orElseThrow()
            .generate(Map.of("lgkmDrainBeforeBarrier", "true", knob, "true"));
    return verifyFile(ScheduleWriter.write(s), false);
  }

  private static Document junit(ScheduleResult r) throws Exception {
    String xml = new JunitReportRenderer(false).render(List.of(r));
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static Element suite(Document doc) {
    NodeList suites = doc.getElementsByTagName("testsuite");
    assertEquals(1, suites.getLength());
    return (Element) suites.item(0);
  }

  /** The failures of a suite by the name of their testcase. */
  private static Map<String, Element> failures(Element suite) {
    Map<String, Element> out = new HashMap<>();
    NodeList failures = suite.getElementsByTagName("failure");
    for (int i = 0; i < failures.getLength(); i++) {
      Element f = (Element) failures.item(i);
      out.put(((Element) f.getParentNode()).getAttribute("name"), f);
    }
    return out;
  }

  @Test
  void githubAnnotationsAreEscapedAndCapped() throws Exception {
    String out = new GithubAnnotationRenderer(1).render(List.of(result));
    String[] lines = out.split("\n");
    assertEquals(1, lines.length, out);
    assertTrue(
        lines[0].startsWith(
            "::error file="
                + FILE
                + ",line=118,col=9,title=pipeverify/P1/WAR in cdna4-interleave::cdna4-interleave:"
                + " root cause (retired too late): ds_read B at loop stage 3 is retired only by"),
        lines[0]);
    assertTrue(lines[0].contains("%0Abreaks P1 WAR (2 defects)%0A224 instances in waves 0-7"));
    assertTrue(lines[0].contains("%0Amissing edge: "));
    // hipkittens-2step has 5 root causes: 2 annotated, the rest counted.
    ScheduleResult five =
        verifyFile(
            ScheduleWriter.write(
                Transforms.byName("hipkittens-2step").orElseThrow().generate(Map.of())),
            false);
    String[] capped = new GithubAnnotationRenderer(2).render(List.of(five)).split("\n");
    assertEquals(3, capped.length);
    assertEquals(
        "::warning title=pipeverify::3 more root causes not annotated (5 in total); see the SARIF"
            + " or text report",
        capped[2]);
    assertEquals("a%25b%0D%0Ac%3A d%2C e", GithubAnnotationRenderer.property("a%b\r\nc: d, e"));
    assertEquals("a%25b%0D%0Ac: d, e", GithubAnnotationRenderer.data("a%b\r\nc: d, e"));
  }

  @Test
  void dotHasAClusterPerWaveAndTheMissingEdge() {
    String dot = new DotGraphRenderer().render(List.of(result));
    assertTrue(dot.startsWith("digraph hb {"));
    assertTrue(
        dot.contains("subgraph cluster_v1_w0 {") && dot.contains("subgraph cluster_v1_w1 {"));
    assertTrue(dot.contains("label=\"missing HB\""));
    assertTrue(dot.contains("shape=doubleoctagon"));
    assertEquals(
        dot.chars().filter(c -> c == '{').count(), dot.chars().filter(c -> c == '}').count());
  }

  @Test
  void htmlIsSelfContainedWithTheRacingPairAndTheMissingEdge() {
    String html = new HtmlReportRenderer().render(List.of(result));
    assertFalse(html.contains("<script"));
    // No link out of the page: the svg namespace is the only URL, and it is not fetched.
    assertTrue(html.contains("http://www.w3.org/2000/svg"));
    assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http://"));
    assertFalse(html.contains("https://"));
    assertTrue(html.contains("class=\"op ds_read racing\""));
    assertTrue(html.contains("class=\"op g2s racing\""));
    assertTrue(html.contains("class=\"missing-edge\""));
    assertTrue(
        html.contains("Fix: in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)"));
  }

  @Test
  void jsonCarriesTheFixAndTheFingerprint() throws Exception {
    JsonNode v = JSON.readTree(new JsonReportRenderer(false).render(result)).at("/violations/0");
    assertEquals(
        "in loop stage 3, before the s_barrier, insert s_waitcnt lgkmcnt(0)",
        v.at("/fix/edit").asText());
    assertTrue(v.at("/fix/verifies").asBoolean());
    assertEquals(32, v.at("/fingerprint").asText().length());
  }
}
