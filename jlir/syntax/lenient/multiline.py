"""Prints Julia makes that jlir refuses, with the true reason: a value shown over several lines, or cut short.

Julia prints each statement on one line, but not each value: after inlining, a statement's `Const` type
can hold an object whose `show` writes line breaks (`ENV`, shown one `NAME=value` line per variable of the
process, as `get(ENV, …)` inlines it), and a string or regex constant holding a newline is printed raw
(`Base.VERSION_REGEX`, `r"^` … `$"ix`).  The lines that follow such a row are no rows.  jlir does not read
these prints (where the statement ends is not marked, and `ENV`'s lines differ from machine to machine):
the error says so, instead of naming a paste repair that did not happen.  Likewise a value `show` cut with
`…` under `:limit` (a long `Dict` in a `Const`) is not all in the print.
"""
from __future__ import annotations

import re

from jlir.syntax.errors import ParseError

__all__ = ["multiline_value"]

_ROW = re.compile(r"^\s*\d*\s*(?:\d+\s+[─┄]|[│└├])")
MULTILINE = ("a value Julia printed over several lines (its `show` holds line breaks: `ENV` in a `Const`, a string "
             "or regex with a newline), so the statement goes on in lines that are no rows; jlir does not read it")
ELIDED = ("a value Julia printed cut short with `…` (`show` under `:limit` elides a long collection): the value is "
          "not all in the print, so jlir does not read this statement")


_ENV_LINE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_ENV_OPEN = re.compile(r"Const\([A-Za-z_][A-Za-z0-9_]*=[^,()]*$")


def _open_regex(line: str) -> bool:
    """Whether `line` ends inside a regex literal (`r"^`): `show` of a `Regex` prints its pattern raw, line
    breaks included, where a `String`'s escapes them."""
    in_string, regex, k = False, False, 0
    while k < len(line):
        c = line[k]
        if in_string:
            if c == "\\":
                k += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string, regex = True, k > 0 and line[k - 1] == "r" and (k == 1 or not line[k - 2].isalnum())
        elif c == "'" and k + 2 < len(line) and (line[k + 2] == "'" or line[k + 1] == "\\"):
            k = line.index("'", k + 2) if "'" in line[k + 2:] else len(line)   # a char literal: `'"'`, `'\''`
        k += 1
    return in_string and regex


def _goes_on(row: str, nxt: str) -> bool:
    """Whether statement row `row` goes on in the next line `nxt` as a value's own line break: `ENV` shown in
    a `Const` (`Const(NAME=value` then `NAME=value` lines), or a regex literal left open."""
    return bool(_ENV_OPEN.search(row) and _ENV_LINE.match(nxt)) or _open_regex(row)


def multiline_value(text: str, e: ParseError) -> ParseError | None:
    """The true reason for `e` when the text holds a row whose value goes on over the next lines (located at
    the first such line, at or before the error), or a statement cut with `…`; None otherwise."""
    lines = text.split("\n")
    for k in range(min(e.line, len(lines)) - 1):
        if _ROW.match(lines[k]) and lines[k + 1].strip() and not _ROW.match(lines[k + 1]) \
                and _goes_on(lines[k], lines[k + 1]):
            return ParseError(MULTILINE, file=e.file, line=k + 2, column=1, text=lines[k + 1])
    if "unexpected ELISION" in e.message:
        return ParseError(ELIDED, file=e.file, line=e.line, column=e.column, text=e.text)
    return None
