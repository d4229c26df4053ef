"""Reading the right-hand line-info gutter of a colored print (`│╻╷  Colon`).

`split_gutter` finds the gutter in the lines of one dump and strips it (a
terminal copy shows it after the statement, at a fixed column; a stream with
its escape codes stripped shows it first), so the column reader then sees
ordinary statement lines.  `print_groups` reads off it which rows are pending
nodes, and `read_line_info` rebuilds a line table behind it with
`jlir.geometry.linetable_search` (the text cannot give back *the* line table:
files, inner line numbers and unnamed scopes are not printed).
"""
from __future__ import annotations

import re

from jlir.syntax.rows.excerptrows import PLACEHOLDER
from jlir.geometry.linetable_search import BOX, GLYPHS, TAIL, GutterError, Observed, observe_row, reconstruct

_STREAM_GUTTER = re.compile(f"[{GLYPHS}]* *\\S*")
_STREAM_FIRST = re.compile(f"[{GLYPHS}]+ *\\S*?([0-9]{{0,18}} +)(?=1 [─┄])")  # block 1's row: the line-number column
_LINENO = re.compile(r"[0-9]{0,18} *")
_RAIL_START = re.compile(r"[0-9]{1,18} [─┄]|│ |└─|!!! ")


def split_gutter(lines: list[str], start: int, end: int, skip=lambda k: False, text: str | None = None):
    """Find a gutter in `lines[start:end]`, strip it in place; returns (capture, column, {line index: Observed}).

    Returns None when the lines carry no gutter.  `skip(k)` marks lines that are
    not statement lines (location lines, the IRCode tail).  `text`, a text holding
    those lines, lets a dump without any gutter glyph after a blank be passed over
    quickly: it then has a gutter only if its statement lines start with one.
    """
    if text is not None and " │" not in text and " !" not in text:
        first = next((k for k in range(start, end) if not skip(k) and lines[k].strip()), None)
        if first is None or lines[first][:1] not in GLYPHS:
            return None
    stmt = [k for k in range(start, end) if not skip(k) and lines[k].strip()]
    if not stmt:
        return None
    if all(lines[k][:1] in GLYPHS for k in stmt):
        found = _split_stream(lines, stmt)
        if found is not None:
            return "stream", None, found
    return _split_screen(lines, stmt)


