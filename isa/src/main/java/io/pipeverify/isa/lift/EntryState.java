package io.pipeverify.isa.lift;

import io.pipeverify.isa.decode.AsmSyntaxException;
import io.pipeverify.isa.decode.Kernel;
import io.pipeverify.isa.decode.KernelArg;
import io.pipeverify.isa.semantics.Symbols;
import io.pipeverify.isa.semantics.WaveState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A kernel's state at entry, from its kernel descriptor (semantics.md section 8; AMDGPU's "initial
 * kernel execution state"): the user SGPRs the descriptor enables, in their fixed order, then the
 * workgroup ids x, y, z it enables; the work-item ids packed in v0 (gfx90a and later: x in bits
 * 0-9, y in 10-19, z in 20-29). The kernarg segment pointer is a stand-in address, so that scalar
 * loads from it read the arguments given by name; arguments not given, workgroup ids not given and
 * everything else stay unknown.
 */
final class EntryState {
  /**
   * The kernarg segment pointer's stand-in: a concrete address no real pointer arithmetic of a
   * kernel reaches, so that {@code s_load_*} from it can be answered from the given arguments.
   */
  static final long KERNARG_BASE = 0x7E00_0000_0000L;

  /** The names {@code --arg} gives the workgroup ids by. */
  static final List<String> WORKGROUP_IDS =
      List.of("workgroup_id_x", "workgroup_id_y", "workgroup_id_z");

  /** User SGPRs before the preloaded arguments, in order: descriptor field and size in SGPRs. */
  private static final List<Map.Entry<String, Integer>> USER_SGPRS =
      List.of(
          Map.entry("private_segment_buffer", 4),
          Map.entry("dispatch_ptr", 2),
          Map.entry("queue_ptr", 2),
          Map.entry("kernarg_segment_ptr", 2),
          Map.entry("dispatch_id", 2),
          Map.entry("flat_scratch_init", 2),
          Map.entry("private_segment_size", 1));

  private final Kernel kernel;
  private final int threads;
  private final List<Integer> dims;
  private final OptionalInt kernargPointer;
  private final int preloadFirst;
  private final int preloadLength;
  private final int workgroupIdFirst;
  private final boolean[] workgroupIdEnabled = new boolean[3];

  /** Argument values by byte offset in the kernarg segment: the dwords the given ones cover. */
  private final Map<Long, Long> kernargDwords = new LinkedHashMap<>();

  private final long[] workgroupIds = new long[3];

  /** The symbols every wave's unknowns are named in. */
  private final Symbols symbols;

  /**
   * @param threads the workgroup size
   * @param args values by argument name (its metadata {@code .name}), by {@code argN} (the N-th
   *     argument from 0), or {@code workgroup_id_x/y/z}
   * @throws AsmSyntaxException at the kernel, for a name that is no argument of it, or names
   *     several
   */
  EntryState(Kernel kernel, int threads, Map<String, Long> args, Symbols symbols)
      throws AsmSyntaxException {
    this.kernel = kernel;
    this.symbols = symbols;
    for (int d = 0; d < 3; d++) {
      workgroupIds[d] = symbols.leaf(WORKGROUP_IDS.get(d));
    }
    this.threads = threads;
    this.dims = dimensions(kernel, threads);
    int index = 0;
    OptionalInt kernarg = OptionalInt.empty();
    for (Map.Entry<String, Integer> e : USER_SGPRS) {
      if (kernel.amdhsa("user_sgpr_" + e.getKey()).orElse(0) != 0) {
        if (e.getKey().equals("kernarg_segment_ptr")) {
          kernarg = OptionalInt.of(index);
        }
        index += e.getValue();
      }
    }
    this.kernargPointer = kernarg;
    this.preloadFirst = index;
    this.preloadLength = (int) kernel.amdhsa("user_sgpr_kernarg_preload_length").orElse(0);
    index += preloadLength;
    // An explicit user SGPR count places the system SGPRs (it may exceed the enabled ones).
    this.workgroupIdFirst = (int) kernel.amdhsa("user_sgpr_count").orElse(index);
    for (int d = 0; d < 3; d++) {
      // The assembler's default enables the x id only.
      long dflt = d == 0 ? 1 : 0;
      workgroupIdEnabled[d] =
          kernel.amdhsa("system_sgpr_workgroup_id_" + "xyz".charAt(d)).orElse(dflt) != 0;
    }
    for (Map.Entry<String, Long> a : args.entrySet()) {
      int wg = WORKGROUP_IDS.indexOf(a.getKey());
      if (wg >= 0) {
        workgroupIds[wg] = a.getValue() & 0xFFFFFFFFL;
      } else {
        KernelArg arg = argument(a.getKey());
        for (long d = 0; d < Math.max(1, (arg.size() + 3) / 4); d++) {
          kernargDwords.put(arg.offset() + 4 * d, (a.getValue() >>> (32 * d)) & 0xFFFFFFFFL);
        }
      }
    }
  }

