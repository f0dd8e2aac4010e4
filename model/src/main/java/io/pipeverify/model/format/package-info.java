/**
 * The schedule file format {@code pipeverify-schedule/1} (docs/format.md): {@link
 * io.pipeverify.model.format.ScheduleReader} parses a JSON file into a {@link
 * io.pipeverify.model.Schedule}, reporting every structural and semantic problem as a {@link
 * io.pipeverify.model.format.Diagnostic} with its JSON pointer and line:column; {@link
 * io.pipeverify.model.format.ScheduleWriter} writes a schedule back as deterministic JSON. The JSON
 * tree ({@link io.pipeverify.model.format.JsonNode}) is read with Jackson's streaming parser so
 * that every value keeps its source position; no data binding is involved.
 */
package io.pipeverify.model.format;
