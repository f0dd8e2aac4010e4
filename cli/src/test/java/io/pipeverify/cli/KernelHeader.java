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

  /**
   * Lines 6-10 of a one-wave kernel that reads back what it wrote: each lane writes its 16 bytes at
   * v1, waits, meets a barrier and reads them into v[4:7], the read in flight after line 10.
   */
  static List<String> readBackThen(List<String> from11) {
    List<String> body =
        new ArrayList<>(
            List.of(
                "\tv_lshlrev_b32_e32 v1, 4, v0", // 6
                "\tds_write_b128 v1, v[12:15]", // 7
                "\ts_waitcnt lgkmcnt(0)", // 8
                "\ts_barrier", // 9
                "\tds_read_b128 v[4:7], v1")); // 10
    body.addAll(from11);
    return body;
  }

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
