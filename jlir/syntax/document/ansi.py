"""Stripping a coloured text's ANSI escape codes, and keeping where they stood (`jlir.ir.color.Colors`).

Text copied from a colour terminal, IJulia or Documenter keeps Julia's
escapes: SGR colours (`ESC[36m` … `ESC[39m`) and, in IRCode's right-hand
gutter, cursor moves (`ESC[77G`, `ESC[1G`).  They carry no IR.  `split`
removes every CSI sequence (`ESC [ params letter`) and records each run of
them as (line, column, codes) on the plain text (a line with cursor moves is
read as the terminal showed it and kept whole: `jlir.ir.color.render`); `per_item` shares them out
to the dumps the reader found, relative to each dump's first line.
"""
from __future__ import annotations

import re

from jlir.ir.color import DRAWN, Colors, render

# CSI sequences: `ESC [`, parameter bytes, intermediate bytes, a final byte (ECMA-48 §5.4); runs kept together.
_MOVES = re.compile(r"\x1b\[[0-9]*[GC]")
_CSI_RUN = re.compile(r"(?:\x1b\[[0-9:;<=>?]*[ -/]*[@-~])+")
# Julia 1.0–1.1's line-info gutter (`show_ir`'s `print(io, "\e[", col, "G", annotation, "\e[1G")`, in grey): drawn
# past the row, then the cursor back to column 1 for the row.  As bytes, the gutter comes first, as in a stream
# with its escapes stripped; read so, the row and its gutter stay apart even where the gutter is wider than the
# room the row leaves it (a terminal shows the gutter's end after a short row).
_GUTTER_MOVES = re.compile(r"(?:\x1b\[[0-9;]*m)*\x1b\[([0-9]+)G[^\x1b]*\x1b\[1G(?!.*\x1b\[[0-9]*[GC])")


def reading_orders(text: str) -> tuple[bool, ...]:
    """The ways to see a coloured text, the likelier first (True: byte order, gutter first; False: as a terminal
    shows it): a `CodeInfo(` or `Body` display with Julia 1.0–1.1's gutter (`_GUTTER_MOVES`) is byte order first
    (its rows reach the gutter, and a terminal then shows a mix of the two); other texts with such a gutter as a
    terminal shows it first (1.5's IRCode, Cthulhu's views: read so they keep their rows whole); a text without
    one is read one way only."""
    lines = [line for line in text.split("\n") if "\x1b[1G" in line]
    if not any(_GUTTER_MOVES.match(line) for line in lines):
        return (False,)
    first = "CodeInfo(" in text or "Body" in text
    return (first, not first)


def split(text: str, byte_order: bool = False) -> tuple[str, list[tuple[int, int, str]]]:
    """(the text without escape codes, [(line, column, codes)…]) with 0-based line and column in the plain text;
    `byte_order`: a line drawn with Julia 1.0's gutter moves is read gutter first, as its bytes come."""
    marks: list[tuple[int, int, str]] = []
    plain_lines = []
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if "\x1b" not in line:
            plain_lines.append(line)
            continue
        if _MOVES.search(line) and not (byte_order and _GUTTER_MOVES.match(line)):  # drawn: as the terminal showed it
            plain_lines.append(render(line))
            marks.append((k, DRAWN, line))
            continue
        parts, pos, column = [], 0, 0
        for m in _CSI_RUN.finditer(line):
            parts.append(line[pos:m.start()])
            column += m.start() - pos
            marks.append((k, column, m.group()))
            pos = m.end()
        parts.append(line[pos:])
        plain_lines.append("".join(parts))
    return "\n".join(plain_lines), marks


def per_item(marks: list[tuple[int, int, str]], spans: list[tuple[int, int]], plain: list[str]) -> tuple:
    """One entry per dump (its (first line, line after it) in `spans`): its `Colors`, or None for a plain dump;
    `plain` is the text's plain lines (each marked line's text is kept beside its codes).

    Codes on lines between dumps (rare: a reset on a blank line) are not kept.
    """
    out = []
    j, n = 0, len(marks)
    for first, end in spans:
        while j < n and marks[j][0] < first:
            j += 1
        mine = []
        while j < n and marks[j][0] < end:
            line, column, codes = marks[j]
            mine.append((line - first, column, codes))
            j += 1
        rows = sorted({(line, plain[first + line]) for line, column, _ in mine if column != DRAWN})
        out.append(Colors(tuple(mine), tuple(rows)) if mine else None)
    return tuple(out)
