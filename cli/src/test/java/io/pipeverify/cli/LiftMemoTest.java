package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pipeverify.isa.lift.LiftedKernel;
import io.pipeverify.model.Target;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One command lifts a kernel text once: the same listing for another target, with other comments,
 * read from another file, is the first lift moved there, which is what its own lift gives.
 */
class LiftMemoTest {
  private static final String GFX950 = Examples.text("pingpong-16phase.s");
  private static final String GFX942 =
      GFX950
          .replace(
              ".amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"",
              ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"")
          .replace("; %bb.0:", "; another comment");

  private static AssemblyInput input() {
    return new AssemblyInput(null, null, null, List.of("arg2=20"));
  }

  @Test
  void theSameTextForAnotherTargetIsTheFirstLiftMovedThere() throws Exception {
    assertNotEquals(GFX950, GFX942);
    assertEquals(LiftMemo.key(GFX950), LiftMemo.key(GFX942));
    LiftMemo memo = new LiftMemo();
    assertEquals(Optional.empty(), memo.find(LiftMemo.key(GFX942), "b.s", Target.GFX942));
    LiftedKernel first = input().liftAll("a.s", GFX950, memo);
    LiftedKernel fresh = input().liftAll("b.s", GFX942, new LiftMemo());
    assertEquals(
        Optional.of(fresh), memo.find(LiftMemo.key(GFX942), "b.s", Target.GFX942), "from memo");
    assertEquals(fresh, input().liftAll("b.s", GFX942, memo));
    assertEquals(Target.GFX942, fresh.classes().get(0).schedule().target());
    assertNotEquals(first, fresh);
  }

  @Test
  void anotherInstructionIsAnotherText() {
    String changed = GFX950.replaceFirst("s_barrier", "s_nop 0");
    assertNotEquals(LiftMemo.key(GFX950), LiftMemo.key(changed));
  }
}
