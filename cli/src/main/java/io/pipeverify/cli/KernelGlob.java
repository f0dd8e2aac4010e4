package io.pipeverify.cli;

import java.util.regex.Pattern;

/**
 * {@code --kernel}'s value: a kernel name, or a glob of one where {@code *} stands for any run of
 * characters and {@code ?} for one (Tensile names its kernels by their parameters, {@code
 * Custom_*_DTVA}). Every other character is itself: kernel names are symbols, with no glob
 * characters of their own.
 */
final class KernelGlob {
  private KernelGlob() {}

  /** Whether {@code glob} has a wildcard, so that it may match several kernels. */
  static boolean isGlob(String glob) {
    return glob.indexOf('*') >= 0 || glob.indexOf('?') >= 0;
  }

  /** The pattern of the whole names {@code glob} matches. */
  static Pattern pattern(String glob) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char c : glob.toCharArray()) {
      if (c != '*' && c != '?') {
        literal.append(c);
        continue;
      }
      if (literal.length() > 0) {
        regex.append(Pattern.quote(literal.toString()));
        literal.setLength(0);
      }
      regex.append(c == '*' ? ".*" : ".");
    }
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
}
