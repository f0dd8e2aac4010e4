package io.pipeverify.model.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleListing;
import io.pipeverify.model.Section;
import io.pipeverify.model.WaveProgram;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PassConfigProperties {

  @Provide
  Arbitrary<PassConfig> configs() {
    return PassConfigArbitraries.anyConfig();
  }

  @Provide
  Arbitrary<Schedule> schedules() {
    return PassConfigArbitraries.builtinSchedules();
  }

  private static PipelineTransform<?> transformOf(PassConfig c) {
    return Transforms.byName(c.transformName()).orElseThrow();
  }

  @Property(tries = 300)
  void optionsRoundTrip(@ForAll("configs") PassConfig config) throws KnobException {
    PipelineTransform<?> t = transformOf(config);
    assertEquals(config, t.configure(config.options()), "configure(options()) for " + config);
    assertEquals(
        t.knobs().stream().map(KnobSpec::name).sorted().toList(),
        config.options().keySet().stream().sorted().toList(),
        "options() names every knob exactly once");
  }

  @Property(tries = 100)
  void generateIsDeterministic(@ForAll("configs") PassConfig config) {
    PipelineTransform<?> t = transformOf(config);
    Schedule first = t.generateFrom(config);
    Schedule second = t.generateFrom(config);
    assertEquals(first, second);
    assertEquals(ScheduleListing.render(first), ScheduleListing.render(second));
  }

  /** The self-check until ScheduleValidator is wired in: slots and rows stay inside the buffers. */
  @Property(tries = 150)
  void ldsAccessesStayInsideTheirBuffers(@ForAll("schedules") Schedule s) {
    for (WaveProgram p : s.programs()) {
      for (int w : p.waves()) {
        Map<String, Long> env = new HashMap<>(s.waveEnv(w));
        for (long t = 1; t <= 4; t++) {
          for (long k = 0; k < 4; k++) {
            env.put(Schedule.K, k);
            env.put(Schedule.TRIP_COUNT, t);
            for (Section section : Section.values()) {
              for (Op op : p.section(section)) {
                if (op instanceof Op.LdsAccess a) {
                  LdsBuffer b = s.buffer(a.buffer()).orElseThrow();
                  long slot = a.slot().eval(env);
                  Region.ByteRange bytes = a.region().bytes(env, b.rowBytes());
                  assertTrue(
                      slot >= 0 && slot < b.slots(),
                      s.name() + ": slot " + slot + " of " + ScheduleListing.line(op));
                  assertTrue(
                      bytes.from() >= 0 && bytes.to() <= b.slotBytes(),
                      s.name()
                          + " wave "
                          + w
                          + ": bytes "
                          + bytes
                          + " of "
                          + ScheduleListing.line(op));
                }
              }
            }
          }
        }
      }
    }
  }

  @Property(tries = 150)
  void schedulesAreLoweredAttributedAndSmall(@ForAll("schedules") Schedule s) {
    int total = 0;
    for (WaveProgram p : s.programs()) {
      for (Section section : Section.values()) {
        for (Op op : p.section(section)) {
          total++;
          assertTrue(
              !(op instanceof Op.CommitGroup) && !(op instanceof Op.WaitGroup),
              "async groups are lowered: " + ScheduleListing.line(op));
          assertTrue(
              op.origin() instanceof Origin.FromTransform f && s.name().startsWith(f.transform()),
              "origin of " + ScheduleListing.line(op));
        }
      }
    }
    assertTrue(total < 2000 * s.programs().size(), s.name() + " has " + total + " ops");
  }

  /** Every wave executes the same number of barriers per iteration and outside the loop (P6). */
  @Property(tries = 150)
  void barrierCountsMatchAcrossPrograms(@ForAll("schedules") Schedule s) {
    List<WaveProgram> ps = s.programs();
    for (WaveProgram p : ps) {
      assertEquals(barriers(ps.get(0).loop()), barriers(p.loop()), s.name() + " loop " + p.role());
      assertEquals(
          barriers(ps.get(0).prologue()) + barriers(ps.get(0).epilogue()),
          barriers(p.prologue()) + barriers(p.epilogue()),
          s.name() + " prologue+epilogue " + p.role());
    }
  }

  private static long barriers(List<Op> ops) {
    return Ops.count(ops, "barrier");
  }

  /** Each K tile's products are issued exactly once per wave (P5 on the generated shape). */
  @Property(tries = 100)
  void everyProductOnceInLoop(@ForAll("schedules") Schedule s) {
    int products = s.gemm().tileM() / (s.waves() / 2) / 16 * (s.gemm().tileN() / 2 / 16);
    int expected = products * s.gemm().kChunks();
    for (WaveProgram p : s.programs()) {
      List<Op.Mfma> mfmas =
          p.loop().stream().filter(o -> o instanceof Op.Mfma).map(o -> (Op.Mfma) o).toList();
      assertEquals(expected, mfmas.size(), s.name());
      assertEquals(
          expected,
          mfmas.stream().map(m -> List.of(m.i(), m.j(), m.kChunk())).distinct().count(),
          s.name());
    }
  }
}
