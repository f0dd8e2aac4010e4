package io.pipeverify.verifier.smt;

/**
 * Z3's one-time start-up (loading its libraries, its first context: about 55 ms) on a thread of its
 * own, started by the command line before it parses its arguments. A cold verify spends its first
 * 100 ms on one core in the JVM and the command line's setup; Z3 starts meanwhile on the other,
 * instead of on the verification's path (docs/PERFORMANCE.md, "Cold start").
 *
 * <p>Nothing of it outlives the start-up but the loaded libraries: the first {@link Z3Session}
 * waits for it (or does it, when nobody started it) and creates a context of its own. A failure
 * here is dropped: that session starts Z3 again and reports it.
 */
public final class Z3Warmup {
  private static Thread thread;

  private Z3Warmup() {}

  /** Starts the warm-up unless it was started before in this JVM. */
  public static synchronized void start() {
    if (thread != null) {
      return;
    }
    thread =
        new Thread(
            () -> {
              try {
                Z3Natives.initialize();
              } catch (RuntimeException | LinkageError e) {
                // Z3Session initializes again and reports it where a command can say so.
              }
            },
            "pipeverify-z3-warmup");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Waits for a started warm-up to end. Call it before the JVM exits: a process that exits while Z3
   * is inside its native start-up can crash in the library's static destructors.
   */
  public static void await() {
    Thread started;
    synchronized (Z3Warmup.class) {
      started = thread;
    }
    if (started == null) {
      return;
    }
    try {
      started.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
