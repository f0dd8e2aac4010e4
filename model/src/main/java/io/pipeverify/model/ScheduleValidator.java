package io.pipeverify.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The semantic rules of a schedule (docs/format.md, "Validation"): ranges of every count and
 * counter, wave-to-program assignment, buffer and register references, variables and periodicity of
 * expressions, and slots and regions evaluated for every wave. Works on any {@link Schedule}, read
 * from a file or built by a transform; problems carry the JSON pointer the value would have in the
 * file format, so a reader can map them to line:column.
 */
public final class ScheduleValidator {

  /** One violated rule: the JSON pointer of the offending value and what was expected. */
  public record Problem(String pointer, String message) {
    public Problem {
      Objects.requireNonNull(pointer);
      Objects.requireNonNull(message);
    }
  }

  /** Waves per workgroup: 1024 threads of 64 lanes. */
  public static final int MAX_WAVES = 16;

  /** s_setprio takes 0..3. */
  public static final int MAX_PRIORITY = 3;

  /**
   * Largest period of a slot or region expression the validator enumerates; larger ones are
   * reported (the verifier unrolls to a multiple of the period, so they are impractical anyway).
   */
  public static final long MAX_PERIOD = 1024;

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private final Schedule schedule;
  private final List<Problem> problems = new ArrayList<>();
  private final Memo memo;

  /** This schedule's places of {@link Memo}, by section and buffer name. */
  private final Map<Section, Map<String, Memo.Place>> places =
      new java.util.EnumMap<>(Section.class);

  /** wave -> values of w and the wave parameters; empty when the parameters are invalid. */
  private final Map<Integer, Map<String, Long>> waveEnvs = new HashMap<>();

  private boolean gemmValid;

  private ScheduleValidator(Schedule schedule, Memo memo) {
    this.schedule = schedule;
    this.memo = memo;
  }

  /**
   * LDS accesses found valid in the schedules one memo has seen, by identity, with what their
   * checks read (their buffer, the schedule's intent, the section): an access of constant
   * expressions (what the lift makes) validates the same in every schedule that has it in such a
   * place, and the launch classes of a lifted kernel share most of their ops (ScheduleLift interns
   * them). Safe for concurrent validations.
   */
  public static final class Memo {
    private record Place(LdsBuffer buffer, Intent intent, Section section) {}

    /** Each place once, so that an op's places compare by identity. */
    private final Map<Place, Place> places = new java.util.concurrent.ConcurrentHashMap<>();

    private final Map<Op, Place[]> valid = new java.util.IdentityHashMap<>();

    Place place(LdsBuffer buffer, Intent intent, Section section) {
      return places.computeIfAbsent(new Place(buffer, intent, section), p -> p);
    }

    synchronized boolean known(Op op, Place place) {
      Place[] seen = valid.get(op);
      if (seen != null) {
        for (Place p : seen) {
          if (p == place) {
            return true;
          }
        }
      }
      return false;
    }

    synchronized void add(Op op, Place place) {
      Place[] seen = valid.get(op);
      if (seen == null) {
        valid.put(op, new Place[] {place});
      } else if (!known(op, place)) {
        Place[] more = java.util.Arrays.copyOf(seen, seen.length + 1);
        more[seen.length] = place;
        valid.put(op, more);
      }
    }
  }

  /** All problems of {@code schedule}, in schedule order; empty when it is valid. */
  public static List<Problem> validate(Schedule schedule) {
    return validate(schedule, new Memo());
  }

  /** {@link #validate(Schedule)}, skipping the accesses {@code memo} has found valid before. */
  public static List<Problem> validate(Schedule schedule, Memo memo) {
    ScheduleValidator v = new ScheduleValidator(schedule, memo);
    v.checkHeader();
    v.checkWaveParams();
    Map<String, LdsBuffer> buffers = v.checkBuffers();
    v.checkPrograms();
    for (int p = 0; p < schedule.programs().size(); p++) {
      v.checkOps(p, schedule.programs().get(p), buffers);
    }
    return List.copyOf(v.problems);
  }

  private void problem(String pointer, String message) {
    problems.add(new Problem(pointer, message));
  }

