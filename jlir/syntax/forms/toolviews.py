"""Reading views other tools print of Julia's IR: Julia's own rows with the tool's text around them.

* LoweredCodeUtils' `print_with_code(io, src, isrequired)` (its `src/codeedges.jl`): before each of Base's
  `show_ir_stmt` rows, the statement number right-aligned in `ndigits(length(src.code))` columns, a blank, and
  `t ` or `f ` (is the statement required):

       1 t 1 ─       s = 0
       2 f │         k = 5

* JuliaInterpreter's `show(io, ::Frame)` (its `src/types.jl` and `print_framecode` in `src/utils.jl`):
  `Frame for <scope>`, then each row after `bpc, ' ', lpad(stmtidx, ndstmt), '*' or ' ', ' ', lpad(line,
  ndline), "  "` (`bpc` the breakpoint character, `*` the current statement), a `⋮` where statements are left
  out, then the frame's variables (`x = 1`) and `caller: …`/`callee: …`:

      Frame for mymethod(x) @ Main none:1
        1* 1  1 ─ %1 = x + 1
        2  1  └──      return %1
      x = 1

* LoweredCodeUtils' `print_with_code(io, src, edges)`: `Names:`, a line per name (`s: assigned on [1, 16],
  …`), `Code:`, then under each row a line: `│` (or a blank where the row ended its block) and
  `             # preds: [15, 16], succs: [12, 15, 16]`.

All print the rows of a lowered CodeInfo without `CodeInfo(` and `)`: the rows are read as that CodeInfo's
(the columns taken off, in a copy of the lines) and the columns and lines around them kept verbatim as the
function's `Margin`.  A frame that shows only some statements (`⋮`) is an excerpt and refused as such.
"""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.ir.margin import Margin
from jlir.syntax.errors import ParseError
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context, replaced_lines

_REQUIRED = re.compile(r"( *[0-9]{1,18}) [tf] ")
_REQUIRED_FIRST = re.compile(r" *1 [tf] 1 [─┄]")
FRAME_TITLE = "Frame for "
_FRAME_ROW = re.compile(r"[ a-zA-Z] +[0-9]{1,18}[* ] *[0-9]*  (?=[0-9]{1,18} [─┄]|[│└])")
ELLIPSIS = "⋮"
_MAX_NAMES = 10_000  # the `Names:` lines of an edges print looked through before `Code:` (a CodeInfo's slots)
_EDGES = re.compile(r"[│ ]             # preds: .*, succs: .*$")


def starts_print_with_code(lines: list[str], i: int) -> bool:
    return _REQUIRED_FIRST.match(lines[i]) is not None


def starts_frame(lines: list[str], i: int) -> bool:
    return lines[i].startswith(FRAME_TITLE) and i + 1 < len(lines) and (
        _FRAME_ROW.match(lines[i + 1]) is not None or lines[i + 1] == ELLIPSIS)


def read_print_with_code(ctx: Context, i: int):
    """LoweredCodeUtils' `print_with_code(io, src, isrequired)` starting at line `i`; returns (Function, next)."""
    lines = ctx.lines
    width = len(_REQUIRED.match(lines[i]).group())
    j = i
    while j < len(lines) and (m := _REQUIRED.match(lines[j])) and len(m.group()) == width \
            and int(m.group(1)) == j - i + 1:
        j += 1
    f = _read_rows(ctx, i, j, width)
    return f.replace(margin=Margin("LoweredCodeUtils", tuple(line[:width] for line in lines[i:j]))), j


def starts_edges(lines: list[str], i: int) -> bool:
    if lines[i] != "Names:":
        return False
    j, last = i + 1, min(len(lines), i + 1 + _MAX_NAMES)  # bounded: resynchronising asks this of every line
    while j < last and ": " in lines[j] and lines[j] != "Code:":
        j += 1
    return j + 2 < len(lines) and lines[j] == "Code:" and _EDGES.match(lines[j + 2]) is not None


def read_edges(ctx: Context, i: int):
    """LoweredCodeUtils' `print_with_code(io, src, edges)` starting at line `i`; returns (Function, next)."""
    lines = ctx.lines
    code = i + 1
    while lines[code] != "Code:":
        code += 1
    rows, j = [], code + 1
    while j + 1 < len(lines) and lines[j].strip() and _EDGES.match(lines[j + 1]):
        rows.append(j)
        j += 2
    f = _read_row_lines(ctx, rows)
    return f.replace(margin=Margin("LoweredCodeUtils", before=tuple(lines[i:code + 1]),
                                   under=tuple(lines[k + 1] for k in rows))), j


def read_frame(ctx: Context, i: int):
    """JuliaInterpreter's `Frame` display starting at line `i`; returns (Function, next index)."""
    lines = ctx.lines
    if lines[i + 1] == ELLIPSIS:
        raise ctx.error("an excerpt, not the whole IR: the frame shows only the statements around the current "
                        "one (`⋮`: JuliaInterpreter prints all of them only to a stream without `:limit`)", i + 1)
    width = len(_FRAME_ROW.match(lines[i + 1]).group())
    j = i + 1
    while j < len(lines) and (m := _FRAME_ROW.match(lines[j])) and len(m.group()) == width:
        j += 1
    if j < len(lines) and lines[j] == ELLIPSIS:
        raise ctx.error("an excerpt, not the whole IR: the frame shows only the statements around the current "
                        "one (`⋮`: JuliaInterpreter prints all of them only to a stream without `:limit`)", j)
    f = _read_rows(ctx, i + 1, j, width)
    k = j
    while k < len(lines) and lines[k].strip():  # the frame's variables, its caller and callee
        k += 1
    margin = Margin("JuliaInterpreter", tuple(line[:width] for line in lines[i + 1:j]), (lines[i],),
                    tuple(lines[j:k]))
    return f.replace(margin=margin), k


def _read_row_lines(ctx: Context, rows: list[int]) -> Function:
    """The rows at lines `rows` (each followed by a tool's line) read as one lowered CodeInfo's rows, packed at the
    top of their span in a copy of the lines (the tool's lines blanked below them); errors located where the row
    stands in the text."""
    lines = ctx.lines
    start, end = rows[0], rows[-1] + 1
    text = "\n".join(lines[k] for k in rows)  # taken before the lines are moved
    moved = {k: lines[rows[n]] if n < len(rows) else "" for n, k in enumerate(range(start, end))}
    try:
        with replaced_lines(ctx, moved):
            body = read_body(ctx, start, start + len(rows), codeinfo=True, text=text)
    except ParseError as e:
        if not start <= e.line - 1 < start + len(rows):
            raise
        raise ctx.error(e.message, rows[e.line - 1 - start], e.column - 1, e.expected) from None
    form = Form.TYPED if body.typed else Form.LOWERED
    return Function(form, body.style, body.stmts, body.blocks, body.linetable, screen=body.screen,
                    catch_entry=body.catch_entry)


def _read_rows(ctx: Context, start: int, end: int, width: int) -> Function:
    """The rows `start..end-1`, each after a tool's column `width` wide, read as a lowered CodeInfo's rows."""
    lines = ctx.lines
    moved = {k: lines[k][width:] for k in range(start, end)}
    with replaced_lines(ctx, moved):
        body = read_body(ctx, start, end, codeinfo=True, text="\n".join(moved.values()))
    form = Form.TYPED if body.typed else Form.LOWERED
    return Function(form, body.style, body.stmts, body.blocks, body.linetable, screen=body.screen,
                    catch_entry=body.catch_entry)
