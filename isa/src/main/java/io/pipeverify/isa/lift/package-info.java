/**
 * The lift's first layers over decoded kernels: the control-flow graph ({@link
 * io.pipeverify.isa.lift.ControlFlowGraph}) of basic blocks from labels and branches with its
 * natural loops, and the per-wave evaluation ({@link io.pipeverify.isa.lift.WaveEvaluator}) that
 * executes a wave concretely, resolves its branches and computes the LDS bytes of every ds_read,
 * ds_write and LDS-DMA copy it runs (docs/isa.md).
 */
package io.pipeverify.isa.lift;
