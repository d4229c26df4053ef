"""Splitting the lines of one dump into statement lines and location lines, and statement lines into columns.

The columns of a statement line are fixed by the dump as a whole
(`[line-number column][rail][inline indent] [SSA column][label][body][::T]`):
`Dump.col` is the width of the line-number (or tool) column, `Dump.W` the
rail's, `L` the digits of the SSA column.  `split_statement_lines` is the one
entry: a dump whose every line is a well-formed statement line (the common
case) is cut by one multi-line regex into `PlainRow`s; any other dump is read
line by line into `StmtLine`s, which finds what is wrong with a bad line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from jlir.geometry.labels import LABEL_FIRST, LABEL_RX, LABELS
from jlir.ir.style import Style
from jlir.syntax.rows.context import Lines, Source, span
from jlir.syntax.rows.multiline import may_go_on, value_end
from jlir.syntax.rows.nested import opens_nested
from jlir.syntax.rows.text import may_hold_quoted_code, open_brackets

FIRST_RAIL = re.compile(r"([0-9]{0,18} +)?1 [─┄]")
_SSA_COLUMN = re.compile(r"%([0-9]{1,18})( +)= ")
_RAIL = re.compile(r"([0-9]{1,18}) ([─┄])(─*)$")


@dataclass(frozen=True, slots=True)
class Dump:
    """The lines `start..end-1` of one dump and what fixes their columns (see the module docstring)."""
    start: int
    end: int
    codeinfo: bool
    warntype: bool
    style: Style                        # the style the dump's text shows (`text_style`: its layout's facts to add)
    quoted: bool                        # whether the dump's text holds `:(` (quoted code may span lines)
    tail_present: bool | None
    left: tuple[str, int, int] | None   # (kind, width, start) of a tool's left column (`costs`, `escapes`)
    gutter: tuple | None                # (capture, column, observed) of a right-hand gutter (jlir.syntax.rows.gutter)
    col: int                            # width of the line-number (or tool) column
    W: int                              # rail width - 2
    first: int                          # index of block 1's first line


@dataclass(frozen=True, slots=True)
class StmtLine:
    """One statement line, split into its columns (positions are 0-based in `text`)."""
    index: int               # line index in the document
    rail: str                # "start", "mid", "end"
    block: int               # block number on a "start" rail
    lineno: str              # text of the line-number column, stripped
    depth: int               # inline indent (number of `│` after the rail)
    printed_id: int | None   # `%N` of the SSA column, None when unused
    label: str | None
    body: str
    body_col: int


@dataclass(frozen=True, slots=True)
class Split:
    """A dump's lines split: `rows` when its lines may all be plain statement lines (a function giving an iterator
    of the regex's groups per line, then None if a line was not one), else `stmt_lines` and `lines_info`
    (("stmt" | "loc", index) per line, in order)."""
    L: int
    rows: object = None
    stmt_lines: list | None = None
    lines_info: tuple = ()


@lru_cache(maxsize=64)
def _lines_rx(col: int, W: int, L: int):
    """`_columns_rx` for whole lines of a text (multi-line mode): the line-number column (`col` wide), rail,
    indent, SSA column and the rest of the line (label, body and type)."""
    return re.compile(f"^(.{{{col}}})" + _columns_rx(W, L).pattern + "(.*)$", re.M)


@lru_cache(maxsize=64)
def _columns_rx(W: int, L: int):
    """The rail (`W + 2` wide), inline indent, separating space and SSA column (`L + 4` wide) of a well-formed
    statement line, as one regex: `_read_all_columns` slices a line with it, and reads a line it does not match
    column by column (which finds what is wrong with it)."""
    starts = "|".join(f"[0-9]{{{d}}} [─┄]─{{{W - d}}}" for d in range(1, W + 1))
    return re.compile(f"(?:│ {{{W + 1}}}|(└─{{{W + 1}}})|({starts}))(│*) (?:%([0-9]{{1,18}})( +)= | {{{L + 4}}})")


def split_statement_lines(source: Source, dump: Dump, plain: bool = True) -> Split:
    """The dump's lines split into columns: in one regex pass when `plain` allows it and every line is a
    well-formed statement line (no gutter, tool column or lines before block 1), else line by line."""
    lines = source.lines
    if plain and dump.gutter is None and dump.left is None and dump.first == dump.start:
        # every line is a statement line here, so the first one with an SSA column sets `L`
        L = _ssa_width(lines, range(dump.start, dump.end), dump.col + dump.W + 2)
        rx = _lines_rx(dump.col, dump.W, L)
        if lines.__class__ is Lines and not lines.replaced(dump.start, dump.end):  # matched in the text itself
            text, a, b = lines.text, lines.start(dump.start), lines.start(dump.end) - 1
        else:
            text = span(lines, dump.start, dump.end)
            a, b = 0, len(text)
        return Split(L, rows=lambda: _rows(rx, text, a, b, dump.end - dump.start))
    lines_info, continued = _classify(source, dump)
    L = _ssa_width(lines, (k for kind, k in lines_info if kind == "stmt"), dump.col + dump.W + 2)
    return Split(L, stmt_lines=_read_all_columns(source, dump, lines_info, continued, L), lines_info=lines_info)


def _rows(rx, text: str, pos: int, end: int, n: int):
    """The groups of `rx` on each of the `n` lines of `text[pos:end]`, one line at a time (a list of them all
    would cost ~7 strings a line at once; memory on huge inputs); then None if a line does not match."""
    for m in rx.finditer(text, pos, end):
        if m.start() != pos:
            break
        yield m.groups()
        pos = m.end() + 1
        n -= 1
    if n:
        yield None


def _ssa_width(lines: list[str], indices, p0: int) -> int:
    """`L`: digits of the largest used SSA id, read off the first of the lines `indices` with a `%N = ` column
    (`p0`: where the inline indent starts)."""
    for k in indices:
        line = lines[k]
        p = p0
        while line.startswith("│", p):
            p += 1
        m = _SSA_COLUMN.match(line, p + 1)
        if m:
            return len(m.group(1)) + len(m.group(2)) - 1
    return 0


def _classify(source: Source, dump: Dump) -> tuple[tuple, dict[int, int]]:
    """Each line as a statement line or a location line (`@ file:line within …`), and the statement lines
    continued on the next lines (quoted code: first line → last line)."""
    out, continued = [], {}
    lines, W, col = source.lines, dump.W, dump.col
    escapes = dump.left is not None and dump.left[0] == "escapes"
    numbers = dump.left[2] if dump.left is not None and dump.left[2] else col  # line numbers left of a tool column
    k = dump.start - 1
    while k + 1 < dump.end:
        k += 1
        line = lines[k]
        rail = line[col:col + W + 2]
        if numbers and line[:numbers].strip() and not (line[:numbers].strip().isascii() and line[:numbers].strip().isdigit()) and not escapes:
            raise source.error("expected a line number or blanks in the line-number column", k)
        if rail.startswith("│") and rail[1:] == " " * (W + 1) or not rail.strip():
            p = col + W + 2
            while p < len(line) and line[p] == "│":
                p += 1
            after = line[p:p + 2]
            if not rail.strip() or after[:1] in ("┌", "└") or after == " @" or (after[:1] == "" and p > col + W + 2):
                out.append(("loc", k))
                continue
        out.append(("stmt", k))
        # a value shown over several lines (a regex's pattern, `ENV`) ends where it is marked: first, since a
        # pattern's brackets are no code's (`r"^(?:(?<scheme>ssh|git|https?)://)?+` opens no quoted code)
        last = value_end(lines, k, dump.end) if may_go_on(line) else k
        depth = 0 if last > k else open_brackets(line) if may_hold_quoted_code(line) or opens_nested(line) else 0
        if last > k:
            continued[k], k = last, last
        elif depth > 0:  # quoted code (`:(if … end)`), a nested `CodeInfo(` continue on the next lines
            first = k
            while depth > 0 and k + 1 < dump.end:
                k += 1
                depth += open_brackets(lines[k])
            continued[first] = k
    return tuple(out), continued


def split_label(text: str, p: int) -> tuple[str | None, int]:
    """The call label (1.12: `invoke`, `dynamic`, …) at `p` in `text`, and where the body starts."""
    if text[p:p + 1] not in LABEL_FIRST:
        return None, p
    m = LABEL_RX.match(text, p)
    if m is None:
        return None, p
    label = LABELS[m.group()]
    return label, m.end() - (len("invoke ") if label.endswith("invoke") else 0)


def _read_all_columns(source: Source, dump: Dump, lines_info, continued: dict[int, int], L: int) -> list[StmtLine]:
    """`_read_columns` of every statement line, sliced with one regex where the line is well-formed."""
    lines, col = source.lines, dump.col
    match = _columns_rx(dump.W, L).match
    out = []
    for kind, k in lines_info:
        if kind != "stmt":
            continue
        line = lines[k]
        m = match(line, col)
        if m is None or k in continued:
            out.append(_read_columns(source, dump, k, continued, L))
            continue
        end, start, bars, sid, spaces = m.groups()
        printed_id = None
        if sid is not None:
            if len(sid) + len(spaces) - 1 != L:
                out.append(_read_columns(source, dump, k, continued, L))  # misaligned: raises, located
                continue
            printed_id = int(sid)
        label, p = split_label(line, m.end())
        if start is not None:
            rail, block = "start", int(start[:start.index(" ")])
        else:
            rail, block = ("end" if end is not None else "mid"), 0
        out.append(StmtLine(k, rail, block, line[:col].strip() if col else "", len(bars), printed_id, label,
                            line[p:], p))
    return out


def _read_rail(source: Source, dump: Dump, k: int) -> tuple[str, int, int]:
    """(rail kind, block number, position after the inline indent) of line `k`; a located error if malformed."""
    line, W, col = source.lines[k], dump.W, dump.col
    rail = line[col:col + W + 2]
    if rail.startswith("│") and rail[1:] == " " * (W + 1):
        kind, block = "mid", 0
    elif rail == "└" + "─" * (W + 1):
        kind, block = "end", 0
    else:
        m = _RAIL.match(rail)
        if not m:
            bad = next((q for q, c in enumerate(rail) if c not in "0123456789 ─┄│└"), 0)
            raise source.error(f"expected a block rail {W + 2} characters wide (`N ─`, `│`, `└──`)", k, col + bad)
        kind, block = "start", int(m.group(1))
    return kind, block, col + W + 2


def _read_columns(source: Source, dump: Dump, k: int, continued: dict[int, int], L: int) -> StmtLine:
    """Line `k` read column by column: the first column that is not as the dump's layout says raises, located."""
    line = source.lines[k]
    kind, block, p = _read_rail(source, dump, k)
    depth = 0
    while p < len(line) and line[p] == "│":
        p += 1
        depth += 1
    if line[p:p + 1] != " ":
        raise source.error("expected a space after the block rail", k, p)
    p += 1
    printed_id = None
    if line.startswith("%", p):
        m = _SSA_COLUMN.match(line, p)
        if not m:
            raise source.error("expected `%N = ` in the SSA column", k, p)
        if len(m.group(1)) + len(m.group(2)) - 1 != L:
            raise source.error(f"the SSA column is misaligned (expected it {L + 4} characters wide)", k, p)
        printed_id = int(m.group(1))
        p = m.end()
    else:
        if line[p:p + L + 4].strip() or len(line) < p + L + 4:
            raise source.error(f"expected `%N = ` or {L + 4} blanks before the statement", k, p)
        p += L + 4
    label, p = split_label(line, p)
    body = line[p:]
    if k in continued:
        body = "\n".join([body] + source.lines[k + 1:continued[k] + 1])
    return StmtLine(k, kind, block, line[:dump.col].strip(), depth, printed_id, label, body, p)
