package io.pipeverify.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The first five lines of the hand-written gfx950 test kernels: target, descriptor, label k. */
final class KernelHeader {
  private KernelHeader() {}

  static final List<String> LINES =
      List.of(
          "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"", // 1
          "\t.amdhsa_kernel k", // 2
          "\t.amdhsa_user_sgpr_kernarg_segment_ptr 1", // 3
          "\t.end_amdhsa_kernel", // 4
          "k:"); // 5

  /** The header, then {@code body} from line 6. */
  static List<String> then(List<String> body) {
    List<String> out = new ArrayList<>(LINES);
    out.addAll(body);
    return out;
  }

  /** Writes {@code lines} (a kernel from {@link #then}) to {@code file}, one per line. */
  static Path write(Path file, List<String> lines) throws IOException {
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
  }
}