  private void checkHeader() {
    Schedule s = schedule;
    if (s.name().isEmpty()) {
      problem("/name", "name must not be empty");
    }
    if (s.waves() < 1 || s.waves() > MAX_WAVES) {
      problem("/waves", "waves must be in 1.." + MAX_WAVES + ", found " + s.waves());
    }
    if (s.nominalTripCount() < 1) {
      problem(
          "/nominalTripCount",
          "nominalTripCount must be at least 1, found " + s.nominalTripCount());
    }
    Gemm g = s.gemm();
    gemmValid = true;
    String[] names = {"tileM", "tileN", "tileK", "kChunk"};
    int[] values = {g.tileM(), g.tileN(), g.tileK(), g.kChunk()};
    for (int i = 0; i < names.length; i++) {
      if (values[i] < 1) {
        problem("/gemm/" + names[i], names[i] + " must be positive, found " + values[i]);
        gemmValid = false;
      }
    }
    if (gemmValid && g.tileK() % g.kChunk() != 0) {
      problem(
          "/gemm/kChunk",
          "kChunk " + g.kChunk() + " must divide tileK " + g.tileK() + " into whole k-chunks");
      gemmValid = false;
    }
  }

  private void checkWaveParams() {
    List<String> allowed = new ArrayList<>(List.of(Schedule.WAVE));
    Set<String> seen = new TreeSet<>();
    boolean valid = true;
    for (WaveParam p : schedule.waveParams()) {
      String ptr = JsonPointers.child("/waveParams", p.name());
      if (!IDENTIFIER.matcher(p.name()).matches()) {
        problem(ptr, "wave parameter name '" + p.name() + "' is not an identifier");
        valid = false;
      } else if (List.of(Schedule.WAVE, Schedule.K, Schedule.TRIP_COUNT).contains(p.name())) {
        problem(ptr, "wave parameter name '" + p.name() + "' is reserved: w, k and T are built in");
        valid = false;
      } else if (!seen.add(p.name())) {
        problem(ptr, "duplicate wave parameter '" + p.name() + "'");
        valid = false;
      }
      for (String v : p.value().vars()) {
        if (!allowed.contains(v)) {
          problem(
              ptr,
              "wave parameter '"
                  + p.name()
                  + "' uses '"
                  + v
                  + "' (allowed: "
                  + String.join(", ", allowed)
                  + ")");
          valid = false;
        }
      }
      allowed.add(p.name());
    }
    if (!valid) {
      return;
    }
    for (int w = 0; w < Math.min(schedule.waves(), MAX_WAVES); w++) {
      Map<String, Long> env = new HashMap<>();
      env.put(Schedule.WAVE, (long) w);
      for (WaveParam p : schedule.waveParams()) {
        try {
          env.put(p.name(), p.value().eval(env));
        } catch (ArithmeticException e) {
          problem(
              JsonPointers.child("/waveParams", p.name()),
              e.getMessage() + " evaluating wave parameter '" + p.name() + "' for wave " + w);
          waveEnvs.clear();
          return;
        }
      }
      waveEnvs.put(w, env);
    }
  }

