"""The line table a line-number column shows: what the reader rebuilds from it, and the printer's side knows.

A line-number column (1.5's `show_ir`, 1.6+'s IRCode) prints, per print group, the outermost line of its statement
where it changes; files, methods and inlined frames are not shown.  So the reader rebuilds a table of one entry per
line number shown (file and method empty), and a transform whose output prints such a column keeps that table,
which reads back as itself (`jlir.edit.shown`).  Pending nodes take the line of the statement they are placed at,
as Julia's `insert_node!` does.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir.function import LineInfo, Statement


def line_column_table(linenos: list[str], stmts, positional_of):
    """The line table a line-number column shows (one entry per line number), and the statements with `loc` set.

    `linenos` is the column's text on each statement's row ('' where blank), `positional_of` each statement's
    positional number (None for a pending node)."""
    table: dict[int, int] = {}
    linetable = []
    out = list(stmts)
    current = 0
    group_lineno = ""
    for i, (lineno, st, pos) in enumerate(zip(linenos, stmts, positional_of)):
        if pos is None:  # a pending node shows the line of the statement it precedes
            group_lineno = group_lineno or lineno
            continue
        text = group_lineno or lineno
        group_lineno = ""
        if text:
            n = int(text)
            if n not in table:
                linetable.append(LineInfo("", n, ""))
                table[n] = len(linetable)
            current = table[n]
        out[i] = Statement(st.node, st.type, current, st.label, st.new_id)
    return tuple(linetable), _pending_lines(out, positional_of)


def _pending_lines(stmts: list, positional_of) -> list:
    """Pending nodes given the line of the statement they are placed at: `insert_node!` takes its line from
    `ir.lines[pos]`, and `compact!` prints it on the node (the uncompacted print shows that statement's line only)."""
    out, anchor = list(stmts), None
    for i in range(len(out) - 1, -1, -1):  # backwards: a node placed before a statement takes the next one's line
        st = out[i]
        if positional_of[i] is not None:
            anchor = st.loc
        elif st.attach_after:
            continue
        elif anchor is not None:
            out[i] = replace(st, loc=anchor)
    anchor = None
    for i, st in enumerate(out):  # a node attached after a statement takes that statement's line
        if positional_of[i] is not None:
            anchor = st.loc
        elif st.attach_after and anchor is not None:
            out[i] = replace(st, loc=anchor)
    return out
