package io.pipeverify.verifier.smt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;

/**
 * Loads Z3's native libraries from a per-user cache instead of unpacking them on every run.
 *
 * <p>z3-turnkey's {@code Native} class unpacks its 35 MB of libraries from the jar into a fresh
 * temporary directory each time it is initialised: about 0.24 s of every cold verify
 * (docs/PERFORMANCE.md), while loading them from a file takes 1-3 ms. On the platforms where this
 * project ships its own {@code turnkey.xml} (verifier/src/main/resources), that file tells turnkey
 * to unpack nothing and names the libraries under {@value #KEY_PREFIX} keys instead; this class
 * unpacks them once into {@code $XDG_CACHE_HOME/pipeverify/z3-<crc>/} (or {@code ~/.cache}), where
 * {@code <crc>} sums the names, sizes and CRCs of the libraries in the jar, so a new Z3 gets a new
 * directory. A directory appears only complete (unpacked beside it, then renamed); when the cache
 * cannot be written the libraries go to a temporary directory, as turnkey would do. On other
 * platforms turnkey's own metadata is found and this class leaves the loading to it.
 *
 * <p>{@link #load} must run before the first use of a Z3 class: {@link Z3Session} calls it.
 */
final class Z3Natives {
  static final String KEY_PREFIX = "pipeverify.";
  private static final String RESOURCE_ROOT = "/com/microsoft/z3/";

  private static boolean loaded;

  private Z3Natives() {}

  /** Loads the libraries once per JVM; a no-op where turnkey's own metadata is in force. */
  static synchronized void load() {
    if (loaded) {
      return;
    }
    String platform = platform();
    if (platform != null) {
      Properties metadata = metadata(RESOURCE_ROOT + platform + "/turnkey.xml");
      if (metadata != null) {
        List<String> bundled = list(metadata, KEY_PREFIX + "bundled-libraries");
        List<String> commands = list(metadata, KEY_PREFIX + "load-commands");
        if (!bundled.isEmpty()) {
          Path dir = unpacked(RESOURCE_ROOT + platform + "/", bundled);
          for (String library : commands) {
            System.load(dir.resolve(library).toAbsolutePath().toString());
          }
        }
      }
    }
    loaded = true;
  }

  /** turnkey's platform directory for this JVM, or null where this project ships no metadata. */
  private static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (!os.startsWith("linux")) {
      return null;
    }
    return switch (arch) {
      case "amd64", "x86_64" -> "linux/amd64";
      case "aarch64" -> "linux/aarch64";
      default -> null;
    };
  }

  private static Properties metadata(String resource) {
    try (InputStream in = Z3Natives.class.getResourceAsStream(resource)) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.loadFromXML(in);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  /** turnkey's list encoding: {@code key.0}, {@code key.1}, ... up to the first missing index. */
  static List<String> list(Properties p, String key) {
    List<String> values = new ArrayList<>();
    for (int i = 0; p.containsKey(key + "." + i); i++) {
      values.add(p.getProperty(key + "." + i));
    }
    return values;
  }

  /** The cache directory holding {@code libraries}, unpacked now if it does not exist yet. */
  private static Path unpacked(String prefix, List<String> libraries) {
    try {
      Path dir =
          cacheRoot(System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"))
              .resolve("z3-" + fingerprint(prefix, libraries));
      if (Files.isDirectory(dir)) {
        return dir;
      }
      Files.createDirectories(dir.getParent());
      Path partial = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".partial-");
      try {
        unpack(prefix, libraries, partial);
      } catch (IOException e) {
        deleteQuietly(partial, libraries);
        throw e;
      }
      try {
        Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
        return dir;
      } catch (IOException e) {
        // Another run renamed its copy first: a complete directory, like this run's.
        if (!Files.isDirectory(dir)) {
          throw e;
        }
        deleteQuietly(partial, libraries);
        return dir;
      }
    } catch (IOException | SecurityException e) {
      return temporaryCopy(prefix, libraries);
    }
  }

  private static void deleteQuietly(Path dir, List<String> libraries) {
    try {
      for (String library : libraries) {
        Files.deleteIfExists(dir.resolve(library));
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // A leftover partial directory is never used: only complete directories are renamed.
    }
  }

  private static Path temporaryCopy(String prefix, List<String> libraries) {
    try {
      Path dir = Files.createTempDirectory("pipeverify-z3-");
      dir.toFile().deleteOnExit();
      unpack(prefix, libraries, dir);
      for (String library : libraries) {
        dir.resolve(library).toFile().deleteOnExit();
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack Z3's native libraries", e);
    }
  }

  private static void unpack(String prefix, List<String> libraries, Path dir) throws IOException {
    for (String library : libraries) {
      try (InputStream in = Z3Natives.class.getResourceAsStream(prefix + library)) {
        if (in == null) {
          throw new IOException("missing resource " + prefix + library);
        }
        Files.copy(in, dir.resolve(library));
      }
    }
  }

  /**
   * The XDG base directory rule: {@code $XDG_CACHE_HOME} when set to an absolute path, else {@code
   * ~/.cache}.
   */
  static Path cacheRoot(String xdgCacheHome, String userHome) {
    Path base =
        xdgCacheHome != null && !xdgCacheHome.isBlank() && Path.of(xdgCacheHome).isAbsolute()
            ? Path.of(xdgCacheHome)
            : Path.of(userHome, ".cache");
    return base.resolve("pipeverify");
  }

  /**
   * A checksum of the libraries' names, sizes and CRCs as the jar's directory records them (no
   * library is read); outside a jar, of their sizes and modification times.
   */
  private static String fingerprint(String prefix, List<String> libraries) throws IOException {
    CRC32 sum = new CRC32();
    for (String library : libraries) {
      URL url = Z3Natives.class.getResource(prefix + library);
      if (url == null) {
        throw new IOException("missing resource " + prefix + library);
      }
      String identity;
      if (url.openConnection() instanceof JarURLConnection jar) {
        JarEntry entry = jar.getJarEntry();
        identity = library + ":" + entry.getSize() + ":" + entry.getCrc();
      } else if ("file".equals(url.getProtocol())) {
        Path file = Path.of(URI.create(url.toString()));
        identity = library + ":" + Files.size(file) + ":" + Files.getLastModifiedTime(file);
      } else {
        throw new IOException("cannot fingerprint " + url);
      }
      sum.update(identity.getBytes(StandardCharsets.UTF_8));
    }
    return String.format(Locale.ROOT, "%08x", sum.getValue());
  }
}
