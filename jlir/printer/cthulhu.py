"""Printing Cthulhu.jl's 2020 `:source` view: Base's location lines in Cthulhu's layout.

The reader (`jlir.syntax.forms.cthulhu2020`, which states the rule and its evidence) reads
Cthulhu's ` @ none:2 within 'foo'` lines, each after a bare `└` but the first, as Base's
``    @ none:2 within `foo'``; this undoes it on the printed lines.
"""
from __future__ import annotations

import re

from jlir.ir.errors import JlirError

OPEN = "\nCodeInfo("
_LOCATION_ROW = re.compile(r"[│ ]*(?:[┌│]* ?@ |[│└]*└$)")
_FRAME = re.compile(r"[│ ]*(?:┌|└+$|@)")


class NotInCthulhuLayout(JlirError, ValueError):
    """A location line Cthulhu's 2020 view has no form for (an inlined frame)."""


def is_location_row(line: str) -> bool:
    """Whether a printed line is a location or scope line of Base's `:source` printer (`    @ f.jl:2 within …`,
    `│  ┌ @ …`, `│  └`), not a statement line."""
    return _LOCATION_ROW.match(line) is not None


def is_2020_view(title: str | None) -> bool:
    """Whether a Cthulhu envelope's title is the 2020 view's (`│ ─ %-1 = …` then `CodeInfo(`)."""
    return title is not None and title.endswith(OPEN)


def location_lines_2020(lines: list[str], blocks: int) -> list[str]:
    """Base's depth-1 location lines (prefix `  `/`│ ` + W blanks, `` `name' ``) as Cthulhu 2020 printed them."""
    width = len(str(blocks))
    loc = re.compile(r"(?:  |│ ) {%d} @ (\S.*) within `(.+)'$" % width)
    out: list[str] = []
    seen = False
    for line in lines:
        m = loc.match(line)
        if m is None:
            if _FRAME.match(line):
                raise NotInCthulhuLayout(f"Cthulhu's 2020 view prints no inlined frames: {line!r}")
            out.append(line)
            continue
        if seen:
            out.append("└")
        seen = True
        out.append(f" @ {m.group(1)} within '{m.group(2)}'")
    return out


def source_costs_after_rail(lines: list[str], where: dict[int, tuple[int, int]], costs, rail: int) -> list[str]:
    """Cthulhu's `inline_cost` field in its `:source` view: after the `rail` columns of every line, the cost
    right-aligned in `ndigits(maxcost) + 1` columns and a blank on a statement's line, as many blanks on the
    others (location and scope lines): `1 ──    0 │ %1  = …`, `│         └`."""
    field = source_cost_field(costs) - 1
    at = {line: costs[n - 1] for n, (line, _) in where.items() if 0 < n <= len(costs)}
    return [line[:rail] + (str(at[k]).rjust(field) if k in at else " " * field) + " " + line[rail:]
            for k, line in enumerate(lines)]


def bars_before_2020(lines: list[str], blocks: int) -> list[int]:
    """For each of Base's printed lines, how many bare `└` lines `location_lines_2020` puts before it (one before
    each depth-1 location line but the first): where its statements move in Cthulhu's 2020 layout."""
    loc = re.compile(r"(?:  |│ ) {%d} @ \S" % len(str(blocks)))
    out, seen, added = [], False, 0
    for line in lines:
        if loc.match(line):
            added += seen
            seen = True
        out.append(added)
    return out


def source_cost_field(costs) -> int:
    """The columns Cthulhu's `:source` view inserts after the rail under `inline_cost`: the cost right-aligned in
    `ndigits(maxcost) + 1`, and a blank."""
    return len(str(max(costs, default=0))) + 2
