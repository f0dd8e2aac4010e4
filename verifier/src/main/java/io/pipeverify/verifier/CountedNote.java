package io.pipeverify.verifier;

/**
 * A note of a report that stands for several instances of one defect (an excused or a benign one):
 * the same note with another count, as the instances of trip counts and launch classes are summed.
 */
public interface CountedNote<T extends CountedNote<T>> {
  int instances();

  /** This note with {@code n} instances. */
  T withInstances(int n);

  /** This note with {@code more} instances besides its own. */
  default T plus(int more) {
    return withInstances(instances() + more);
  }

  /** What makes two notes of different launch classes one: their reason, rule and ops' places. */
  String mergeKey();
}