  /** Checks the buffers; returns the valid ones by name (first of duplicates). */
  private Map<String, LdsBuffer> checkBuffers() {
    Map<String, LdsBuffer> valid = new LinkedHashMap<>();
    Map<String, Integer> firstIndex = new HashMap<>();
    for (int i = 0; i < schedule.buffers().size(); i++) {
      LdsBuffer b = schedule.buffers().get(i);
      String ptr = "/buffers/" + i;
      boolean ok = true;
      if (b.name().isEmpty()) {
        problem(ptr + "/name", "buffer name must not be empty");
        ok = false;
      } else if (firstIndex.containsKey(b.name())) {
        problem(
            ptr + "/name",
            "duplicate buffer name '"
                + b.name()
                + "' (also /buffers/"
                + firstIndex.get(b.name())
                + ")");
        ok = false;
      } else {
        firstIndex.put(b.name(), i);
      }
      if (b.slots() < 1) {
        problem(ptr + "/slots", "slots must be at least 1, found " + b.slots());
        ok = false;
      }
      if (b.slotBytes() < 1) {
        problem(ptr + "/slotBytes", "slotBytes must be at least 1, found " + b.slotBytes());
        ok = false;
      }
      if (b.rowBytes() < 1) {
        problem(ptr + "/rowBytes", "rowBytes must be at least 1, found " + b.rowBytes());
        ok = false;
      } else if (b.slotBytes() >= 1 && b.slotBytes() % b.rowBytes() != 0) {
        problem(
            ptr + "/rowBytes",
            "rowBytes " + b.rowBytes() + " must divide slotBytes " + b.slotBytes());
        ok = false;
      }
      if (ok) {
        valid.put(b.name(), b);
      }
    }
    long total =
        schedule.buffers().stream()
            .filter(b -> b.slots() > 0 && b.slotBytes() > 0)
            .mapToLong(LdsBuffer::totalBytes)
            .sum();
    Target t = schedule.target();
    if (total > t.ldsBytes()) {
      problem(
          "/buffers",
          "LDS use "
              + total
              + " bytes exceeds the "
              + t.id()
              + " capacity of "
              + t.ldsBytes()
              + " bytes");
    }
    return valid;
  }

  private void checkPrograms() {
    Map<String, Integer> roles = new HashMap<>();
    Map<Integer, Integer> owner = new HashMap<>();
    List<WaveProgram> programs = schedule.programs();
    for (int p = 0; p < programs.size(); p++) {
      WaveProgram prog = programs.get(p);
      String ptr = "/programs/" + p;
      if (prog.role().isEmpty()) {
        problem(ptr + "/role", "role must not be empty");
      } else if (roles.containsKey(prog.role())) {
        problem(
            ptr + "/role",
            "duplicate role '" + prog.role() + "' (also program " + roles.get(prog.role()) + ")");
      } else {
        roles.put(prog.role(), p);
      }
      if (prog.waves().isEmpty()) {
        problem(ptr + "/waves", "program '" + prog.role() + "' runs on no wave: list at least one");
      }
      for (int j = 0; j < prog.waves().size(); j++) {
        int w = prog.waves().get(j);
        String wptr = ptr + "/waves/" + j;
        if (w < 0 || w >= schedule.waves()) {
          problem(
              wptr,
              "wave "
                  + w
                  + " out of range: the schedule has "
                  + schedule.waves()
                  + " waves (0.."
                  + (schedule.waves() - 1)
                  + ")");
        } else if (owner.containsKey(w)) {
          int other = owner.get(w);
          problem(
              wptr,
              other == p
                  ? "wave " + w + " is listed twice in program " + p
                  : "wave " + w + " is in programs " + other + " and " + p);
        } else {
          owner.put(w, p);
        }
      }
    }
    for (int w = 0; w < Math.min(schedule.waves(), MAX_WAVES); w++) {
      if (!owner.containsKey(w)) {
        problem("/programs", "wave " + w + " has no program");
      }
    }
  }

