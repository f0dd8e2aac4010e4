package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pipeverify.isa.lift.LiftedKernel;
import io.pipeverify.model.Target;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One command lifts a kernel text once: the same listing with other comments, read from another
 * file, for a target it fits, is the first lift moved there, which is what its own lift gives.
 */
class LiftMemoTest {
  private static final String GFX950 = Examples.text("pingpong-16phase.s");
  private static final String GFX942 =
      GFX950
          .replace(
              ".amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"",
              ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"")
          .replace("; %bb.0:", "; another comment");

  private static final String KERNEL = "pingpong16";

  private static AssemblyInput input() {
    return new AssemblyInput(null, null, null, List.of("arg2=20"));
  }

  @Test
  void theSameTextReadFromAnotherFileIsTheFirstLiftMovedThere() throws Exception {
    LiftMemo memo = new LiftMemo();
    assertEquals(Optional.empty(), memo.find(LiftMemo.key(GFX950), KERNEL, "b.s", Target.GFX950));
    LiftedKernel first = input().liftAll("a.s", GFX950, memo);
    LiftedKernel fresh = input().liftAll("b.s", GFX950, new LiftMemo());
    assertEquals(
        Optional.of(fresh),
        memo.find(LiftMemo.key(GFX950), KERNEL, "b.s", Target.GFX950),
        "from memo");
    assertEquals(fresh, input().liftAll("b.s", GFX950, memo));
    assertNotEquals(first, fresh);
  }

  /**
   * The kernel's LDS reaches 128 KiB: beyond gfx942's 64 KiB an address touches nothing
   * (docs/isa.md), so its gfx950 lift is not gfx942's, and the same text for gfx942 is lifted on
   * its own.
   */
  @Test
  void aLiftWhoseLdsReachesBeyondTheOtherTargetsIsNotReusedThere() throws Exception {
    assertNotEquals(GFX950, GFX942);
    assertEquals(LiftMemo.key(GFX950), LiftMemo.key(GFX942));
    LiftMemo memo = new LiftMemo();
    LiftedKernel first = input().liftAll("a.s", GFX950, memo);
    assertEquals(131072, first.classes().get(0).schedule().buffers().get(0).slotBytes());
    assertEquals(Optional.empty(), memo.find(LiftMemo.key(GFX942), KERNEL, "b.s", Target.GFX942));
    LiftedKernel fresh = input().liftAll("b.s", GFX942, new LiftMemo());
    assertEquals(fresh, input().liftAll("b.s", GFX942, memo));
    assertEquals(Target.GFX942, fresh.classes().get(0).schedule().target());
  }

  @Test
  void anotherInstructionIsAnotherText() {
    String changed = GFX950.replaceFirst("s_barrier", "s_nop 0");
    assertNotEquals(LiftMemo.key(GFX950), LiftMemo.key(changed));
  }
}
