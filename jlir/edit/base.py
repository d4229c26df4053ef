"""What the edit modules share: the error an inconsistent edit raises, the statement an emptied block keeps, and
the location a statement an edit creates takes.

Its own module so that compaction (jlir.edit.compact), which `IRCode.compact` calls, needs nothing of
jlir.edit.ircode.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.errors import JlirError
from jlir.ir.function import Statement

# A statement an edit creates without saying where it comes from has `loc=NEAR` until the edit is turned back
# into a Function, where it takes the location of the statement printed before it (`located`).
NEAR = None

EMPTY_BLOCK = Statement(V.NOTHING, T.NOTHING_TYPE, NEAR)


def located(stmts: list[Statement]) -> list[Statement]:
    """`stmts` (in print order) with each `loc=NEAR` statement given the location of the one before it (0 first).

    A print shows a location only where it changes, so a statement without one (Julia's line 0, which
    `compact!` gives the `nothing` of an emptied block) prints as if it had its predecessor's, and reads back
    with it: taking that location keeps the printed text and makes it read back as the same model.  Julia's
    `insert_node!` does the same from the other side (a node takes the line of the statement it is inserted
    before), which `IRCode.insert_node` and `BBCode.insert` follow where they know that statement.
    """
    out, loc = [], 0
    for s in stmts:
        if s.loc is NEAR:
            s = replace(s, loc=loc)
        out.append(s)
        loc = s.loc
    return out


class EditError(JlirError):
    """An edit that would leave the IR inconsistent (a terminator mid-block, a missing statement, …)."""