  private void checkOps(int p, WaveProgram prog, Map<String, LdsBuffer> buffers) {
    Set<String> readRegs = new TreeSet<>();
    Set<String> loadRegs = new TreeSet<>();
    // Only a consume names the registers of a scalar load or a lane permute (the lift names an
    // mfma's or ds_write's registers by a ds_read or global load).
    Set<String> scalarRegs = new TreeSet<>();
    for (Section section : Section.values()) {
      for (Op listed : prog.section(section)) {
        Op op = listed instanceof Op.Conditional c ? c.op() : listed;
        if (op instanceof Op.DsRead r) {
          readRegs.add(r.dst());
        } else if (op instanceof Op.GLoad g) {
          loadRegs.add(g.dst());
        } else if (op instanceof Op.SLoad l) {
          scalarRegs.add(l.dst());
        } else if (op instanceof Op.DsPermute l) {
          scalarRegs.add(l.dst());
        }
      }
    }
    if (schedule.intent() == Intent.NONE) {
      // A kernel lifted from assembly: an mfma operand or a ds_write source names the load that
      // last wrote its registers, a ds_read or a global load into registers alike (B loaded
      // straight
      // into AGPRs), or is "computed" when no load did (proofs/lifted-intent.md).
      Set<String> loaded = new TreeSet<>(readRegs);
      loaded.addAll(loadRegs);
      loadRegs = loaded;
      // A consume may also name a scalar load's SGPRs; a ds_write's source may not.
      readRegs = new TreeSet<>(loaded);
      readRegs.addAll(scalarRegs);
    }
    List<Integer> waves =
        prog.waves().stream().filter(waveEnvs::containsKey).distinct().sorted().toList();
    for (Section section : Section.values()) {
      List<Op> ops = prog.section(section);
      for (int i = 0; i < ops.size(); i++) {
        String ptr = "/programs/" + p + "/" + section.id() + "/" + i;
        Op op = ops.get(i);
        if (op instanceof Op.Conditional c) {
          List<Integer> holding = checkWhen(c.when(), ptr + "/when", waves);
          checkOp(c.op(), ptr, section, buffers, readRegs, loadRegs, holding);
        } else {
          Memo.Place place = place(op, section, buffers, waves);
          if (place != null && memo.known(op, place)) {
            if (op instanceof Op.DsWrite dw) {
              checkSource(dw, ptr, loadRegs);
            }
            continue;
          }
          int before = problems.size();
          checkOp(op, ptr, section, buffers, readRegs, loadRegs, waves);
          if (place != null && problems.size() == before) {
            memo.add(op, place);
          }
        }
      }
    }
  }

  private void checkOp(
      Op op,
      String ptr,
      Section section,
      Map<String, LdsBuffer> buffers,
      Set<String> readRegs,
      Set<String> loadRegs,
      List<Integer> waves) {
    // Java 17: no pattern switch; Barrier and CommitGroup have nothing to check.
    if (op instanceof Op.LdsAccess a) {
      checkAccess(a, ptr, section, buffers, waves);
      checkTile(a.tile(), ptr + "/tile", section, waves);
      if (a instanceof Op.DsWrite dw) {
        checkSource(dw, ptr, loadRegs);
      }
    } else if (op instanceof Op.GLoad g) {
      checkTile(g.tile(), ptr + "/tile", section, waves);
    } else if (op instanceof Op.SLoad || op instanceof Op.DsPermute) {
      if (schedule.intent() != Intent.NONE) {
        problem(
            ptr, "an " + op.kind() + " op belongs to a kernel lifted from assembly (intent none)");
      }
    } else if (op instanceof Op.Consume c) {
      if (schedule.intent() != Intent.NONE) {
        problem(ptr, "a consume op belongs to a kernel lifted from assembly (intent none)");
      }
      for (int r = 0; r < c.registers().size(); r++) {
        String reg = c.registers().get(r);
        if (!readRegs.contains(reg)) {
          problem(
              ptr + "/regs/" + r,
              unknownRegister(reg, "ds_read, gload, sload or ds_permute", readRegs));
        }
      }
    } else if (op instanceof Op.Wait w) {
      w.vmcnt().ifPresent(n -> checkCounter(ptr + "/vmcnt", "vmcnt", n, 6, Target.VMCNT_MAX));
      w.lgkmcnt()
          .ifPresent(n -> checkCounter(ptr + "/lgkmcnt", "lgkmcnt", n, 4, Target.LGKMCNT_MAX));
    } else if (op instanceof Op.Mfma m) {
      if (!readRegs.contains(m.a()) && !computed(m.a())) {
        problem(ptr + "/a", unknownRegister(m.a(), "ds_read", readRegs));
      }
      if (!readRegs.contains(m.b()) && !computed(m.b())) {
        problem(ptr + "/b", unknownRegister(m.b(), "ds_read", readRegs));
      }
      if (m.i() < 0) {
        problem(ptr + "/i", "fragment index i must be at least 0, found " + m.i());
      }
      if (m.j() < 0) {
        problem(ptr + "/j", "fragment index j must be at least 0, found " + m.j());
      }
      checkKChunk(ptr + "/kChunk", m.kChunk());
      checkVars(m.kTile(), ptr + "/kTile", section);
    } else if (op instanceof Op.WaitGroup wg) {
      if (wg.pending() < 0) {
        problem(ptr + "/pending", "pending must be at least 0, found " + wg.pending());
      }
    } else if (op instanceof Op.SchedBarrier sb) {
      if (sb.mask() < 0) {
        problem(ptr + "/mask", "mask must be at least 0, found " + sb.mask());
      }
    } else if (op instanceof Op.SetPrio sp) {
      if (sp.priority() < 0 || sp.priority() > MAX_PRIORITY) {
        problem(
            ptr + "/priority",
            "priority must be in 0.." + MAX_PRIORITY + ", found " + sp.priority());
      }
    }
  }

