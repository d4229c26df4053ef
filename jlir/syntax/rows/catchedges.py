"""Reading Julia's extra catch edge off the printed rails (`IR.catch_entry`).

Julia's printer marks a block `N ┄` when its CFG lists several predecessors.  A catch block's predecessors
are the `enter` that names it, any fall-through or branch into it, and, where the IR holds it, the extra edge
from outside (predecessor 0) that `compute_basic_blocks` adds: CodeInfo prints and `inflate_ir` have it, the
IRCode kept by the optimizer pipeline (the escape-analysis display) does not.  A catch block with exactly one
other predecessor therefore shows which: `┄` with the extra edge, `─` without.  Where no catch block shows it,
the IR is taken to have it (Julia's `compute_basic_blocks`); the print is the same either way.
"""
from __future__ import annotations

from types import SimpleNamespace

from jlir.ir import nodes as N
from jlir.ir.cfg import predecessor_counts


def printed_markers(lines: list[str], start: int, end: int, col: int, nblocks: int) -> dict[int, str]:
    """Block number → the marker after it (`─` or `┄`) on its first line, blocks met in order from 1 (a nested
    CodeInfo's own `1 ─` rows, met while a later block is expected, are passed over)."""
    out: dict[int, str] = {}
    want = 1
    for k in range(start, end):
        if want > nblocks:
            break
        head = f"{want} "
        line = lines[k]
        if line.startswith(head, col) and line[col + len(head):col + len(head) + 1] in ("─", "┄"):
            out[want] = line[col + len(head)]
            want += 1
    return out


def catch_entry(lines: list[str], start: int, end: int, col: int, stmts, blocks,
                branch_edges: bool) -> bool | tuple[int, ...]:
    """Which catch blocks the printed rails show with the IR's extra catch edge (`IR.catch_entry`): all (True,
    also where no rail tells), none (False), or, where rails show both (a print after 1.5's inlining: a callee's
    catch block has it, the function's own not), the tuple of those that have it; a catch block whose rail
    does not tell (it has other predecessors) is taken like the first that does."""
    positional = [s for s in stmts if s.new_id is None]
    catches = sorted({s.node.catch_dest for s in positional if type(s.node) is N.EnterNode and s.node.catch_dest})
    if not catches:
        return True
    counts = predecessor_counts(SimpleNamespace(positional=positional, blocks=blocks, catch_entry=False),
                                branch_edges=branch_edges)
    markers = printed_markers(lines, start, end, col, len(blocks))
    told = {c: markers[c] == "┄" for c in catches if 1 <= c <= len(blocks) and counts[c - 1] == 1 and c in markers}
    if not told:
        return True
    if len(set(told.values())) == 1:
        return next(iter(told.values()))
    first = told[min(told)]
    return tuple(c for c in catches if told.get(c, first))
