package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.verifier.report.JsonReportRenderer;
import io.pipeverify.verifier.report.TextReportRenderer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The text and JSON reports (without timings, as {@code --no-timings} prints them) of two canonical
 * violations, compared byte for byte with src/test/resources/golden.
 *
 * <p>Regenerate after an intended change of the reports with {@code mvn -B -o -q -pl model,verifier
 * verify -Dpipeverify.updateGolden=true} (the test then writes the files instead of comparing), and
 * review the diff before committing it.
 */
class GoldenReportTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
  private static final boolean UPDATE = Boolean.getBoolean("pipeverify.updateGolden");

  private static void check(String file, String actual) throws IOException {
    Path path = GOLDEN.resolve(file);
    if (UPDATE) {
      Files.createDirectories(GOLDEN);
      Files.writeString(path, actual, StandardCharsets.UTF_8);
      return;
    }
    assertTrue(
        Files.exists(path),
        () -> path + " is missing; run with -Dpipeverify.updateGolden=true to create it");
    String expected = Files.readString(path, StandardCharsets.UTF_8);
    assertEquals(
        expected,
        actual,
        () ->
            file
                + " differs from the golden file; if the change is intended, regenerate with"
                + " -Dpipeverify.updateGolden=true. Actual:\n"
                + actual);
  }

  private static void golden(String name, VerificationReport report) throws IOException {
    check(name + ".txt", new TextReportRenderer(false).render(report));
    check(name + ".json", new JsonReportRenderer(false).render(report));
  }

  @Test
  void cdna4InterleaveDefaults() throws IOException {
    golden("cdna4-interleave", Reports.canonical("cdna4-interleave"));
  }

  @Test
  void tileLangPipelinedSixteenOpsPerGroup() throws IOException {
    golden(
        "tilelang-pipelined-opsPerGroup16",
        Reports.canonical("tilelang-pipelined", "opsPerGroup=16"));
  }
}
