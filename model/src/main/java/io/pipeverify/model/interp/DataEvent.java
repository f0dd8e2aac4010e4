package io.pipeverify.model.interp;

import io.pipeverify.model.Section;
import java.util.Comparator;
import java.util.Objects;

/**
 * One data-carrying moment of an execution: op {@code position} of {@code section} (at loop
 * iteration {@code iteration}, -1 outside the loop) of wave {@code wave} either accesses memory
 * ({@link Action#ACCESS}: a g2s or ds_write writes its LDS rows, a ds_read reads them into its
 * register, a gload's data lands) or, for an mfma, reads its fragment registers ({@link
 * Action#USE}). Waits and barriers carry no data; they only constrain which orders are legal.
 */
public record DataEvent(int wave, Section section, int iteration, int position, Action action) {

  /** What happens at the event. */
  public enum Action {
    ACCESS,
    USE
  }

  /** Program order within one wave. */
  public static final Comparator<DataEvent> PROGRAM_ORDER =
      Comparator.comparingInt((DataEvent e) -> e.section().ordinal())
          .thenComparingInt(DataEvent::iteration)
          .thenComparingInt(DataEvent::position);

  public DataEvent {
    Objects.requireNonNull(section);
    Objects.requireNonNull(action);
  }
}
