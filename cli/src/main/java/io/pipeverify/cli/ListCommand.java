package io.pipeverify.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.transform.IntRange;
import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.Assumption;
import io.pipeverify.verifier.report.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pipeverify list}: the built-in transforms and their knobs. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "List the built-in transforms and their knobs (type, default, meaning).")
final class ListCommand implements Callable<Integer> {
  private final Console console;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      converter = Converters.FormatConverter.class,
      description = "text (a table per transform) or json (an array). Default: text.")
  OutputFormat format = OutputFormat.TEXT;

  @Option(
      names = "--assumptions",
      description =
          "List the timing assumptions verify --assume accepts: the hardware fact each relies on"
              + " and what it may hide.")
  boolean assumptions;

  ListCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() {
    if (assumptions) {
      console.out().print(format == OutputFormat.JSON ? assumptionsJson() : assumptionsText());
      return ExitCode.OK;
    }
    console
        .out()
        .print(
            format == OutputFormat.JSON
                ? json(Transforms.all())
                : TerminalText.escapeLines(text(Transforms.all())));
    return ExitCode.OK;
  }

  /**
   * {@code [{name, description, options: [{name, type, default, description}]}]}; choice knobs also
   * have {@code choices}. Defaults are JSON values of the knob's type.
   */
  static String json(List<PipelineTransform<?>> transforms) {
    return JsonOutput.pretty(
        g -> {
          g.writeStartArray();
          for (PipelineTransform<?> t : transforms) {
            g.writeStartObject();
            g.writeStringField("name", t.name());
            g.writeStringField("description", t.description());
            g.writeArrayFieldStart("options");
            for (KnobSpec k : t.knobs()) {
              writeKnob(g, k);
            }
            g.writeEndArray();
            g.writeEndObject();
          }
          g.writeEndArray();
        });
  }

  private static void writeKnob(JsonGenerator g, KnobSpec k) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", k.name());
    g.writeStringField("type", k.type().id());
    g.writeFieldName("default");
    switch (k.type()) {
      case BOOL -> g.writeBoolean(Boolean.parseBoolean(k.defaultValue()));
      case INT -> g.writeNumber(Integer.parseInt(k.defaultValue()));
      case CHOICE -> g.writeString(k.defaultValue());
      default -> throw new IllegalStateException("knob type " + k.type());
    }
    if (k.type() == KnobSpec.Type.CHOICE) {
      g.writeArrayFieldStart("choices");
      for (String c : k.choices()) {
        g.writeString(c);
      }
      g.writeEndArray();
    }
    if (k.range().isPresent()) {
      IntRange r = k.range().get();
      g.writeObjectFieldStart("fuzzRange");
      g.writeNumberField("min", r.min());
      g.writeNumberField("max", r.max());
      g.writeBooleanField("powersOfTwo", r.step() == IntRange.Step.POWERS_OF_TWO);
      g.writeEndObject();
    }
    g.writeStringField("description", k.description());
    g.writeEndObject();
  }

  /** Per assumption: its name, the fact it relies on and what it may hide, wrapped. */
  static String assumptionsText() {
    StringBuilder out = new StringBuilder();
    for (Assumption a : Assumption.values()) {
      out.append(a.id()).append('\n');
      section(out, "relies on: ", a.fact());
      section(out, "may hide:  ", a.mayHide());
    }
    out.append(
        "\nState one: pipeverify verify K.co --assume NAME (repeatable), or \"assumptions\":"
            + " [\"NAME\"] in a schedule file. A timing assumption excuses only races in flight"
            + " across a barrier, never an unordered one; same-source-copies only two copies of the"
            + " same global bytes into the same LDS bytes (docs/debugging.md).\n");
    return out.toString();
  }

  private static void section(StringBuilder out, String label, String text) {
    List<String> lines = wrap(text, 86);
    for (int i = 0; i < lines.size(); i++) {
      out.append("  ").append(i == 0 ? label : " ".repeat(label.length())).append(lines.get(i));
      out.append('\n');
    }
  }

  /** {@code [{name, reliesOn, mayHide}]}. */
  static String assumptionsJson() {
    return JsonOutput.pretty(
        g -> {
          g.writeStartArray();
          for (Assumption a : Assumption.values()) {
            g.writeStartObject();
            g.writeStringField("name", a.id());
            g.writeStringField("reliesOn", a.fact());
            g.writeStringField("mayHide", a.mayHide());
            g.writeEndObject();
          }
          g.writeEndArray();
        });
  }

  /** Per transform: name, wrapped description, and a knob table (name, type, default, meaning). */
  static String text(List<PipelineTransform<?>> transforms) {
    StringBuilder out = new StringBuilder();
    for (PipelineTransform<?> t : transforms) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(t.name()).append('\n');
      for (String line : wrap(t.description(), 96)) {
        out.append("  ").append(line).append('\n');
      }
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"knob", "type", "default", "meaning"});
      for (KnobSpec k : t.knobs()) {
        String type =
            k.type() == KnobSpec.Type.CHOICE ? String.join("|", k.choices()) : k.type().id();
        rows.add(new String[] {k.name(), type, k.defaultValue(), k.description()});
      }
      out.append('\n');
      Table.render(out, "  ", rows);
    }
    out.append("\nUse a knob: pipeverify show --builtin NAME --opt KNOB=VALUE\n");
    return out.toString();
  }

  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.trim().split("\\s+")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }
}
