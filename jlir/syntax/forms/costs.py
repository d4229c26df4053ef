"""Reading `Base.print_statement_costs`: a method title line, then each statement prefixed by its cost.

Julia prints, per matching method, `show(io, method)` on one line, then the
optimized CodeInfo through `show_ir` with a line-info printer that writes
each statement's inlining cost right-aligned in `ndigits(maxcost) + 1`
columns plus a space, so the column is as wide as the largest cost + 2.
`show_ir` ends (1.7+) by calling that printer once more for no statement:
a line of blanks as wide as the column, then `println`.
"""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context

_COST_LINE = re.compile(r"( *)([0-9]{1,18}) 1 [─┄]")
# 1.9–1.11 `show(::Method)` puts the method's location on a line of its own: `     @ Base tuple.jl:273`
_LOCATION_LINE = re.compile(r" +@ \S+ \S")


def _title_lines(lines: list[str], i: int) -> int:
    """How many lines the method title starting at line `i` takes: 2 with a location line under it (1.9–1.11)."""
    return 2 if i + 2 < len(lines) and _LOCATION_LINE.match(lines[i + 1]) else 1


def starts_cost_display(lines: list[str], i: int) -> bool:
    """Whether line `i` is a method title (perhaps with its location line) then the first cost-prefixed line."""
    title = lines[i]
    k = i + _title_lines(lines, i)
    return bool(title.strip()) and not title[0].isspace() and k < len(lines) \
        and _COST_LINE.match(lines[k]) is not None and "(" in title


def read_cost_display(ctx: Context, i: int):
    """The display starting at line `i` as a Function with `title` (its lines joined) and `costs`; returns
    (function, next index)."""
    lines = ctx.lines
    k = i + _title_lines(lines, i)
    title = "\n".join(lines[i:k])
    m = _COST_LINE.match(lines[k])
    width = m.end(2) + 1
    j = k
    while j < len(lines) and lines[j].strip():
        j += 1
    tail = j < len(lines) and lines[j] == " " * width
    body = read_body(ctx, k, j, codeinfo=True, text="\n".join(lines[i:j]), left=("costs", width, 0),
                     tail_present=tail or None)
    form = Form.TYPED if body.typed else Form.LOWERED
    costs = tuple(int(c or 0) for c in body.left_values)
    f = Function(form, body.style, body.stmts, body.blocks, body.linetable, costs=costs, title=title,
                 tail_dropped=not tail and body.style.ircode_blank_tail, catch_entry=body.catch_entry)
    return f, (j + 1 if tail else j)
