package io.pipeverify.verifier.hb;

import io.pipeverify.model.Op;
import io.pipeverify.verifier.smt.TimingProblem;
import io.pipeverify.verifier.unroll.Execution;
import io.pipeverify.verifier.unroll.Instance;
import io.pipeverify.verifier.unroll.InstanceMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The register-use events of the mfma (and consume) instances of one execution (semantics.md
 * section 3: an mfma is ordered after a ds_read only through a wait that retires it). They are kept
 * out of the happens-before graph, whose reachability serves P1/P2 and would double in size with
 * them; their HB facts follow from the graph's shape instead: an access event's only outgoing edges
 * go to the waits that retire it (edge 3), and from there along its wave's program order, so
 * access(r) happens before use(m) of the same wave exactly when a wait retiring r precedes m in
 * program order (proofs/dataflow.md). Use events get ids after the graph's events, so a {@link
 * TimingProblem} can be extended with them when a register hazard needs a Z3 witness or a replay
 * needs a full order.
 */
public final class RegisterUses {
  private final HappensBefore hb;
  private final List<Event.OpEvent> uses = new ArrayList<>();
  private final InstanceMap<Event.OpEvent> useOf;
  private final List<TimingProblem.Order> chain = new ArrayList<>();

  /** The id of the first use event: the graph's events come first. */
  private final int firstId;

  private RegisterUses(HappensBefore hb) {
    this.hb = hb;
    this.useOf = new InstanceMap<>(hb.execution());
    this.firstId = hb.events().size();
  }

  public static RegisterUses of(HappensBefore hb) {
    RegisterUses u = new RegisterUses(hb);
    u.build();
    return u;
  }

  private void build() {
    Execution exec = hb.execution();
    for (List<Instance> wave : exec.waves()) {
      int previous = -1;
      for (Instance inst : wave) {
        previous = chained(inst, previous);
      }
    }
  }

  /**
   * Chains the event of {@code inst} (its use, for an mfma) after event {@code previous} of its
   * wave (-1: none) and returns the wave's last event so far. A method per op rather than a loop
   * body, so that the JIT compiles it early in a cold start (docs/PERFORMANCE.md, "Cold start").
   */
  private int chained(Instance inst, int previous) {
    int current;
    if (inst.op() instanceof Op.Mfma || inst.op() instanceof Op.Consume) {
      Event.OpEvent e = new Event.OpEvent(firstId + uses.size(), Event.Kind.USE, inst);
      uses.add(e);
      useOf.put(inst, e);
      current = e.id();
    } else {
      Event issue = hb.issueOrNull(inst);
      if (issue == null) {
        return previous;
      }
      current = issue.id();
    }
    if (previous >= 0) {
      chain.add(new TimingProblem.Order(previous, current));
    }
    return current;
  }

  public HappensBefore hb() {
    return hb;
  }

  /** The use events, ids {@code hb.events().size()} and up, in wave then program order. */
  public List<Event.OpEvent> events() {
    return Collections.unmodifiableList(uses);
  }

  public Event.OpEvent useOf(Instance mfma) {
    Event.OpEvent e = useOf.get(mfma);
    if (e == null) {
      throw new IllegalArgumentException("not an mfma or consume instance: " + mfma.where());
    }
    return e;
  }

  /**
   * True when access({@code def}) happens before the register use of {@code mfma}; both must be of
   * the same wave, as register data flow is.
   */
  public boolean landsBefore(Instance def, Instance mfma) {
    if (def.wave() != mfma.wave()) {
      throw new IllegalArgumentException("registers are per wave");
    }
    return hb.retiredBy(def).map(by -> by.seq() < mfma.seq()).orElse(false);
  }

  /** Every event: the graph's, then the use events. */
  public List<Event> allEvents() {
    List<Event> all = new ArrayList<>(hb.events());
    all.addAll(uses);
    return all;
  }

  /** {@code base} (the graph's problem) with the use events and their program-order edges. */
  public TimingProblem extend(TimingProblem base) {
    if (base.names().size() != hb.events().size()) {
      throw new IllegalArgumentException("not the problem of this graph");
    }
    List<String> names = new ArrayList<>(base.names());
    for (Event.OpEvent e : uses) {
      names.add(e.name());
    }
    List<TimingProblem.Order> before = new ArrayList<>(base.before());
    before.addAll(chain);
    return new TimingProblem(names, before, base.atMostLate());
  }
}
