"""The IR text pane: the function printed as Julia prints it, coloured as Julia colours it, values clickable.

Colours come from `jlir.printer.color.julia_colors` (the escape codes Julia
would write on a terminal), turned into CSS classes.  Each `%N` becomes a
span naming its value, and each statement line (a line with a block rail, in
order, as Julia prints one line per statement) names its statement and block,
so the script can highlight a definition, its uses and a block's lines.
"""
from __future__ import annotations

import html
import re

import jlir
from jlir.ir.function import Form
from jlir.printer.color import julia_colors

_RAIL = re.compile(r"^(?:\d*\s+)?(?:\d+ [─┄]+|│|└─+)")
_VALUE = re.compile(r"%(\d+)")
_CLASS = {"\x1b[90m": "c-grey", "\x1b[36m": "c-cyan", "\x1b[91m\x1b[1m": "c-red", "\x1b[33m\x1b[1m": "c-yellow",
          "\x1b[33m": "c-loc"}
_FLAGS = ("\x1b[91m\x1b[1m", "\x1b[33m\x1b[1m")  # @code_warntype's red and yellow
_CLOSE = ("\x1b[39m", "\x1b[22m\x1b[39m")


def statement_lines(fn, lines: list[str]) -> dict[int, int]:
    """{line index: statement number}: the body's rail lines in order, one per positional statement."""
    out: dict[int, int] = {}
    n = len(fn.positional)
    body = fn.form is not Form.WARNTYPE
    stmt = 0
    for k, line in enumerate(lines):
        if not body:
            body = line.startswith("Body::")
            continue
        if stmt < n and _RAIL.match(line):
            stmt += 1
            out[k] = stmt
    return out


def _marked(line: str, marks: list[tuple[int, str]]) -> str:
    """One line as HTML: escaped, coloured spans where Julia's escape codes stood, `%N` as value spans."""
    pieces, at, open_ = [], 0, 0
    for col, codes in sorted(marks, key=lambda m: m[0]):
        col = min(col, len(line))
        pieces.append(_values(line[at:col]))
        at = col
        if codes in _CLASS:
            pieces.append(f'<span class="{_CLASS[codes]}">')
            open_ += 1
        elif codes in _CLOSE and open_:
            pieces.append("</span>")
            open_ -= 1
    pieces.append(_values(line[at:]))
    return "".join(pieces) + "</span>" * open_


def _values(s: str) -> str:
    return _VALUE.sub(lambda m: f'<span class="v" data-v="{m.group(1)}">%{m.group(1)}</span>', html.escape(s))


def text_pane(fn, block_of: dict[int, int], flagged: set[int]) -> str:
    """The function's text as `<pre>` lines; statement lines carry data-s (statement) and data-b (block); a line
    is `flag` where `@code_warntype` colours a type red or yellow, or its statement's value is `flagged`."""
    text = jlir.format(fn)
    lines = text.split("\n")
    marks: dict[int, list] = {}
    try:
        colors = julia_colors(fn, text)
    except Exception:  # colour is decoration: a display the colourer does not know prints plain
        colors = None
    for k, col, codes in (colors.marks if colors is not None else ()):
        if isinstance(col, int):
            marks.setdefault(k, []).append((col, codes))
    where = statement_lines(fn, lines)
    out = []
    for k, line in enumerate(lines):
        body = _marked(line, marks.get(k, []))
        s = where.get(k)
        red = any(codes in _FLAGS for _col, codes in marks.get(k, ()))
        if s is None:
            out.append(f'<div class="ln{" flag" if red else ""}">{body or " "}</div>')
            continue
        cls = "ln st" + (" flag" if s in flagged or red else "")
        out.append(f'<div class="{cls}" data-s="{s}" data-b="{block_of.get(s, 0)}">{body or " "}</div>')
    return '<pre class="ir">' + "".join(out) + "</pre>"
