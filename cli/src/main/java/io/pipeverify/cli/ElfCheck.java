package io.pipeverify.cli;

import java.util.Locale;

/**
 * The structure of a code object checked before any external tool reads it (issue 35): a 64-bit
 * little-endian ELF file for AMDGPU whose header, program header table, section header table and
 * every section's bytes lie inside the file. A truncated or corrupted download is then bad input
 * (exit 2) that says what is wrong and at which offset, instead of a tool's failure (exit 5) that
 * blames nothing.
 */
final class ElfCheck {
  private static final int HEADER = 64;
  private static final int SECTION_HEADER = 64;
  private static final int PROGRAM_HEADER = 56;
  private static final int SHT_NOBITS = 8;

  private ElfCheck() {}

  /** Bad input naming {@code name} when {@code bytes}, an AMDGPU ELF file, is damaged. */
  static void check(String name, byte[] bytes) throws InputException {
    long size = bytes.length;
    if (size < HEADER) {
      throw damaged(name, "its ELF header needs 64 bytes, the file has " + size, 0);
    }
    if (bytes[4] != 2) {
      throw damaged(name, "not a 64-bit ELF file (EI_CLASS " + bytes[4] + ", expected 2)", 4);
    }
    if (bytes[5] != 1) {
      throw damaged(name, "not little-endian (EI_DATA " + bytes[5] + ", expected 1)", 5);
    }
    long phoff = u64(bytes, 0x20);
    long shoff = u64(bytes, 0x28);
    int phentsize = u16(bytes, 0x36);
    int phnum = u16(bytes, 0x38);
    int shentsize = u16(bytes, 0x3A);
    int shnum = u16(bytes, 0x3C);
    int shstrndx = u16(bytes, 0x3E);
    table(name, "program header table", phoff, phnum, phentsize, PROGRAM_HEADER, size, 0x20);
    table(name, "section header table", shoff, shnum, shentsize, SECTION_HEADER, size, 0x28);
    if (shnum > 0 && shstrndx >= shnum) {
      throw damaged(
          name,
          "its section name table is section " + shstrndx + " of " + shnum + " (e_shstrndx)",
          0x3E);
    }
    for (int i = 0; i < shnum; i++) {
      int at = (int) (shoff + (long) i * SECTION_HEADER);
      if (u32(bytes, at + 4) != SHT_NOBITS) {
        inside(name, "section " + i, u64(bytes, at + 0x18), u64(bytes, at + 0x20), size, at + 0x18);
      }
    }
    for (int i = 0; i < phnum; i++) {
      int at = (int) (phoff + (long) i * PROGRAM_HEADER);
      inside(name, "segment " + i, u64(bytes, at + 8), u64(bytes, at + 0x20), size, at + 8);
    }
  }

  /** Bad input unless {@code what}'s {@code length} bytes at {@code offset} lie in the file. */
  private static void inside(
      String name, String what, long offset, long length, long size, int field)
      throws InputException {
    if (outside(offset, length, size)) {
      throw damaged(
          name,
          what
              + "'s "
              + Long.toUnsignedString(length)
              + " bytes at offset "
              + hex(offset)
              + " go past the end of the file ("
              + size
              + " bytes)",
          field);
    }
  }

  private static void table(
      String name,
      String what,
      long offset,
      int count,
      int entrySize,
      int expected,
      long size,
      int field)
      throws InputException {
    if (count == 0) {
      return;
    }
    if (entrySize != expected) {
      throw damaged(
          name, "its " + what + "'s entries are " + entrySize + " bytes, not " + expected, field);
    }
    long bytes = (long) count * entrySize;
    if (outside(offset, bytes, size)) {
      throw damaged(
          name,
          "its "
              + what
              + " ("
              + count
              + " entries at offset "
              + hex(offset)
              + ") goes past the end of the file ("
              + size
              + " bytes): truncated?",
          field);
    }
  }

  /** Whether {@code length} bytes at {@code offset} (unsigned 64-bit values) leave the file. */
  private static boolean outside(long offset, long length, long size) {
    return offset < 0 || length < 0 || offset > size || length > size - offset;
  }

  /** Bad input: what is wrong, and the offset of the field that says so. */
  private static InputException damaged(String name, String what, long field) {
    return new InputException(
        "pipeverify: "
            + name
            + ": a damaged AMDGPU code object: "
            + what
            + " (the field at file offset "
            + hex(field)
            + "); the input is at fault, not a tool");
  }

  private static String hex(long v) {
    return "0x" + Long.toHexString(v).toUpperCase(Locale.ROOT);
  }

  private static int u16(byte[] b, int at) {
    return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
  }

  private static long u32(byte[] b, int at) {
    return u16(b, at) | (long) u16(b, at + 2) << 16;
  }

  private static long u64(byte[] b, int at) {
    return u32(b, at) | u32(b, at + 4) << 32;
  }
}
