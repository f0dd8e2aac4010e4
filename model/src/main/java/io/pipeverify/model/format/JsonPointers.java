package io.pipeverify.model.format;

/** RFC 6901 JSON pointer construction. */
final class JsonPointers {
  private JsonPointers() {}

  static String child(String pointer, String key) {
    return pointer + "/" + key.replace("~", "~0").replace("/", "~1");
  }

  static String child(String pointer, int index) {
    return pointer + "/" + index;
  }
}
