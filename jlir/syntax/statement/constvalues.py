"""A `Const`'s value inside a larger type, kept verbatim where it does not read by itself.

`Core.Compiler.Const(v, false)` prints `v` with `show` (`show_default` of the `Const`, base/show.jl), and `show`
is any type's own: Pkg's `VersionWeight` shows `(0)` or `(1.2.3)` and its `FieldValue` `0.(0).(0).0` (stdlib
Pkg/src/Resolve/versionweights.jl and fieldvalues.jl), which read as Julia syntax into other values and would print
back otherwise.  A statement's type that is itself such a `Const` keeps its value verbatim
(`StatementParser._const_with_shown_value`); a `Const` nested in another value (a `PartialStruct`'s fields,
`Any[…, Core.Compiler.Const((0), false)]`, or a typed slot's type inside a statement) is cut out here.  Each
outermost `Const(`'s value is found by its brackets (strings and chars skipped) up to the `, false)`/`, true)`
that closes it; a value that does not read and print back by itself is replaced by a placeholder name, the rest
is read, and the placeholder is filled in as `TypeOpaque` of the value's text.
"""
from __future__ import annotations

import re

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.syntax.statement.quotes import quoted_end

__all__ = ["const_values", "cut_values", "fill_placeholders"]

PLACEHOLDER = "jlir_shown_value_"
_OPEN = re.compile(r"(?<![\w.])(?:Core\.Compiler|Core|Base\.Compiler)\.Const\(")
_TOKENS = re.compile(r'[()\[\]{}"]|(?<![\w)\]}\'])\'|, (?:true|false)\)')


def _value_end(text: str, p: int) -> int:
    """Where the value of the `Const(` opened just before `p` ends (its `, false)`), or -1: a bracket closes
    first, a string is left open, or the text ends."""
    depth = 0
    while True:
        m = _TOKENS.search(text, p)
        if m is None:
            return -1
        c, p = m.group(), m.end()
        if c in "\"'":
            p = quoted_end(text, p, c)
            if p < 0:
                return -1
        elif c in "([{":
            depth += 1
        elif c[0] == ",":
            if depth == 0:
                return m.start()
            depth -= 1  # `…, false)` inside a bracket of the value: its `)` closes that bracket
        elif depth == 0:
            return -1
        else:
            depth -= 1


def const_values(text: str) -> list[tuple[int, int]]:
    """`(start, stop)` of the value of every outermost `Const(v, flag)` in `text`, in order."""
    spans, pos = [], 0
    while True:
        m = _OPEN.search(text, pos)
        if m is None:
            return spans
        stop = _value_end(text, m.end())
        if stop < 0:
            pos = m.end()
            continue
        spans.append((m.end(), stop))
        pos = stop


def cut_values(text: str, reads) -> tuple[str, dict]:
    """`text` with the value of each outermost `Const` that `reads(value_text)` refuses replaced by a placeholder
    name, and the placeholder → `TypeOpaque` table (empty when every value reads)."""
    out, table, pos = [], {}, 0
    for a, b in const_values(text):
        value = text[a:b]
        if reads(value):
            continue
        name = f"{PLACEHOLDER}{len(table) + 1}"
        table[name] = T.TypeOpaque(value)
        out += [text[pos:a], name]
        pos = b
    return ("".join(out) + text[pos:], table) if table else (text, table)


def fill_placeholders(node, values: dict):
    """`node` with each placeholder name (read as a type, or as a name in a statement's body) replaced by its
    value: the walk reaches every field of the model, types included."""
    from jlir.ir.walk import fields, is_known, rebuild

    def fill(x):
        cls = type(x)
        if cls is T.TypeName and len(x.path) == 1 and x.path[0] in values:
            return values[x.path[0]]
        if cls is V.SlotNumber and x.id is None and x.name in values:
            return values[x.name]
        if cls is tuple:
            return tuple(fill(v) for v in x)
        if is_known(x):
            return rebuild(x, tuple(fill(v) for v in fields(x)))
        return x
    return fill(node)
