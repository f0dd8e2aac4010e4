package io.pipeverify.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A second, independent judgement of a dead read, for the corpus test: from an llvm-objdump listing
 * alone, whether any instruction the wave could run after the read at a given line mentions one of
 * its destination registers. It knows nothing of the lift: it follows the listing's branches
 * statically (every conditional branch both ways), and for a read of the K loop's last iteration it
 * drops the loop's back edge. Stricter than the lift (a mention, read or write, anywhere reachable
 * counts), so a read it calls unmentioned is dead whatever the lift found.
 */
final class ListingReads {
  private static final Pattern LABEL = Pattern.compile("^[0-9a-f]+ <(\\w+)>:\\s*$");
  private static final Pattern REGISTER =
      Pattern.compile("\\b([vas])(?:\\[(\\d+):(\\d+)\\]|(\\d+))");

  private final List<String> lines;
  private final Map<String, Integer> labels = new HashMap<>();

  ListingReads(String listing) {
    this.lines = List.of(listing.split("\n", -1));
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = LABEL.matcher(lines.get(i));
      if (m.matches()) {
        labels.put(m.group(1), i + 1);
      }
    }
  }

  /** The instruction text of 1-based line {@code n} (no address comment), or null. */
  private String instruction(int n) {
    String l = lines.get(n - 1);
    if (!l.startsWith("\t")) {
      return null;
    }
    int comment = l.indexOf("//");
    return (comment < 0 ? l : l.substring(0, comment)).trim();
  }

  private Optional<Integer> target(String instruction) {
    String[] parts = instruction.split("\\s+");
    return parts.length < 2 ? Optional.empty() : Optional.ofNullable(labels.get(parts[1]));
  }

  /**
   * The lines reachable after line {@code read} that mention a register of {@code dst} ({@code
   * a[0:3]}); {@code lastIteration}: the read is in a loop and only its last iteration counts, so
   * the branch back to the head of the innermost loop around it is not followed.
   */
  List<Integer> mentionsAfter(int read, String dst, boolean lastIteration) {
    Matcher d = REGISTER.matcher(dst);
    if (!d.find()) {
      throw new IllegalArgumentException("not a register: " + dst);
    }
    char file = d.group(1).charAt(0);
    int first = Integer.parseInt(d.group(2) != null ? d.group(2) : d.group(4));
    int last = Integer.parseInt(d.group(3) != null ? d.group(3) : d.group(4));
    int head = lastIteration ? loopHead(read) : -1;
    List<Integer> found = new ArrayList<>();
    boolean[] seen = new boolean[lines.size() + 2];
    List<Integer> work = new ArrayList<>(List.of(read + 1));
    while (!work.isEmpty()) {
      int n = work.remove(work.size() - 1);
      while (n <= lines.size() && !seen[n] && n != head) {
        seen[n] = true;
        String ins = instruction(n);
        if (ins == null || ins.isEmpty()) {
          n++;
          continue;
        }
        if (mentions(ins, file, first, last)) {
          found.add(n);
        }
        String op = ins.split("\\s+")[0];
        if (op.equals("s_endpgm")) {
          break;
        }
        if (op.startsWith("s_setpc") || op.startsWith("s_swappc")) {
          throw new IllegalStateException("line " + n + ": a computed jump: no static walk");
        }
        if (op.startsWith("s_cbranch_") || op.equals("s_branch")) {
          int to = target(ins).orElseThrow(() -> new IllegalStateException("no label: " + ins));
          if (to != head) {
            work.add(to);
          }
          if (op.equals("s_branch")) {
            break;
          }
        }
        n++;
      }
    }
    found.sort(null);
    return found;
  }

  /** The head of the innermost loop around line {@code n}: a branch after it back to before it. */
  private int loopHead(int n) {
    int best = -1;
    int span = Integer.MAX_VALUE;
    for (int e = n + 1; e <= lines.size(); e++) {
      String ins = instruction(e);
      if (ins == null || !(ins.startsWith("s_branch") || ins.startsWith("s_cbranch_"))) {
        continue;
      }
      Optional<Integer> to = target(ins);
      if (to.isPresent() && to.get() <= n && e - to.get() < span) {
        best = to.get();
        span = e - to.get();
      }
    }
    if (best < 0) {
      throw new IllegalStateException("line " + n + " is in no loop");
    }
    return best;
  }

  private static boolean mentions(String instruction, char file, int first, int last) {
    int space = instruction.indexOf(' ');
    if (space < 0) {
      return false;
    }
    Matcher m = REGISTER.matcher(instruction.substring(space));
    while (m.find()) {
      if (m.group(1).charAt(0) != file) {
        continue;
      }
      int from = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(4));
      int to = Integer.parseInt(m.group(3) != null ? m.group(3) : m.group(4));
      if (from <= last && to >= first) {
        return true;
      }
    }
    return false;
  }
}
