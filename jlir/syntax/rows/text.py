"""Scanning a statement's text: brackets left open, the `::T` suffix, @code_warntype's highlighted types."""
from __future__ import annotations

import re

from jlir.syntax.statement.quotes import quoted_end

_BRACKETS = re.compile(r'[()\[\]{}"]|(?<![\w)\]}\'])\'')


def open_brackets(text: str) -> int:
    """How many brackets `text` leaves open (strings and chars skipped); negative when it closes more."""
    opened = text.count("(") + text.count("[") + text.count("{")
    closed = text.count(")") + text.count("]") + text.count("}")
    if opened == closed and '"' not in text and "'" not in text:
        return 0
    depth, pos = 0, 0
    while True:
        m = _BRACKETS.search(text, pos)
        if m is None:
            return depth
        c, pos = m.group(), m.end()
        if c in "\"'":
            pos = quoted_end(text, pos, c)
            if pos < 0:
                return depth
        elif c in "([{":
            depth += 1
        else:
            depth -= 1


def open_const(text: str) -> int:
    """Where the value of a `Const(` that `text` leaves open starts (just after its `(`), or -1: the outermost
    bracket left open at the end must be that `Const(`'s, and no string or char be left open."""
    stack, pos = [], 0
    while True:
        m = _BRACKETS.search(text, pos)
        if m is None:
            break
        c, pos = m.group(), m.end()
        if c in "\"'":
            pos = quoted_end(text, pos, c)
            if pos < 0:
                return -1
        elif c in "([{":
            stack.append(pos)
        elif not stack:
            return -1
        else:
            stack.pop()
    return stack[0] if stack and text.endswith("Const(", 0, stack[0]) else -1


def may_hold_quoted_code(text: str) -> bool:
    """Whether `text` may show quoted code over several lines: `show` prints an Expr as `:(…)`, and a `:block`
    one as `quote`, a line break, its lines and `end` (`show_unquoted_quote_expr`, base/show.jl)."""
    return ":(" in text or "quote\n" in text or text.endswith("quote")


def is_highlighted(type_text: str) -> bool:
    """1.5's @code_warntype upper-cases a non-concrete type (`UNION{NOTHING, INT64}`, `ANY`)."""
    return type_text.isupper() and sum(c.isalpha() for c in type_text) >= 2


def has_suffix(body: str) -> bool:
    return split_type_suffix(body)[1] is not None


def split_type_suffix(body: str) -> tuple[str, str | None]:
    """Split `stmt::T` at the last `::` outside brackets, strings and chars; (body, None) if there is none."""
    k = body.rfind("::")
    if k < 0:
        return body, None
    suffix = body[k + 2:]
    if '"' not in body and "'" not in body:
        if (suffix.count("(") == suffix.count(")") and suffix.count("{") == suffix.count("}")
                and suffix.count("[") == suffix.count("]")):
            head = body[:k]
            if head.count("(") == head.count(")") and head.count("{") == head.count("}") \
                    and head.count("[") == head.count("]"):
                return head, suffix
    return _split_type_suffix_slow(body)


def _split_type_suffix_slow(body: str) -> tuple[str, str | None]:
    depth, i, n, last = 0, 0, len(body), -1
    while i < n:
        c = body[i]
        if c == '"':
            i += 1
            while i < n and body[i] != '"':
                i += 2 if body[i] == "\\" else 1
        elif c == "'" and (i == 0 or not (body[i - 1].isalnum() or body[i - 1] in ")]}_'")):  # a Char, not an adjoint
            i += 1
            while i < n and body[i] != "'":
                i += 2 if body[i] == "\\" else 1
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == ":" and depth == 0 and body.startswith("::", i):
            last = i
            i += 1
        i += 1
    if last < 0:
        return body, None
    return body[:last], body[last + 2:]
