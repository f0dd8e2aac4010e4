/**
 * Analyses over decoded kernels, the first layer of the lift: the control-flow graph ({@link
 * io.pipeverify.isa.cfg.ControlFlowGraph}) of basic blocks from labels and branches, with its loop
 * back edges.
 */
package io.pipeverify.isa.cfg;