  /** A ds_write's source must be a register a load of its program writes. */
  private void checkSource(Op.DsWrite dw, String ptr, Set<String> loadRegs) {
    if (!loadRegs.contains(dw.src()) && !computed(dw.src())) {
      problem(ptr + "/src", unknownRegister(dw.src(), "gload", loadRegs));
    }
  }

  /**
   * Where {@code op}'s checks read nothing but the op, its buffer, the intent and the section: an
   * LDS access whose slot, region and tile are constants, in a program with a wave; else null.
   */
  private Memo.Place place(
      Op op, Section section, Map<String, LdsBuffer> buffers, List<Integer> waves) {
    if (!(op instanceof Op.LdsAccess a) || waves.isEmpty()) {
      return null;
    }
    LdsBuffer buffer = buffers.get(a.buffer());
    TileTag t = a.tile();
    boolean constant =
        buffer != null
            && t.kChunk().isEmpty()
            && a.slot() instanceof Expr.Const
            && a.region().start() instanceof Expr.Const
            && a.region().count() instanceof Expr.Const
            && t.kTile() instanceof Expr.Const
            && t.rowStart() instanceof Expr.Const
            && t.rowCount() instanceof Expr.Const;
    if (!constant) {
      return null;
    }
    return places
        .computeIfAbsent(section, x -> new HashMap<>())
        .computeIfAbsent(a.buffer(), x -> memo.place(buffer, schedule.intent(), section));
  }

  /**
   * A register no load writes, in a schedule without intent: the lift names it {@code computed
   * v[4:7]} (its value comes from ALU instructions, which are not ops).
   */
  private boolean computed(String reg) {
    return schedule.intent() == Intent.NONE && reg.startsWith(COMPUTED);
  }

  /** The prefix of a lifted operand that no load wrote. */
  public static final String COMPUTED = "computed ";

  private static String unknownRegister(String reg, String definer, Set<String> defined) {
    return "unknown register '"
        + reg
        + "' ("
        + (defined.isEmpty()
            ? "no " + definer + " of this program defines a register"
            : "defined by " + definer + ": " + String.join(", ", defined))
        + ")";
  }

  private void checkCounter(String ptr, String name, int n, int bits, int max) {
    if (n < 0) {
      problem(ptr, name + "(" + n + ") must be at least 0");
    } else if (n > max) {
      problem(ptr, name + "(" + n + ") exceeds the " + bits + "-bit counter (max " + max + ")");
    }
  }

  private void checkKChunk(String ptr, int chunk) {
    if (!gemmValid) {
      return;
    }
    int chunks = schedule.gemm().kChunks();
    if (chunk < 0 || chunk >= chunks) {
      problem(
          ptr,
          "k-chunk "
              + chunk
              + " out of range: the gemm has "
              + chunks
              + " k-chunk"
              + (chunks == 1 ? "" : "s")
              + " (0.."
              + (chunks - 1)
              + ")");
    }
  }

