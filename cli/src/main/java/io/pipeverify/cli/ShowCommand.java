package io.pipeverify.cli;

import io.pipeverify.isa.tools.ExternalToolException;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleListing;
import io.pipeverify.model.TerminalText;
import io.pipeverify.model.format.ScheduleWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pipeverify show}: a schedule as a per-wave listing (text) or as the schedule file (json).
 * The json output reads back to the same schedule, so showing it again prints the same bytes.
 */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Print a schedule: a per-wave listing (text) or the schedule file (json).")
final class ShowCommand implements Callable<Integer> {
  private final Console console;

  @Mixin ScheduleSource.One source;

  @Option(
      names = "--format",
      paramLabel = "text|json",
      converter = Converters.FormatConverter.class,
      description =
          "text (listing in the style of the notes' stage tables) or json. Default: text.")
  OutputFormat format = OutputFormat.TEXT;

  ShowCommand(Console console) {
    this.console = console;
  }

  @Override
  public Integer call() throws InputException, ExternalToolException {
    source.checkUsage();
    Schedule schedule = source.load(console.in(), source.knobs());
    console
        .out()
        .print(
            format == OutputFormat.JSON
                ? ScheduleWriter.write(schedule)
                : TerminalText.escapeLines(ScheduleListing.render(schedule)));
    return ExitCode.OK;
  }
}
