"""The line table a print shows: the one a reader of the text rebuilds, found from the model.

A print shows only part of a line table.  A right-hand gutter shows, per statement, its annotation glyphs, the
name of at most one scope and the outermost line where it changes; a line-number column shows that line alone.
Several tables print alike, and a reader, which has the text only, rebuilds one of them: for a gutter the first
table its search finds (`jlir.geometry.linetable_search`), for a line-number column one entry per line shown
(`jlir.geometry.linecolumn`).  A transform's output keeps that table, so that it reads back as itself
(`jlir.edit.shown`).  These find it without the text: each row as the printer hands it to the gutter painter,
observed as a reader observes a row of text (`observe_row`), then searched the same way.
"""
from __future__ import annotations

from jlir.geometry.linecolumn import line_column_table
from jlir.geometry.linetable_search import GutterError, Observed, observe_row, reconstruct
from jlir.ir.function import Form, Function, LineInfo
from jlir.printer.debuginfo import LineTableError
from jlir.printer.forms import function_printer
from jlir.printer.function import Columns, function_columns, gutter_rows, line_numbers
from jlir.printer.gutter import GutterPainter


def gutter_table(f: Function) -> tuple[tuple[LineInfo, ...], list[int]] | None:
    """(line table, `loc` of each positional statement) a reader rebuilds from `f`'s right-hand gutter (Julia's
    `compute_ir_line_annotations` shows no more of it); None when `f` prints no gutter or no table reprints it."""
    screen = f.screen
    if screen is None:
        return None
    painter = GutterPainter(f)
    cols = function_columns(f, painter)
    stream = screen.capture == "stream"
    column = None if stream else painter.column
    first: dict[int, Observed] = {}  # positional statement -> what the first row of its print group shows
    trimmed = False                  # a blank gutter's row that stops short of the column: the capture trimmed it
    for line, idx in gutter_rows(f, function_printer(f, None)):
        painted = painter.paint(line, idx)
        if not painted.strip():
            continue  # a blank row (the IRCode's tail) is no row of the gutter
        seen = Observed("full", painter.gutter(idx)) if stream else observe_row(painted, column)[0]
        if idx:
            first[idx] = seen
        elif not stream and seen.kind == "none" and seen.offset < column:
            trimmed = True
    observed = [first.get(i, Observed("none")) for i in range(1, len(f.positional) + 1)]
    if any(o.kind == "none" for o in observed):
        return None  # a statement's row shows no gutter: a reader takes it for another print group
    try:
        table, locs, _ = reconstruct(observed, shown_line_numbers(f, cols), by_index=f.style.gutter_stacks_by_index,
                                     capture=screen.capture, column=column, trimmed=trimmed)
    except GutterError:
        return None
    return table, locs


def line_column(f: Function):
    """(line table, statements with `loc` set) a reader rebuilds from `f`'s line-number column (an IRCode without a
    gutter, each statement's row showing its outermost line where it changes); None for a `loc` that names no
    entry (the verifier's to report)."""
    try:
        shown = line_numbers(f)
    except LineTableError:
        return None
    return line_column_table(shown, f.stmts, range(len(f.stmts)))


def shown_line_numbers(f: Function, cols: Columns | None = None) -> list[str]:
    """The line number each positional statement's row shows left of its rail (or of a tool's column), '' where
    it shows none: the line-number column, when the print has one and a cost column does not stand in its place.
    `cols`: `f`'s columns, when the caller has them."""
    cols = function_columns(f) if cols is None else cols
    if cols.with_numbers and not (f.costs is not None and f.form is not Form.IRCODE):
        return [n.strip() for n in cols.numbers]
    return [""] * len(f.positional)