  private void checkTile(TileTag tile, String ptr, Section section, List<Integer> waves) {
    if (tile.tensor().isEmpty()) {
      problem(ptr + "/tensor", "tensor must not be empty");
    }
    checkVars(tile.kTile(), ptr + "/k", section);
    checkVars(tile.rowStart(), ptr + "/rows/start", section);
    checkVars(tile.rowCount(), ptr + "/rows/count", section);
    if (tile.kChunk().isEmpty()) {
      return;
    }
    Expr chunk = tile.kChunk().get();
    String cptr = ptr + "/kChunk";
    if (!checkWaveOnly(chunk.vars(), cptr, "a k-chunk")) {
      return;
    }
    for (int w : waves) {
      try {
        long c = chunk.eval(waveEnvs.get(w));
        if (c != (int) c) {
          problem(cptr, "k-chunk " + c + " out of range in wave " + w);
          return;
        }
        int before = problems.size();
        checkKChunk(cptr, (int) c);
        if (problems.size() > before) {
          return;
        }
      } catch (ArithmeticException e) {
        problem(cptr, "k-chunk " + chunk.render() + ": " + e.getMessage() + " in wave " + w);
        return;
      }
    }
  }

  /**
   * Checks a {@code when} condition: only {@code w} and wave parameters, and defined in every wave
   * of the program. Returns the waves where it holds (none when it cannot be evaluated).
   */
  private List<Integer> checkWhen(Condition when, String ptr, List<Integer> waves) {
    if (!checkWaveOnly(when.vars(), ptr, "a condition")) {
      return List.of();
    }
    List<Integer> holding = new ArrayList<>();
    for (int w : waves) {
      try {
        if (when.holds(waveEnvs.get(w))) {
          holding.add(w);
        }
      } catch (ArithmeticException e) {
        problem(ptr, "condition " + when.render() + ": " + e.getMessage() + " in wave " + w);
        return List.of();
      }
    }
    return holding;
  }

  /**
   * What may differ between waves but not between iterations may use {@code w} and the wave
   * parameters only: with {@code k} or {@code T} an op would exist in some iterations only and the
   * schedule would not be periodic (semantics.md section 6).
   */
  private boolean checkWaveOnly(Set<String> vars, String ptr, String what) {
    List<String> known = waveVariables();
    for (String v : vars) {
      if (v.equals(Schedule.K) || v.equals(Schedule.TRIP_COUNT)) {
        problem(
            ptr,
            what
                + " may use only w and wave parameters, not '"
                + v
                + "': an op or a k-chunk that changes with the iteration would make the schedule"
                + " non-periodic (write one op per case in the loop instead)");
        return false;
      }
      if (!known.contains(v)) {
        unknownVariable(ptr, v, what, known);
        return false;
      }
    }
    return true;
  }

  private void unknownVariable(String ptr, String variable, String where, List<String> known) {
    problem(
        ptr,
        "unknown variable '"
            + variable
            + "' in "
            + where
            + " (known: "
            + String.join(", ", known)
            + ")");
  }

  /** {@code w} and the wave parameters, in the order messages list them. */
  private List<String> waveVariables() {
    List<String> known = new ArrayList<>();
    known.add(Schedule.WAVE);
    schedule.waveParams().forEach(p -> known.add(p.name()));
    return known;
  }

  /** The variables an expression of {@code section} may use, in the order messages list them. */
  private List<String> known(Section section) {
    List<String> known = waveVariables();
    if (section == Section.LOOP) {
      known.add(Schedule.K);
    }
    known.add(Schedule.TRIP_COUNT);
    return known;
  }

  /** Reports unknown variables; true when there are none. */
  private boolean checkVars(Expr e, String ptr, Section section) {
    if (e instanceof Expr.Const) {
      return true; // no variables (most expressions of a lifted kernel)
    }
    List<String> known = known(section);
    boolean ok = true;
    for (String v : e.vars()) {
      if (!known.contains(v)) {
        unknownVariable(ptr, v, section.id() + " op", known);
        ok = false;
      }
    }
    return ok;
  }

  /**
   * Checks periodicity (semantics.md section 6: the verifier reasons about one period of the loop)
   * and returns the period in {@code var}, or empty after reporting a problem.
   */
  private OptionalLong checkPeriod(Expr e, String ptr, String what, String var) {
    if (!e.vars().contains(var)) {
      return OptionalLong.of(1);
    }
    OptionalLong period = e.periodIn(var);
    if (period.isEmpty()) {
      problem(
          ptr,
          what
              + " expression ("
              + e.render()
              + ") must be periodic in "
              + var
              + ": use % on "
              + var);
      return period;
    }
    if (period.getAsLong() > MAX_PERIOD) {
      problem(
          ptr,
          what
              + " expression ("
              + e.render()
              + ") has period "
              + period.getAsLong()
              + " in "
              + var
              + ", more than the "
              + MAX_PERIOD
              + " the validator enumerates");
      return OptionalLong.empty();
    }
    return period;
  }

