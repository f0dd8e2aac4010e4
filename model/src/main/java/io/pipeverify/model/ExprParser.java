package io.pipeverify.model;

/**
 * Recursive-descent parser for {@link Expr} and {@link Condition}: integers, identifiers, {@code +
 * - * / %}, comparisons {@code == != < <= > >=}, {@code && || !}, parentheses and unary minus on
 * literals. One grammar serves both, so a parenthesis may group either an integer expression or a
 * condition; each operator then checks that its operands are of its kind. Errors carry the 1-based
 * column.
 *
 * <p>Parentheses and {@code !} may nest at most {@link #MAX_NESTING} deep and the resulting tree is
 * at most {@link #MAX_DEPTH} nodes deep (a chain {@code 1 + 1 + ...} is as deep as it is long):
 * evaluation recurses over the tree, and a schedule file must not be able to overflow the stack.
 */
final class ExprParser {
  static final int MAX_NESTING = 100;
  static final int MAX_DEPTH = 500;

  private final String text;
  private int pos;
  private int nesting;

  /** A parsed operand: an {@link Expr} or a {@link Condition}, and its tree depth. */
  private record Node(Object value, int depth, int column) {}

  private ExprParser(String text) {
    this.text = text;
  }

  static Expr parse(String text) {
    ExprParser p = new ExprParser(text);
    return p.expr(p.whole());
  }

  static Condition parseCondition(String text) {
    ExprParser p = new ExprParser(text);
    return p.condition(p.whole());
  }

  private Node whole() {
    Node n = or();
    skipSpace();
    if (pos != text.length()) {
      throw error("unexpected '" + text.charAt(pos) + "'");
    }
    return n;
  }

  private Node or() {
    Node left = and();
    while (match("||")) {
      Node right = and();
      left = node(new Condition.Junction(false, condition(left), condition(right)), left, right);
    }
    return left;
  }

  private Node and() {
    Node left = comparison();
    while (match("&&")) {
      Node right = comparison();
      left = node(new Condition.Junction(true, condition(left), condition(right)), left, right);
    }
    return left;
  }

  private Node comparison() {
    Node left = sum();
    skipSpace();
    for (Condition.Comparison c : Condition.Comparison.values()) {
      if (text.startsWith(c.symbol(), pos)) {
        pos += c.symbol().length();
        Node right = sum();
        return node(new Condition.Compare(expr(left), c, expr(right)), left, right);
      }
    }
    return left;
  }

  private Node sum() {
    Node left = product();
    while (true) {
      skipSpace();
      Expr.Operator op = peek('+') ? Expr.Operator.ADD : peek('-') ? Expr.Operator.SUB : null;
      if (op == null) {
        return left;
      }
      pos++;
      Node right = product();
      left = node(new Expr.Binary(op, expr(left), expr(right)), left, right);
    }
  }

  private Node product() {
    Node left = unary();
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
      Node right = unary();
      left = node(new Expr.Binary(op, expr(left), expr(right)), left, right);
    }
  }

  private Node unary() {
    skipSpace();
    if (peek('!') && !text.startsWith("!=", pos)) {
      int column = pos + 1;
      enter();
      pos++;
      Node operand = unary();
      nesting--;
      return checked(new Node(new Condition.Not(condition(operand)), operand.depth + 1, column));
    }
    return atom();
  }

  private Node atom() {
    skipSpace();
    int column = pos + 1;
    if (pos >= text.length()) {
      throw error("expected a number, a variable or '('");
    }
    char c = text.charAt(pos);
    if (c == '(') {
      enter();
      pos++;
      Node inner = or();
      skipSpace();
      if (!peek(')')) {
        throw error("expected ')'");
      }
      pos++;
      nesting--;
      return new Node(inner.value, inner.depth, column);
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
        return new Node(new Expr.Const(Long.parseLong(digits)), 1, column);
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
      return new Node(new Expr.Var(text.substring(start, pos)), 1, column);
    }
    throw error("unexpected '" + c + "'");
  }

  private void enter() {
    if (++nesting > MAX_NESTING) {
      throw error("nested more than " + MAX_NESTING + " levels deep");
    }
  }

  private Node node(Object value, Node left, Node right) {
    return checked(new Node(value, Math.max(left.depth, right.depth) + 1, left.column));
  }

  private Node checked(Node n) {
    if (n.depth > MAX_DEPTH) {
      throw new ExprSyntaxException(
          text, n.column, "more than " + MAX_DEPTH + " operators deep: split the expression");
    }
    return n;
  }

  private Expr expr(Node n) {
    if (n.value instanceof Expr e) {
      return e;
    }
    throw new ExprSyntaxException(
        text, n.column, "expected an integer expression, found the condition " + render(n));
  }

  private Condition condition(Node n) {
    if (n.value instanceof Condition c) {
      return c;
    }
    throw new ExprSyntaxException(
        text,
        n.column,
        "expected a condition (a comparison such as w == 1), found the integer expression "
            + render(n));
  }

  private static String render(Node n) {
    return n.value instanceof Expr e ? e.render() : ((Condition) n.value).render();
  }

  private boolean match(String symbol) {
    skipSpace();
    if (text.startsWith(symbol, pos)) {
      pos += symbol.length();
      return true;
    }
    return false;
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
