"""What the edit modules share: the error an inconsistent edit raises, and the statement an emptied block keeps.

Its own module so that compaction (jlir.edit.compact), which `IRCode.compact` calls, needs nothing of
jlir.edit.ircode.
"""
from __future__ import annotations

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.errors import JlirError
from jlir.ir.function import Statement

EMPTY_BLOCK = Statement(V.NOTHING, T.NOTHING_TYPE, 0)


class EditError(JlirError):
    """An edit that would leave the IR inconsistent (a terminator mid-block, a missing statement, …)."""
