"""Reading what Cthulhu.jl prints around a view: the 2020–2021 warn view's header row and the menu under a view.

Cthulhu 1.x (2020–2021) printed its warn view as the header row of the call it descended into, then Base's
`@code_warntype` print (`Variables`, a blank line, `Body::T`, the statements; no `CodeInfo(`):

    │ ─ %-1  = invoke callf(::Vector{AbstractFloat})::Int64
    Variables
      #self#::Core.Const(callf, false)
    …

Above a view `ascend` opened, its caller tree (`Choose a call for analysis (q to quit):`, one line per frame,
`>` at the one chosen) and a blank line.  Under every view, after a blank line (none in some releases), its menu: `Select a call to descend into or ↩ to ascend. …`, the lines
of toggles (which ones changes from release to release), an optional blank line, then the call sites, the
selected one after ` • `, the others after three blanks, `↩` last.  The tree, the header row and the menu are
kept verbatim as the function's `Margin`; the IR between them is read as the print it is.
"""
from __future__ import annotations

import re

from jlir.ir.margin import Margin
from jlir.syntax.forms.warntype import read_warntype
from jlir.syntax.rows.context import Context

MENU_FIRST = "Select a call to descend into or ↩ to ascend."
ASCEND_FIRST = "Choose a call for analysis (q to quit):"
_HEADER_2021 = re.compile(r"│ ─ %-1 += .*::.+$")
_CALLSITE = re.compile(r"(?: • |   )\S")


def starts_warn_view_2021(lines: list[str], i: int) -> bool:
    return lines[i].startswith("│ ─ %-1") and i + 1 < len(lines) and (
        lines[i + 1] == "Variables" or lines[i + 1].startswith("Body::")) and _HEADER_2021.match(lines[i]) is not None


def read_warn_view_2021(ctx: Context, i: int):
    """The header row at line `i`, the warntype print under it and the menu after it; returns (Function, next)."""
    f, k = read_warntype(ctx, i + 1)
    after, k = menu_lines(ctx.lines, k)
    return f.replace(margin=Margin("Cthulhu", (), (ctx.lines[i],), after)), k


def with_menu(read):
    """A view reader that also takes the menu under the view into the function's margin."""
    def read_with_menu(ctx: Context, i: int):
        f, k = read(ctx, i)
        after, k = menu_lines(ctx.lines, k)
        if not after:
            return f, k
        margin = f.margin or Margin("Cthulhu")
        return f.replace(margin=Margin(margin.tool, margin.left, margin.before, margin.after + after, margin.under)), k
    return read_with_menu


def menu_lines(lines, k: int) -> tuple[tuple[str, ...], int]:
    """(the menu's lines with the blank line above it, if any, index after them) when one starts at line `k`."""
    blank = k < len(lines) and lines[k] == ""
    if not (k + blank < len(lines) and lines[k + blank].startswith(MENU_FIRST)):
        return (), k
    j = k + blank + 1
    while j < len(lines) and lines[j].strip() and not _CALLSITE.match(lines[j]):
        j += 1  # the toggles
    if j + 1 < len(lines) and lines[j] == "" and _CALLSITE.match(lines[j + 1]):
        j += 1
    while j < len(lines) and _CALLSITE.match(lines[j]):
        j += 1
    return tuple(lines[k:j]), j


def starts_ascended_view(lines: list[str], i: int) -> bool:
    if lines[i] != ASCEND_FIRST:
        return False
    j = _tree_end(lines, i)
    return j + 1 < len(lines) and lines[j] == "" and starts_warn_view_2021(lines, j + 1)


_MAX_TREE = 10_000  # lines of a caller tree looked through (resynchronising asks `starts` of every line)


def read_ascended_view(ctx: Context, i: int):
    """`ascend`'s caller tree at line `i`, a blank line, then the view it opened; returns (Function, next)."""
    j = _tree_end(ctx.lines, i)
    f, k = read_warn_view_2021(ctx, j + 1)
    margin = f.margin
    return f.replace(margin=Margin(margin.tool, margin.left, tuple(ctx.lines[i:j + 1]) + margin.before,
                                   margin.after)), k


def _tree_end(lines, i: int) -> int:
    """The index of the blank line after the caller tree that starts at line `i` (or the text's end)."""
    j, last = i + 1, min(len(lines), i + 1 + _MAX_TREE)
    while j < last and lines[j].strip():
        j += 1
    return j
