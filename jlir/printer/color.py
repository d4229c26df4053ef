"""Julia's colours for a dump read plain: the escape codes a colour terminal would have received.

What Julia 1.5 colours (`Base.IRShow`, `InteractiveUtils.code_warntype`,
checked byte for byte against Julia 1.5.3's `--color=yes` output in
tests/test_color.py):

* the block rails of a CodeInfo (typed or lowered) and of `@code_warntype`'s
  body, `1 ─`, `│  `, `└──`, in grey (`printstyled(…; color=:light_black)`:
  `ESC[90m` … `ESC[39m`), up to the rail's width, not the blank after it;
* the `::T` of each typed statement in cyan (`ESC[36m` … `ESC[39m`), and in
  `@code_warntype` (its `Variables`/`Arguments`/`Locals` entries and `Body`
  too) a flagged type in bold red (`error_color()`) or bold yellow
  (`warn_color()`, a small `Union` with `Nothing`/`Missing`).  Which types are
  flagged is decided by the caller's `severity` (jlir.analysis.concrete
  knows; the printer does not import it);
* not the CodeInfo's `CodeInfo(` / `) => T` lines.

IRCode's right-hand line-info gutter (`ESC[nG` cursor moves) is not drawn
here: a coloured IRCode read from text keeps its escapes (`jlir.ir.color`).
"""
from __future__ import annotations

import re

from jlir.ir.color import Colors
from jlir.ir.function import Form, Function
from jlir.ir.types import TypeHighlighted
from jlir.printer.exprs import ExprPrinter

GREY = ("\x1b[90m", "\x1b[39m")
SGR = {None: ("\x1b[36m", "\x1b[39m"), "red": ("\x1b[91m\x1b[1m", "\x1b[22m\x1b[39m"),
       "yellow": ("\x1b[33m\x1b[1m", "\x1b[22m\x1b[39m")}
_RAIL = re.compile(r"(\d+ [─┄]+|│|└─+)")
_LAST = re.compile(r"└─+")
_FIRST = re.compile(r"\d+ [─┄]+")
_COLORED_FORMS = (Form.TYPED, Form.LOWERED, Form.WARNTYPE)


def _flag_highlighted(t) -> str | None:
    return "red" if type(t) is TypeHighlighted else None


def julia_colors(item, text: str, severity=None) -> Colors | None:
    """The escape codes Julia would have written into `text` (the plain print of `item`) on a colour terminal;
    None when jlir does not know how Julia colours this display.  `severity(type) -> None | "red" | "yellow"`
    (for `@code_warntype`) defaults to red for an upper-cased (flagged) 1.5 type, cyan otherwise."""
    if not isinstance(item, Function) or item.form not in _COLORED_FORMS:
        return None
    severity = severity or _flag_highlighted
    warntype = item.form is Form.WARNTYPE
    printer = ExprPrinter(item.style)
    lines = text.split("\n")
    width = _rail_width(lines)
    marks: list[tuple[int, int, str]] = []
    stmts = iter(item.stmts)
    in_body = not warntype
    for k, line in enumerate(lines):
        if warntype and not in_body:
            in_body = line.startswith("Body::")
            _header_marks(item, k, line, printer, severity, marks)
            continue
        if not _RAIL.match(line):
            continue
        marks.append((k, 0, GREY[0]))
        marks.append((k, width, GREY[1]))
        stmt = next(stmts, None)
        if stmt is None or stmt.type is None:
            continue
        suffix = "::" + printer.type(stmt.type)
        if line.endswith(suffix):
            on, off = SGR[severity(stmt.type) if warntype else None]
            marks.append((k, len(line) - len(suffix), on))
            marks.append((k, len(line), off))
    return Colors(tuple(marks))


def _rail_width(lines: list[str]) -> int:
    last = [len(m.group()) for m in map(_LAST.match, lines) if m]
    if last:
        return max(last)
    return max((len(m.group()) for m in map(_FIRST.match, lines) if m), default=1)


def _header_marks(item: Function, k: int, line: str, printer: ExprPrinter, severity, marks: list) -> None:
    """`Body::T` and the section entries `  name::T` of `@code_warntype`: the `::T` coloured by severity."""
    header = item.header
    if header is None:
        return
    if line.startswith("Body::"):
        t = header.body_type
    elif line.startswith("  ") and "::" in line:
        name = line[2:line.index("::")]
        t = next((typ for _title, entries in header.sections for n, sep, typ in entries
                  if n == name and sep == "::"), None)
    else:
        return
    at = line.index("::")
    on, off = SGR[severity(t) if t is not None else None]
    marks.append((k, at, on))
    marks.append((k, len(line), off))
