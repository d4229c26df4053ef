"""Reading Cthulhu.jl's 2020 typed view with `:source` debuginfo (Julia 1.6-DEV era, Cthulhu 1.x).

Cthulhu printed the call it descended into as `│ ─ %-1  = invoke foo(::A)::T`, then the
function through `show(io, ::CodeInfo)`: `CodeInfo(`, the statements, `)` (no `=> T`;
the header carries the type).  Its location lines differ from Base's `DILineInfoPrinter`
output (corpus 0092, a 2020 post by a Cthulhu maintainer; the printing code of that era
is not in the stored sources, so the rule below is read off the dump, not the code):

    CodeInfo(                              CodeInfo(
     @ none:2 within 'foo'                     @ none:2 within `foo'
    1 ─ %1 = (a isa Main.Int)::Bool        1 ─ %1 = (a isa Main.Int)::Bool
    └──      goto #3 if not %1             └──      goto #3 if not %1
    └                                          @ none:3 within `foo'
     @ none:3 within 'foo'                 2 ─ …
    2 ─ …

* no rail prefix: the location starts at column 0 with ` @ ` (Base writes the
  `linestart` it is given: 2 + W blanks before a block, `│ ` + W blanks inside one);
* the method is quoted `'foo'` (Base ≤1.6: `` `foo' ``);
* every location after the first is preceded by a bare `└` line: the previous frame
  is closed before the next one opens, the uncollapsed form of Base's scope printer.

An earlier 2020 Cthulhu printed the CodeInfo with Base's own location lines (`    @ REPL[102]:1 within `h'`):
that view is Base's print under the header row, read as such (the header row kept as the function's `Margin`).

Only depth-1 locations (the method's own lines) occur in the view; an inlined frame's
`┌` has no sample, so it is refused.  The reader rewrites the lines into Base's layout
(1.1–1.6 quote, Base's prefixes, no `└`) and reads them with the CodeInfo reader; the
printer (`jlir.printer.cthulhu`) rewrites Base's layout back.
"""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.ir.margin import Margin
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context, Source
from jlir.syntax.errors import ParseError

HEADER = re.compile(r"│ ─ %-1 += .*::(.+)$")
LOCATION = re.compile(r" @ (\S.*) within '([^']+)'$")
FRAME = re.compile(r"[│ ]*(?:┌|└+$|@)")  # a location or scope line of another form (Base's, an inlined frame)
_BLOCK_START = re.compile(r"[0-9]{1,18} [─┄]")
_BASE_LOCATION = re.compile(r" {2,}@ \S.* within `[^`']+'$")  # Base ≤1.6's first location line in `CodeInfo(`


def read_2020_view(ctx: Context, i: int):
    """The view whose header is line `i` (`│ ─ %-1 = invoke …::T`, then `CodeInfo(`); returns (Function, next
    index)."""
    lines = ctx.lines
    header = HEADER.match(lines[i])
    if i + 2 < len(lines) and _BASE_LOCATION.match(lines[i + 2]):  # an earlier Cthulhu: Base's own print
        f, k = ctx.read_codeinfo(ctx, i + 1)
        return f.replace(margin=Margin("Cthulhu", before=(lines[i],))), k
    j = i + 2
    while j < len(lines) and lines[j] != ")":
        if not lines[j].strip():
            break
        j += 1
    if j >= len(lines) or lines[j] != ")":
        raise ctx.error("expected the `)` that closes the CodeInfo of Cthulhu's view", min(j, len(lines) - 1))
    julia, origin = _base_layout(ctx, i + 2, j)
    if not julia:  # `CodeInfo(` closed at once: no statement to read (an edited view; Julia prints at least one)
        raise ctx.error("expected the statements of Cthulhu's view between `CodeInfo(` and `)`", j)
    sub = Context(Source(ctx.source.filename, julia), ctx.statements, read_codeinfo=ctx.read_codeinfo)
    try:
        body = read_body(sub, 0, len(julia), codeinfo=True, text="\n".join(julia))
    except ParseError as e:
        k = origin[min(max(e.line - 1, 0), len(origin) - 1)]
        shift = len(julia[e.line - 1]) - len(lines[k]) if 0 < e.line <= len(julia) else 0
        raise ctx.error(e.message, k, max(e.column - 1 - shift, 0), e.expected) from None
    return_type = ctx.parse_type(header.group(1), i, header.start(1))
    f = Function(Form.TYPED, body.style, body.stmts, body.blocks, body.linetable, return_type,
                 title=lines[i] + "\nCodeInfo(", catch_entry=body.catch_entry, envelope="cthulhu")
    return f, j + 1


def _base_layout(ctx: Context, start: int, end: int) -> tuple[list[str], list[int]]:
    """Lines `start..end-1` in the layout Base's `show(::CodeInfo)` prints, and each one's original index."""
    lines = ctx.lines
    width = len(str(sum(1 for k in range(start, end) if _BLOCK_START.match(lines[k]))))
    out: list[str] = []
    origin: list[int] = []
    seen = False
    for k in range(start, end):
        line = lines[k]
        if line == "└":
            if not seen or k + 1 >= end or not LOCATION.match(lines[k + 1]):
                raise ctx.error("a bare `└` in Cthulhu's view closes a location only right before the next one", k)
            continue
        loc = LOCATION.match(line)
        if loc is None:
            if FRAME.match(line):
                raise ctx.error("expected a location ` @ file:line within 'name'` (Cthulhu's 2020 view shows no "
                                "inlined frames)", k)
            out.append(line)
            origin.append(k)
            continue
        if seen and lines[k - 1] != "└":
            raise ctx.error("expected the bare `└` line Cthulhu prints before each location after the first", k)
        seen = True
        block_start = k + 1 < end and _BLOCK_START.match(lines[k + 1]) is not None
        prefix = ("  " if block_start else "│ ") + " " * width
        out.append(f"{prefix} @ {loc.group(1)} within `{loc.group(2)}'")
        origin.append(k)
    return out, origin
