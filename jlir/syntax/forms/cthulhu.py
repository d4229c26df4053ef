"""Reading a Cthulhu.jl view (`descend`): its header line, then the statements.

Every view Cthulhu's own ground truth shows whole is read: debuginfo `:none`,
`:source` (location lines between the rows) and `:compact` (Base's IRCode
inlining gutter first on each row), each with or without `inline_cost`, the
warn view and the unoptimized view (`Variables` kept as the envelope), the
2021 layout and the 2020 one (`cthulhu2020.py`).  `hide_type_stable` views
print only some statements: they are refused as excerpts (`refuse_excerpt`).
The simplest layout, debuginfo `:none`:

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
from jlir.printer.cthulhu import is_location_row
from jlir.printer.forms import format_function
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context, Lines, replaced_lines
from jlir.syntax.forms.cthulhu2020 import read_2020_view
from jlir.syntax.rows.gutter import stream_cuts
from jlir.syntax.rows.excerptrows import PLACEHOLDER

HEADER = re.compile(r"∘ ─+ (?:([0-9]{1,18}) +)?%0 = .*::(.+)$")  # `:source` + cost: 2 blanks before `%0`
# 2021: the method (`/ₚ(a::Point, b::Point) in Main at file:24`), then `│ ─ %-1 = invoke /ₚ(::Point,::Point)::Point`
HEADER_2021 = re.compile(r"│ ─ %-1 += .*::(.+)$")
_LINENO = re.compile(r"[0-9]{0,18} +(?=[0-9]{1,18} [─┄])")
_RAIL = re.compile(r"([0-9]{1,18} [─┄]─*|│ *|└─+)")
_COST_AFTER_RAIL = re.compile(r"( *[0-9]{1,18}) ")
_FIRST = re.compile(r"1 [─┄]")
_COMPACT_COST_ROW = re.compile(r"[│╻┃╷]+ .*?(?<![0-9])1 [─┄]─* +[0-9]{1,18} ")
_BLOCK_1 = re.compile(r"(?<![0-9])1 [─┄]")
_COST_LINE_REST = re.compile(r" +[0-9]{1,18} (?:%[0-9]{1,18} +=| *\S)")


def starts_cthulhu_view(lines: list[str], i: int) -> bool:
    line = lines[i]
    if line.startswith("∘ ─"):
        return HEADER.match(line) is not None
    if line.startswith(" ") and line.lstrip(" ").startswith("∘ ─"):  # `:compact`: indented by the gutter
        return HEADER.match(line, len(line) - len(line.lstrip(" "))) is not None
    if line.startswith("│ ─ %-1"):  # 2020: the header, then `show(io, ::CodeInfo)`
        return i + 1 < len(lines) and lines[i + 1] == "CodeInfo(" and HEADER_2021.match(line) is not None
    return bool(line) and not line[0].isspace() and i + 2 < len(lines) and HEADER_2021.match(lines[i + 1]) is not None \
        and _LINENO.match(lines[i + 2]) is not None


def _cost_field(line: str, rail_width: int) -> int:
    """The width of the cost field after the rail of a statement line (`ndigits(maxcost) + 1`), or 0."""
    m = _COST_AFTER_RAIL.match(line, rail_width)
    return len(m.group(1)) if m else 0


def has_costs_after_rail(lines: list[str], start: int, end: int) -> bool:
    """Whether the first statement line of `start..end-1` (`1 ──    0 %1  = …`; in a `:source` view the
    location lines above it carry no cost) carries Cthulhu's cost field after its rail."""
    k = _first_statement(lines, start, end, 0)
    rail = _RAIL.match(lines[k]) if k is not None else None
    return rail is not None and _COST_LINE_REST.match(lines[k], rail.end()) is not None


def _first_statement(lines: list[str], start: int, end: int, col: int) -> int | None:
    """The index of block 1's first line (`1 ─…` after a line-number column `col` wide), or None."""
    for k in range(start, end):
        if _FIRST.match(lines[k], col):
            return k
    return None


