"""Reading `CodeInfo(…)` prints (`@code_typed`, `@code_lowered`, a thunk) and vectors of them."""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function, VectorDisplay
from jlir.syntax.forms import stmtvector
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context, Lines, replaced_lines, span
from jlir.syntax.forms.ircode import read_ircode
from jlir.syntax.rows.stmtlines import FIRST_RAIL

CODEINFO_OPEN = re.compile(r"( *)CodeInfo\($")
THUNK_OPEN = ":($(Expr(:thunk, CodeInfo("
_CODEINFO_CLOSE = re.compile(r"\)(?: => (.*))?$")


def read_vector(ctx: Context, i: int, header: bool = True):
    """An `N-element Vector{…}:` display (its header at line `i` when `header`): CodeInfos, or bare statements
    (jlir.syntax.forms.stmtvector); returns (item, index after it)."""
    lines = ctx.lines
    title = lines[i][:-1] if header else None
    items, j = [], i + 1 if header else i
    if j < len(lines) and stmtvector.is_element_line(lines[j]) and not FIRST_RAIL.match(lines[j], 1):
        return stmtvector.read_statement_vector(ctx, i, header)
    # `N-element …:` shows its N elements: a dump after them is the next item, even one starting with a blank
    # (a ≤1.6 IRCode's line-number column), not an element
    count = int(title[:title.index("-")]) if header else None
    while j < len(lines) and lines[j].startswith(" ") and (count is None or len(items) < count):
        if CODEINFO_OPEN.match(lines[j]):
            item, j = read_codeinfo(ctx, j)
        elif FIRST_RAIL.match(lines[j], 1):  # an `IRCode => T` pair (`Base.code_ircode(f, types)`, 1.9+)
            item, j = _read_ircode_element(ctx, j)
        else:
            break
        items.append(item)
    if not items:
        raise ctx.error("a vector display of IR needs its elements: expected ` CodeInfo(` on the next line",
                        min(i + 1, len(lines) - 1))
    if count is not None and len(items) != count:
        raise ctx.error(f"the header announces {count} elements, but {len(items)} follow "
                        "(a vector display cut short is not read)", i)
    return VectorDisplay(title, tuple(items)), j


def _read_ircode_element(ctx: Context, j: int):
    """The IRCode element whose first line is line `j`: the vector display put one blank before that line only
    (the IRCode's own columns start after it), so it is read with that blank taken off."""
    with replaced_lines(ctx, {j: ctx.lines[j][1:]}):
        return read_ircode(ctx, j)


# a line that may close a `CodeInfo(` (it starts with `)`), or a blank one (an error inside it)
_CLOSE_OR_BLANK = re.compile(r"^(?:\)|[^\S\n]*$)", re.M)


def _closing_line(ctx: Context, i: int, thunk: bool) -> int:
    """The index of the line closing the `CodeInfo(` opened at line `i`."""
    lines, n = ctx.lines, len(ctx.lines)
    j = i + 1
    if lines.__class__ is Lines and j < n:  # found in the text, not line by line
        text, search = lines.text, _CLOSE_OR_BLANK.search
        m = search(text, lines.start(j))
        while m is not None:
            j = lines.index_at(m.start())
            line = lines[j]
            if not line[:1] == ")":
                break  # blank: reported below
            if line == "))))" if thunk else _CODEINFO_CLOSE.match(line):
                return j
            m = search(text, lines.start(j + 1)) if j + 1 < n else None
        else:
            j = n
    while j < n:
        line = lines[j]
        c = line[:1]
        if c == ")":  # a closing line
            if line == "))))" if thunk else _CODEINFO_CLOSE.match(line):
                return j
        elif not c or c.isspace() and not line.strip():
            raise ctx.error("unexpected blank line inside `CodeInfo(`: the dump ends before its closing `)`", j)
        j += 1
    raise ctx.error("unterminated `CodeInfo(`: expected a closing `)` line", n - 1, len(lines[-1]))


def read_codeinfo(ctx: Context, i: int):
    """The `CodeInfo(` print opening at line `i`; returns (Function, index after its closing line)."""
    lines = ctx.lines
    thunk = lines[i] == THUNK_OPEN
    j = _closing_line(ctx, i, thunk)
    text = span(lines, i, j + 1)
    key = hash(text)
    seen = ctx.dumps.get(key)
    if seen is not None and span(lines, seen[0], seen[1]) == text:
        return seen[2], j + 1  # the same text read before (Base's IR repeats whole dumps): the same Function
    del text  # read_body gets its own copy and drops it before the statements are read (memory on huge inputs)
    close = _CODEINFO_CLOSE.match(lines[j]) if not thunk else None
    return_type = None
    if close and close.group(1) is not None:
        return_type = ctx.parse_type(close.group(1), j, 5)
    body = read_body(ctx, i + 1, j, codeinfo=True, text=span(lines, i, j + 1))
    form = Form.TYPED if (return_type is not None or body.typed) else Form.LOWERED
    f = Function(form, body.style, body.stmts, body.blocks, body.linetable, return_type,
                 wrapper="thunk" if thunk else "codeinfo", screen=body.screen, catch_entry=body.catch_entry)
    ctx.dumps.setdefault(key, (i, j + 1, f))
    return f, j + 1
