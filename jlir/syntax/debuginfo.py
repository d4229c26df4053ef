"""Location lines of `debuginfo=:source` prints (`@ file:line within `f``): to be read into a line table."""
from __future__ import annotations


def read_locations(doc, lines_info, stmt_lines, stmts, positional_of, W):
    """Rebuild the line table from location lines; returns (linetable, statements with `loc` set)."""
    k = next(k for kind, k in lines_info if kind == "loc")
    raise doc.error("location lines (`debuginfo=:source`) are not supported yet", k)
