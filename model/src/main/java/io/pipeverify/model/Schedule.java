package io.pipeverify.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A pipelined GEMM schedule for one workgroup: the machine (target, waves, implicit-wait model),
 * the LDS buffers, the GEMM tile, the program of every wave, and whether its ops carry GEMM intent
 * ({@link Intent}). The loop runs for a trip count {@code T >= 1} that is a parameter of the
 * verdict, not of the schedule; {@code nominalTripCount} is only the value used when a concrete one
 * is needed (replay, emitted kernels' defaults).
 *
 * <p>Build one with the record constructor; {@link ScheduleValidator} checks the semantic rules.
 */
public record Schedule(
    String name,
    Target target,
    int waves,
    ImplicitWaits implicitWaits,
    List<WaveParam> waveParams,
    List<LdsBuffer> buffers,
    Gemm gemm,
    List<WaveProgram> programs,
    int nominalTripCount,
    Intent intent) {

  /** The loop variable and the trip-count variable of expressions. */
  public static final String K = "k";

  public static final String TRIP_COUNT = "T";
  public static final String WAVE = "w";

  public Schedule {
    Objects.requireNonNull(name);
    Objects.requireNonNull(target);
    Objects.requireNonNull(implicitWaits);
    Objects.requireNonNull(gemm);
    Objects.requireNonNull(intent);
    waveParams = List.copyOf(waveParams);
    buffers = List.copyOf(buffers);
    programs = List.copyOf(programs);
  }

  /** A schedule whose ops carry GEMM intent: every schedule but one lifted from assembly. */
  public Schedule(
      String name,
      Target target,
      int waves,
      ImplicitWaits implicitWaits,
      List<WaveParam> waveParams,
      List<LdsBuffer> buffers,
      Gemm gemm,
      List<WaveProgram> programs,
      int nominalTripCount) {
    this(
        name,
        target,
        waves,
        implicitWaits,
        waveParams,
        buffers,
        gemm,
        programs,
        nominalTripCount,
        Intent.GEMM);
  }

  /** This schedule with every op replaced by {@code f} of it, in every program and section. */
  public Schedule mapOps(UnaryOperator<Op> f) {
    List<WaveProgram> mapped = new ArrayList<>();
    for (WaveProgram p : programs) {
      mapped.add(
          new WaveProgram(
              p.role(),
              p.waves(),
              p.prologue().stream().map(f).toList(),
              p.loop().stream().map(f).toList(),
              p.epilogue().stream().map(f).toList()));
    }
    return withPrograms(mapped);
  }

  /** This schedule with other wave programs (a rewrite of their ops). */
  public Schedule withPrograms(List<WaveProgram> newPrograms) {
    return new Schedule(
        name,
        target,
        waves,
        implicitWaits,
        waveParams,
        buffers,
        gemm,
        newPrograms,
        nominalTripCount,
        intent);
  }

  /** This schedule on another target or implicit-wait model (the CLI's overrides). */
  public Schedule withModel(Target newTarget, ImplicitWaits newImplicitWaits) {
    return new Schedule(
        name,
        newTarget,
        waves,
        newImplicitWaits,
        waveParams,
        buffers,
        gemm,
        programs,
        nominalTripCount,
        intent);
  }

  public Optional<LdsBuffer> buffer(String bufferName) {
    // A loop, not a stream: the checks ask this once per access instance.
    for (LdsBuffer b : buffers) {
      if (b.name().equals(bufferName)) {
        return Optional.of(b);
      }
    }
    return Optional.empty();
  }

  /** The program wave {@code w} runs. */
  public WaveProgram programOf(int w) {
    return programs.get(programIndexOf(w));
  }

  /**
   * The index in {@link #programs} of the program wave {@code w} runs: its role, as findings, keys
   * and JSON pointers name it (by the waves, not by comparing whole programs).
   */
  public int programIndexOf(int w) {
    for (int i = 0; i < programs.size(); i++) {
      if (programs.get(i).waves().contains(w)) {
        return i;
      }
    }
    throw new IllegalArgumentException("wave " + w + " has no program");
  }

  /**
   * The variables for evaluating wave {@code w}'s expressions: {@code w} and the wave parameters
   * (each may use {@code w} and earlier parameters).
   */
  public Map<String, Long> waveEnv(int w) {
    Map<String, Long> env = new HashMap<>();
    env.put(WAVE, (long) w);
    for (WaveParam p : waveParams) {
      env.put(p.name(), p.value().eval(env));
    }
    return env;
  }

  /** Total LDS bytes of all buffers and slots. */
  public long ldsBytes() {
    return buffers.stream().mapToLong(LdsBuffer::totalBytes).sum();
  }

  /**
   * The schedule's period (semantics.md section 6; P = S for the usual {@code k % S} slot
   * rotation): the lcm of the periods of all slot and region expressions in {@code k} and in {@code
   * T}. A loop op may mention T too, and the cutoff argument (proofs/cutoff.md) removes P
   * iterations, which changes T as well as the numbering of later iterations. Validated schedules
   * always have one.
   */
  /** {@code p} and the period of {@code e} in k and in T: their lcm (a constant has none). */
  private static long period(long p, Expr e) {
    if (e instanceof Expr.Const) {
      return p; // the lifted kernels' every expression: a period walks thousands of them
    }
    p = Periodicity.lcm(p, e.periodIn(K).orElse(1));
    return Periodicity.lcm(p, e.periodIn(TRIP_COUNT).orElse(1));
  }

  public long period() {
    long p = 1;
    for (WaveProgram prog : programs) {
      for (Section section : Section.values()) {
        for (Op op : prog.section(section)) {
          Op resolved = op instanceof Op.Conditional c ? c.op() : op;
          if (resolved instanceof Op.LdsAccess a) {
            p = period(p, a.slot());
            p = period(p, a.region().start());
            p = period(p, a.region().count());
          }
        }
      }
    }
    return p;
  }
}