def read_costs_after_rail(ctx: Context, start: int, end: int, *, text: str, warntype: bool = False, col: int = 0,
                          codeinfo: bool = True):
    """(Body, costs) of statement lines `start..end-1` whose cost field stands after the rail (after a
    line-number column `col` wide): read as lines with the cost column before the rail (a tool's column, as
    `print_statement_costs` and `code_escapes` draw theirs), each field moved there in a copy of the lines.

    With debuginfo `:none` the field is the cost right-aligned in `ndigits(maxcost) + 1` columns; with
    `:source` (location lines present) Cthulhu writes one blank more after it, which location and scope lines
    carry too (all blank): `1 ──    0 │ %1  = …`, `│         └`, `           @ f.jl:2 within `foo``."""
    lines = ctx.lines
    first = _first_statement(lines, start, end, col)
    rail = _RAIL.match(lines[first], col) if first is not None else None
    width = col + len(rail.group()) if rail else col
    field = _cost_field(lines[first], width) if first is not None else 0
    if not field:
        raise ctx.error("expected the statement's inlining cost after the block rail", first or start, width)
    if any(is_location_row(lines[k]) for k in range(start, end)):
        return _read_source_costs(ctx, start, end, width, field, text=text, warntype=warntype, codeinfo=codeinfo)
    moved = {}
    for k in range(start, end):
        line = lines[k]
        if len(line) < width + field + 1 or not line[width:width + field].strip().isdigit():
            raise ctx.error(f"expected a cost right-aligned in {field} columns after the block rail", k, width)
        moved[k] = line[:col] + line[width:width + field] + " " + line[col:width] + line[width + field:]
    with replaced_lines(ctx, moved):
        body = read_body(ctx, start, end, codeinfo=codeinfo, text=text, warntype=warntype,
                         left=("costs", col + field + 1, col))
    return body, tuple(int(c or 0) for c in body.left_values)


def _read_source_costs(ctx: Context, start: int, end: int, width: int, field: int, **how):
    """(Body, costs) of a `:source` view's lines: each line's `field + 1` columns after the rail (a cost and a
    blank on statement lines, blanks on location lines) are taken out, and the rest reads as Base's
    `:source` layout (the location reader knows no tool column before the rail)."""
    lines = ctx.lines
    moved, costs = {}, []
    for k in range(start, end):
        line = lines[k]
        cost, rest = line[width:width + field], line[:width] + line[width + field + 1:]
        if not cost.strip() and is_location_row(rest):
            moved[k] = rest
            continue
        if len(line) < width + field + 1 or not cost.strip().isdigit() or line[width + field] != " ":
            raise ctx.error(f"expected a cost right-aligned in {field} columns and a blank after the block rail",
                            k, width)
        moved[k] = rest
        costs.append(int(cost))
    with replaced_lines(ctx, moved):
        body = read_body(ctx, start, end, **how)
    if len(costs) != len(body.stmts):
        raise ctx.error(f"expected one cost per statement: {len(costs)} costs, {len(body.stmts)} statements", start)
    return body, tuple(costs)


def refuse_excerpt(ctx: Context, start: int, end: int) -> None:
    """Refuse, with its reason, a view whose first statement row is not block 1's: Cthulhu's `hide_type_stable`
    views print only the statements whose type is not concrete, an excerpt of the IR and not the function."""
    k = next((k for k in range(start, end) if not is_location_row(ctx.lines[k])), None)
    if k is not None and not _BLOCK_1.search(ctx.lines[k]):
        raise ctx.error("an excerpt, not the whole IR: the first row is not block 1's (`1 ─ …`); Cthulhu's "
                        "`hide_type_stable` views print only the statements whose type is not concrete", k)


def is_compact_costs(ctx: Context, start: int, end: int) -> bool:
    """Whether the rows `start..end-1` are Cthulhu's `:compact` view with `inline_cost` (`│╻ Box2 1 ──    0 %1  = …`:
    the inlining gutter first, then the line-number column, the rail and the cost field)."""
    k = next((k for k in range(start, end) if not is_location_row(ctx.lines[k])), None)
    return k is not None and _COMPACT_COST_ROW.match(ctx.lines[k]) is not None


def _read_compact_costs(ctx: Context, start: int, end: int, tail: bool):
    """(Body, costs) of a `:compact` view's rows under `inline_cost`.  Each row's gutter ends at its own column
    (`│╻ Box2 `, `│ 3 `, `│   `: the colored print's cursor moves are gone), but the line-number column and the
    rail after it are as wide on every row as on block 1's, and the cost field (right-aligned in
    `ndigits(maxcost) + 1` columns) follows the rail: it is taken out of each row (in a copy of the lines) and
    the rows read as the view without costs."""
    lines = ctx.lines
    found = stream_cuts(lines, list(range(start, end)))
    if found is None:
        raise ctx.error("expected Cthulhu's `:compact` rows: the inlining gutter, the line-number column and the "
                        "block rail on every line", start)
    cut, width = found
    rail = len(_RAIL.match(lines[start], cut[start] + width).group())
    field = _cost_field(lines[start], cut[start] + width + rail)
    moved, costs = {}, []
    for k in range(start, end):
        line, e = lines[k], cut[k] + width + rail
        cost = line[e:e + field]
        if not field or not cost.strip().isdigit() or line[e + field:e + field + 1] != " ":
            raise ctx.error(f"expected a cost right-aligned in {field or 'its'} columns after the block rail", k, e)
        moved[k] = line[:e] + line[e + field:]
        costs.append(int(cost))
    with replaced_lines(ctx, moved):
        body = read_body(ctx, start, end, codeinfo=False, text="\n".join(moved.values()), tail_present=tail or None)
    if len(costs) != len(body.stmts) or any(s.new_id is not None for s in body.stmts):
        raise ctx.error(f"expected one cost per statement of compacted IR (no pending nodes): {len(costs)} costs, "
                        f"{len(body.stmts)} statements", start)
    return body, tuple(costs)


