package io.pipeverify.model;

import java.util.List;
import java.util.Objects;

/**
 * The program of one wave role: the waves that run it and their ops in each section. Eight
 * identical waves are one role; ping-pong schedules have two (semantics.md section 2).
 */
public record WaveProgram(
    String role, List<Integer> waves, List<Op> prologue, List<Op> loop, List<Op> epilogue) {

  public WaveProgram {
    Objects.requireNonNull(role);
    waves = List.copyOf(waves);
    prologue = List.copyOf(prologue);
    loop = List.copyOf(loop);
    epilogue = List.copyOf(epilogue);
  }

  public List<Op> section(Section s) {
    return switch (s) {
      case PROLOGUE -> prologue;
      case LOOP -> loop;
      case EPILOGUE -> epilogue;
    };
  }
}
