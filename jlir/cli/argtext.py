"""The text of a value as a user types it at Julia's REPL (`Int8(5)`, `-0x05`, `(a=1, b=2.0)`, `[1 2; 3 4]`), read
into a small tree that `jlir.cli.literals` evaluates: literals, names, calls, operators, tuples, named tuples and
array literals, by Julia's own syntax (julia-parser.scm: operator precedence, a `-` before a number literal is part
of it, `2im` is `2 * im`, a space separates the elements of `[1 -2]`).  Nothing is `eval`ed: what this grammar does
not read is an `ArgumentSyntaxError` naming the column and what was expected.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


class ArgumentSyntaxError(ValueError):
    """Text that is not a value this reader takes: `column` (0-based) is where, `expected` what would have fit."""

    def __init__(self, text: str, column: int, expected: str):
        super().__init__(expected)
        self.text, self.column, self.expected = text, column, expected


@dataclass(frozen=True, slots=True)
class Node:
    """One node of an argument's tree: `kind` (num, char, str, sym, name, call, unary, binary, range, tuple,
    named, vect, typed, hcat, vcat, hvcat, paren), `value` (the literal's text, a name, an operator), `args` (the
    children), `col` (where it starts in the text)."""
    kind: str
    value: object
    args: tuple
    col: int


_NUMBER = re.compile(r"""
    0x[0-9a-fA-F_]*\.?[0-9a-fA-F_]*p[-+]?\d+      # a hexadecimal float, 0x1.8p3
  | 0x[0-9a-fA-F][0-9a-fA-F_]* | 0b[01][01_]* | 0o[0-7][0-7_]*
  | (?:\d[\d_]*(?:\.(?!\.)[\d_]*)?|\.\d[\d_]*)(?:[eEf][-+]?\d+)?
