"""Julia's colours for a dump read plain: the escape codes a colour terminal would have received.

What Julia 1.5 colours (`Base.IRShow`, `InteractiveUtils.code_warntype`,
checked byte for byte against Julia 1.5.3's `--color=yes` output in
tests/syntax/document/test_color.py):

* the block rails of a CodeInfo (typed or lowered) and of `@code_warntype`'s
  body, `1 ─`, `│  `, `└──`, in grey (`printstyled(…; color=:light_black)`:
  `ESC[90m` … `ESC[39m`), up to the rail's width, not the blank after it;
* the `::T` of each typed statement in cyan (`ESC[36m` … `ESC[39m`), and in
  `@code_warntype` (its `Variables`/`Arguments`/`Locals` entries and `Body`
  too) a flagged type in bold red (`error_color()`) or bold yellow
  (`warn_color()`, a small `Union` with `Nothing`/`Missing`).  Which types are
  flagged is decided by the caller's `severity` (jlir.lattice.concrete
  knows; the printer does not import it);
* not the CodeInfo's `CodeInfo(` / `) => T` lines.

* an IRCode read off a terminal (its right-hand line-info gutter in the
  text, `Display.screen` with capture `screen`): each row drawn as Julia draws
  it, the grey gutter first at its column (`ESC[90m ESC[nG … ESC[1G ESC[39m`),
  then the grey line-number column and the statement, its `::T` in cyan.  An
  IRCode without the gutter in its text (a plain print, or a `stream` capture)
  gets no colour: the gutter is what Julia would add, and that is text, not
  colour.
"""
from __future__ import annotations

import re

from jlir.geometry import rails
from jlir.ir.color import DRAWN, Colors
from jlir.ir.function import Form, Function
from jlir.printer.gutter import GutterPainter
from jlir.ir.types import TypeHighlighted
from jlir.ir.nodes import PiNode
from jlir.printer.cthulhu import is_location_row
from jlir.printer.exprs import ExprPrinter

GREY = ("\x1b[90m", "\x1b[39m")
SGR = {None: ("\x1b[36m", "\x1b[39m"), "red": ("\x1b[91m\x1b[1m", "\x1b[22m\x1b[39m"),
       "yellow": ("\x1b[33m\x1b[1m", "\x1b[22m\x1b[39m")}
_RAIL = re.compile(r"(\d+ [─┄]+|│|└─+)")
_INDENT = re.compile(r"│*")
_USED = re.compile(r" %[0-9]+ +=")
YELLOW = ("\x1b[33m", "\x1b[39m")  # `DILineInfoPrinter`'s `linecolor = :yellow` (1.5 … 1.11 sources)
_LAST = re.compile(r"└─+")
_FIRST = re.compile(r"\d+ [─┄]+")
_COLORED_FORMS = (Form.TYPED, Form.LOWERED, Form.WARNTYPE)


def _flag_highlighted(t) -> str | None:
    return "red" if type(t) is TypeHighlighted else None


def julia_colors(item, text: str, severity=None) -> Colors | None:
    """The escape codes Julia would have written into `text` (the plain print of `item`) on a colour terminal;
    None when jlir does not know how Julia colours this display.  `severity(type) -> None | "red" | "yellow"`
    (for `@code_warntype`) defaults to red for an upper-cased (flagged) 1.5 type, cyan otherwise."""
    if isinstance(item, Function) and item.form is Form.IRCODE and item.screen is not None:
        return _ircode_colors(item, text)
    if not isinstance(item, Function) or item.form not in _COLORED_FORMS or item.envelope == "cthulhu":
        return None  # a Cthulhu view: its own header and colours, of which no coloured sample was found
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
        if is_location_row(line):  # `:source` location lines: yellow after the prefix (`│ ` grey)
            if line.startswith("│"):
                marks += [(k, 0, GREY[0]), (k, 2, GREY[1])]
            marks += [(k, width, YELLOW[0]), (k, len(line), YELLOW[1])]
            continue
        if not _RAIL.match(line):
            continue
        marks += [(k, 0, GREY[0]), (k, width, GREY[1])]
        indent = _INDENT.match(line, width).end()  # the inline indent `│…` after the rail: yellow
        if indent > width:
            marks += [(k, width, YELLOW[0]), (k, indent, YELLOW[1])]
        stmt = next(stmts, None)
        if stmt is not None:
            _statement_marks(k, line, indent, stmt, printer, severity if warntype else None, marks)
    return Colors(tuple(marks), tuple(sorted({(k, lines[k]) for k, _c, _s in marks})))


