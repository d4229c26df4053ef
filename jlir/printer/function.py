"""Printing a function: every column computed from the model, the way Julia's IR printer does.

The block rail (`N ─`, `┄` for merge blocks, `│`, `└──`, widths from the block
count), the SSA column (padded to the largest *used* id), the line-number
column, 1.12's call labels and the `::T` suffix all follow from the model and
the style; the original text is never consulted.
"""
from __future__ import annotations

import sys
from itertools import islice
from typing import NamedTuple

from jlir.geometry import rails
from jlir.ir.cfg import predecessor_counts
from jlir.ir.excerpt import is_excerpt
from jlir.ir.function import Form, Function
from jlir.ir.nodes import Elided, PhiNode
from jlir.printer.debuginfo import location_layout, location_printing, stack_of
from jlir.printer.exprs import ExprPrinter
from jlir.printer.gutter import GutterPainter, gutter_painter

_TYPED_FORMS = (Form.TYPED, Form.IRCODE, Form.WARNTYPE)
LONG_LINE = 1 << 16  # characters of a statement's text from which `_plain_lines` leaves its line in pieces


def _groups(f: Function):
    """Print groups as Julia forms them: (positional index, lines) where each line is (statement, final).

    Pending nodes print before the statement they precede (never `final`, so
    never `└──`); pending nodes after the last statement attach after it.
    """
    groups, before, pos = [], [], 0
    for s in f.stmts:
        if s.new_id is not None and s.attach_after and groups and not before:
            # printed after its statement, which is then not `final`; each attached node is (Julia's show_ir_stmt)
            lines = groups[-1][1]
            if lines[-1][0].new_id is None:
                lines[-1] = (lines[-1][0], False)
            lines.append((s, True))
            continue
        if s.new_id is not None:
            before.append(s)
            continue
        pos += 1
        groups.append((pos, [(p, False) for p in before] + [(s, True)]))
        before = []
    if before:
        if groups:
            idx, lines = groups[-1]
            lines[-1] = (lines[-1][0], False)
            lines.extend((p, True) for p in before)
        else:
            groups.append((0, [(p, True) for p in before]))
    return groups


def line_numbers(f: Function) -> list[str]:
    """The line-number column per positional statement: the outermost line when it changes, else blank."""
    out, last = [], 0
    table = f.linetable
    for s in f.positional:
        # the outermost frame's line (stack_of stops on a missing entry or a looping `inlined_at` chain)
        line = stack_of(table, s.loc)[0].line if s.loc else 0
        out.append(str(line) if line and line != last else "")
        if line:
            last = line
    return out


def cost_column(costs) -> list[str]:
    """`print_statement_costs`' column: each cost right-aligned in `ndigits(maxcost) + 1`, then a space."""
    nd = len(str(max(costs, default=0)))
    return [str(c).rjust(nd + 1) + " " for c in costs]


def escapes_with_line_info(f: Function) -> bool:
    """Whether a `code_escapes` display was printed with `debuginfo=:source`: line numbers (and, with color,
    the right-hand gutter) around its escape column; the text shows it by a line table or a gutter."""
    return bool(f.linetable) or f.screen is not None


class Rails(NamedTuple):
    """The rail texts of one function: each block's first line by its positional statement, `mid` inside a
    block, `last` on a block's last line (`lasts`: those statements).  (Named tuples, not frozen dataclasses:
    one of each per printed function, and a tuple is built several times faster.)"""
    start: dict
    lasts: frozenset
    mid: str
    last: str


class Columns(NamedTuple):
    """What stands left of the rail: the line-number (or cost) column padded to `width`, a tool's column
    (`code_escapes`), location lines and the inline indent after the rail (`debuginfo=:source`), the gutter."""
    with_numbers: bool
    numbers: list
    width: int
    tool: list | None
    loc_before: dict
    indents: dict
    loc_close: list
    painter: GutterPainter | None