""", re.X)
_NAME = re.compile(r"[^\W\d][\w!]*", re.U)
# Operators by Julia's precedence, lowest first: `:` (ranges), plus, times, rational, power.
_PLUS, _TIMES = ("+", "-"), ("*", "/", "÷", "%", "\\")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v",
            "\\": "\\", "'": "'", '"': '"', "$": "$"}


@dataclass(slots=True)
class _Token:
    kind: str        # num, name, char, str, op, punct, end
    text: str
    col: int
    space: bool      # whitespace just before it


def _quoted(text: str, k: int, quote: str) -> tuple[str, int]:
    """The value of the string or char literal opening at `k`, and the index after it (Julia's escapes)."""
    out, j = [], k + 1
    while j < len(text) and text[j] != quote:
        c = text[j]
        if c == "$" and quote == '"':
            raise ArgumentSyntaxError(text, j, "no interpolation: `$` in a string literal is written `\\$`")
        if c != "\\":
            out.append(c)
            j += 1
            continue
        j += 1
        e = text[j:j + 1]
        m = re.compile(r"x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}").match(text, j)
        if m:
            code = int(m.group(0)[1:], 16) if m.group(0)[0] in "xuU" else int(m.group(0), 8)
            if m.group(0)[0] in "x0123456789" and code > 0x7f:
                raise ArgumentSyntaxError(text, j - 1, "a byte escape of an ASCII character (\\x00 … \\x7f)")
            out.append(chr(code))
            j = m.end()
        elif e in _ESCAPES:
            out.append(_ESCAPES[e])
            j += 1
        else:
            raise ArgumentSyntaxError(text, j - 1, "a known escape (\\n \\t \\\\ \\' \\\" \\xHH \\uHHHH …)")
    if j >= len(text):
        raise ArgumentSyntaxError(text, k, f"a closing {quote}")
    return "".join(out), j + 1


def tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    k, space = 0, False
    while k < len(text):
        c = text[k]
        if c.isspace():
            k, space = k + 1, True
            continue
        prev = out[-1] if out else None
        value_before = prev is not None and (prev.kind in ("num", "name", "char", "str") or prev.text in ")]")
        m = _NUMBER.match(text, k) if (c.isdigit() or c == "." and text[k + 1:k + 2].isdigit()) else None
        if m:
            out.append(_Token("num", m.group(0), k, space))
            k = m.end()
        elif c in "\"'" and not (c == "'" and value_before and not space):
            if text.startswith('"""', k):
                raise ArgumentSyntaxError(text, k, 'a string in single quotes "…"')
            value, end = _quoted(text, k, c)
            out.append(_Token("char" if c == "'" else "str", value, k, space))
            k = end
        elif _NAME.match(text, k):
            m = _NAME.match(text, k)
            out.append(_Token("name", m.group(0), k, space))
            k = m.end()
        elif text.startswith("//", k):
            out.append(_Token("op", "//", k, space))
            k += 2
        elif c in "+-*/÷%\\^:=":
            out.append(_Token("op", c, k, space))
            k += 1
        elif c in "()[],;{}":
            out.append(_Token("punct", c, k, space))
            k += 1
        else:
            raise ArgumentSyntaxError(text, k, "a literal, a name, an operator or a bracket")
        space = False
    out.append(_Token("end", "", len(text), space))
    return out


class _Parser:
    """Recursive descent over the tokens, one method per precedence level (julia-parser.scm's order)."""

    def __init__(self, text: str):
        self.text, self.toks, self.i = text, tokens(text), 0
        self.in_matrix = 0  # inside `[…]` a space between two values separates them

    @property
    def tok(self) -> _Token:
        return self.toks[self.i]

    def take(self) -> _Token:
        t = self.toks[self.i]
        self.i += 1
        return t

    def fail(self, expected: str, tok: _Token | None = None):
        t = tok or self.tok
        raise ArgumentSyntaxError(self.text, t.col, expected)

    def expect(self, text: str) -> _Token:
        if self.tok.text != text or self.tok.kind not in ("punct", "op"):
            self.fail(f"`{text}`")
        return self.take()

    def whole(self) -> Node:
        node = self.expr()
        if self.tok.kind != "end":
            self.fail("the end of the value (several values are several arguments)")
        return node

    def _separates(self) -> bool:
        """Inside `[…]`: whether the current token starts a new element (`[1 -2]`, `[1 2]`) rather than
        continuing the expression (`[1 - 2]`, `[1 -2]` is two elements as Julia reads it)."""
        t = self.tok
        if not self.in_matrix or not t.space:
            return False
        if t.kind == "op" and t.text in _PLUS:
            after = self.toks[self.i + 1]
            return not after.space and after.kind != "end"
        return t.kind != "op" and t.text not in ",;)]}"

    def expr(self) -> Node:
        """A range `a:b`, `a:s:b` (the lowest level these values use), or a sum."""
        first = self.sum()
        if self.tok.text != ":" or self.tok.kind != "op" or self._separates():
            return first
        parts = [first]
        while self.tok.text == ":" and self.tok.kind == "op" and len(parts) < 3:
            self.take()
            parts.append(self.sum())
        return Node("range", ":", tuple(parts), first.col)

    def _binary(self, ops, lower) -> Node:
        left = lower()
        while self.tok.kind == "op" and self.tok.text in ops and not self._separates():
            op = self.take()
            left = Node("binary", op.text, (left, lower()), left.col)
        return left

    def sum(self) -> Node:
        return self._binary(_PLUS, self.product)

    def product(self) -> Node:
        return self._binary(_TIMES, self.rational)

    def rational(self) -> Node:
        return self._binary(("//",), self.unary)

    def unary(self) -> Node:
        t = self.tok
        if t.kind == "op" and t.text in _PLUS:
            self.take()
            nxt = self.tok
            after = self.toks[self.i + 1]
            if t.text == "-" and nxt.kind == "num" and not nxt.space and not nxt.text.startswith(("0x", "0b", "0o")) \
                    and not (after.kind == "op" and after.text == "^"):
                # julia-parser.scm: `-2` is one literal (`-9223372036854775808` an Int64), but `-2^2` is `-(2^2)`
                self.take()
                return self.power(self.postfix(Node("num", "-" + nxt.text, (), t.col)))
            return Node("unary", t.text, (self.unary(),), t.col)
        return self.power(self.postfix(self.primary()))

    def power(self, base: Node) -> Node:
        if self.tok.kind == "op" and self.tok.text == "^" and not self._separates():
            self.take()
            return Node("binary", "^", (base, self.unary()), base.col)  # right-associative, `2^-1` allowed
        return base

    def postfix(self, node: Node) -> Node:
        """Calls `T(x)`, a typed array `Int8[1, 2]`, and a number's juxtaposed name (`2im`)."""
        while True:
            t = self.tok
            if t.kind == "punct" and t.text == "(" and not t.space and node.kind == "name":
                self.take()
                args = self._items(")", allow_keywords=False)
                node = Node("call", node.value, tuple(args), node.col)
            elif t.kind == "punct" and t.text == "[" and not t.space and node.kind == "name":
                node = self.array(node)
            elif t.kind == "name" and not t.space and node.kind == "num":
                self.take()
                node = Node("binary", "*", (node, Node("name", t.text, (), t.col)), node.col)
            else:
                return node

    def primary(self) -> Node:
        t = self.tok
        if t.kind in ("num", "char", "str", "name"):
            self.take()
            return Node(t.kind, t.text, (), t.col)
        if t.kind == "op" and t.text == ":":
            self.take()
            nxt = self.tok
            if nxt.kind in ("name", "op") and not nxt.space:
                self.take()
                return Node("sym", nxt.text, (), t.col)
            self.fail("a symbol's name after `:`", nxt)
        if t.kind == "punct" and t.text == "(":
            return self.parenthesised()
        if t.kind == "punct" and t.text == "[":
            return self.array(None)
        self.fail("a value: a number, 'c', \"text\", :sym, a name, a call, (…) or […]")

    def parenthesised(self) -> Node:
        """`(x)`, a tuple `(1, 2)`, `(1,)`, `()`, or a named tuple `(a=1, b=2)`, `(; a=1)`."""
        open_ = self.take()
        if self.tok.text == ";" and self.tok.kind == "punct":
            self.take()
            items = self._items(")", allow_keywords=True)
            if not all(n.kind == "kw" for n in items):
                self.fail("`name = value` after `(;`")
            return Node("named", None, tuple(items), open_.col)
        saved = self.in_matrix
        self.in_matrix = 0
        items, trailing = [], False
        while not (self.tok.kind == "punct" and self.tok.text == ")"):
            items.append(self._item(allow_keywords=True))
            trailing = False
            if self.tok.text == "," and self.tok.kind == "punct":
                self.take()
                trailing = True
            elif not (self.tok.kind == "punct" and self.tok.text == ")"):
                self.fail("`,` or `)`")
        close = self.take()
        self.in_matrix = saved
        keywords = [n.kind == "kw" for n in items]
        if any(keywords):
            if not all(keywords):
                self.fail("`name = value` for every field of a named tuple", open_)
            if len(items) == 1 and not trailing:
                self.fail("`,` before `)`: `(a=1)` assigns a; a named tuple of one field is `(a=1,)`", close)
            return Node("named", None, tuple(items), open_.col)
        if len(items) == 1 and not trailing:
            return Node("paren", None, (items[0],), open_.col)
        return Node("tuple", None, tuple(items), open_.col)

    def _item(self, allow_keywords: bool) -> Node:
        t = self.tok
        if allow_keywords and t.kind == "name" and self.toks[self.i + 1].text == "=" and \
                self.toks[self.i + 1].kind == "op":
            self.take()
            self.take()
            return Node("kw", t.text, (self.expr(),), t.col)
        return self.expr()

    def _items(self, close: str, allow_keywords: bool) -> list:
        """Comma-separated items up to `close` (consumed); a trailing comma allowed."""
        saved = self.in_matrix
        self.in_matrix = 0
        out = []
        while not (self.tok.kind == "punct" and self.tok.text == close):
            out.append(self._item(allow_keywords))
            if self.tok.text == "," and self.tok.kind == "punct":
                self.take()
            elif not (self.tok.kind == "punct" and self.tok.text == close):
                self.fail(f"`,` or `{close}`")
        self.take()
        self.in_matrix = saved
        return out

    def array(self, eltype: Node | None) -> Node:
        """`[a, b]` (vect), `[a b; c d]` (hvcat), `[a b]` (hcat), `[a; b]` (vcat); `T[…]` typed."""
        open_ = self.take()
        rows: list[list[Node]] = [[]]
        commas = False
        self.in_matrix += 1
        while not (self.tok.kind == "punct" and self.tok.text == "]"):
            if self.tok.kind == "end":
                self.fail("`]`", open_)
            rows[-1].append(self.expr())
            t = self.tok
            if t.kind == "punct" and t.text == ",":
                if len(rows) > 1 or len(rows[0]) > 1 and not commas:
                    self.fail("one separator kind in an array literal: `,` or spaces and `;`")
                commas = True
                self.take()
            elif t.kind == "punct" and t.text == ";":
                if commas:
                    self.fail("one separator kind in an array literal: `,` or spaces and `;`")
                self.take()
                rows.append([])
            elif commas and not (t.kind == "punct" and t.text == "]"):
                self.fail("`,` or `]`")
        self.take()
        self.in_matrix -= 1
        if rows and not rows[-1] and len(rows) > 1:
            rows.pop()
        col = eltype.col if eltype is not None else open_.col
        if commas or (len(rows) == 1 and len(rows[0]) <= 1):
            return Node("vect", eltype.value if eltype else None, tuple(rows[0]), col)
        if len(rows) == 1:
            return Node("hcat", eltype.value if eltype else None, tuple(rows[0]), col)
        if all(len(r) == 1 for r in rows):
            return Node("vcat", eltype.value if eltype else None, tuple(r[0] for r in rows), col)
        return Node("hvcat", eltype.value if eltype else None, tuple(Node("row", None, tuple(r), r[0].col)
                                                                     for r in rows), col)


def parse_argument(text: str) -> Node:
    """The tree of one argument's text; `ArgumentSyntaxError` where it is not one this grammar reads."""
    if not text.strip():
        raise ArgumentSyntaxError(text, 0, "a value (the argument is empty)")
    return _Parser(text).whole()
