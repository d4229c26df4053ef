"""Printing a view another tool made of Julia's IR: Julia's rows with the tool's text around them (`Margin`).

LoweredCodeUtils' `print_with_code(io, src, isrequired)` and JuliaInterpreter's `show(io, ::Frame)` call Base's
`show_ir_stmt` row by row, with their own columns before each row and no `CodeInfo(` / `)` lines; the function is
read as the CodeInfo those rows are, so its print is Julia's `CodeInfo(` … `)` with the frame lines dropped and
each row given its column back.  Cthulhu's menu (`left` empty) follows the whole view.
"""
from __future__ import annotations

from jlir.ir.errors import JlirError
from jlir.ir.margin import Margin


class MarginMismatch(JlirError):
    """A tool's columns no longer fit the rows (the IR was edited under them)."""


def with_margin(margin: Margin, text: str) -> list[str]:
    """The lines of the tool's view around `text`, the function's print without its margin."""
    lines = text.split("\n")
    if margin.left or margin.under:
        rows = lines[1:-1]  # Julia's rows: `CodeInfo(` and `)` are not the tool's
        for column in (margin.left, margin.under):
            if column and len(column) != len(rows):
                raise MarginMismatch(f"{margin.tool}'s columns stand beside {len(column)} rows, the IR prints "
                                     f"{len(rows)}")
        lines = [left + row for left, row in zip(margin.left or ("",) * len(rows), rows)]
        if margin.under:
            lines = [line for pair in zip(lines, margin.under) for line in pair]
    return [*margin.before, *lines, *margin.after]