  private void checkAccess(
      Op.LdsAccess a,
      String ptr,
      Section section,
      Map<String, LdsBuffer> buffers,
      List<Integer> waves) {
    boolean ok = true;
    LdsBuffer buffer = buffers.get(a.buffer());
    if (!a.region().pieces().isEmpty() && schedule.intent() == Intent.GEMM) {
      // P3 and P5 follow tiles row by row over one range; a region of several pieces comes from a
      // kernel lifted from assembly, which has no GEMM intent (proofs/lifted-intent.md).
      String key = a.region().unit() == Region.Unit.ROWS ? "rows" : "bytes";
      problem(
          ptr + "/" + key + "/pieces",
          "a region of several pieces needs \"intent\": \"none\" (P3 and P5 follow tiles over"
              + " one range)");
      ok = false;
    }
    if (schedule.buffer(a.buffer()).isEmpty()) {
      problem(
          ptr + "/buffer",
          "unknown buffer '"
              + a.buffer()
              + "' (buffers: "
              + String.join(", ", schedule.buffers().stream().map(LdsBuffer::name).toList())
              + ")");
      ok = false;
    } else if (buffer == null) {
      ok = false; // the buffer itself is invalid and already reported
    }
    if (buffer != null && a.region().columns().isPresent()) {
      Optional<String> misfit = a.region().columns().get().misfit(buffer.rowBytes());
      if (misfit.isPresent()) {
        problem(ptr + "/rows/columns", misfit.get());
        ok = false;
      }
    }
    Region region = a.region();
    String regionKey = region.unit() == Region.Unit.ROWS ? "rows" : "bytes";
    String slotPtr = ptr + "/slot";
    String startPtr = ptr + "/" + regionKey + "/start";
    String countPtr = ptr + "/" + regionKey + "/count";
    List<Expr> exprs = List.of(a.slot(), region.start(), region.count());
    List<String> ptrs = List.of(slotPtr, startPtr, countPtr);
    List<String> whats = List.of("slot", regionKey + " start", regionKey + " count");
    long periodK = 1;
    long periodT = 1;
    for (int i = 0; i < exprs.size(); i++) {
      if (!checkVars(exprs.get(i), ptrs.get(i), section)) {
        ok = false;
        continue;
      }
      if (section == Section.LOOP) {
        OptionalLong pk = checkPeriod(exprs.get(i), ptrs.get(i), whats.get(i), Schedule.K);
        if (pk.isEmpty()) {
          ok = false;
          continue;
        }
        periodK = Periodicity.lcm(periodK, pk.getAsLong());
      }
      OptionalLong pt = checkPeriod(exprs.get(i), ptrs.get(i), whats.get(i), Schedule.TRIP_COUNT);
      if (pt.isEmpty()) {
        ok = false;
        continue;
      }
      periodT = Periodicity.lcm(periodT, pt.getAsLong());
    }
    if (!ok) {
      return;
    }
    if (periodK * periodT > MAX_PERIOD) {
      problem(
          ptr,
          "slot and region expressions have period "
              + periodK
              + " in k and "
              + periodT
              + " in T, more than the "
              + MAX_PERIOD
              + " combinations the validator enumerates");
      return;
    }
    boolean usesT = exprs.stream().anyMatch(e -> e.vars().contains(Schedule.TRIP_COUNT));
    new AccessEvaluation(a, buffer, section, ptrs, regionKey, usesT)
        .run(waves, section == Section.LOOP ? 2 * periodK : 1, 2 * periodT);
  }

  /** Evaluates one access's slot and region for every wave, k and T; reports each field once. */
  private final class AccessEvaluation {
    private final Op.LdsAccess access;
    private final LdsBuffer buffer;
    private final Section section;
    private final List<String> ptrs;
    private final String regionKey;
    private final boolean usesT;
    private boolean slotDone;
    private boolean startDone;
    private boolean countDone;
    private boolean regionDone;

