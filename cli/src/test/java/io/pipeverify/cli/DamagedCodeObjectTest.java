package io.pipeverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged code object is the input's fault (issue 35 item 1): its ELF structure is checked before
 * llvm-objdump-22 sees it, and what is wrong is said with the offset of the field that says so
 * (exit 2, never a tool's failure, exit 5); a file named .co that is no ELF file says both.
 */
class DamagedCodeObjectTest {
  @TempDir Path tmp;

  /** An ELF64 little-endian AMDGPU header alone, whose section table lies past its 64 bytes. */
  private static byte[] header(int elfClass, long shoff, int shnum) {
    ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {0x7f, 'E', 'L', 'F', (byte) elfClass, 1, 1});
    b.putShort(16, (short) 1); // ET_REL
    b.putShort(18, (short) 0xE0); // EM_AMDGPU
    b.putLong(0x28, shoff);
    b.putShort(0x3A, (short) 64);
    b.putShort(0x3C, (short) shnum);
    return b.array();
  }

  private static final Path GEMM_256 =
      Path.of("..", "..", "shared", "corpus", "aiter", "gfx950", "bf16gemm_bf16_tn_256x256.co");

  /** {@code kernel}, skipping without the corpus or (with {@code tools}) llvm-objdump-22. */
  private static Path corpusKernel(Path kernel, boolean tools) {
    assumeTrue(Files.isRegularFile(kernel), "../shared/corpus is absent");
    assumeTrue(
        !tools || io.pipeverify.isa.tools.CodeObjectDisassembler.locate().isPresent(),
        "llvm-objdump-22 and llvm-readelf-22 are not on PATH");
    return kernel;
  }

  private Cli.Result verify(String name, byte[] bytes) throws Exception {
    Path f = tmp.resolve(name);
    Files.write(f, bytes);
    return Cli.run("verify", f.toString());
  }

  @Test
  void aSectionTablePastTheEndIsATruncatedInput() throws Exception {
    Cli.Result r = verify("t.co", header(2, 0x10000, 5));
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: "
            + tmp.resolve("t.co")
            + ": a damaged AMDGPU code object: its section header table (5 entries at offset"
            + " 0x10000) goes past the end of the file (64 bytes): truncated? (the field at file"
            + " offset 0x28); the input is at fault, not a tool\n",
        r.err());
    Cli.Result c32 = verify("c32.co", header(1, 0, 0));
    assertEquals(2, c32.code(), c32.dump());
    assertTrue(
        c32.err().contains(": a damaged AMDGPU code object: not a 64-bit ELF file (EI_CLASS 1,"),
        c32.dump());
  }

  @Test
  void aFileNamedAsACodeObjectThatIsNoElfSaysBoth() throws Exception {
    Cli.Result r = verify("x.co", "hello, world\n".getBytes(StandardCharsets.US_ASCII));
    assertEquals(2, r.code(), r.dump());
    assertEquals(
        "pipeverify: "
            + tmp.resolve("x.co")
            + " is named as a code object but is no ELF file (it starts with 68 65 6c 6c 6f 2c"
            + " 20 77); expected an AMDGPU code object, an assembly listing or a schedule"
            + " (JSON)\n",
        r.err());
  }

  /** The case: an aiter code object cut at 20000 bytes (skipped without the corpus). */
  @Test
  void aTruncatedShippedKernelIsBadInputNamingTheTable() throws Exception {
    Path kernel = corpusKernel(GEMM_256, false);
    Cli.Result r = verify("cut.co", Arrays.copyOf(Files.readAllBytes(kernel), 20000));
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .matches(
                "(?s)pipeverify: .*cut\\.co: a damaged AMDGPU code object: its section"
                    + " header table \\(\\d+ entries at offset 0x[0-9A-F]+\\) goes past the end of the file"
                    + " \\(20000 bytes\\): truncated\\? .*"),
        r.dump());
  }

  /**
   * One byte of the kernel's metadata note changed (offset 2791, 0xa7 to 0x46): the ELF structure
   * holds, but llvm-readelf-22 dies on it (SIGILL, exit 132). The same tools read a well-formed
   * code object, so the input is at fault: exit 2, the tool and its exit named.
   */
  @Test
  void aToolThatDiesOnADamagedNoteBlamesTheInput() throws Exception {
    Path kernel = corpusKernel(GEMM_256, true);
    byte[] bytes = Files.readAllBytes(kernel);
    assertEquals((byte) 0xa7, bytes[2791]);
    bytes[2791] = 0x46;
    Cli.Result r = verify("note.co", bytes);
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .startsWith(
                "pipeverify: "
                    + tmp.resolve("note.co")
                    + ": a damaged code object: llvm-readelf-22 failed on "
                    + tmp.resolve("note.co")
                    + " (exit "),
        r.dump());
    assertTrue(
        r.err().contains("(the same tools read a well-formed code object: the input is at fault)"),
        r.dump());
  }

  /**
   * Reader-fuzz mutant 364 of an aiter kernel ({@link ReaderFuzzTest#mutant}): its descriptor or an
   * address now reaches beyond 2^31 bytes of LDS. It was an internal error (an int overflow); it is
   * bad input naming the kernel.
   */
  @Test
  void anLdsSizeBeyondAnyTargetIsBadInputNotAnOverflow() throws Exception {
    Path kernel = corpusKernel(ReaderFuzzTest.KERNEL, true);
    Cli.Result r = verify("m364.co", ReaderFuzzTest.mutant(Files.readAllBytes(kernel), 364));
    assertEquals(2, r.code(), r.dump());
    assertTrue(
        r.err()
            .contains(
                ": kernel _ZN5aiter42bf16gemm_fp32bf16_tn_32x64_bshuffle_splitkE reaches LDS byte"
                    + " 3448967265 (its descriptor's group_segment_fixed_size or an access), beyond"
                    + " any target's LDS"),
        r.dump());
  }
}
