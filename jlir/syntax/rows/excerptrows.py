"""The rows of a pasted dump, as `jlir.syntax.lenient.excerpt` needs them: which lines are statement rows, elision lines
(`...`, `⋮`, a column of `.`, a bare `│`) or neither, and each row's statement number and block, read off the
printed ids and rails around it (through unnumbered rows, never across an elision)."""
from __future__ import annotations

import re
from dataclasses import dataclass

ELISION = re.compile(r"^\s*(?:[│|]\s*)?(?:\.\.\.|⋮|…|\.)\s*$")
_RAILED = r"(?P<rail>(?P<blk>\d+) (?P<bar>[─┄]+)|│|└─+)(?P<gut>[│┌└]*)(?P<rest>.*)$"
ROW = re.compile(r"^(?P<pre>[ \d]*?)" + _RAILED)
# JuliaInterpreter's `Frame` columns before the rail: breakpoint, statement number, `*` (current), line number
FRAME_ROW = re.compile(r"^(?P<pre>[ a-zA-Z](?P<stmt> +[0-9]{1,18})[* ] *[0-9]*  )" + _RAILED)


def match_row(line: str, frame: bool = False):
    """The row match of `line`: Julia's rails after a line-number column, or after a `Frame`'s columns (`frame`:
    the row is a frame's, whose columns may look like a line-number column: `   3 4  1 ─`)."""
    return (FRAME_ROW.match(line) or ROW.match(line)) if frame else (ROW.match(line) or FRAME_ROW.match(line))
SSA = re.compile(r"%(\d+)( *)= ")
# Cthulhu's `inline_cost` after the rail (`│    1000 %10 = …`), then `debuginfo=:source`'s inlining indent (`0 │ %2`)
COST = re.compile(r"(\d{1,18}) ([│ ]*)(?=%\d+ *= )")
INLINE = re.compile(r"(?:\(\.\.\.\)|\.\.\.|⋮|…)(?=::|$)")
CUT = re.compile(r"(?:^|[\s(,\[{])[%#]$")
REF = re.compile(r"%(\d+)")
TARGET = re.compile(r"(?:\bgoto |\benter )#(\d+)|#(\d+) =>")  # a block a branch, `enter` or φ edge names
HEAD = "jlir_elided"  # the head of the placeholder statement (`$(Expr(:jlir_elided, k, uses…))`)
PLACEHOLDER = f"$(Expr(:{HEAD}"  # the row the excerpt reader puts where a statement is not shown
BOUNDARY = ("CodeInfo(", ")", "Body::", "MethodInstance for ", "Variables", "Arguments", "Locals")


def is_elision(line: str) -> bool:
    """A line a person wrote for statements left out: `...`, `│   ...`, `⋮`, `│      .`, a bare `│`."""
    return ELISION.match(line) is not None or line.strip() in ("│", "|")


@dataclass
class Row:
    index: int          # line in the repaired text
    pre: str            # the line-number column
    block: int | None   # the block its start rail opens
    merge: bool         # that start rail is `N ┄`
    end: bool           # `└──`
    sid: int | None     # the printed `%N = `
    width: int | None   # the SSA column's width L it shows
    body: str           # the statement text
    body_at: int        # where the body starts in the line
    cost_end: int | None = None  # where Cthulhu's cost field after the rail ends (`inline_cost`), or None
    lead_at: int = 0    # where the `%N = ` column starts: after the rail, a cost and an inlining indent
    number: int | None = None
    block_of: int | None = None



