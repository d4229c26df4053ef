"""The colours of a dump printed to a colour terminal: ANSI escape codes placed on its plain text.

Julia colours its IR prints only through `printstyled` and cursor moves: SGR
codes around the block rails (grey), the `::T` of each statement (cyan, or
@code_warntype's bold yellow/red), the right-hand line-info gutter of IRCode
(grey, drawn first at `ESC[nG`, then `ESC[1G` back to column 1).  None of
them changes a character of the plain text, so a coloured dump is its plain
dump plus escapes at (line, column) places: the reader strips them
(`jlir.syntax.document.ansi`), reads the plain text, and keeps them here, relative to
the dump's own printed text, so the printer puts them back byte for byte.
`jlir.printer.color` computes the same escapes from the model, as Julia would
draw them, for a dump that was read plain.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# One CSI sequence (ECMA-48 §5.4): `ESC [`, parameters, intermediates, the final byte that says what it does.
CSI = re.compile(r"\x1b\[([0-9:;<=>?]*)[ -/]*([@-~])")
DRAWN = -1  # the column of a mark that holds a whole line drawn with cursor moves (see `Colors`)


def render(line: str) -> str:
    """What a terminal shows for one line of text with escape codes: SGR codes take no room, `ESC[nG` moves
    the cursor to column n (1-based), later characters overwrite earlier ones, gaps are blanks."""
    buf: list[str] = []
    col, pos = 0, 0
    for m in CSI.finditer(line):
        col = _put(buf, col, line[pos:m.start()])
        pos = m.end()
        if m.group(2) == "G":
            col = max(int(m.group(1) or 1), 1) - 1
        elif m.group(2) == "C":
            col += int(m.group(1) or 1)
    _put(buf, col, line[pos:])
    return "".join(buf)


def _put(buf: list[str], col: int, text: str) -> int:
    if col > len(buf):
        buf.extend(" " * (col - len(buf)))
    for ch in text:
        if col < len(buf):
            buf[col] = ch
        else:
            buf.append(ch)
        col += 1
    return col


@dataclass(frozen=True, slots=True)
class Colors:
    """Escape codes at places of a dump's plain printed text.

    `marks` holds (line, column, codes): `codes` (one or more escape
    sequences, in order) stood before character `column` (0-based, in
    characters) of line `line` (0-based, within the dump); a column at or past
    the end of its line puts them at the end of the line.  A line drawn with
    cursor moves (IRCode's right-hand gutter: `ESC[77G│ESC[1G` then the line
    over it) reads as the terminal showed it (`render`); its mark has column
    `DRAWN` and holds the whole line as written, put back when the printed
    line still renders the same (else the line prints plain).

    `lines` holds (line, plain text) of the other marked lines as they were
    read: a line printed differently (the IR was edited) prints plain rather
    than with codes in the wrong places.  Empty: the marks apply as they are.
    """
    marks: tuple[tuple[int, int, str], ...]
    lines: tuple[tuple[int, str], ...] = ()

    def paint(self, text: str) -> str:
        """`text` (the dump printed plain) with the escape codes put back."""
        if not self.marks:
            return text
        lines = text.split("\n")
        by_line: dict[int, list[tuple[int, str]]] = {}
        for line, column, codes in self.marks:
            by_line.setdefault(min(line, len(lines) - 1), []).append((column, codes))
        expected = dict(self.lines)
        for k, marks in by_line.items():
            row = lines[k]
            if marks[0][0] == DRAWN:
                if render(marks[0][1]) == row:
                    lines[k] = marks[0][1]
                continue
            if expected.get(k, row) != row:
                continue  # not the line the codes were placed on
            parts, pos = [], 0
            for column, codes in marks:  # in text order, as the reader recorded them
                column = min(max(column, pos), len(row))
                parts.append(row[pos:column])
                parts.append(codes)
                pos = column
            parts.append(row[pos:])
            lines[k] = "".join(parts)
        return "\n".join(lines)


def written_column(written: str, shown: str, column: int) -> int:
    """Where, in a line as written with its escape codes (`written`), the character stands that shows at
    `column` (0-based) of the line as read (`shown`: `render(written)` for a line drawn with cursor moves, the
    text without its codes otherwise): a position in a coloured file counts the codes' characters too."""
    if written == shown:
        return column
    drawn = render(written) == shown and "G" in written
    screen: list[int] = []  # the index in `written` of the character each column shows (the last one drawn there)
    col = count = pos = 0
    for m in list(CSI.finditer(written)) + [None]:
        end = m.start() if m is not None else len(written)
        for k in range(pos, end):
            if not drawn:
                if count == column:
                    return k
                count += 1
                continue
            screen.extend([k] * (col + 1 - len(screen)))
            screen[col] = k
            col += 1
        if m is None:
            break
        pos = m.end()
        if drawn and m.group(2) == "G":
            col = max(int(m.group(1) or 1), 1) - 1
        elif drawn and m.group(2) == "C":
            col += int(m.group(1) or 1)
    if drawn and column < len(screen):
        return screen[column]
    return len(written) - (len(shown) - column) if column <= len(shown) else len(written)
