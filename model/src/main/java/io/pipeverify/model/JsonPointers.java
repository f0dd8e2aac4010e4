package io.pipeverify.model;

/**
 * RFC 6901 JSON pointer construction, for the pointers of the schedule format's diagnostics (the
 * reader's and {@link ScheduleValidator}'s).
 */
public final class JsonPointers {
  private JsonPointers() {}

  public static String child(String pointer, String key) {
    return pointer + "/" + key.replace("~", "~0").replace("/", "~1");
  }

  public static String child(String pointer, int index) {
    return pointer + "/" + index;
  }
}
