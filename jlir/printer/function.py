"""Printing a function: every column computed from the model, the way Julia's IR printer does.

The block rail (`N ─`, `┄` for merge blocks, `│`, `└──`, widths from the block
count), the SSA column (padded to the largest *used* id), the line-number
column, 1.12's call labels and the `::T` suffix all follow from the model and
the style; the original text is never consulted.
"""
from __future__ import annotations

from jlir.ir.cfg import compute_cfg
from jlir.ir.function import Form, Function
from jlir.printer.debuginfo import location_layout, location_printing
from jlir.printer.exprs import ExprPrinter
from jlir.printer.gutter import gutter_painter

_TYPED_FORMS = (Form.TYPED, Form.IRCODE, Form.WARNTYPE)


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
        line = 0
        if s.loc:
            entry = table[s.loc - 1]
            while entry.inlined_at:
                entry = table[entry.inlined_at - 1]
            line = entry.line
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


def body_lines(f: Function, ep: ExprPrinter) -> list[str]:
    """The statement lines of `f` (and its IRCode tail line), without the form's wrapper."""
    blocks = f.blocks
    W = len(str(len(blocks)))
    stmts = f.stmts
    show_types = f.form in _TYPED_FORMS
    # each statement's uses and texts, from the printer's memo (read here: one call less per line)
    statement_line, line_memo = ep.statement_line, ep._lines
    entries = []
    used: set[int] = set()
    for s in stmts:
        hit = line_memo.get(id(s) * 2 + show_types)
        if hit is None or hit[0] is not s:
            hit = statement_line(s, show_types)
        entries.append(hit)
        used.update(hit[1])
    L = len(str(max(used))) if used else 0
    preds = [b.preds for b in compute_cfg(f, branch_edges=f.form is Form.IRCODE or f.style.codeinfo_branch_edges).blocks]
    first_of = {b.first: i for i, b in enumerate(blocks, 1)}
    rail_of = ep.start_rail
    start_rail = {idx: rail_of(b, W, len(preds[b - 1]) > 1) for idx, b in first_of.items()}
    lasts = {b.last for b in blocks}
    warntype = f.form is Form.WARNTYPE
    with_column = f.form is Form.IRCODE or (f.style.codeinfo_line_column and f.form is not Form.IRCODE)
    numbers = line_numbers(f) if with_column else []
    col_width = (max(map(len, numbers), default=0) + 1) if with_column else 0
    if f.costs is not None:  # print_statement_costs: the cost column takes the place of line numbers
        numbers, with_column = cost_column(f.costs), True
        col_width = len(numbers[0]) if numbers else 0
    tool_column = None  # a tool's column after the line numbers
    if f.escapes is not None:  # code_escapes: `rpad(symbol, 2), " "`, after the line numbers if it shows them
        tool_column = [e.ljust(2) + " " for e in f.escapes]
        if not escapes_with_line_info(f):
            numbers, with_column, col_width = [], False, 0
    painter = gutter_painter(f)
    mid = "│ " + " " * W
    last_rail = "└" + "─" * (W + 1)
    blank_ssa = " " * (L + 4)
    # debuginfo=:source CodeInfo: location lines between statements, inline indent after the rail
    located = f.form is not Form.IRCODE and not with_column and location_printing(f)
    loc_before, indents, loc_close = location_layout(f, W) if located else ({}, {}, [])
    plain = not with_column and tool_column is None and painter is None and not located
    pending = not all(s.new_id is None for s in stmts)
    if plain and not pending:  # the common print: one line per statement, rail, SSA column and text
        n = len(stmts)
        rails = [mid] * n
        for last in lasts:
            if 1 <= last <= n:
                rails[last - 1] = last_rail
        for idx, rail in start_rail.items():  # a one-line block shows its start rail
            if 1 <= idx <= n:
                rails[idx - 1] = rail
        cols = ep.ssa_columns(L)
        ssa_column = ep.ssa_column
        return [f"{rail} {cols.get(sid) or ssa_column(sid, L)}{typed}" if sid in used
                else f"{rail} {blank_ssa}{bare if warntype else typed}"
                for sid, rail, (_, _, bare, typed) in zip(range(1, n + 1), rails, entries)]
    if not pending:  # no pending nodes: one line per statement, each final
        rows = [(idx, 0, e, True) for idx, e in enumerate(entries, 1)]
    else:
        rows = [(idx, j, statement_line(s, show_types), final)
                for idx, group in _groups(f) for j, (s, final) in enumerate(group)]
    ssa_column, ssa_columns = ep.ssa_column, ep.ssa_columns(L)
    lines = []
    for idx, j, (s, _, bare, typed), final in rows:
        if j == 0 and idx in first_of:
            rail = start_rail[idx]
        elif final and idx in lasts:
            rail = last_rail
        else:
            rail = mid
        sid = idx if s.new_id is None else s.new_id
        if sid in used:
            ssa, text = ssa_columns.get(sid) or ssa_column(sid, L), typed
        else:
            ssa, text = blank_ssa, bare if warntype else typed  # @code_warntype types used values only
        if plain:
            lines.append(f"{rail} {ssa}{text}")
            continue
        prefix = ""
        if with_column:
            prefix = (numbers[idx - 1] if j == 0 and idx else "").ljust(col_width)
        if tool_column is not None:
            prefix += tool_column[idx - 1] if j == 0 and idx else "   "
        if j == 0 and idx in loc_before:
            lines.extend(loc_before[idx])
        row = f"{prefix}{rail}{indents.get(idx, '')} {ssa}{text}"
        lines.append(painter.paint(row, idx if j == 0 else 0) if painter else row)
    lines.extend(loc_close)
    if f.form is Form.IRCODE and f.style.ircode_blank_tail and not f.tail_dropped and with_column:
        lines.append(painter.paint(" " * col_width, 0) if painter else " " * col_width)
    return lines
