"""Prints Julia makes that jlir refuses, with the true reason: a value shown over several lines that jlir
cannot end, or one cut short.

Julia prints each statement on one line, but not each value: after inlining, a statement's `Const` type can
hold an object whose `show` writes line breaks (`ENV`, one `NAME=value` line per variable of the process, as
`get(ENV, …)` inlines it; a regex constant, its pattern printed raw: `Base.VERSION_REGEX`, `r"^` … `$"ix`).
The reader reads these where their end is marked (`jlir.syntax.rows.multiline`: the regex's closing quote,
`ENV`'s `, false)` after its last variable).  What it still cannot end (an `ENV` variable whose value holds a
line break, a regex whose pattern holds a line like a row) is refused with the reason, instead of naming a
paste repair that did not happen.  Likewise a value `show` cut with `…` under `:limit` (a long `Dict` in a
`Const`) is not all in the print.
"""
from __future__ import annotations

from jlir.syntax.errors import ParseError
from jlir.syntax.rows.multiline import is_row, is_variable_line, opens_value, value_end
from jlir.syntax.rows.text import open_const

__all__ = ["multiline_value"]

MULTILINE = ("a value Julia printed over several lines (its `show` holds line breaks: `ENV` in a `Const`, a regex "
             "with a newline, Markdown text), so the statement goes on in lines that are no rows, and where it ends "
             "is not marked as jlir reads it (an `ENV` variable's value holding a line break, a regex left open, a "
             "`Const` whose lines up to the next row do not close it); jlir does not read it")
ELIDED = ("a value Julia printed cut short with `…` (`show` under `:limit` elides a long collection): the value is "
          "not all in the print, so jlir does not read this statement")



def _goes_on(row: str, nxt: str) -> bool:
    """Whether statement row `row` goes on in the next line `nxt` as a value's own line break: `ENV` shown in
    a `Const` (`Const(NAME=value` then `NAME=value` lines), a regex literal left open, or any `Const(` left open
    (its outermost open bracket: a `Markdown.MD` help text shown as its source)."""
    kind = opens_value(row)
    return kind == "regex" or kind == "env" and is_variable_line(nxt) or open_const(row) >= 0


def multiline_value(text: str, e: ParseError) -> ParseError | None:
    """The true reason for `e` when the text holds a row whose value goes on over the next lines (located at
    the first such line, at or before the error), or a statement cut with `…`; None otherwise."""
    lines = text.split("\n")
    k, last = 0, min(e.line, len(lines)) - 1
    while k < last:
        if is_row(lines[k]) and lines[k + 1].strip() and not is_row(lines[k + 1]):
            end = value_end(lines, k, len(lines))
            if end > k:    # a value the reader reads: its lines are the statement's
                k = end + 1
                continue
            if _goes_on(lines[k], lines[k + 1]):
                return ParseError(MULTILINE, file=e.file, line=k + 2, column=1, text=lines[k + 1])
        k += 1
    if "unexpected ELISION" in e.message:
        return ParseError(ELIDED, file=e.file, line=e.line, column=e.column, text=e.text)
    return None
