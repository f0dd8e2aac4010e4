package io.pipeverify.verifier.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.model.transform.PipelineTransform;
import io.pipeverify.model.transform.Transforms;
import io.pipeverify.verifier.VerifyOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class FuzzCampaignTest {
  private static final PipelineTransform<?> TILELANG =
      Transforms.byName("tilelang-pipelined").orElseThrow();

  private static final FuzzCampaign.Progress QUIET =
      new FuzzCampaign.Progress() {
        @Override
        public void tried(int done, int planned, int classes, int invalid, Duration elapsed) {}

        @Override
        public void shrunk(int done, int total, Duration elapsed) {}
      };

  private static FuzzSettings settings(int tries, long seed, Shard shard, int threads) {
    return new FuzzSettings(
        new BuiltinGenerator(TILELANG, Optional.empty()),
        Map.of(),
        tries,
        seed,
        shard,
        Optional.empty(),
        VerifyOptions.defaults(),
        threads);
  }

  private static List<String> classes(FuzzResult r) {
    List<String> out = new ArrayList<>();
    for (FuzzClass c : r.classes()) {
      out.add(c.key().describe() + " <- " + c.minimal());
    }
    return out;
  }

  @Test
  void aTryDependsOnlyOnTheSeedAndItsNumber() {
    FuzzSettings s = settings(10, 7, Shard.WHOLE, 1);
    assertEquals(
        FuzzCampaign.draw(s, 3), FuzzCampaign.draw(settings(50, 7, new Shard(2, 4), 2), 3));
    assertNotEquals(FuzzCampaign.draw(s, 3), FuzzCampaign.draw(settings(10, 8, Shard.WHOLE, 1), 3));
    for (Map.Entry<String, String> e : FuzzCampaign.draw(s, 5).entrySet()) {
      String knob = e.getKey();
      assertTrue(
          TILELANG.knobs().stream()
              .anyMatch(
                  k ->
                      k.name().equals(knob)
                          && (k.domain().contains(e.getValue())
                              || k.defaultValue().equals(e.getValue()))),
          knob + "=" + e.getValue() + " is neither in the domain nor the default");
    }
  }

  @Test
  void everyTryIsInExactlyOneShard() {
    for (int n = 0; n < 20; n++) {
      int owners = 0;
      for (int i = 1; i <= 3; i++) {
        owners += new Shard(i, 3).runs(n) ? 1 : 0;
      }
      assertEquals(1, owners, "try " + n);
    }
  }

  /** Same seed, same classes and minimal configurations, whatever the threads; shards add up. */
  @Test
  void aCampaignIsDeterministicAndItsShardsAddUp() {
    FuzzResult whole = FuzzCampaign.run(settings(16, 3, Shard.WHOLE, 2), QUIET);
    FuzzResult again = FuzzCampaign.run(settings(16, 3, Shard.WHOLE, 1), QUIET);
    assertEquals(classes(whole), classes(again));
    assertEquals(16, whole.run());
    assertEquals(whole.run(), whole.invalid() + whole.verified() + whole.violated());
    assertTrue(whole.classes().size() >= 1, classes(whole).toString());
    TreeSet<String> sharded = new TreeSet<>();
    int run = 0;
    for (int i = 1; i <= 2; i++) {
      FuzzResult part = FuzzCampaign.run(settings(16, 3, new Shard(i, 2), 2), QUIET);
      run += part.run();
      part.classes().forEach(c -> sharded.add(c.key().describe()));
    }
    assertEquals(16, run);
    TreeSet<String> all = new TreeSet<>();
    whole.classes().forEach(c -> all.add(c.key().describe()));
    assertEquals(all, sharded);
  }
}
