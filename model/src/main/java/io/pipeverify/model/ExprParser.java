package io.pipeverify.model;

/**
 * Recursive-descent parser for {@link Expr}: integers, identifiers, {@code + - * / %}, parentheses
 * and unary minus on literals. Errors carry the 1-based column.
 */
final class ExprParser {
  private final String text;
  private int pos;

  private ExprParser(String text) {
    this.text = text;
  }

  static Expr parse(String text) {
    ExprParser p = new ExprParser(text);
    Expr e = p.sum();
    p.skipSpace();
    if (p.pos != text.length()) {
      throw p.error("unexpected '" + text.charAt(p.pos) + "'");
    }
    return e;
  }

  private Expr sum() {
    Expr left = product();
    while (true) {
      skipSpace();
      if (peek('+')) {
        pos++;
        left = new Expr.Binary(Expr.Operator.ADD, left, product());
      } else if (peek('-')) {
        pos++;
        left = new Expr.Binary(Expr.Operator.SUB, left, product());
      } else {
        return left;
      }
    }
  }

  private Expr product() {
    Expr left = atom();
    while (true) {
      skipSpace();
      Expr.Operator op =
          peek('*')
              ? Expr.Operator.MUL
              : peek('/') ? Expr.Operator.DIV : peek('%') ? Expr.Operator.MOD : null;
      if (op == null) {
        return left;
      }
      pos++;
      left = new Expr.Binary(op, left, atom());
    }
  }

  private Expr atom() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("expected a number, a variable or '('");
    }
    char c = text.charAt(pos);
    if (c == '(') {
      pos++;
      Expr inner = sum();
      skipSpace();
      if (!peek(')')) {
        throw error("expected ')'");
      }
      pos++;
      return inner;
    }
    if (c == '-' || Character.isDigit(c)) {
      int start = pos;
      pos++;
      while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        pos++;
      }
      String digits = text.substring(start, pos);
      if (digits.equals("-")) {
        throw error("expected a digit after '-'");
      }
      try {
        return new Expr.Const(Long.parseLong(digits));
      } catch (NumberFormatException e) {
        throw error("number out of range: " + digits);
      }
    }
    if (Character.isLetter(c) || c == '_') {
      int start = pos;
      while (pos < text.length()
          && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
        pos++;
      }
      return new Expr.Var(text.substring(start, pos));
    }
    throw error("unexpected '" + c + "'");
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private ExprSyntaxException error(String message) {
    return new ExprSyntaxException(text, pos + 1, message);
  }
}
