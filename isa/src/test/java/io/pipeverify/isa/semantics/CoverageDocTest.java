package io.pipeverify.isa.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pipeverify.isa.decode.AsmParser;
import io.pipeverify.isa.decode.Instruction;
import io.pipeverify.isa.decode.InstructionTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/isa.md "Instruction coverage" lists exactly the instructions with a semantic function, and
 * each has a table row, so the documentation cannot drift from the code.
 */
class CoverageDocTest {
  private static String computedList() throws Exception {
    Path doc = Path.of("docs/isa.md");
    if (!Files.exists(doc)) {
      doc = Path.of("../docs/isa.md");
    }
    String text = Files.readString(doc);
    int start = text.indexOf("**Computed exactly**");
    int end = text.indexOf("**In the table, result unknown**", start);
    assertTrue(start >= 0 && end > start, "docs/isa.md has the \"Computed exactly\" list");
    return text.substring(start, end);
  }

  private static Set<String> documented() throws Exception {
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("`((?:s|v|scratch|ds)_[a-z0-9_]+)`").matcher(computedList());
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void theDocumentedListIsTheSetOfSemanticFunctions() throws Exception {
    Set<String> doc = documented();
    Set<String> missing = new TreeSet<>(Semantics.opcodes());
    missing.removeAll(doc);
    Set<String> extra = new TreeSet<>(doc);
    extra.removeAll(Semantics.opcodes());
    assertEquals(Set.of(), missing, "functions docs/isa.md does not list");
    assertEquals(Set.of(), extra, "listed in docs/isa.md without a function");
  }

  @Test
  void everyComputedInstructionHasATableRow() throws Exception {
    List<String> rowless = new ArrayList<>();
    for (String opcode : Semantics.opcodes()) {
      Instruction i = (Instruction) AsmParser.parse(opcode, "doc").statements().get(0);
      if (InstructionTable.lookup(i).isEmpty()) {
        rowless.add(opcode);
      }
    }
    assertEquals(List.of(), rowless);
  }
}
