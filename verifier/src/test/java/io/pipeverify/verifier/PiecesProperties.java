package io.pipeverify.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pipeverify.model.Expr;
import io.pipeverify.model.Gemm;
import io.pipeverify.model.ImplicitWaits;
import io.pipeverify.model.Intent;
import io.pipeverify.model.LdsBuffer;
import io.pipeverify.model.Op;
import io.pipeverify.model.Origin;
import io.pipeverify.model.Region;
import io.pipeverify.model.Schedule;
import io.pipeverify.model.Target;
import io.pipeverify.model.TileTag;
import io.pipeverify.model.WaveProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * A region of several ranges is the bytes of its pieces, nothing more: a schedule whose accesses
 * have pieces gets the verdict of the same schedule with every such access split into one op per
 * piece, in place. (The schedules wait for zero on a counter or not at all, and drain lgkmcnt every
 * iteration, so splitting an op changes no wait's meaning and no counter fills up.)
 */
class PiecesProperties {
  private static final VerifyOptions OPTIONS = VerifyOptions.defaults();
  private static final int ROWS = 32;

  /** One wave's choices: its read's rows, which waits and barriers it has. */
  record Wave(
      List<Integer> readRows,
      boolean copyWait,
      boolean loopBarrierBeforeCopy,
      boolean readWaitBeforeBarrier) {}

  @Provide
  Arbitrary<List<Wave>> waves() {
    Arbitrary<Wave> wave =
        Combinators.combine(
                Arbitraries.integers().between(0, ROWS - 1).set().ofMinSize(2).ofMaxSize(6),
                usually(),
                usually(),
                usually())
            .as((rows, c, d, e) -> new Wave(List.copyOf(new TreeSet<>(rows)), c, d, e));
    return wave.list().ofSize(2);
  }

  /** True three times in four: a wave then has each wait and barrier more often than not. */
  private static Arbitrary<Boolean> usually() {
    return Arbitraries.of(true, true, true, false);
  }

  @Property(tries = 80)
  void piecesVerifyAsOneOpPerPiece(@ForAll("waves") List<Wave> waves) {
    Schedule pieces = schedule(waves, false);
    Schedule split = schedule(waves, true);
    String verdict = Verifier.verify(pieces, OPTIONS).verdict().id();
    assertEquals(verdict, Verifier.verify(split, OPTIONS).verdict().id(), waves::toString);
    Statistics.collect(verdict);
    // Both verdicts occur: the waits and barriers drawn leave some schedules racy, some not.
    Statistics.coverage(
        c -> {
          c.check("verified").percentage(p -> p > 5);
          c.check("violated").percentage(p -> p > 5);
        });
  }

  /**
   * Graph and solver agree on pieces (as GraphSolverAgreementProperties on one range): with every
   * ordered conflicting pair re-proved by Z3 from all constraints, a graph order the constraints do
   * not imply throws; the default proof (one pair per shape) reaches the same verdict.
   */
  @Property(tries = 20)
  void graphAndSolverAgreeOnPieces(@ForAll("waves") List<Wave> waves) {
    Schedule pieces = schedule(waves, false);
    try {
      VerificationReport full =
          Verifier.verify(pieces, OPTIONS.withProof(VerifyOptions.ProofMode.FULL));
      assertEquals(full.verdict(), Verifier.verify(pieces, OPTIONS).verdict(), waves::toString);
    } catch (VerifierBugException e) {
      org.junit.jupiter.api.Assertions.fail(waves + ": " + e.getMessage(), e);
    }
  }

  private static Schedule schedule(List<Wave> waves, boolean split) {
    List<WaveProgram> programs = new ArrayList<>();
    for (int w = 0; w < waves.size(); w++) {
      Wave x = waves.get(w);
      // Each wave copies its half of the rows; the reads go anywhere.
      Region copy = Region.rows(Expr.of(w * ROWS / 2), Expr.of(ROWS / 2));
      Region read = Region.pieces(Region.Unit.ROWS, pieces(x.readRows()));
      List<Op> prologue = new ArrayList<>();
      prologue.add(g2s("0", copy, 1));
      if (x.copyWait()) {
        prologue.add(Op.Wait.vmcnt(0, at(2)));
      }
      prologue.add(new Op.Barrier(at(3)));
      List<Op> loop = new ArrayList<>();
      if (x.loopBarrierBeforeCopy()) {
        loop.add(new Op.Barrier(at(10)));
      }
      loop.add(g2s("(k + 1) % 2", copy, 11));
      loop.addAll(reads("k % 2", read, split, 12));
      if (x.readWaitBeforeBarrier()) {
        loop.add(wait(13));
      }
      loop.add(new Op.Barrier(at(14)));
      loop.add(wait(15));
      loop.add(Op.Wait.vmcnt(0, at(16)));
      loop.add(new Op.Barrier(at(17)));
      List<Op> epilogue = new ArrayList<>(reads("T % 2", read, split, 20));
      epilogue.add(wait(21));
      programs.add(new WaveProgram("w" + w, List.of(w), prologue, loop, epilogue));
    }
    return new Schedule(
        "pieces",
        Target.GFX950,
        waves.size(),
        ImplicitWaits.NONE,
        List.of(),
        List.of(new LdsBuffer("lds", 2, ROWS * 16, 16)),
        new Gemm(16, 16, 32, 32),
        programs,
        4,
        Intent.NONE);
  }

  /** The rows as maximal runs. */
  private static List<Region.Piece> pieces(List<Integer> rows) {
    List<Region.Piece> out = new ArrayList<>();
    for (int r : rows) {
      Region.Piece last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.start() + last.count() == r) {
        out.set(out.size() - 1, new Region.Piece(last.start(), last.count() + 1));
      } else {
        out.add(new Region.Piece(r, 1));
      }
    }
    return out;
  }

  /** The read as one op of pieces, or one op per piece. */
  private static List<Op> reads(String slot, Region read, boolean split, int line) {
    if (!split || !read.isScattered()) {
      return List.of(dsRead(slot, read, line));
    }
    List<Op> out = new ArrayList<>();
    for (Region.Piece p : read.pieces()) {
      out.add(dsRead(slot, Region.rows(Expr.of(p.start()), Expr.of(p.count())), line));
    }
    return out;
  }

  private static Op g2s(String slot, Region r, int line) {
    return new Op.G2s("lds", Expr.parse(slot), r, tag(r), at(line));
  }

  private static Op dsRead(String slot, Region r, int line) {
    return new Op.DsRead("lds", Expr.parse(slot), r, "v" + line, tag(r), at(line));
  }

  private static TileTag tag(Region r) {
    return new TileTag("lds", Expr.of(0), r.start(), r.count(), java.util.Optional.empty());
  }

  private static Op wait(int line) {
    return new Op.Wait(OptionalInt.empty(), OptionalInt.of(0), at(line));
  }

  private static Origin at(int line) {
    return new Origin.InAssembly("p.s", line);
  }
}
