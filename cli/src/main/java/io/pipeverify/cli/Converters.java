package io.pipeverify.cli;

import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Target;
import io.pipeverify.verifier.Assumption;
import io.pipeverify.verifier.unroll.CounterMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for the option values that have ids in the model ({@code gfx950}, {@code
 * llvm}, {@code ordered}, {@code json}): the model's own {@code fromId} decides, and its message
 * (which lists the valid ids) becomes the usage error.
 */
final class Converters {
  private Converters() {}

  private interface Parser<T> {
    T parse(String id);
  }

  private static <T> T convert(Parser<T> parser, String value) {
    try {
      return parser.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }

  static final class TargetConverter implements ITypeConverter<Target> {
    @Override
    public Target convert(String value) {
      return Converters.convert(Target::fromId, value);
    }
  }

  static final class ImplicitWaitsConverter implements ITypeConverter<ImplicitWaits> {
    @Override
    public ImplicitWaits convert(String value) {
      return Converters.convert(ImplicitWaits::fromId, value);
    }
  }

  static final class CounterModeConverter implements ITypeConverter<CounterMode> {
    @Override
    public CounterMode convert(String value) {
      return Converters.convert(CounterMode::fromId, value);
    }
  }

  static final class AssumptionConverter implements ITypeConverter<Assumption> {
    @Override
    public Assumption convert(String value) {
      return Converters.convert(Assumption::fromId, value);
    }
  }

  static final class FormatConverter implements ITypeConverter<OutputFormat> {
    @Override
    public OutputFormat convert(String value) {
      return Converters.convert(OutputFormat::fromId, value);
    }
  }

  static final class ReportFormatConverter implements ITypeConverter<ReportFormat> {
    @Override
    public ReportFormat convert(String value) {
      return Converters.convert(ReportFormat::fromId, value);
    }
  }

  static final class FuzzFormatConverter implements ITypeConverter<FuzzFormat> {
    @Override
    public FuzzFormat convert(String value) {
      return Converters.convert(FuzzFormat::fromId, value);
    }
  }
}
