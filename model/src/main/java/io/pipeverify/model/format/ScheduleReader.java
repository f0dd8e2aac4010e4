package io.pipeverify.model.format;

import io.pipeverify.model.Condition;
import io.pipeverify.model.Expr;
import io.pipeverify.model.ExprSyntaxException;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.JsonPointers;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.ReadUse;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.ScheduleValidator;
import io.pipeverify.model.Section;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveParam;
import io.pipeverify.model.WaveProgram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Reads a {@code pipeverify-schedule/1} file (docs/format.md) into a {@link Schedule}. Reports
 * every problem it finds, not just the first: structural ones (JSON syntax, duplicate keys, missing
 * or unknown fields, wrong types, bad enum values, unparseable expressions) and, when the structure
 * is complete, the semantic ones of {@link ScheduleValidator}, each at the JSON pointer and
 * line:column of the offending value.
 */
public final class ScheduleReader {

  /** The value of the {@code format} field. */
  public static final String FORMAT = "pipeverify-schedule/1";

  static final List<String> TOP_LEVEL =
      List.of(
          "format",
          "name",
          "target",
          "waves",
          "implicitWaits",
          "nominalTripCount",
          "gemm",
          "waveParams",
          "buffers",
          "programs");

  static final List<String> OP_KINDS =
      List.of(
          "g2s",
          "gload",
          "sload",
          "ds_permute",
          "consume",
          "ds_read",
          "ds_write",
          "wait",
          "barrier",
          "mfma",
          "sched_barrier",
          "setprio",
          "commit_group",
          "wait_group");

  private final String file;
  private final List<Diagnostic> diagnostics = new ArrayList<>();

  /**
   * The timing assumptions the file states ({@code "assumptions"}), as written: names the verifier
   * knows, checked where the options are made (the model does not know them).
   */
  private List<String> assumptions = List.of();

  /** The schedule's intent, read before its programs: a stated dead read needs intent none. */
  private Intent intent = Intent.GEMM;

  private ScheduleReader(String file) {
    this.file = file;
  }

  /**
   * Parses and validates {@code content}; {@code fileName} names the file in diagnostics and in the
   * {@link Origin.InFile} of ops that have no {@code origin} field.
   */
  public static Schedule read(String fileName, String content) throws ScheduleFormatException {
    return readLocated(fileName, content).schedule();
  }

  /**
   * Like {@link #read(String, String)}, and also returns the file position of every JSON value by
   * pointer (for reports that point into the file).
   */
  public static LocatedSchedule readLocated(String fileName, String content)
      throws ScheduleFormatException {
    JsonNode root = JsonTreeParser.parse(fileName, content);
    ScheduleReader reader = new ScheduleReader(fileName);
    Schedule schedule = reader.schedule(root);
    if (!reader.diagnostics.isEmpty()) {
      throw new ScheduleFormatException(reader.diagnostics);
    }
    Map<String, SourcePosition> positions = new HashMap<>();
    index(root, "", positions);
    List<ScheduleValidator.Problem> problems = ScheduleValidator.validate(schedule);
    if (!problems.isEmpty()) {
      List<Diagnostic> out = new ArrayList<>();
      for (ScheduleValidator.Problem p : problems) {
        out.add(Diagnostic.at(fileName, p.pointer(), locate(p.pointer(), positions), p.message()));
      }
      throw new ScheduleFormatException(out);
    }
    return new LocatedSchedule(schedule, fileName, positions, reader.assumptions);
  }

