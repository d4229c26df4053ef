"""Placeholder rows for an excerpt (`jlir.syntax.lenient.excerpt`): rows in the geometry of the segment they stand in
(its line-number or `Frame` column, rail width, SSA width, a cost and an inlining indent between rail and SSA
column), whose statement is `$(Expr(:jlir_elided, k, uses…))` once its token is filled in, and the rails a run
of them takes between two rows shown."""
from __future__ import annotations

import re

from jlir.geometry import rails
from jlir.syntax.rows.excerptrows import FRAME_ROW, TARGET, Row, match_row


def token(k: int) -> str:
    """Where placeholder `k`'s statement goes (filled in when the read text is assembled)."""
    return f"\x00{k}\x00"


class Writer:
    """Placeholder rows in one segment's geometry (its line-number column, rail width W, SSA width L, what stands
    between the rail and the SSA column); `used`: the SSA numbers its rows read, `named_blocks`: the highest
    block they name."""

    def __init__(self, lines: list[str], rows: list[Row], used: set[int], frame: bool = False):
        self.lines = lines
        self.pre = " " * len(rows[0].pre)
        columns = FRAME_ROW.match(lines[rows[0].index]) if frame else None
        self.stmt_width = len(columns.group("stmt")) if columns else 0
        self.W = rail_width(lines, rows)
        widths = [r.width for r in rows if r.width is not None]
        self.L = widths[0] if widths else rails.ssa_width(used)
        self.used = used
        self.named_blocks = max([0] + [int(x or y) for r in rows for x, y in TARGET.findall(r.body)])
        self.cost_end = next((r.cost_end for r in rows if r.cost_end is not None), None)
        # a row outside every inlined frame (no `│` of `debuginfo=:source` between the rail and the SSA column)
        self.outer = next((self.tail(r) for r in rows if not any(c in "│┌└" for c in self.tail(r))), None)

    def tail(self, r: Row) -> str:
        """What row `r` prints between its rail and its SSA column (Cthulhu's cost zeroed): a placeholder after it
        stands in its inlined frame, so it takes the same cost width and inlining indent."""
        middle = self.lines[r.index][len(self.pre) + self.W + 2:r.lead_at]
        if r.sid is None:  # the blank SSA column is part of the blanks before an unnumbered row's statement
            middle = middle[:max(0, len(middle) - len(rails.blank_ssa_column(self.L)))]
        return re.sub(r"\d+", lambda m: "0".rjust(len(m.group())), middle)

    def line(self, rail: str, number: int, k: int, after: Row | None = None) -> str:
        ssa = rails.ssa_column(number, self.L) if number in self.used else rails.blank_ssa_column(self.L)
        pre = self.pre
        if self.stmt_width:  # a `Frame`'s placeholder row: its statement number, no line number
            pre = f" {str(number).rjust(self.stmt_width)}".ljust(len(self.pre))
        if after is not None or self.outer is not None:
            return f"{pre}{rail}{self.tail(after) if after is not None else self.outer}{ssa}{token(k)}"
        if self.cost_end is not None:  # Cthulhu's `inline_cost` field after the rail: a placeholder costs 0
            head = f"{pre}{rail}"
            return f"{head}{'0'.rjust(self.cost_end - len(head))} {ssa}{token(k)}"
        return f"{pre}{rail} {ssa}{token(k)}"

    def rail(self, kind: str, block: int = 0) -> str:
        if kind == "start":
            return rails.start_rail(block, self.W, False)
        return rails.end_rail(self.W) if kind == "end" else rails.mid_rail(self.W)


def run_rails(a: Row | None, b: Row | None, count: int) -> list[tuple[str, int]] | None:
    """The rails (kind, block) of the `count` placeholders between rows `a` and `b`; None when they cannot hold
    the blocks the numbers around them say are elided."""
    p, ended = (a.block_of, a.end) if a is not None else (0, True)
    q = b.block_of
    starts = list(range(p + 1, q if b.block is not None else q + 1))
    keep = 1 if (not ended and starts) else 0
    if count < max(1, keep + len(starts)) or (ended and not starts):
        return None
    out = [("mid", p)] * keep
    for s in starts:
        out.append(("start", s))
    out += [("mid", out[-1][1] if out else p)] * (count - len(out))
    for i, (kind, blk) in enumerate(out):  # a block's last row, before the next start, is `└──`
        follows_start = out[i + 1][0] == "start" if i + 1 < len(out) else b.block is not None
        if kind == "mid" and follows_start:
            out[i] = ("end", blk)
    return out


def rail_width(lines: list[str], rows: list[Row]) -> int:
    """W as the text's rails show it (`N ─` padded, `└──`): the block count of the whole function."""
    for r in rows:
        m = match_row(lines[r.index])
        if m.group("blk"):
            return len(m.group("blk")) + len(m.group("bar")) - 1
        if m.group("rail")[0] == "└":
            return len(m.group("rail")) - 2
    return rails.rail_width(max(r.block_of or 1 for r in rows))