def row_of(k: int, line: str, frame: bool = False) -> Row | None:
    """The statement row of line `k`, or None (a location line of `debuginfo=:source`, an elision, anything else)."""
    m = match_row(line, frame)
    if m is None or is_elision(line):
        return None
    rest = m.group("rest")
    text = rest.lstrip(" ").lstrip("│┌└")
    if not text.strip() or text.lstrip(" ").startswith("@ ") or not (rest[:1] == " " or m.group("gut")):
        return None
    at = len(line) - len(text.lstrip(" "))
    text = text.lstrip(" ")
    block = int(m.group("blk")) if m.group("blk") else None
    merge = "┄" in (m.group("bar") or "")
    end = m.group("rail")[0] == "└"
    cost = COST.match(text)
    cost_end = None
    if cost:
        cost_end, text, at = at + cost.end(1), text[cost.end():], at + cost.end()
    ssa = SSA.match(text)
    if ssa:
        return Row(k, m.group("pre"), block, merge, end, int(ssa.group(1)), len(ssa.group(1)) + len(ssa.group(2)) - 1,
                   text[ssa.end():], at + ssa.end(), cost_end, at)
    return Row(k, m.group("pre"), block, merge, end, None, None, text, at, cost_end, at)


def dump_segments(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each run of lines that belongs to one dump's body: rows, elision lines, location lines."""
    out, start = [], None
    for k, line in enumerate(lines + [""]):
        inside = bool(line.strip()) and not line.startswith(BOUNDARY) and (
            line.startswith((" ", "│", "└")) or match_row(line) is not None or is_elision(line))
        if inside and start is None:
            start = k
        elif not inside and start is not None:
            out.append((start, k))
            start = None
    return out


def read_events(lines: list[str], start: int, end: int, frame: bool = False) -> list:
    """The segment's rows (`Row`) and elision runs (lists of line indices), in order; location lines left out."""
    events: list = []
    for k in range(start, end):
        if is_elision(lines[k]):
            if events and isinstance(events[-1], list):
                events[-1].append(k)
            else:
                events.append([k])
            continue
        row = row_of(k, lines[k], frame)
        if row is not None:
            events.append(row)
    return events


def number_rows(events: list, least_blocks: int = 1, hidden: bool = False) -> bool:
    """Give every row its statement number and block, from the printed ids and rails around it (through
    unnumbered rows, never across an elision); False when the text does not say.  `hidden`: the text's numbers
    jump with no line between (Cthulhu's `hide_type_stable`), so any two rows may have hidden rows between them:
    an unnumbered row is read as the first number after the row above it and the values it reads (a first `│`
    row: %2, as %1 starts block 1), never from the row below it."""
    rows = [e for e in events if isinstance(e, Row)]
    pos = {id(e): i for i, e in enumerate(events)}
    adjacent = [pos[id(rows[i + 1])] == pos[id(rows[i])] + 1 for i in range(len(rows) - 1)]
    for r in rows:
        r.number, r.block_of = r.sid, r.block
    if events[0] is rows[0] and rows[0].number is None and (rows[0].block or 1) == 1:
        rows[0].number = 2 if hidden and rows[0].block is None else 1
    for _ in range(2):
        for i in range(len(rows) - 1):
            a, b = rows[i], rows[i + 1]
            if adjacent[i]:
                if b.number is None and a.number is not None:
                    b.number = max([a.number + 1] + [int(n) + 1 for n in REF.findall(b.body) if hidden])
                if b.block_of is None and a.block_of is not None and not a.end:
                    b.block_of = a.block_of
        for i in range(len(rows) - 2, -1, -1):
            a, b = rows[i], rows[i + 1]
            if adjacent[i]:
                if a.number is None and b.number is not None and not hidden:
                    a.number = b.number - 1
                if a.block_of is None and b.block_of is not None and not hidden:
                    a.block_of = b.block_of - 1 if b.block is not None else b.block_of
    if any(r.number is None for r in rows) or any(b.number <= a.number for a, b in zip(rows, rows[1:])):
        return False
    # a row after an elision with no start rail after it: the block the elision left open, or, past the last
    # start rail, the highest block the text names (`goto #4`, `φ (#4 => …)`) or its rails' width implies: the
    # function has at least that many
    named = max([least_blocks] + [int(a or b) for r in rows for a, b in TARGET.findall(r.body)])
    last, starts_after = None, sum(1 for r in rows if r.block is not None)
    for e in events:
        if isinstance(e, Row):
            starts_after -= e.block is not None
            if e.block_of is None:
                e.block_of = (last.block_of + (1 if last.end else 0)) if last is not None else 1
                if not starts_after:
                    e.block_of = max(e.block_of, named)
            last = e
    return True