    AccessEvaluation(
        Op.LdsAccess access,
        LdsBuffer buffer,
        Section section,
        List<String> ptrs,
        String regionKey,
        boolean usesT) {
      this.access = access;
      this.buffer = buffer;
      this.section = section;
      this.ptrs = ptrs;
      this.regionKey = regionKey;
      this.usesT = usesT;
    }

    /**
     * Every combination the expressions can tell apart: k and T only when some expression uses them
     * (the rest of the range evaluates the same), the position in words only for a problem.
     */
    void run(List<Integer> waves, long kCount, long tMax) {
      boolean usesK = section == Section.LOOP && usesVar(Schedule.K);
      boolean perWave =
          usesVar(Schedule.WAVE) || schedule.waveParams().stream().anyMatch(p -> usesVar(p.name()));
      for (int w : perWave ? waves : waves.subList(0, Math.min(1, waves.size()))) {
        Map<String, Long> env = new HashMap<>(waveEnvs.get(w));
        for (long k = 0; k < (usesK ? kCount : 1); k++) {
          for (long t = 1; t <= (usesT ? tMax : 1); t++) {
            if (section == Section.LOOP) {
              env.put(Schedule.K, k);
            }
            env.put(Schedule.TRIP_COUNT, t);
            int wave = w;
            long kk = k;
            long tt = t;
            check(env, () -> where(wave, kk, tt));
          }
        }
      }
    }

    private boolean usesVar(String var) {
      Region r = access.region();
      return Stream.of(access.slot(), r.start(), r.count()).anyMatch(e -> e.vars().contains(var));
    }

    private String where(int w, long k, long t) {
      StringBuilder sb = new StringBuilder("(wave ").append(w);
      if (section == Section.LOOP) {
        sb.append(", k=").append(k);
      }
      if (usesT) {
        sb.append(", T=").append(t);
      }
      return sb.append(')').toString();
    }

    private Long eval(
        Expr e, Map<String, Long> env, String ptr, String what, Supplier<String> where) {
      try {
        return e.eval(env);
      } catch (ArithmeticException ex) {
        problem(
            ptr,
            ex.getMessage() + " in " + what + " expression (" + e.render() + ") " + where.get());
        return null;
      }
    }

    private void check(Map<String, Long> env, Supplier<String> where) {
      if (!slotDone) {
        Long slot = eval(access.slot(), env, ptrs.get(0), "slot", where);
        if (slot == null) {
          slotDone = true;
        } else if (slot < 0 || slot >= buffer.slots()) {
          problem(
              ptrs.get(0),
              "slot "
                  + slot
                  + " out of range for buffer "
                  + buffer.name()
                  + " with "
                  + buffer.slots()
                  + " slot"
                  + (buffer.slots() == 1 ? "" : "s")
                  + " "
                  + where.get());
          slotDone = true;
        }
      }
      if (startDone || countDone || regionDone) {
        return;
      }
      Region region = access.region();
      Long start = eval(region.start(), env, ptrs.get(1), regionKey + " start", where);
      if (start == null) {
        startDone = true;
        return;
      }
      Long count = eval(region.count(), env, ptrs.get(2), regionKey + " count", where);
      if (count == null) {
        countDone = true;
        return;
      }
      if (count < 1) {
        problem(ptrs.get(2), "region count " + count + " must be at least 1 " + where.get());
        countDone = true;
        return;
      }
      boolean rows = region.unit() == Region.Unit.ROWS;
      long limit = rows ? buffer.slotBytes() / buffer.rowBytes() : buffer.slotBytes();
      if (start < 0 || start + count > limit) {
        String parent = ptrs.get(1).substring(0, ptrs.get(1).lastIndexOf('/'));
        problem(
            parent,
            regionKey
                + " ["
                + start
                + ", "
                + (start + count)
                + ") outside buffer "
                + buffer.name()
                + "'s slot of "
                + limit
                + " "
                + regionKey
                + " "
                + where.get());
        regionDone = true;
      }
    }
  }
}
