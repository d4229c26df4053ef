"""A `CodeInfo` printed inside a statement of lowered top-level code (`Meta.lower`).

`show` of an `Expr(:thunk, ci)` or `Expr(:method, name, sig, ci)` prints the
CodeInfo in place, with its own (narrower) columns and no indentation:

    1 ─      $(Expr(:thunk, CodeInfo(
        @ none within `top-level scope'
    1 ─     return $(Expr(:method, :f))
    )))
    │        $(Expr(:method, :f, :(%6), CodeInfo(quote
        x + 1
        return %1
    end)))

The statement's text then spans several lines (jlir.syntax.rows.stmtlines joins
them, as for quoted code).  This module cuts each nested CodeInfo out of that
text, reads a `CodeInfo(` one as a dump of its own (jlir.syntax.forms.codeinfo, on
its own lines, so its errors are located there) and keeps a `CodeInfo(quote`
one (a CodeInfo whose line table still holds LineNumberNodes, shown as an
`Expr` block, not IR) as its verbatim text.  A placeholder name stands in the
statement's text while the grammar reads it; the nested value replaces it after.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.syntax.rows.context import Context, replaced_lines
from jlir.syntax.rows.text import open_brackets

_OPENERS = ("CodeInfo(", "CodeInfo(quote")
_PLACEHOLDER = "jlir_nested_codeinfo_"
# Nested CodeInfos in one statement (each read by a nested reader): deeper nesting than real code has is refused.
MAX_NESTED = 64


def opens_nested(line: str) -> bool:
    """Whether a statement line ends by opening a CodeInfo printed in place (`… CodeInfo(` or `… CodeInfo(quote`)."""
    return line.endswith(_OPENERS)


def has_nested(body: str) -> bool:
    return "\n" in body and ("CodeInfo(\n" in body or "CodeInfo(quote\n" in body)


def _close_line(lines: list[str], k: int) -> int:
    """The line (index into `lines`) that closes the CodeInfo opened at the end of `lines[k]`: where the bracket
    depth counted from the opening `CodeInfo(` drops to zero (nested ones open and close in between)."""
    depth = 1
    for j in range(k + 1, len(lines)):
        depth += open_brackets(lines[j])
        if depth <= 0:
            return j
    return -1


def read_nested(ctx: Context, body: str, index: int, body_col: int):
    """(text, values): `body` (a statement's text from line `index`) with each nested CodeInfo replaced by a
    placeholder name, and the placeholder → `T.NestedCodeInfo` table; a located ParseError if one does not read."""
    lines = body.split("\n")
    if body.count("CodeInfo(") > MAX_NESTED:
        raise ctx.error(f"more than {MAX_NESTED} CodeInfos printed inside one statement", index, body_col)
    out, values, k = [], {}, 0
    while k < len(lines):
        line = lines[k]
        if not (opens_nested(line) and k + 1 < len(lines)):
            out.append(line)
            k += 1
            continue
        close = _close_line(lines, k)
        if close < 0:
            raise ctx.error("unterminated `CodeInfo(` inside this statement: expected its closing `)` line",
                            index + k, len(lines[k]) - 1)
        quote = line.endswith("CodeInfo(quote")
        name = f"{_PLACEHOLDER}{len(values) + 1}"
        if quote:  # `CodeInfo(quote` … `end)`: the Expr block's text, up to the `end` that closes it
            if not lines[close].startswith("end)"):
                raise ctx.error("expected `end)` closing `CodeInfo(quote`", index + close, 0)
            values[name] = T.NestedCodeInfo(None, "\n".join(["quote"] + lines[k + 1:close] + ["end"]))
            rest = lines[close][4:]
        else:
            with replaced_lines(ctx, {index + k: "CodeInfo(", index + close: ")"}):
                f, _ = ctx.read_codeinfo(ctx, index + k)
            values[name] = T.NestedCodeInfo(f, None)
            rest = lines[close][1:]
        # the statement's text goes on after the CodeInfo's closing bracket, on its closing line
        lines[close] = line[:-len(_OPENERS[quote])] + name + rest
        k = close
    return "\n".join(out), values


def fill_nested(node, values: dict):
    """`node` with each placeholder name (read as a type or a name) replaced by its nested CodeInfo."""
    from jlir.ir.walk import fields, rebuild
    def fill(x):
        if type(x) is T.TypeName and len(x.path) == 1 and x.path[0] in values:
            return values[x.path[0]]
        if type(x) is tuple:
            return tuple(fill(v) for v in x)
        if type(x) is N.Expr or type(x) in (N.ReturnNode,):
            return rebuild(x, tuple(fill(v) for v in fields(x)))
        return x
    return fill(node)
