"""What an edit leaves in a function that its display cannot print, taken out, so that the result reads back as itself.

A model read from text holds only what the text shows, and the reader's rule is that what `format` prints reads
back as the same model.  An edit works on the IR and can leave the display holding what it no longer prints:

* line-table entries no statement uses any more: a print shows only the locations its statements have, so the
  reader rebuilds the table from those, in the order they are first printed (outer frames first), and every
  index after a dropped entry would shift.  The table is renumbered that way (`lines_shown`);
* a line table the display has no place for: an IRCode's line column (entries with a line but no file or method)
  under a CodeInfo display, which prints locations only as `debuginfo=:source` lines (file and method) or, in 1.0,
  its own line column.  `out-of-ssa` of an IRCode with line numbers makes one; the locations go (a CodeInfo of
  Julia's shows none either without `debuginfo=:source`);
* an IRCode without a gutter shows only the outermost line of each statement, where it changes: its table is the
  one the reader rebuilds from that column (`_line_column`);
* a right-hand gutter that would name a frame whose method the table does not know (a table rebuilt from a
  gutter names only the frames that gutter named): it goes, and an IRCode prints its line column (`gutter_shown`);
  a 1.0 `@code_warntype` has no print without its gutter, so the edit is refused (EditError);
* a plain IRCode's trimmed tail where the display that made it say nothing is gone (`tail_shown`);
* under a right-hand gutter, a line table other than the one the reader rebuilds from that gutter (several
  reprint it): the reader's is taken (`gutter_table_shown`);
* the type of a value nothing uses any more in a display that prints types on used values only
  (`@code_warntype`, 0.7-DEV's IRCode): it is not printed, so it cannot be read back (`types_shown`).

Nothing here changes what the IR does: the interpreter and the analyses read neither locations nor the types of
values nothing uses.  Julia's own passes keep the whole line table (their IRCode is never printed and re-read).
Nothing here reads text either: what a reader would rebuild from a print is computed from the model on the
printer's side (`jlir.printer.linetables`).
"""
from __future__ import annotations

from dataclasses import replace

from jlir.edit.base import EditError
from jlir.geometry.lineinfo import Annotator
from jlir.ir.function import Form, Function, LineInfo
from jlir.ir.walk import scanned_uses
from jlir.printer.debuginfo import location_printing
from jlir.printer.forms import format_item
from jlir.printer.linetables import gutter_table, line_column


def as_shown(fn: Function) -> Function:
    """`fn` holding only what its print shows (see the module docstring); `fn` itself where that is all it holds."""
    return gutter_table_shown(tail_shown(types_shown(lines_shown(gutter_shown(fn)))))


def gutter_table_shown(fn: Function) -> Function:
    """Under a right-hand gutter, the line table a reader rebuilds from it.  Several tables reprint one gutter
    (a frame named once or twice, `jlir.geometry.linetable_search`); once a pass has moved statements the
    model's may be another than the one a reader finds, though both print the same text: the reader's is
    taken (`jlir.printer.linetables.gutter_table` finds it from the model), so the output reads back as itself.
    A pending node's row shows no gutter of its own: a reader gives it no location."""
    found = gutter_table(fn)
    if found is None or found[0] == fn.linetable:
        return fn
    table, locs = found
    positional = iter(locs)
    stmts = tuple(_located(s, 0 if s.new_id is not None else next(positional)) for s in fn.stmts)
    rebuilt = fn.replace(stmts=stmts, linetable=table)
    return rebuilt if format_item(rebuilt) == format_item(fn) else fn


def _located(s, loc: int):
    return s if s.loc == loc else replace(s, loc=loc)


def tail_shown(fn: Function) -> Function:
    """A plain IRCode (no column of a tool's; a gutter or not) is read as 1.7 or later where it ends with the blank tail
    line 1.7+ prints, as 1.6 or earlier where it does not (not as a later one whose tail was trimmed).  A pass that
    drops the column (`code_escapes`') or the gutter under which the tail said nothing leaves a range the text no
    longer holds: it is narrowed to the versions the text shows.  The same text prints."""
    style = fn.style
    if fn.form is not Form.IRCODE and fn.tail_dropped and fn.costs is None and not fn.envelope:
        return fn.replace(tail_dropped=False)  # a CodeInfo has no tail: the cost display's column has gone
    if fn.form is not Form.IRCODE or style.dev_0_7 or not style.lo <= (1, 6) < style.hi:
        return fn
    if fn.costs is not None or fn.escapes is not None or fn.envelope or fn.margin:
        return fn
    if fn.tail_dropped:
        return fn.replace(tail_dropped=False, style=style.narrowed(hi=(1, 6)))
    return fn.replace(style=style.narrowed(lo=(1, 7)))