def is_screen_compact(lines, start: int, end: int) -> bool:
    """Whether the rows `start..end-1` are a terminal's copy of Cthulhu's `:compact` view: IRCode's line-number
    column before block 1's rail (`2 1 ── %1  = …`), the inlining gutter on the right."""
    k = next((k for k in range(start, end) if not is_location_row(lines[k])), None)
    return k is not None and _LINENO.match(lines[k]) is not None and _BLOCK_1.search(lines[k]) is not None


def _screen_cost_column(lines, start: int, end: int) -> int | None:
    """The line-number column's width when the rows `start..end-1` are a terminal's copy of a `:compact` view with
    `inline_cost` (`2 1 ──    0 %1  = Core.Box  …  │╻ Box`: the gutter on the right), else None."""
    k = next((k for k in range(start, end) if not is_location_row(lines[k])), None)
    lineno = _LINENO.match(lines[k]) if k is not None else None
    rail = _RAIL.match(lines[k], lineno.end()) if lineno else None
    return lineno.end() if rail and _COST_LINE_REST.match(lines[k], rail.end()) else None


def read_compact_view(ctx: Context, i: int, start: int, j: int, return_type):
    """Cthulhu's `:compact` view whose header is line `i` (`    ∘ ── %0 = …::T`, or `Body::T` in its warn view)
    and whose rows are `start..j-1`, then the line of blanks IRCode ends with (no newline after it): read as the
    IRCode Base's printer drew (its inlining gutter first on each row), with the costs after the rail under
    `inline_cost`; returns (Function, next index)."""
    lines = ctx.lines
    tail = j < len(lines) and lines[j] != "" and not lines[j].strip()
    col = _screen_cost_column(lines, start, j)
    if is_compact_costs(ctx, start, j):
        body, costs = _read_compact_costs(ctx, start, j, tail)
    elif col is not None:  # copied off a terminal: the gutter on the right, each cost after its rail
        body, costs = read_costs_after_rail(ctx, start, j, text="\n".join(lines[start:j]), col=col, codeinfo=False)
    else:
        text = "\n".join(lines[start:j])
        body, costs = read_body(ctx, start, j, codeinfo=False, text=text, tail_present=tail or None), None
    f = Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, return_type, title=lines[i],
                 screen=body.screen, catch_entry=body.catch_entry, envelope="cthulhu", costs=costs,
                 tail_dropped=not tail and body.style.ircode_blank_tail)
    end = j + 1 if tail else j
    if f.screen is not None and f.screen.capture == "screen":
        _check_prints_back(ctx, f, i, end)
    return f, end


def _as_read(lines, k: int) -> str:
    """Line `k` as the text holds it (a screen copy's gutter is stripped from the lines while they are read)."""
    if isinstance(lines, Lines):
        a = lines.start(k)
        b = lines.text.find("\n", a)
        return lines.text[a:b if b >= 0 else len(lines.text)]
    return lines[k]


def _check_prints_back(ctx: Context, f: Function, i: int, end: int) -> None:
    """Refuse a terminal's copy of a `:compact` view (lines `i..end-1`) whose rows the model would print otherwise:
    its gutter's column, the costs' field and the rails are tied together, and a text whose parts disagree (an
    edited or cut copy) has no one reading that prints it back."""
    if any(PLACEHOLDER in _as_read(ctx.lines, k) for k in range(i, end)):
        return  # an excerpt (lenient reading): its merge rails come back with its elisions; the print is compared then
    printed = format_function(f).split("\n")
    for k in range(i, end):
        if k - i >= len(printed) or printed[k - i] != _as_read(ctx.lines, k):
            raise ctx.error("this row of Cthulhu's `:compact` view disagrees with the rest of the view (its gutter "
                            "column, cost field or rails): the view would not print back as it is", k)
    if len(printed) != end - i:
        raise ctx.error("Cthulhu's `:compact` view has rows its text does not show: it would not print back as "
                        "it is", end - 1)


