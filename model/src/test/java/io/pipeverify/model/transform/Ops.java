package io.pipeverify.model.transform;

import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Schedule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Queries over generated ops for the shape tests. */
final class Ops {
  private Ops() {}

  static long count(List<Op> ops, String kind) {
    return ops.stream().filter(o -> o.kind().equals(kind)).count();
  }

  static long countWhere(List<Op> ops, Predicate<Op> p) {
    return ops.stream().filter(p).count();
  }

  static String stage(Op op) {
    return ((Origin.FromTransform) op.origin()).stage();
  }

  /** Ops grouped by stage, in order of first appearance. */
  static Map<String, List<Op>> byStage(List<Op> ops) {
    Map<String, List<Op>> out = new LinkedHashMap<>();
    for (Op op : ops) {
      out.computeIfAbsent(stage(op), s -> new ArrayList<>()).add(op);
    }
    return out;
  }

  static List<String> kinds(List<Op> ops) {
    return ops.stream().map(Op::kind).toList();
  }

  /** Kinds without the mfma / ds_read / g2s runs: the synchronisation skeleton. */
  static List<String> syncKinds(List<Op> ops) {
    return ops.stream()
        .map(Op::kind)
        .filter(k -> !List.of("mfma", "ds_read", "g2s", "gload", "ds_write").contains(k))
        .toList();
  }

  static boolean isVmcnt(Op op, int n) {
    return op instanceof Op.Wait w && w.vmcnt().isPresent() && w.vmcnt().getAsInt() == n;
  }

  static boolean isLgkmcnt(Op op, int n) {
    return op instanceof Op.Wait w && w.lgkmcnt().isPresent() && w.lgkmcnt().getAsInt() == n;
  }

  static List<Op> waits(List<Op> ops) {
    return ops.stream().filter(o -> o instanceof Op.Wait).toList();
  }

  static Schedule generate(PipelineTransform<?> t, Map<String, String> options) {
    try {
      return t.generate(options);
    } catch (KnobException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  static Schedule generate(String transform, String... keyValues) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String kv : keyValues) {
      String[] p = kv.split("=", 2);
      options.put(p[0], p[1]);
    }
    return generate(Transforms.byName(transform).orElseThrow(), options);
  }
}