def gutter_shown(fn: Function) -> Function:
    """`fn` without its right-hand gutter where the gutter would name a frame whose method the table does not know.

    The table behind a gutter read from text is rebuilt to reprint that gutter (`jlir.geometry.linetable_search`):
    a frame the gutter never named has the method `""`.  Once statements are gone or moved, the gutter may name
    such a frame on another line, which Julia would print with its method and no table can reprint with none: the
    function then prints without the gutter (an IRCode keeps its line-number column).  A terminal copy's trimmed
    blanks show only on a row with a blank gutter: where none is left, the copy reads as untrimmed."""
    if fn.screen is None:
        return fn
    table = fn.linetable
    ann = Annotator.for_table(table, by_index=fn.style.gutter_stacks_by_index)
    state = ann.start
    for s in fn.positional:
        stack = _stack(table, s.loc)
        if stack is None:
            return fn
        _, state, named = ann.step(state, stack)
        if named and not table[named - 1].method:
            if fn.form is Form.WARNTYPE:
                # 1.0's `@code_warntype` always draws its gutter: printed without one, the text is an IRCode after
                # a `Body::T` line, and would read back as that
                raise EditError("the result's @code_warntype gutter would name a frame whose method the print never "
                                "showed, and a 1.0 @code_warntype prints no body without its gutter")
            return fn.replace(screen=None)
    if fn.screen.trimmed:  # the reader sees a trim only on a row whose gutter was blank: none may be left
        untrimmed = fn.replace(screen=replace(fn.screen, trimmed=False))
        if format_item(untrimmed) == format_item(fn):
            return untrimmed
    return fn


def _stack(table, loc: int) -> tuple[int, ...] | None:
    """The inlining stack of entry `loc`, outermost first; None where an entry is missing or the chain loops."""
    out: list[int] = []
    while loc:
        if not 0 < loc <= len(table) or len(out) > len(table):
            return None
        out.append(loc)
        loc = table[loc - 1].inlined_at
    return tuple(reversed(out))


def lines_shown(fn: Function) -> Function:
    """`fn` with a line table its display can print, renumbered in the order the print shows its entries."""
    table = fn.linetable
    if not table:
        return fn
    if not _prints_lines(fn):
        return fn.replace(stmts=tuple(replace(s, loc=0) if s.loc else s for s in fn.stmts), linetable=())
    if fn.form is Form.IRCODE and fn.screen is None and all(s.new_id is None for s in fn.stmts):
        return _line_column(fn)
    order = _first_printed(table, fn.stmts)
    if order is None or (len(order) == len(table) and all(old == new for new, old in enumerate(order, 1))):
        return fn
    new_of = {old: new for new, old in enumerate(order, 1)}
    entries = tuple(replace(e, inlined_at=new_of[e.inlined_at]) if e.inlined_at else e
                    for e in (table[old - 1] for old in order))
    stmts = tuple(replace(s, loc=new_of[s.loc]) if s.loc else s for s in fn.stmts)
    return fn.replace(stmts=stmts, linetable=entries)


def _line_column(fn: Function) -> Function:
    """An IRCode without a gutter shows its outermost line per statement where it changes: the table is the one
    a reader rebuilds from that column (`jlir.printer.linetables.line_column`: one entry per line shown, a
    statement without one keeps the line before it)."""
    found = line_column(fn)
    if found is None:
        return fn  # a `loc` that names no entry: the verifier's to report
    table, stmts = found
    if table == fn.linetable and all(a.loc == b.loc for a, b in zip(stmts, fn.stmts)):
        return fn
    return fn.replace(stmts=tuple(b if a.loc == b.loc else replace(b, loc=a.loc) for a, b in zip(stmts, fn.stmts)),
                      linetable=table)


def _prints_lines(fn: Function) -> bool:
    """Whether some column or line of `fn`'s print shows its line table."""
    return (fn.form is Form.IRCODE or fn.screen is not None or location_printing(fn)
            or fn.style.codeinfo_line_column)


def _first_printed(table: tuple[LineInfo, ...], stmts) -> list[int] | None:
    """The entries' indices (1-based) in the order a print shows them first: statement by statement, each
    statement's inlining stack from the outermost frame in.  None for a `loc` or `inlined_at` that names no
    entry, or a chain that loops (the verifier's to report; left as it is)."""
    seen: dict[int, None] = {}
    n = len(table)
    for s in stmts:
        stack, loc = [], s.loc
        while loc and loc not in seen:
            if not 0 < loc <= n or len(stack) > n:
                return None
            stack.append(loc)
            loc = table[loc - 1].inlined_at
        for idx in reversed(stack):
            seen[idx] = None
    return list(seen)


def types_shown(fn: Function) -> Function:
    """`fn` without the types of values nothing uses, in a display that prints types on used values only."""
    if not (fn.form is Form.WARNTYPE or fn.style.types_used_only):
        return fn
    if any(s.new_id is not None for s in fn.stmts):
        return fn  # the printer's used-only rule numbers positional statements; a pending node is left as it is
    used: set[int] = set()
    for s in fn.stmts:
        used.update(scanned_uses(s.node))
    if all(s.type is None or i in used for i, s in enumerate(fn.stmts, 1)):
        return fn
    return fn.replace(stmts=tuple(s if s.type is None or i in used else replace(s, type=None)
                                  for i, s in enumerate(fn.stmts, 1)))