  /** The workgroup's dimensions: {@code .reqd_workgroup_size}, else one dimension of threads. */
  private static List<Integer> dimensions(Kernel kernel, int threads) {
    List<Integer> reqd = kernel.reqdWorkgroupSize();
    if (reqd.size() == 3 && reqd.get(0) * reqd.get(1) * reqd.get(2) == threads) {
      return reqd;
    }
    return List.of(threads, 1, 1);
  }

  /** The argument {@code name} names: its metadata name, or {@code argN}. */
  private KernelArg argument(String name) throws AsmSyntaxException {
    List<KernelArg> args = kernel.args();
    List<KernelArg> named = new ArrayList<>();
    for (KernelArg a : args) {
      if (a.name().equals(name)) {
        named.add(a);
      }
    }
    if (named.size() == 1) {
      return named.get(0);
    }
    if (named.size() > 1) {
      throw new AsmSyntaxException(
          kernel.location(),
          "--arg "
              + name
              + " names "
              + named.size()
              + " arguments of kernel "
              + kernel.name()
              + "; give the one meant as argN (N counted from 0)");
    }
    if (name.matches("arg\\d+")) {
      int n = Integer.parseInt(name.substring(3));
      if (n < args.size()) {
        return args.get(n);
      }
    }
    throw new AsmSyntaxException(
        kernel.location(),
        "--arg "
            + name
            + " is not an argument of kernel "
            + kernel.name()
            + " (it has "
            + args.size()
            + " arguments: give a name its metadata records, argN for N in 0.."
            + (args.size() - 1)
            + ", or workgroup_id_x/y/z)");
  }

  /** The state of wave {@code wave} at entry. */
  WaveState wave(int wave) {
    WaveState s = WaveState.atEntry(wave, threads, symbols);
    // The descriptor's MODE.FP_ROUND (0 nearest even, 1 +inf, 2 -inf, 3 zero), which the float
    // semantics must know.
    s.setF32Round(kernel.amdhsa("float_round_mode_32").orElse(0));
    kernargPointer.ifPresent(
        i -> {
          s.setSgpr(i, KERNARG_BASE & 0xFFFFFFFFL);
          s.setSgpr(i + 1, KERNARG_BASE >>> 32);
        });
    for (int p = 0; p < preloadLength; p++) {
      s.setSgprValue(preloadFirst + p, argumentDword(4L * p));
    }
    int sgpr = workgroupIdFirst;
    for (int d = 0; d < 3; d++) {
      if (workgroupIdEnabled[d]) {
        s.setSgprValue(sgpr++, workgroupIds[d]);
      }
    }
    int x = dims.get(0);
    int y = dims.get(1);
    for (int lane = 0; lane < WaveState.LANES; lane++) {
      int id = wave * WaveState.LANES + lane;
      long packed = (id % x) | ((long) ((id / x) % y) << 10) | ((long) (id / (x * y)) << 20);
      s.setVgpr(0, lane, packed);
    }
    return s;
  }

  /** Bytes of the kernarg segment an address into it may be past the pointer's stand-in. */
  private static final long KERNARG_SPAN = 1L << 16;

  /**
   * The offset into the kernarg segment of a 64-bit address made from its pointer's stand-in
   * (Tensile moves the pointer past its common arguments before loading the others), or -1.
   */
  static long kernargOffset(long address) {
    long offset = address - KERNARG_BASE;
    return offset >= 0 && offset < KERNARG_SPAN ? offset : -1;
  }

  /**
   * The dword of the kernarg segment at {@code byteOffset}: a given argument's value, else the
   * symbol of the argument it belongs to (its name, {@code argN} where the name is missing or
   * repeated; {@code #1} for its second dword), else the symbol of the bare offset.
   */
  long argumentDword(long byteOffset) {
    Long v = kernargDwords.get(byteOffset);
    if (v != null) {
      return v;
    }
    List<KernelArg> args = kernel.args();
    for (int n = 0; n < args.size(); n++) {
      KernelArg a = args.get(n);
      if (byteOffset >= a.offset() && byteOffset < a.offset() + Math.max(4, a.size())) {
        long dword = (byteOffset - a.offset()) / 4;
        return symbols.leaf(symbolName(n) + (dword == 0 ? "" : "#" + dword));
      }
    }
    return symbols.leaf("kernarg+" + byteOffset);
  }

  /**
   * The name of the symbol of argument {@code name} (its first dword), for a range of its values
   * ({@code --arg Kdim>=192}); an argument the kernel does not have is a located error.
   */
  String leafName(String name) throws AsmSyntaxException {
    return symbolName(kernel.args().indexOf(argument(name)));
  }

  /** The name an argument's symbol has: its metadata name when that is unique, else argN. */
  private String symbolName(int n) {
    String name = kernel.args().get(n).name();
    long uses = kernel.args().stream().filter(a -> a.name().equals(name)).count();
    return !name.isEmpty() && uses == 1 ? name : "arg" + n;
  }
}