  /** Reads a file as UTF-8; diagnostics name it by {@code path.toString()}. */
  public static Schedule read(Path path) throws IOException, ScheduleFormatException {
    return read(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
  }

  private static void index(JsonNode node, String ptr, Map<String, SourcePosition> out) {
    out.put(ptr, node.position());
    if (node instanceof JsonNode.JsonObject o) {
      for (JsonNode.Member m : o.members()) {
        index(m.value(), JsonPointers.child(ptr, m.key()), out);
      }
    } else if (node instanceof JsonNode.JsonArray a) {
      for (int i = 0; i < a.elements().size(); i++) {
        index(a.elements().get(i), JsonPointers.child(ptr, i), out);
      }
    }
  }

  /** The position of the value at {@code ptr}, or of its nearest ancestor present in the file. */
  private static SourcePosition locate(String ptr, Map<String, SourcePosition> positions) {
    String p = ptr;
    while (!positions.containsKey(p)) {
      p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
    }
    return positions.get(p);
  }

  // ---- structure ----

  private void error(String ptr, SourcePosition pos, String message) {
    diagnostics.add(Diagnostic.at(file, ptr, pos, message));
  }

  private void typeError(String ptr, JsonNode node, String expected) {
    error(ptr, node.position(), "expected " + expected + ", found " + node.describe());
  }

  /** An object whose fields were checked against {@code required} and {@code optional}. */
  private final class Fields {
    final JsonNode.JsonObject object;
    final String ptr;

    Fields(JsonNode.JsonObject object, String ptr) {
      this.object = object;
      this.ptr = ptr;
    }

    boolean has(String key) {
      return object.get(key).isPresent();
    }

    /** The value at {@code key} decoded by {@code decoder}, or null (missing or reported). */
    <T> T get(String key, BiFunction<JsonNode, String, T> decoder) {
      return object.get(key).map(n -> decoder.apply(n, JsonPointers.child(ptr, key))).orElse(null);
    }

    String string(String key) {
      return get(key, ScheduleReader.this::string);
    }

    Integer integer(String key) {
      return get(key, ScheduleReader.this::integer);
    }

    Expr expr(String key) {
      return get(key, ScheduleReader.this::expr);
    }
  }

  /**
   * Checks that {@code node} is an object with every required field and no unknown one; returns
   * null when it is not an object.
   */
  private Fields fields(
      JsonNode node, String ptr, String what, List<String> required, List<String> optional) {
    if (!(node instanceof JsonNode.JsonObject o)) {
      typeError(ptr, node, what + " (an object)");
      return null;
    }
    for (String key : required) {
      if (o.get(key).isEmpty()) {
        error(ptr, o.position(), "missing field '" + key + "' in " + what);
      }
    }
    for (JsonNode.Member m : o.members()) {
      if (!required.contains(m.key()) && !optional.contains(m.key())) {
        List<String> all = new ArrayList<>(required);
        all.addAll(optional);
        error(
            JsonPointers.child(ptr, m.key()),
            m.keyPosition(),
            "unknown field '"
                + m.key()
                + "' in "
                + what
                + " (expected: "
                + String.join(", ", all)
                + ")");
      }
    }
    return new Fields(o, ptr);
  }

  private String string(JsonNode node, String ptr) {
    if (node instanceof JsonNode.JsonString s) {
      return s.value();
    }
    typeError(ptr, node, "a string");
    return null;
  }

  private Integer integer(JsonNode node, String ptr) {
    if (node instanceof JsonNode.JsonNumber n && n.integral()) {
      try {
        return n.value().intValueExact();
      } catch (ArithmeticException e) {
        error(ptr, node.position(), "integer " + n.value() + " out of range");
        return null;
      }
    }
    typeError(ptr, node, "an integer");
    return null;
  }

  /** An expression: a JSON integer, or a string in the grammar of {@link Expr#parse}. */
  private Expr expr(JsonNode node, String ptr) {
    if (node instanceof JsonNode.JsonNumber n && n.integral()) {
      if (n.asLong().isEmpty()) {
        error(ptr, node.position(), "integer " + n.value() + " out of range");
        return null;
      }
      return Expr.of(n.asLong().getAsLong());
    }
    if (node instanceof JsonNode.JsonString s) {
      return parsed(s, ptr, "expression", Expr::parse);
    }
    typeError(ptr, node, "an expression (an integer or a string)");
    return null;
  }

  /** A {@code when} condition: a string in the grammar of {@link Condition#parse}. */
  private Condition condition(JsonNode node, String ptr) {
    if (node instanceof JsonNode.JsonString s) {
      return parsed(s, ptr, "condition", Condition::parse);
    }
    typeError(ptr, node, "a condition (a string such as \"warp_row == 1\")");
    return null;
  }

  /** Parses the string, or reports the error at its column inside the file and returns null. */
  private <T> T parsed(JsonNode.JsonString s, String ptr, String what, Function<String, T> parser) {
    try {
      return parser.apply(s.value());
    } catch (ExprSyntaxException e) {
      int col = e.column();
      String text = s.value();
      error(
          ptr,
          col > 0 ? s.positionOf(col - 1) : s.position(),
          "cannot parse "
              + what
              + " \""
              + (text.length() > QUOTED_MAX ? text.substring(0, QUOTED_MAX) + "..." : text)
              + "\": "
              + e.detail()
              + (col > 0 ? " (column " + col + " of the " + what + ")" : ""));
      return null;
    }
  }

  /** Longer expressions are cut in messages: the column says where the problem is. */
  private static final int QUOTED_MAX = 60;

  private <E> E choice(JsonNode node, String ptr, String what, List<E> values, List<String> ids) {
    String id = string(node, ptr);
    if (id == null) {
      return null;
    }
    int i = ids.indexOf(id);
    if (i < 0) {
      error(
          ptr,
          node.position(),
          "unknown " + what + " '" + id + "' (expected one of: " + String.join(", ", ids) + ")");
      return null;
    }
    return values.get(i);
  }

  /** A decoder of one of {@code values}, each given in the file by its {@code id}. */
  private <E> BiFunction<JsonNode, String, E> choice(
      String what, E[] values, Function<E, String> id) {
    List<String> ids = Arrays.stream(values).map(id).toList();
    return (n, p) -> choice(n, p, what, List.of(values), ids);
  }

  private List<JsonNode> array(JsonNode node, String ptr, String what) {
    if (node instanceof JsonNode.JsonArray a) {
      return a.elements();
    }
    typeError(ptr, node, what + " (an array)");
    return null;
  }

  /** Decodes every element; null if the array or any element failed. */
  private <T> List<T> list(
      JsonNode node, String ptr, String what, BiFunction<JsonNode, String, T> element) {
    List<JsonNode> elements = array(node, ptr, what);
    if (elements == null) {
      return null;
    }
    List<T> out = new ArrayList<>();
    boolean ok = true;
    for (int i = 0; i < elements.size(); i++) {
      T t = element.apply(elements.get(i), JsonPointers.child(ptr, i));
      ok &= t != null;
      out.add(t);
    }
    return ok ? out : null;
  }

  private static boolean allPresent(Object... values) {
    return Arrays.stream(values).allMatch(v -> v != null);
  }

  // ---- the schedule ----

  private Schedule schedule(JsonNode root) {
    Fields f = fields(root, "", "a schedule", TOP_LEVEL, List.of("intent", "assumptions"));
    if (f == null) {
      return null;
    }
    String format = f.string("format");
    if (format != null && !format.equals(FORMAT)) {
      error(
          "/format",
          f.object.get("format").orElseThrow().position(),
          "unsupported format '" + format + "' (expected '" + FORMAT + "')");
    }
    String name = f.string("name");
    Target target = f.get("target", choice("target", Target.values(), Target::id));
    Integer waves = f.integer("waves");
    ImplicitWaits implicitWaits =
        f.get(
            "implicitWaits",
            choice("implicit-wait model", ImplicitWaits.values(), ImplicitWaits::id));
    Integer trips = f.integer("nominalTripCount");
    Intent intent =
        f.has("intent")
            ? f.get("intent", choice("intent", Intent.values(), Intent::id))
            : Intent.GEMM;
    this.intent = intent == null ? Intent.GEMM : intent;
    if (f.has("assumptions")) {
      List<String> stated = f.get("assumptions", (n, p) -> list(n, p, "assumptions", this::string));
      assumptions = stated == null ? List.of() : List.copyOf(stated);
    }
    Gemm gemm = f.get("gemm", this::gemm);
    List<WaveParam> params = f.get("waveParams", this::waveParams);
    List<LdsBuffer> buffers = f.get("buffers", (n, p) -> list(n, p, "buffers", this::buffer));
    List<WaveProgram> programs = f.get("programs", (n, p) -> list(n, p, "programs", this::program));
    if (!allPresent(
        format,
        name,
        target,
        waves,
        implicitWaits,
        trips,
        intent,
        gemm,
        params,
        buffers,
        programs)) {
      return null;
    }
    return new Schedule(
        name, target, waves, implicitWaits, params, buffers, gemm, programs, trips, intent);
  }

  private Gemm gemm(JsonNode node, String ptr) {
    Fields f = fields(node, ptr, "gemm", List.of("tileM", "tileN", "tileK", "kChunk"), List.of());
    if (f == null) {
      return null;
    }
    Integer m = f.integer("tileM");
    Integer n = f.integer("tileN");
    Integer k = f.integer("tileK");
    Integer c = f.integer("kChunk");
    return allPresent(m, n, k, c) ? new Gemm(m, n, k, c) : null;
  }

  private List<WaveParam> waveParams(JsonNode node, String ptr) {
    if (!(node instanceof JsonNode.JsonObject o)) {
      typeError(ptr, node, "waveParams (an object of name: expression)");
      return null;
    }
    List<WaveParam> out = new ArrayList<>();
    boolean ok = true;
    for (JsonNode.Member m : o.members()) {
      Expr e = expr(m.value(), JsonPointers.child(ptr, m.key()));
      if (e == null) {
        ok = false;
      } else {
        out.add(new WaveParam(m.key(), e));
      }
    }
    return ok ? out : null;
  }

  private LdsBuffer buffer(JsonNode node, String ptr) {
    Fields f =
        fields(node, ptr, "buffer", List.of("name", "slots", "slotBytes", "rowBytes"), List.of());
    if (f == null) {
      return null;
    }
    String name = f.string("name");
    Integer slots = f.integer("slots");
    Integer slotBytes = f.integer("slotBytes");
    Integer rowBytes = f.integer("rowBytes");
    return allPresent(name, slots, slotBytes, rowBytes)
        ? new LdsBuffer(name, slots, slotBytes, rowBytes)
        : null;
  }

  private WaveProgram program(JsonNode node, String ptr) {
    Fields f =
        fields(
            node,
            ptr,
            "program",
            List.of("role", "waves", "prologue", "loop", "epilogue"),
            List.of());
    if (f == null) {
      return null;
    }
    String role = f.string("role");
    List<Integer> waves = f.get("waves", (n, p) -> list(n, p, "waves", this::integer));
    Map<Section, List<Op>> sections = new HashMap<>();
    boolean ok = true;
    for (Section s : Section.values()) {
      List<Op> ops = f.get(s.id(), (n, p) -> list(n, p, s.id(), this::op));
      ok &= ops != null;
      sections.put(s, ops);
    }
    if (!ok || !allPresent(role, waves)) {
      return null;
    }
    return new WaveProgram(
        role,
        waves,
        sections.get(Section.PROLOGUE),
        sections.get(Section.LOOP),
        sections.get(Section.EPILOGUE));
  }

  // ---- ops ----

  private static final Map<String, List<String>> OP_FIELDS =
      Map.ofEntries(
          Map.entry("g2s", List.of("op", "buffer", "slot", "tile")),
          Map.entry("gload", List.of("op", "dst", "tile")),
          Map.entry("sload", List.of("op", "dst")),
          Map.entry("ds_permute", List.of("op", "dst")),
          Map.entry("consume", List.of("op", "regs")),
          Map.entry("ds_read", List.of("op", "buffer", "slot", "dst", "tile")),
          Map.entry("ds_write", List.of("op", "buffer", "slot", "src", "tile")),
          Map.entry("wait", List.of("op")),
          Map.entry("barrier", List.of("op")),
          Map.entry("mfma", List.of("op", "a", "b", "i", "j", "kChunk", "kTile")),
          Map.entry("sched_barrier", List.of("op", "mask")),
          Map.entry("setprio", List.of("op", "priority")),
          Map.entry("commit_group", List.of("op")),
          Map.entry("wait_group", List.of("op", "pending")));

  private Op op(JsonNode node, String ptr) {
    if (!(node instanceof JsonNode.JsonObject o)) {
      typeError(ptr, node, "an op (an object)");
      return null;
    }
    JsonNode kindNode = o.get("op").orElse(null);
    if (kindNode == null) {
      error(ptr, o.position(), "missing field 'op' (one of: " + String.join(", ", OP_KINDS) + ")");
      return null;
    }
    String kind = choice(kindNode, JsonPointers.child(ptr, "op"), "op", OP_KINDS, OP_KINDS);
    if (kind == null) {
      return null;
    }
    boolean lds = List.of("g2s", "ds_read", "ds_write").contains(kind);
    List<String> optional = new ArrayList<>();
    if (lds) {
      optional.addAll(List.of("rows", "bytes"));
    }
    if (kind.equals("wait")) {
      optional.addAll(List.of("vmcnt", "lgkmcnt"));
    }
    if (kind.equals("ds_read")) {
      optional.add("dead");
    }
    optional.add("origin");
    optional.add("when");
    String what = kind + " op";
    Fields f = fields(o, ptr, what, OP_FIELDS.get(kind), optional);
    Origin origin = f.has("origin") ? f.get("origin", this::origin) : new Origin.InFile(file, ptr);
    Region region = null;
    if (lds) {
      if (f.has("rows") == f.has("bytes")) {
        error(
            ptr,
            o.position(),
            "a " + kind + " op needs exactly one of 'rows' or 'bytes' (its LDS region)");
      } else {
        Region.Unit unit = f.has("rows") ? Region.Unit.ROWS : Region.Unit.BYTES;
        region = f.get(f.has("rows") ? "rows" : "bytes", (n, p) -> region(n, p, unit));
      }
    }
    Op op =
        switch (kind) {
          case "g2s" -> {
            String buffer = f.string("buffer");
            Expr slot = f.expr("slot");
            TileTag tile = f.get("tile", this::tile);
            yield allPresent(buffer, slot, region, tile, origin)
                ? new Op.G2s(buffer, slot, region, tile, origin)
                : null;
          }
          case "gload" -> {
            String dst = f.string("dst");
            TileTag tile = f.get("tile", this::tile);
            yield allPresent(dst, tile, origin) ? new Op.GLoad(dst, tile, origin) : null;
          }
          case "sload" -> {
            String dst = f.get("dst", (n, at) -> lifted(n, at, "sload"));
            yield allPresent(dst, origin) ? new Op.SLoad(dst, origin) : null;
          }
          case "ds_permute" -> {
            String dst = f.get("dst", (n, at) -> lifted(n, at, "ds_permute"));
            yield allPresent(dst, origin) ? new Op.DsPermute(dst, origin) : null;
          }
          case "consume" -> {
            List<String> regs = f.get("regs", this::consumed);
            yield allPresent(regs, origin) ? new Op.Consume(regs, origin) : null;
          }
          case "ds_read" -> {
            String buffer = f.string("buffer");
            Expr slot = f.expr("slot");
            String dst = f.string("dst");
            TileTag tile = f.get("tile", this::tile);
            ReadUse use = f.has("dead") ? f.get("dead", this::deadRead) : ReadUse.BY_OPS;
            yield allPresent(buffer, slot, region, dst, tile, origin, use)
                ? new Op.DsRead(buffer, slot, region, dst, tile, origin, use)
                : null;
          }
          case "ds_write" -> {
            String buffer = f.string("buffer");
            Expr slot = f.expr("slot");
            String src = f.string("src");
            TileTag tile = f.get("tile", this::tile);
            yield allPresent(buffer, slot, region, src, tile, origin)
                ? new Op.DsWrite(buffer, slot, region, src, tile, origin)
                : null;
          }
          case "wait" -> {
            if (!f.has("vmcnt") && !f.has("lgkmcnt")) {
              error(ptr, o.position(), "a wait op needs 'vmcnt', 'lgkmcnt' or both");
              yield null;
            }
            Integer vm = f.integer("vmcnt");
            Integer lgkm = f.integer("lgkmcnt");
            if ((f.has("vmcnt") && vm == null) || (f.has("lgkmcnt") && lgkm == null)) {
              yield null;
            }
            yield origin == null
                ? null
                : new Op.Wait(
                    vm == null ? OptionalInt.empty() : OptionalInt.of(vm),
                    lgkm == null ? OptionalInt.empty() : OptionalInt.of(lgkm),
                    origin);
          }
          case "barrier" -> origin == null ? null : new Op.Barrier(origin);
          case "mfma" -> {
            String a = f.string("a");
            String b = f.string("b");
            Integer i = f.integer("i");
            Integer j = f.integer("j");
            Integer chunk = f.integer("kChunk");
            Expr kTile = f.expr("kTile");
            yield allPresent(a, b, i, j, chunk, kTile, origin)
                ? new Op.Mfma(a, b, i, j, chunk, kTile, origin)
                : null;
          }
          case "sched_barrier" -> {
            Integer mask = f.integer("mask");
            yield allPresent(mask, origin) ? new Op.SchedBarrier(mask, origin) : null;
          }
          case "setprio" -> {
            Integer priority = f.integer("priority");
            yield allPresent(priority, origin) ? new Op.SetPrio(priority, origin) : null;
          }
          case "commit_group" -> origin == null ? null : new Op.CommitGroup(origin);
          case "wait_group" -> {
            Integer pending = f.integer("pending");
            yield allPresent(pending, origin) ? new Op.WaitGroup(pending, origin) : null;
          }
          default -> throw new IllegalStateException("op kind " + kind);
        };
    if (op != null && f.has("when")) {
      Condition when = f.get("when", this::condition);
      return when == null ? null : new Op.Conditional(when, op);
    }
    return op;
  }

  private Region region(JsonNode node, String ptr, Region.Unit unit) {
    String what = unit == Region.Unit.ROWS ? "rows" : "bytes";
    List<String> optional =
        unit == Region.Unit.ROWS ? List.of("pieces", "columns") : List.of("pieces");
    Fields f = fields(node, ptr, what + " region", List.of("start", "count"), optional);
    if (f == null) {
      return null;
    }
    Expr start = f.expr("start");
    Expr count = f.expr("count");
    if (!allPresent(start, count)) {
      return null;
    }
    if (f.has("columns")) {
      JsonNode columnsNode = ((JsonNode.JsonObject) node).get("columns").orElseThrow();
      if (f.has("pieces")) {
        error(
            JsonPointers.child(ptr, "columns"),
            columnsNode.position(),
            "a region has pieces or columns, not both");
        return null;
      }
      Region.Columns columns = f.get("columns", this::columns);
      return columns == null ? null : Region.rows(start, count, columns);
    }
    if (!f.has("pieces")) {
      return new Region(unit, start, count);
    }
    List<Region.Piece> pieces = f.get("pieces", this::pieces);
    if (pieces == null) {
      return null;
    }
    String at = JsonPointers.child(ptr, "pieces");
    JsonNode piecesNode = ((JsonNode.JsonObject) node).get("pieces").orElseThrow();
    if (!(start instanceof Expr.Const from)
        || !(count instanceof Expr.Const span)
        || pieces.get(0).start() != from.value()
        || pieces.get(pieces.size() - 1).start() + pieces.get(pieces.size() - 1).count()
            != from.value() + span.value()) {
      error(
          at,
          piecesNode.position(),
          "the pieces of a region must span exactly [start, start + count), both constants");
      return null;
    }
    try {
      return new Region(unit, start, count, pieces);
    } catch (IllegalArgumentException e) {
      error(at, piecesNode.position(), e.getMessage());
      return null;
    }
  }

  /** A region's pieces: an array of at least two [start, count] pairs of integers. */
  private Region.Columns columns(JsonNode node, String ptr) {
    Fields f = fields(node, ptr, "columns", List.of("bytes", "first", "count"), List.of("xor"));
    if (f == null) {
      return null;
    }
    Integer bytes = f.integer("bytes");
    Integer first = f.integer("first");
    Integer count = f.integer("count");
    Integer xor = f.has("xor") ? f.integer("xor") : Integer.valueOf(0);
    if (!allPresent(bytes, first, count, xor)) {
      return null;
    }
    try {
      return new Region.Columns(bytes, first, count, xor);
    } catch (IllegalArgumentException e) {
      error(ptr, node.position(), e.getMessage());
      return null;
    }
  }

  private List<Region.Piece> pieces(JsonNode node, String ptr) {
    if (!(node instanceof JsonNode.JsonArray a) || a.elements().size() < 2) {
      typeError(ptr, node, "an array of at least two [start, count] pieces");
      return null;
    }
    List<Region.Piece> out = new ArrayList<>();
    for (int i = 0; i < a.elements().size(); i++) {
      JsonNode e = a.elements().get(i);
      String at = JsonPointers.child(ptr, i);
      if (!(e instanceof JsonNode.JsonArray pair)
          || pair.elements().size() != 2
          || !(pair.elements().get(0) instanceof JsonNode.JsonNumber from)
          || !(pair.elements().get(1) instanceof JsonNode.JsonNumber count)
          || from.asLong().isEmpty()
          || count.asLong().isEmpty()
          || from.asLong().getAsLong() < 0
          || count.asLong().getAsLong() < 1) {
        typeError(at, e, "a piece [start, count] (start >= 0, count >= 1)");
        return null;
      }
      out.add(new Region.Piece(from.asLong().getAsLong(), count.asLong().getAsLong()));
    }
    return out;
  }

  /**
   * The register of an op only a kernel lifted from assembly has ({@code sload}, {@code
   * ds_permute}), in a schedule of intent none.
   */
  private String lifted(JsonNode node, String ptr, String op) {
    if (intent != Intent.NONE) {
      error(
          ptr,
          node.position(),
          "an '"
              + op
              + "' op is stated only in a schedule of intent none (a kernel lifted from"
              + " assembly): a GEMM schedule's programs name the loads of its tiles");
      return null;
    }
    return string(node, ptr);
  }

  /** A consume op's registers: one or more, in a schedule of intent none (a lifted kernel's). */
  private List<String> consumed(JsonNode node, String ptr) {
    if (intent != Intent.NONE) {
      error(
          ptr,
          node.position(),
          "a 'consume' op is stated only in a schedule of intent none; with GEMM intent the mfma"
              + " and ds_write ops name the registers they read");
      return null;
    }
    List<String> regs = list(node, ptr, "regs", this::string);
    if (regs != null && regs.isEmpty()) {
      error(ptr, node.position(), "expected at least one register");
      return null;
    }
    return regs;
  }

  /**
   * A ds_read's {@code dead}: which of its instances load a value nothing uses, and why, as the
   * lift found ({@code show --format json} of a kernel writes it). Only in a schedule of intent
   * {@code none}: with GEMM intent the ops decide (docs/format.md, "Dead reads").
   */
  private ReadUse deadRead(JsonNode node, String ptr) {
    if (intent != Intent.NONE) {
      error(
          ptr,
          node.position(),
          "'dead' is stated only in a schedule of intent none; with GEMM intent a read is dead"
              + " when no later op reads its register");
      return null;
    }
    Fields f = fields(node, ptr, "dead read", List.of("in", "why"), List.of());
    if (f == null) {
      return null;
    }
    List<ReadUse.Dead> stated = List.of(ReadUse.Dead.LAST_ITERATION, ReadUse.Dead.ALWAYS);
    ReadUse.Dead in =
        f.get(
            "in",
            (n, p) ->
                choice(
                    n,
                    p,
                    "dead read's instances",
                    stated,
                    stated.stream().map(ReadUse.Dead::id).toList()));
    String why = f.string("why");
    return allPresent(in, why) ? new ReadUse.Stated(in, why) : null;
  }

  private TileTag tile(JsonNode node, String ptr) {
    Fields f = fields(node, ptr, "tile tag", List.of("tensor", "k", "rows"), List.of("kChunk"));
    if (f == null) {
      return null;
    }
    String tensor = f.string("tensor");
    Expr k = f.expr("k");
    Region rows = f.get("rows", (n, p) -> region(n, p, Region.Unit.ROWS));
    Expr chunk = f.expr("kChunk");
    if (!allPresent(tensor, k, rows) || (f.has("kChunk") && chunk == null)) {
      return null;
    }
    return new TileTag(tensor, k, rows.start(), rows.count(), Optional.ofNullable(chunk));
  }

  private Origin origin(JsonNode node, String ptr) {
    if (node instanceof JsonNode.JsonObject o && o.get("line").isPresent()) {
      Fields f = fields(node, ptr, "assembly origin", List.of("file", "line"), List.of());
      String originFile = f == null ? null : f.string("file");
      Integer line = f == null ? null : f.integer("line");
      return allPresent(originFile, line) ? new Origin.InAssembly(originFile, line) : null;
    }
    if (node instanceof JsonNode.JsonObject o && o.get("file").isPresent()) {
      Fields f = fields(node, ptr, "file origin", List.of("file", "pointer"), List.of());
      String originFile = f.string("file");
      String pointer = f.string("pointer");
      return allPresent(originFile, pointer) ? new Origin.InFile(originFile, pointer) : null;
    }
    Fields f = fields(node, ptr, "transform origin", List.of("transform", "stage"), List.of());
    if (f == null) {
      return null;
    }
    String transform = f.string("transform");
    String stage = f.string("stage");
    return allPresent(transform, stage) ? new Origin.FromTransform(transform, stage) : null;
  }
}
