/** Renderers of verification reports: text for people, JSON for tools. */
package io.pipeverify.verifier.report;