def _statement_marks(k: int, line: str, indent: int, stmt, printer: ExprPrinter, severity, marks: list) -> None:
    """A statement line's `::T`: cyan if its value is used (`%N = ` printed), grey if not
    (`default_expr_type_printer`); in `@code_warntype` (`severity` given) by severity.  A `π`'s type: cyan."""
    if type(stmt.node) is PiNode:
        t = printer.type(stmt.node.typ)
        if line.endswith(", " + t + ")"):
            marks += [(k, len(line) - len(t) - 1, SGR[None][0]), (k, len(line) - 1, SGR[None][1])]
        return
    if stmt.type is None:
        return
    suffix = "::" + printer.type(stmt.type)
    if not line.endswith(suffix):
        return
    if severity is not None:
        on, off = SGR[severity(stmt.type)]
    else:
        on, off = SGR[None] if _USED.match(line, indent) else GREY
    marks += [(k, len(line) - len(suffix), on), (k, len(line), off)]


def _rail_width(lines: list[str]) -> int:
    last = [len(m.group()) for m in map(_LAST.match, lines) if m]
    if last:
        return max(last)
    return max((len(m.group()) for m in map(_FIRST.match, lines) if m), default=1)


def _header_marks(item: Function, k: int, line: str, printer: ExprPrinter, severity, marks: list) -> None:
    """`Body::T` and the section entries of `@code_warntype`: `  name::T` coloured by severity; 1.7+'s
    `Static Parameters` (`print_warntype_mi`): a bound value `  T = v` cyan, a bound `  T <: ub` / `  T >: lb`
    and a Vararg's `  N::Int` in the warn colour, not bold (`printstyled(io, v; color)`), read off the source."""
    header = item.header
    if header is None:
        return
    if line.startswith("Body::"):
        t, at = header.body_type, line.index("::")
    elif line.startswith("  "):
        entry = _entry_of(header, line)
        if entry is None:
            return
        title, name, sep, t = entry
        at = 2 + len(name)
        if title == "Static Parameters":
            start = at + len(sep)
            on, off = SGR[None] if sep == " = " else YELLOW
            marks += [(k, start, on), (k, len(line), off)]
            return
        if sep != "::":
            return
    else:
        return
    on, off = SGR[severity(t) if t is not None else None]
    marks += [(k, at, on), (k, len(line), off)]


def _entry_of(header, line: str):
    """(section title, name, separator, type) of the section entry printed as `line`, or None."""
    for title, entries in header.sections:
        for name, sep, t in entries:
            if line.startswith("  " + name + sep) and t is not None:
                return title, name, sep, t
    return None


def _ircode_colors(item: Function, text: str) -> Colors | None:
    """Each row of a terminal-captured IRCode as Julia drew it (see the module docstring), or None when the
    capture does not keep what was drawn (a stream capture, trimmed rows)."""
    screen = item.screen
    if screen.capture != "screen" or screen.trimmed:
        return None
    painter = GutterPainter(item)
    rows = text.split("\n")
    number = min((len(r) - len(r.lstrip(" ")) for r in rows if r.lstrip(" ")[:1] in ("│", "└")), default=None)
    if number is None or painter.column <= number:
        return None
    printer = ExprPrinter(item.style, ircode=True)
    grey_rails, rail = item.style.ircode_rails_grey, rails.rail_width(len(item.blocks)) + 2
    positional = [s for s in item.stmts if s.new_id is None]
    marks, n = [], 0
    for k, row in enumerate(rows):
        is_stmt = _RAIL.match(row[number:]) is not None
        n += is_stmt
        idx = n if is_stmt else 0
        line = _drawn_line(painter, row, idx)
        if line is None:
            return None
        body = line[number:]
        stmt = positional[idx - 1] if is_stmt and idx <= len(positional) else None
        if stmt is not None and stmt.type is not None and body.endswith("::" + printer.type(stmt.type)):
            cut = len(body) - len(printer.type(stmt.type)) - 2
            body = body[:cut] + SGR[None][0] + body[cut:] + SGR[None][1]
        if grey_rails and is_stmt:  # 1.6+: the rail (`1 ─`, `│  `, `└──`: W + 2 columns) grey too
            body = GREY[0] + body[:rail] + GREY[1] + body[rail:]
        drawn = (f"{GREY[0]}\x1b[{painter.column + 1}G{painter.gutter(idx)}\x1b[1G{GREY[1]}"
                 f"{GREY[0]}{line[:number]}{GREY[1]}{body}")
        marks.append((k, DRAWN, drawn))
    return Colors(tuple(marks))


def _drawn_line(painter: GutterPainter, row: str, idx: int) -> str | None:
    """The line Julia wrote over the gutter of row `row` (what `painter.paint(line, idx)` turned into `row`)."""
    for end in range(len(row) + 1):  # the shortest: a longer one is the line with the gutter's text in it
        line = row[:end]
        if painter.paint(line, idx) == row and not line.endswith(" "):
            return line
    return None
