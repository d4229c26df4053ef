"""What lenient reading reports: a repair, and the warning that carries it.

Their own module because the reader's rows (excerpts) report repairs too, and sit below the lenient reader
(which asks the document reader whether a line starts a dump).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Repair:
    """One change made to the text: `line` is 1-based in the original text; `kind` names the repair
    (`crlf`, `prompt`, `fence`, `comment`, `elision`, `ascii`, …: the keys of `REASONS`)."""
    line: int
    note: str
    kind: str = ""


class LenientNote(UserWarning):
    """A repair made by lenient reading, as a warning: `file:line: note: …`."""

    def __init__(self, file: str, repair: Repair):
        super().__init__(f"{file}:{repair.line}: note: {repair.note}")
        self.file, self.line, self.note, self.kind = file, repair.line, repair.note, repair.kind
