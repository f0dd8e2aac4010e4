package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --kernel}'s globs: {@code *} any run, {@code ?} one character, the rest itself. */
class KernelGlobTest {
  private static final List<String> KERNELS =
      List.of(
          "Custom_Cijk_Alik_Bljk_MT256x224x64_DTVA",
          "Custom_Cijk_Ailk_Bljk_MT128x16x128",
          "_ZN5aiter24bf16gemm_bf16_tn_256x256E",
          "k.1",
          "kx1");

  private static List<String> matching(String glob) {
    return KERNELS.stream().filter(k -> KernelGlob.pattern(glob).matcher(k).matches()).toList();
  }

  @Test
  void aStarIsAnyRunAndAQuestionMarkOneCharacter() {
    assertEquals(List.of("Custom_Cijk_Alik_Bljk_MT256x224x64_DTVA"), matching("Custom_*_DTVA"));
    assertEquals(KERNELS.subList(0, 2), matching("Custom_*"));
    assertEquals(List.of("k.1", "kx1"), matching("k?1"));
    assertEquals(KERNELS, matching("*"));
  }

  /** A name is itself, whole: a regex character in it matches only itself. */
  @Test
  void everyOtherCharacterIsItself() {
    assertEquals(List.of("k.1"), matching("k.1"));
    assertEquals(List.of(), matching("Custom_Cijk"));
    assertEquals(List.of(), matching("k.+"));
    assertEquals(false, KernelGlob.isGlob("k.1"));
    assertEquals(true, KernelGlob.isGlob("k?1"));
  }
}
