"""Reading a Cthulhu.jl view (`descend`, debuginfo `:none`): its header line, then the statements.

Cthulhu prints the call it descended into as a statement-like header line,
`∘ ── %0 = invoke foo(::Int64,::Int64)::Any` (2022+; with `inline_cost`, the
call's cost after the rail: `∘ ── 3032 %0 = invoke …`), then the function's
statements as Julia's IR printer draws them, without `CodeInfo(` and `)`.
With `inline_cost` every statement's cost stands right after the block rail,
right-aligned in `ndigits(maxcost) + 1` columns:

    1 ──    0 %1  = Core.Box::Core.Const(Core.Box)
    │    1000 %10 = (%9 < 4)::Any

which is `print_statement_costs`' column moved from before the rail to after
it.  The reader moves it back (in a copy of the lines) and reads the dump as a
statement-cost print; the printer moves it again.  The header stays verbatim
as the display's `title` (its `::T` is also read as the return type).
"""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.syntax.body import read_body
from jlir.syntax.context import Context, Source

HEADER = re.compile(r"∘ ─+ (?:(\d+) )?%0 = .*::(.+)$")
_RAIL = re.compile(r"(\d+ [─┄]─*|│ *|└─+)")
_COST_AFTER_RAIL = re.compile(r"( *\d+) ")
_COST_LINE_REST = re.compile(r" +\d+ (?:%\d+ +=| +\S)")


def starts_cthulhu_view(line: str) -> bool:
    return line.startswith("∘ ─") and HEADER.match(line) is not None


def _cost_field(line: str, rail_width: int) -> int:
    """The width of the cost field after the rail of a statement line (`ndigits(maxcost) + 1`), or 0."""
    m = _COST_AFTER_RAIL.match(line, rail_width)
    return len(m.group(1)) if m else 0


def has_costs_after_rail(line: str) -> bool:
    """Whether a first statement line (`1 ──    0 %1  = …`) carries Cthulhu's cost field after its rail."""
    rail = _RAIL.match(line)
    return rail is not None and _COST_LINE_REST.match(line, rail.end()) is not None


def read_costs_after_rail(ctx: Context, start: int, end: int, *, text: str, warntype: bool = False):
    """(Body, costs) of statement lines `start..end-1` whose cost field stands after the rail: read as
    `print_statement_costs` lines, with each field moved before its rail in a copy of the lines."""
    lines = ctx.lines
    rail = _RAIL.match(lines[start])
    width = len(rail.group()) if rail else 0
    field = _cost_field(lines[start], width)
    if not field:
        raise ctx.error("expected the statement's inlining cost after the block rail", start, width)
    doc = list(lines)
    for k in range(start, end):
        line = doc[k]
        if len(line) < width + field + 1 or not line[width:width + field].strip().isdigit():
            raise ctx.error(f"expected a cost right-aligned in {field} columns after the block rail", k, width)
        doc[k] = line[width:width + field] + " " + line[:width] + line[width + field:]
    sub = Context(Source(ctx.source.filename, doc), ctx.parser, ctx.statements, ctx.line_templates, ctx.blocks)
    body = read_body(sub, start, end, codeinfo=True, text=text, warntype=warntype, left=("costs", field + 1, 0))
    return body, tuple(int(c or 0) for c in body.left_values)


def read_cthulhu_view(ctx: Context, i: int):
    """The view whose header is line `i`; returns (Function, index after it)."""
    lines = ctx.lines
    header = HEADER.match(lines[i])
    j = i + 1
    while j < len(lines) and lines[j].strip():
        j += 1
    if j == i + 1:
        raise ctx.error("a Cthulhu view needs statement lines after its header", i, len(lines[i]))
    rail = _RAIL.match(lines[i + 1])
    width = len(rail.group()) if rail else 0
    if header.group(1) is not None:  # `inline_cost`: each line's cost field moves before the rail
        body, costs = read_costs_after_rail(ctx, i + 1, j, text="\n".join(lines[i:j]))
    else:
        body, costs = read_body(ctx, i + 1, j, codeinfo=True, text="\n".join(lines[i:j])), None
    return_type = ctx.parse_type(header.group(2), i, header.start(2))
    f = Function(Form.TYPED, body.style, body.stmts, body.blocks, body.linetable, return_type, costs=costs,
                 title=lines[i], catch_entry=body.catch_entry, envelope="cthulhu")
    return f, j
