/**
 * The schedule IR: an immutable description of what every wave of a workgroup executes in a
 * software-pipelined GEMM loop (prologue, loop body over {@code k}, epilogue). See
 * shared/docs/semantics.md section 2 for the operations and their hardware meaning.
 */
package io.pipeverify.model;
