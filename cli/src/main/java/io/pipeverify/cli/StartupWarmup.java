package io.pipeverify.cli;

import io.pipeverify.verifier.smt.Z3Session;

/**
 * Z3's one-time start-up ({@link Z3Session#startUp}: its libraries, its first context, the first
 * use of each call a verification makes; about 60 ms cold) on a thread of its own, started before
 * picocli builds the command line (about 120 ms on the main thread), instead of on the
 * verification's path (docs/PERFORMANCE.md, "Cold start"). It is work the command does anyway,
 * moved; it changes nothing the command computes or prints. A failure here is dropped: the first
 * session starts Z3 again and reports it.
 */
final class StartupWarmup {
  private static Thread thread;

  private StartupWarmup() {}

  /** Starts the warm-up unless it was started before in this JVM. */
  static synchronized void start() {
    if (thread != null) {
      return;
    }
    thread =
        new Thread(
            () -> {
              try {
                Z3Session.startUp();
              } catch (RuntimeException | LinkageError e) {
                // The first Z3Session starts Z3 again and reports it where a command can say so.
              }
            },
            "pipeverify-warmup");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Waits for a started warm-up to end. Call it before the JVM exits: a process that exits while Z3
   * is inside its native start-up can crash in the library's static destructors.
   */
  static void await() {
    Thread started;
    synchronized (StartupWarmup.class) {
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
