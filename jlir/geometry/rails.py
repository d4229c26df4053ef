"""The block rail and the SSA column of a printed function: their widths and texts, from the model alone.

Julia's IR printer (`show_ir`, `ssair/show.jl`) draws a rail left of each
statement: `N ─` on a block's first line (`N ┄` when the block is a merge
point), `│` inside a block, `└──` on its last line, all padded to the width
of the largest block number.  Then the SSA column: `%id = ` for a statement
whose value is used, padded to the width of the largest used id, or blanks of
that width.  The reader takes these widths apart and the printer puts them
together, so both compute them here.
"""
from __future__ import annotations


def rail_width(blocks: int) -> int:
    """`W`: the digits of the largest block number; every rail is `W + 2` characters wide."""
    return len(str(blocks))


def start_rail(block: int, width: int, merge: bool) -> str:
    """The rail of a block's first line: `N ─` (`N ┄` for a merge block), padded with `─` to `width + 2`."""
    return f"{block} {'┄' if merge else '─'}" + "─" * (width - len(str(block)))


def mid_rail(width: int) -> str:
    """The rail inside a block: `│` then blanks, `width + 2` characters."""
    return "│ " + " " * width


def end_rail(width: int) -> str:
    """The rail of a block's last line: `└` then `─` to `width + 2` characters."""
    return "└" + "─" * (width + 1)


def ssa_width(used) -> int:
    """`L`: the digits of the largest SSA id whose value is used (0 when none is)."""
    return len(str(max(used))) if used else 0


def ssa_column(sid: int, width: int) -> str:
    """`%sid` padded to `width` digits, then ` = `: the SSA column of a statement whose value is used."""
    return "%" + str(sid).ljust(width + 1) + "= "


def blank_ssa_column(width: int) -> str:
    """The SSA column of a statement whose value is unused: as wide as `ssa_column(·, width)`."""
    return " " * (width + 4)