def function_rails(f: Function, ep: ExprPrinter) -> Rails:
    """The rails of `f`: widths from its block count, `┄` on blocks with several predecessors."""
    blocks = f.blocks
    W = rails.rail_width(len(blocks))
    branch_edges = f.form is Form.IRCODE or f.style.codeinfo_branch_edges
    preds = predecessor_counts(f, branch_edges=branch_edges)
    if is_excerpt(f):  # the branches into a block may be elided: its φ's edges still name its predecessors
        preds = _phi_predecessors(f, preds)
    start = {b.first: ep.start_rail(i, W, preds[i - 1] > 1) for i, b in enumerate(blocks, 1)}
    return Rails(start, frozenset(b.last for b in blocks), rails.mid_rail(W), rails.end_rail(W))


def ircode_line_column(f: Function) -> bool:
    """Whether an IRCode print has the line-number column: every printer but 0.7-DEV's first (the one with the
    `Code` title line; the column and the title's removal came together, before 0.7.0)."""
    return f.form is Form.IRCODE and not (f.style.dev_0_7 and f.title == "Code")


def prints_plain(f: Function) -> bool:
    """Whether `f` prints nothing left of its rail (no line-number, cost or tool column, location lines or gutter):
    decided without building the columns (the common print)."""
    if ircode_line_column(f) or f.style.codeinfo_line_column or f.costs is not None or f.escapes is not None:
        return False
    return f.screen is None and not location_printing(f)


def function_columns(f: Function, painter=None) -> Columns:
    """The columns left of `f`'s rail, as its display prints them (see `Columns`); `painter` stands in for the
    gutter's painter when given."""
    with_column = ircode_line_column(f) or (f.style.codeinfo_line_column and f.form is not Form.IRCODE)
    numbers = line_numbers(f) if with_column else []
    width = (max(map(len, numbers), default=0) + 1) if with_column else 0
    tool = None
    if f.costs is not None and f.form is Form.IRCODE:  # Cthulhu's 2021 view: line numbers, then the costs
        tool = cost_column(f.costs)
    elif f.costs is not None:  # print_statement_costs: the cost column takes the place of line numbers
        numbers, with_column = cost_column(f.costs), True
        width = len(numbers[0]) if numbers else 0
    if f.escapes is not None:  # code_escapes: `rpad(symbol, 2), " "`, after the line numbers if it shows them
        tool = [e.ljust(2) + " " for e in f.escapes]
        if not escapes_with_line_info(f):
            numbers, with_column, width = [], False, 0
    # debuginfo=:source CodeInfo: location lines between statements, inline indent after the rail
    located = f.form is not Form.IRCODE and not with_column and location_printing(f)
    loc_before, indents, loc_close = location_layout(f, rails.rail_width(len(f.blocks))) if located else ({}, {}, [])
    return Columns(with_column, numbers, width, tool, loc_before, indents, loc_close,
                   gutter_painter(f) if painter is None else painter)


def body_lines(f: Function, ep: ExprPrinter) -> list[str]:
    """The statement lines of `f` (and its IRCode tail line), without the form's wrapper."""
    return _body(f, ep, None)


def body_positions(f: Function, ep: ExprPrinter) -> tuple[list[str], dict[int, tuple[int, int]]]:
    """`body_lines` and where each statement stands in them: SSA number (positional statements by position,
    pending nodes by their own number) → (0-based line, 0-based column where its text starts)."""
    where: dict[int, tuple[int, int]] = {}
    return _body(f, ep, where), where


def body_parts(f: Function, ep: ExprPrinter, size: int = 64) -> list[str]:
    """The text of `body_lines` as parts to concatenate (`\n` between lines, none after the last).  The common print
    makes its lines as groups of `size` take them and joins each group, so a huge function's lines are never all held
    at once (a string each; memory on huge inputs); a long statement's line, which `_plain_lines` leaves as the tuple of
    its pieces, goes in as those pieces."""
    lines = iter(_body(f, ep, None, lazy=True))
    parts: list[str] = []
    while group := list(islice(lines, size)):
        try:
            parts += ("\n".join(group), "\n")
        except TypeError:  # a long statement's line among them
            for line in group:
                parts += (*line, "\n") if type(line) is tuple else (line, "\n")
    if parts:
        parts.pop()
    return parts


