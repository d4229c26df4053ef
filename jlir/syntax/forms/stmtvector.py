"""Reading a `Vector{Any}` display of bare statements (`code.code`, `ir.stmts`): one element per line.

Each element is `show`n: an `Expr` as a quote (`:(Base.not_int(%4))`), a
SlotNumber as `:(_2)`, a GotoNode as `:(goto %7)`, a ≤1.5 `Expr(:gotoifnot)`
as `:(unless %5 goto %16)`, a constant as itself.  The grammar reads each as
a shown value, as it reads the arguments of `$(Expr(…))`.
"""
from __future__ import annotations

from jlir.ir.function import StatementVector
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.detect import detect_style
from jlir.syntax.statement.grammar import BodyError


def is_element_line(line: str) -> bool:
    """A vector element line: one leading space, then a value that is not a nested CodeInfo."""
    return line.startswith(" ") and not line.startswith("  ") and not line.startswith(" CodeInfo(")


def read_statement_vector(ctx: Context, i: int, header: bool = True):
    """The display starting at line `i` (its `N-element Vector{Any}:` line when `header`); returns (item, next index)."""
    lines = ctx.lines
    title = lines[i][:-1] if header else None
    j = i + 1 if header else i
    stmts = []
    while j < len(lines) and lines[j].strip():
        line = lines[j]
        if not line.startswith(" "):
            break
        text = line.lstrip(" ")
        try:
            stmts.append(ctx.parser.parse_type(text))
        except BodyError as e:
            raise ctx.error(f"cannot read this vector element: {e}", j, len(line) - len(text) + e.column,
                               e.expected) from None
        j += 1
    if not stmts:
        raise ctx.error("a vector display needs its elements: expected ` :(…)` or ` CodeInfo(` on the next line",
                           min(i + 1, len(lines) - 1))
    if title is not None:
        count = title.split("-element", 1)[0]
        if count.isascii() and count.isdigit() and int(count) != len(stmts):
            raise ctx.error(f"the header announces {count} elements, but {len(stmts)} follow "
                               "(a vector display cut short is not read)", i)
    style = detect_style("\n".join(lines[i:j]))
    return StatementVector(style, title, tuple(stmts)), j
