package io.pipeverify.verifier.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class Z3NativesTest {
  @Test
  void cacheFollowsXdgCacheHomeWhenAbsolute() {
    assertEquals(Path.of("/xdg/pipeverify"), Z3Natives.cacheRoot("/xdg", "/home/u"));
    assertEquals(Path.of("/home/u/.cache/pipeverify"), Z3Natives.cacheRoot(null, "/home/u"));
    assertEquals(Path.of("/home/u/.cache/pipeverify"), Z3Natives.cacheRoot("", "/home/u"));
    assertEquals(Path.of("/home/u/.cache/pipeverify"), Z3Natives.cacheRoot("rel/x", "/home/u"));
  }

  @Test
  void listsStopAtTheFirstMissingIndex() {
    Properties p = new Properties();
    p.setProperty("k.0", "a");
    p.setProperty("k.1", "b");
    p.setProperty("k.3", "d");
    assertEquals(List.of("a", "b"), Z3Natives.list(p, "k"));
    assertEquals(List.of(), Z3Natives.list(p, "missing"));
  }

  /**
   * The verifier's own metadata shadows turnkey's on the classpath: turnkey finds no library to
   * unpack, and Z3Natives finds the two it caches.
   */
  @Test
  void projectMetadataShadowsTurnkeys() throws IOException {
    for (String arch : List.of("amd64", "aarch64")) {
      Properties p = new Properties();
      try (InputStream in =
          Z3Natives.class.getResourceAsStream("/com/microsoft/z3/linux/" + arch + "/turnkey.xml")) {
        p.loadFromXML(in);
      }
      assertNull(p.getProperty("bundled-libraries.0"));
      assertNull(p.getProperty("load-commands.0"));
      assertEquals(
          List.of("libz3java.so", "libz3.so"), Z3Natives.list(p, "pipeverify.bundled-libraries"));
      assertEquals(List.of("libz3java.so"), Z3Natives.list(p, "pipeverify.load-commands"));
    }
  }
}