def _split_screen(lines, stmt):
    # cheap test first (this runs on every dump): most rows must show a gutter's base glyph after a blank
    need = max(2, (len(stmt) + 1) // 2) if len(stmt) > 1 else 1
    if sum(1 for k in stmt if " │" in lines[k] or " !" in lines[k] or PLACEHOLDER in lines[k]) < need:
        return None
    matches = {k: TAIL.search(lines[k]) for k in stmt}
    starts = {}
    for k, m in matches.items():
        # an annotation starts with its base `│` (`!`: no line info); a method name never starts with a box glyph
        if m and (m.start() == 0 or lines[k][m.start() - 1] == " ") and m.group(1)[0] in "│!" \
                and not BOX.match(m.group(3)):
            starts[m.start()] = starts.get(m.start(), 0) + 1
    if not starts:
        return None
    column, count = max(starts.items(), key=lambda kv: (kv[1], -kv[0]))
    count += sum(1 for k in stmt if PLACEHOLDER in lines[k])
    if column < 8 or count < max(2, (len(stmt) + 1) // 2) and len(stmt) > 1:
        return None
    if any(not lines[k][:column].strip() and PLACEHOLDER not in lines[k] for k in stmt):
        return None  # `show_ir` writes every row from column 1 (line number, rail): a line blank there is no row
    observed = {}
    for k in stmt:
        line = lines[k]
        if PLACEHOLDER in line:  # a row an excerpt does not show (`jlir.syntax.lenient.excerpt`): its gutter is unknown
            observed[k] = Observed("any")
            lines[k] = line.rstrip(" ")
        else:
            observed[k], lines[k] = observe_row(line, column, matches[k])
    return "screen", column, observed


def _split_stream(lines, stmt):
    """Escapes stripped: each line is gutter + line-number column + rail; the column width comes from block 1."""
    found = stream_cuts(lines, stmt)
    if found is None:
        return None
    cut, _ = found
    observed = {}
    for k, q in cut.items():
        observed[k] = Observed("full", lines[k][:q])
        lines[k] = lines[k][q:]
    return observed


def stream_cuts(lines, stmt):
    """Where the gutter of each of the rows `stmt` ends, when escapes are stripped (gutter, then the line-number
    column as wide as block 1's, then the rail): ({line index: column}, that width), or None."""
    m = _STREAM_FIRST.match(lines[stmt[0]]) if stmt else None
    if not m:
        return None
    width = len(m.group(1))
    cut = {}
    for k in stmt:
        line = lines[k]
        for q in range(1, len(line)):
            if _STREAM_GUTTER.fullmatch(line[:q]) and _LINENO.fullmatch(line[q:q + width]) \
                    and len(line[q:q + width]) == width and _RAIL_START.match(line, q + width):
                cut[k] = q
                break
        else:
            return None
    return cut, width


def print_groups(stmt_lines, observed):
    """Which rows are pending nodes, and which of those attach after their statement, read off the gutter.

    Julia draws a statement's gutter on the first row of its print group
    (pending nodes inserted before it, the statement, nodes attached after it)
    and none on the others, so gutter rows start groups.  In a group, the
    statement is the first row that can be it: its printed id (if any) is its
    position, and the rows after it (attached nodes, printed `final`) all show
    `└──` when it ends its block, or all `│`.  Returns (pending, attach_after)
    per row, or None when the gutter shows no groups of several rows.
    """
    groups: list[list[int]] = []
    for i, s in enumerate(stmt_lines):
        o = observed.get(s.index)
        if o is None or o.kind == "none":
            if not groups:
                return None
            groups[-1].append(i)
        else:
            groups.append([i])
    if all(len(g) == 1 for g in groups):
        return None
    pending, attach = [True] * len(stmt_lines), [False] * len(stmt_lines)
    for number, group in enumerate(groups, 1):
        for at, i in enumerate(group):
            pid = stmt_lines[i].printed_id
            after = [stmt_lines[j].rail for j in group[at + 1:]]
            if pid is not None and pid != number:
                continue
            if after and (stmt_lines[i].rail == "end" or len(set(after)) != 1 or after[0] == "start"):
                continue
            pending[i] = False
            for j in group[at + 1:]:
                attach[j] = True
            break
        else:
            return None
    return pending, attach


def read_line_info(source, found, by_index: bool, start: int, stmt_lines, linenos, stmts, positional_of):
    """The line table behind a dump's gutter: (linetable, statements with `loc`, Screen).

    `found` is what `split_gutter` gave, `by_index` the style's `gutter_stacks_by_index`, `linenos` the
    line-number column of each statement line.  A statement's gutter and line number are printed on the
    first line of its print group (a pending node printed before it, or the statement itself).
    """
    from jlir.ir.function import Statement
    capture, column, observed = found
    obs, group_linenos, first_lines = [], [], []
    group = None
    for s, lineno, pos, st in zip(stmt_lines, linenos, positional_of, stmts):
        if pos is None and st.attach_after:
            continue  # printed in the group of the statement before it
        if group is None:
            group = (s.index, lineno)
        if pos is None:
            continue
        obs.append(observed.get(group[0], Observed("none")))
        group_linenos.append(group[1])
        first_lines.append(group[0])
        group = None
    for o, k in zip(obs, first_lines):
        if o.kind == "none":
            raise source.error(
                "this row shows no right-hand line-info gutter, so Julia printed it inside the previous statement's "
                "print group (a pending node inserted with attach_after=true, or the statement after such nodes); "
                "jlir places pending nodes before the next statement only, so it cannot reprint this gutter", k)
    # a row with an empty gutter that stops short of the gutter column lost the blanks Julia wrote there
    trimmed = capture == "screen" and any(o.kind == "none" and o.offset < column for o in observed.values())
    try:
        table, locs, screen = reconstruct(obs, group_linenos, by_index=by_index, capture=capture, column=column,
                                          trimmed=trimmed)
    except GutterError as e:
        k = first_lines[0] if first_lines else start
        raise source.error(f"cannot rebuild a line table that prints this right-hand line-info gutter: {e}",
                           k) from None
    out = list(stmts)
    for i, pos in enumerate(positional_of):
        if pos is not None:
            st = out[i]
            out[i] = Statement(st.node, st.type, locs[pos - 1], st.label, st.new_id, st.attach_after)
    return table, out, screen