def read_cthulhu_view(ctx: Context, i: int):
    """The view whose header is line `i` (2021: a method line, then the header); returns (Function, next index).

    The style is read off the statements only: the header is Cthulhu's text (`foo(::Int64,::Int64)` has no
    space after its commas in any Julia version)."""
    if ctx.lines[i].startswith("│ ─ %-1"):
        return read_2020_view(ctx, i)
    if ctx.lines[i].startswith(" "):
        return _read_compact_view(ctx, i)
    if not ctx.lines[i].startswith("∘ ─"):
        return _read_2021_view(ctx, i)
    return _view_after_header(ctx, i, HEADER.match(ctx.lines[i]))


def _statements_end(ctx: Context, i: int) -> int:
    """The line after the statements under the header on line `i` (they run up to a blank line); a header with
    none, or statements that are an excerpt (Cthulhu's `hide_type_stable`), is refused there."""
    lines = ctx.lines
    j = i + 1
    while j < len(lines) and lines[j].strip():
        j += 1
    if j == i + 1:
        raise ctx.error("a Cthulhu view needs statement lines after its header", i, len(lines[i]))
    refuse_excerpt(ctx, i + 1, j)
    return j


def _view_after_header(ctx: Context, i: int, header: re.Match):
    """The statements after the header on line `i` (up to a blank line) as a typed view titled by that line."""
    lines = ctx.lines
    j = _statements_end(ctx, i)
    if header.group(1) is not None:  # `inline_cost`: each line's cost field moves before the rail
        body, costs = read_costs_after_rail(ctx, i + 1, j, text="\n".join(lines[i + 1:j]))
    else:
        body, costs = read_body(ctx, i + 1, j, codeinfo=True, text="\n".join(lines[i + 1:j])), None
    return_type = ctx.parse_type(header.group(2), i, header.start(2))
    f = Function(Form.TYPED, body.style, body.stmts, body.blocks, body.linetable, return_type, costs=costs,
                 title=lines[i], catch_entry=body.catch_entry, envelope="cthulhu")
    return f, j


def read_unoptimized_view(ctx: Context, i: int, j: int):
    """Cthulhu's unoptimized view (2022+): its `Variables` section (lines `i..j-1`, with the blank line after
    it), the header `∘ ─ %0 = invoke …::T` (line `j`), then the statements with their slot names.  The section
    and header stay verbatim as the title (the display's envelope); the statements read as a typed CodeInfo's."""
    lines = ctx.lines
    header = HEADER.match(lines[j])
    if header is None:
        raise ctx.error("expected Cthulhu's header `∘ ─ %0 = invoke f(…)::T`", j)
    f, end = _view_after_header(ctx, j, header)
    return f.replace(title="\n".join(lines[i:j + 1])), end


def _read_compact_view(ctx: Context, i: int):
    """Cthulhu's `:compact` debuginfo view (2022+): the header indented by blanks, then the IR as Base's IRCode
    printer draws it with its inlining gutter first on each row (`│╻ Box2 1 ── %1  = …`: the gutter, the line
    number, the rail; the form a colored print takes once its cursor moves are gone), then the line of blanks
    IRCode ends with (no newline after it).  Under `inline_cost` the header (`∘ ── 3032 %0 = …`) and each row
    (after its rail) carry a cost."""
    indent = len(ctx.lines[i]) - len(ctx.lines[i].lstrip(" "))
    # a terminal's copy pads the header with blanks up to the right-hand gutter's column (its gutter is empty)
    header = HEADER.match(ctx.lines[i].rstrip(" "), indent)
    j = _statements_end(ctx, i)
    return read_compact_view(ctx, i, i + 1, j, ctx.parse_type(header.group(2), i, header.start(2)))


def _read_2021_view(ctx: Context, i: int):
    """Cthulhu's 2021 optimized view: the method line, `│ ─ %-1 = invoke …::T`, then the IRCode (line-number
    column, the cost after the rail under `inline_cost`, the right-hand gutter of its colored print)."""
    lines = ctx.lines
    header = HEADER_2021.match(lines[i + 1])
    j = i + 2
    while j < len(lines) and lines[j].strip():
        j += 1
    col = len(_LINENO.match(lines[i + 2]).group())
    text = "\n".join(lines[i + 2:j])  # the header is Cthulhu's (`f(::A,::B)`): no evidence of Julia's version
    rail = _RAIL.match(lines[i + 2], col)
    if rail is not None and _COST_LINE_REST.match(lines[i + 2], rail.end()):
        body, costs = read_costs_after_rail(ctx, i + 2, j, text=text, col=col, codeinfo=False)
    else:
        body, costs = read_body(ctx, i + 2, j, codeinfo=False, text=text), None
    return_type = ctx.parse_type(header.group(1), i + 1, header.start(1))
    f = Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, return_type, costs=costs,
                 title="\n".join(lines[i:i + 2]), screen=body.screen, catch_entry=body.catch_entry,
                 envelope="cthulhu", tail_dropped=body.style.ircode_blank_tail)
    return f, j
