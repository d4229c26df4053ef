"""The colours of a dump printed to a colour terminal: ANSI escape codes placed on its plain text.

Julia colours its IR prints only through `printstyled` and cursor moves: SGR
codes around the block rails (grey), the `::T` of each statement (cyan, or
@code_warntype's bold yellow/red), the right-hand line-info gutter of IRCode
(grey, drawn first at `ESC[nG`, then `ESC[1G` back to column 1).  None of
them changes a character of the plain text, so a coloured dump is its plain
dump plus escapes at (line, column) places: the reader strips them
(`jlir.syntax.ansi`), reads the plain text, and keeps them here, relative to
the dump's own printed text, so the printer puts them back byte for byte.
`jlir.printer.color` computes the same escapes from the model, as Julia would
draw them, for a dump that was read plain.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Colors:
    """Escape codes at places of a dump's plain printed text.

    `marks` holds (line, column, codes): `codes` (one or more escape
    sequences, in order) stood before character `column` (0-based, in
    characters) of line `line` (0-based, within the dump); a column at or past
    the end of its line puts them at the end of the line.
    """
    marks: tuple[tuple[int, int, str], ...]

    def paint(self, text: str) -> str:
        """`text` (the dump printed plain) with the escape codes put back."""
        if not self.marks:
            return text
        lines = text.split("\n")
        by_line: dict[int, list[tuple[int, str]]] = {}
        for line, column, codes in self.marks:
            by_line.setdefault(min(line, len(lines) - 1), []).append((column, codes))
        for k, marks in by_line.items():
            row = lines[k]
            parts, pos = [], 0
            for column, codes in marks:  # in text order, as the reader recorded them
                column = min(max(column, pos), len(row))
                parts.append(row[pos:column])
                parts.append(codes)
                pos = column
            parts.append(row[pos:])
            lines[k] = "".join(parts)
        return "\n".join(lines)
