/**
 * Built-in pipeline transforms: the passes of the design notes (shared/seeds) re-expressed as
 * schedule generators whose knobs are the pass configurations users check and fuzz.
 */
package io.pipeverify.model.transform;
