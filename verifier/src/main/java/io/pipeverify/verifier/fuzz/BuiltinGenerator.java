package io.pipeverify.verifier.fuzz;

import io.pipeverify.model.transform.KnobSpec;
import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.verifier.VerifyOptions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A built-in transform as a campaign's generator, each verified configuration also compiled when
 * {@code compiler} is given ({@code fuzz --compile}).
 */
public record BuiltinGenerator(PipelineTransform<?> transform, Optional<CompilerOracle> compiler)
    implements Generator {

  public BuiltinGenerator {
    Objects.requireNonNull(transform);
    Objects.requireNonNull(compiler);
  }

  @Override
  public String name() {
    return transform.name();
  }

  @Override
  public List<KnobSpec> knobs() {
    return transform.knobs();
  }

  @Override
  public Checker checker(VerifyOptions options) {
    return new ConfigChecker(transform, options, compiler);
  }

  @Override
  public Optional<String> compilerVersion() {
    return compiler.map(CompilerOracle::version);
  }

  /**
   * {@code pipeverify verify} of the built-in with the class's minimal knobs, which exits 1 and
   * reports a violation of the class; for a class of the compiled kernel, {@code pipeverify emit},
   * which writes the HIP and the compiler's assembly and reports the compiled kernel's violation
   * with its trace at assembly lines (or why it is not checked).
   */
  @Override
  public String reproduce(FuzzClass c) {
    StringBuilder s =
        new StringBuilder("pipeverify ")
            .append(c.key().compiled() ? "emit" : "verify")
            .append(" --builtin ")
            .append(transform.name());
    c.minimal().forEach((k, v) -> s.append(" --opt ").append(k).append('=').append(v));
    if (c.key().compiled()) {
      s.append(" --out DIR");
    }
    return s.toString();
  }
}