def gutter_rows(f: Function, ep: ExprPrinter) -> list[tuple[str, int]]:
    """Each row of `f`'s body as it is handed to the gutter painter: (the row's text, the positional statement
    whose gutter it shows; 0: a blank gutter).  What a reader of the print sees of the gutter follows from these
    and the painter (`jlir.printer.linetables`)."""
    rows: list[tuple[str, int]] = []
    _body(f, ep, None, painter=_RowRecorder(rows))
    return rows


class _RowRecorder:
    """A stand-in for `GutterPainter` that keeps each row it is handed, unpainted."""
    __slots__ = ("rows",)

    def __init__(self, rows: list):
        self.rows = rows

    def paint(self, line: str, idx: int) -> str:
        self.rows.append((line, idx))
        return line

    def offset(self, idx: int) -> int:
        return 0


def _body(f: Function, ep: ExprPrinter, where: dict | None, lazy: bool = False, painter=None) -> list[str]:
    show_types = f.form in _TYPED_FORMS
    # two passes: the uses first (they fix the SSA column's width), then each line's text as it is printed, so
    # the texts of all statements are never held at once besides the lines (memory on huge inputs)
    used = ep.used_ids(f.stmts, show_types)
    memo, line = ep.line_memo, ep.statement_line  # (the memo read inline: the hot path)
    entries = (hit if (hit := memo.get(id(s) * 2 + show_types)) is not None and hit[0] is s else line(s, show_types)
               for s in f.stmts)
    defined = set(range(1, len(f.stmts) + 1)).union(s.new_id for s in f.stmts if s.new_id is not None)
    # Julia's width is the largest used id's; where no used id has a statement to print `%N = ` on (only
    # references past the end), nothing shows that width, so it reads back as 0: print it as 0 too.
    L = rails.ssa_width(used) if used & defined else 0
    r = function_rails(f, ep)
    warntype = f.form is Form.WARNTYPE or f.style.types_used_only  # `::T` on used values only
    pending = not all(s.new_id is None for s in f.stmts)
    excerpt = is_excerpt(f)
    if excerpt:
        where = {} if where is None else where
    if not pending and prints_plain(f):
        lines = _plain_lines(entries, len(f.stmts), r, used, L, warntype, ep, where, lazy and not excerpt)
        if excerpt:
            return _markers(f, list(lines), where)
        return lines if lazy else list(lines)
    cols = function_columns(f, painter)
    if not pending:  # no pending nodes: one line per statement, each final
        rows = ((idx, 0, e, True) for idx, e in enumerate(entries, 1))
    else:
        rows = [(idx, j, ep.statement_line(s, show_types), final)
                for idx, group in _groups(f) for j, (s, final) in enumerate(group)]
    lines = _row_lines(rows, r, cols, used, L, warntype, ep, where)
    if excerpt:
        lines = _markers(f, lines, where)
    if f.form is Form.IRCODE and f.style.ircode_blank_tail and not f.tail_dropped and cols.with_numbers:
        tail = " " * cols.width
        lines.append(cols.painter.paint(tail, 0) if cols.painter else tail)
    return lines


def _plain_lines(entries, n: int, r: Rails, used, L: int, warntype: bool, ep: ExprPrinter, where, pieces: bool):
    """The common print: one line per statement (`n`: `entries` gives each one's `statement_line`), its rail, SSA
    column and text (one generator, made as they are taken: the hot path).  `pieces`: a statement text longer than
    `LONG_LINE` is not copied into its line, which is the tuple (rail and SSA column, text) instead (the line would
    hold the text again, in 2 bytes a character for the rail's sake; memory on huge inputs)."""
    rails_of = [r.mid] * n
    for last in r.lasts:
        if 1 <= last <= n:
            rails_of[last - 1] = r.last
    for idx, rail in r.start.items():  # a one-line block shows its start rail
        if 1 <= idx <= n:
            rails_of[idx - 1] = rail
    cols, ssa_column, blank = ep.ssa_columns(L), ep.ssa_column, rails.blank_ssa_column(L)
    if where is not None:
        where.update((sid, (sid - 1, len(rail) + 1 + len(blank))) for sid, rail in enumerate(rails_of, 1))
    limit = LONG_LINE if pieces else sys.maxsize
    return ((f"{rail} {cols.get(sid) or ssa_column(sid, L)}" if sid in used else f"{rail} {blank}",
             typed if sid in used or not warntype else bare)
            if len(typed) > limit else
            f"{rail} {cols.get(sid) or ssa_column(sid, L)}{typed}" if sid in used
            else f"{rail} {blank}{bare if warntype else typed}"
            for sid, rail, (_, _, bare, typed) in zip(range(1, n + 1), rails_of, entries))


