"""Drawing the right-hand line-info gutter of a colored print onto the statement lines.

Julia writes the gutter of a statement (annotation, padding, method name; see
`jlir.analysis.lineinfo`) at a fixed terminal column and then the line over
it from column 1.  `GutterPainter` reproduces the result for the capture the
model records (`Function.screen`): on a terminal copy the line covers the
start of the gutter, in a stripped stream the gutter comes first.
"""
from __future__ import annotations

from jlir.geometry.lineinfo import line_annotations
from jlir.ir.function import Function


class GutterPainter:
    """`paint(line, idx)` gives the printed row of a line whose gutter is statement `idx`'s (0: an empty gutter)."""

    def __init__(self, f: Function):
        screen = f.screen
        self.capture, self.trimmed = screen.capture, screen.trimmed
        locs = [s.loc for s in f.positional]
        anns = line_annotations(f.linetable, locs, by_index=f.style.gutter_stacks_by_index)
        self.loc_width = max((len(a.annotation) for a in anns), default=0)
        method_width = max((len(a.method) for a in anns), default=0)
        self.texts = [a.annotation + " " * (self.loc_width - len(a.annotation)) + a.method for a in anns]
        # `ESC[<col>G` with col = width - widest method - widest annotation - 2 (1-based)
        self.column = (screen.width or 0) - method_width - self.loc_width - 3

    def gutter(self, idx: int) -> str:
        if 1 <= idx <= len(self.texts):
            return self.texts[idx - 1]
        return " " * self.loc_width if idx == 0 else "!" + " " * (self.loc_width - 1)

    def offset(self, idx: int) -> int:
        """How far `paint` moves the start of a line right: the gutter's width in a stream, else nothing."""
        return len(self.gutter(idx)) if self.capture == "stream" else 0

    def paint(self, line: str, idx: int) -> str:
        g = self.gutter(idx)
        if self.capture == "stream":
            return g + line
        s, n = self.column, len(line)
        if n <= s:
            row = line + " " * (s - n) + g
        elif n < s + len(g):
            row = line + g[n - s:]
        else:
            row = line
        return row.rstrip(" ") if self.trimmed else row


def gutter_painter(f: Function) -> GutterPainter | None:
    """The painter for `f`, or None when its text has no right-hand gutter."""
    return GutterPainter(f) if f.screen is not None else None