def _rail(r: Rails, idx: int, j: int, final: bool) -> str:
    if j == 0 and idx in r.start:
        return r.start[idx]
    return r.last if final and idx in r.lasts else r.mid


def _row_lines(rows, r: Rails, cols: Columns, used, L: int, warntype: bool, ep: ExprPrinter, where) -> list[str]:
    """Every other print: pending nodes, line-number, cost or tool columns, location lines, a gutter."""
    blank = rails.blank_ssa_column(L)
    lines = []
    for idx, j, (s, _, bare, typed), final in rows:
        sid = idx if s.new_id is None else s.new_id
        if sid in used:
            ssa, text = ep.ssa_column(sid, L), typed
        else:
            ssa, text = blank, bare if warntype else typed  # @code_warntype types used values only
        first = j == 0 and idx
        prefix = (cols.numbers[idx - 1] if first else "").ljust(cols.width) if cols.with_numbers else ""
        if cols.tool is not None:
            prefix += cols.tool[idx - 1] if first else " " * len(cols.tool[0])
        if j == 0 and idx in cols.loc_before:
            lines.extend(cols.loc_before[idx])
        head = f"{prefix}{_rail(r, idx, j, final)}{cols.indents.get(idx, '')} {ssa}"
        gutter = idx if j == 0 else 0
        if where is not None:
            where[sid] = (len(lines), len(head) + (cols.painter.offset(gutter) if cols.painter else 0))
        lines.append(cols.painter.paint(head + text, gutter) if cols.painter else head + text)
    lines.extend(cols.loc_close)
    return lines


def _phi_predecessors(f: Function, preds: list[int]) -> list[int]:
    """An excerpt's predecessor counts: an elided block's fall-through not counted (its terminator is not in the
    text), and each block's count raised to the distinct edges of its φs (which name branches that were elided)."""
    out = list(preds)
    positional = f.positional
    for b, block in enumerate(f.blocks[:-1]):
        if type(positional[block.last - 1].node) is Elided:
            out[b + 1] -= 1
    for s in positional:
        if type(s.node) is Elided:
            for b in s.node.merges:
                out[b - 1] = max(out[b - 1], 2)
    for b, block in enumerate(f.blocks):
        for i in block.stmts:
            node = f.stmt(i).node
            if type(node) is PhiNode:
                out[b] = max(out[b], len(set(node.edges)))
    return out


def _markers(f: Function, lines: list[str], where: dict) -> list[str]:
    """An excerpt's lines: each run of elided statements printed as the marker lines its author wrote (nothing
    where nothing was written: a text that starts at block 5), `where` moved to the lines that remain."""
    replaced: dict[int, list[str]] = {}
    for pos, s in enumerate(f.positional, 1):
        if type(s.node) is Elided and s.node.shape in ("run", "rest") and pos in where:
            replaced[where[pos][0]] = s.node.marker.split("\n") if s.node.marker else []
    out, moved = [], {}
    for k, line in enumerate(lines):
        if k in replaced:
            out.extend(replaced[k])
            continue
        moved[k] = len(out)
        out.append(line)
    for sid, (k, col) in list(where.items()):
        if k in moved:
            where[sid] = (moved[k], col)
        else:
            del where[sid]
    return out
