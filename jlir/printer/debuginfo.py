"""Location lines of `debuginfo=:source` CodeInfo prints, computed from the line table.

Julia's `DILineInfoPrinter` (base/compiler/ssair/show.jl) keeps a *context*:
the inlining stack (outermost frame first) of the last statement that had
line info, and `depth`, the number of frame groups printed for it (a run of
frames of one method, e.g. recursion, is one group).  Before each statement it
prints what changed from that context to the statement's stack:

* a *pop* line, `│`×(d−1) + `└`×k, when it leaves k groups (d: the depth after);
* at most one *line update*, `│`×(d−1) + ` @ file:line within …`, when the first
  group that differs has the same method (≤1.6: and the same file), or when a
  group gained or lost recursive frames of its method;
* one *entry* line per new group, `│`×(d−2) + `┌ @ …` (no `┌` for the
  outermost frame), frames of the same method folded into ` @ file:line`.

Every location line starts with the statement's `linestart` (`"  "` or `"│ "`,
then W spaces), the statement line carries `│`×(depth−1) after its rail, and
after the last statement one line of W+2 spaces and `└`×(depth−1) closes the
open groups.  Frames are compared by value, as Julia compares its immutable
`LineInfoNode`s with `===` (`inlined_at` included).

Two printer generations differ (selected by the style's close quote):
≤1.6 (``within `f'``) requires the same file for a line update and prints
nothing for a line update to line 0; 1.7+ (``within `f` ``) needs only the same
method and prints such an update without `:line`.
"""
from __future__ import annotations

from jlir.ir.errors import JlirError
from jlir.ir.function import LineInfo


class LineTableError(JlirError, ValueError):
    """A statement's `loc` or an `inlined_at` names no line-table entry, or an inlining chain loops."""


def location_printing(f) -> bool:
    """Whether `f` prints location lines: a line table with file or method names (not the IRCode line column)."""
    return any(e.file or e.method for e in f.linetable)


def stack_of(linetable, loc: int) -> list[LineInfo]:
    """The inlining stack of entry `loc`, outermost frame first (empty for 0)."""
    out = []
    seen = 0
    while loc:
        if not 0 < loc <= len(linetable) or seen > len(linetable):
            raise LineTableError(f"line table entry {loc} does not exist (or its `inlined_at` chain loops)")
        entry = linetable[loc - 1]
        out.append(entry)
        loc = entry.inlined_at
        seen += 1
    out.reverse()
    return out


def frame_text(entry: LineInfo, quote: str, *, with_line: bool = True) -> str:
    """` @ file:line within `method'` (`:line` left out for 0 or when `with_line` is false)."""
    where = f"{entry.file}:{entry.line}" if with_line and entry.line else entry.file
    return f" @ {where} within `{entry.method}{quote}"


def _groups(frames) -> int:
    """How many runs of one method name `frames` holds."""
    n, prev = 0, None
    for fr in frames:
        if n == 0 or fr.method != prev:
            n += 1
        prev = fr.method
    return n


class LocationPrinter:
    """Julia's location-line state machine for one CodeInfo print."""

    def __init__(self, linetable, quote: str):
        self.linetable = linetable
        self.quote = quote
        self.old_rules = quote == "'"   # ≤1.6
        self.context: list[LineInfo] = []
        self.depth = 0

    def indent(self, glyph: str = "│") -> str:
        return glyph * (max(self.depth, 1) - 1)

    def update(self, linestart: str, loc: int) -> tuple[list[str], str]:
        """The location lines before a statement with line-table entry `loc`, and its inline indent."""
        if not loc:
            return [], self.indent()
        stack = stack_of(self.linetable, loc)
        ctx = self.context
        n = 0
        while n < min(len(ctx), len(stack)) and ctx[n] == stack[n]:
            n += 1
        line_only = False
        if n > 0:
            # recursion: frames of the last matching method added or removed → reprint that whole group
            method = ctx[n - 1].method
            if (n < len(stack) and stack[n].method == method) or (n < len(ctx) and ctx[n].method == method):
                line_only = True
                while n > 0 and ctx[n - 1].method == method:
                    n -= 1
        if not line_only and n < len(ctx) and n < len(stack):
            a, b = ctx[n], stack[n]
            line_only = a.method == b.method and (not self.old_rules or a.file == b.file)
        lines = []
        if n < len(ctx):
            pops = _groups(ctx[n:]) - line_only
            del ctx[n:]
            if pops > 0:
                self.depth -= pops
                lines.append(linestart + self.indent() + "└" * pops)
        if line_only and self.old_rules:
            frame = stack[n]
            n += 1
            ctx.append(frame)
            line_only = False
            if frame.line:  # ≤1.6 prints no update to line 0
                text = self.indent() + frame_text(frame, self.quote)
                n, extra = self._fold(stack, n, frame.method)
                lines.append(linestart + text + extra)
        while n < len(stack):
            frame = stack[n]
            n += 1
            text = self.indent()
            ctx.append(frame)
            if line_only:
                line_only = False
            else:
                self.depth += 1
                if n != 1:
                    text += "┌"
            text += frame_text(frame, self.quote)
            n, extra = self._fold(stack, n, frame.method)
            lines.append(linestart + text + extra)
        return lines, self.indent()

    def _fold(self, stack, n: int, method: str) -> tuple[int, str]:
        """Frames of `method` right after the one printed: pushed, and printed as ` @ file:line` each."""
        extra = ""
        while n < len(stack) and stack[n].method == method:
            self.context.append(stack[n])
            extra += f" @ {stack[n].file}:{stack[n].line}"
            n += 1
        return n, extra

    def finish(self, linestart: str) -> list[str]:
        """The closing line after the last statement (none at depth ≤ 1); resets the state."""
        pops = self.indent("└")
        self.context = []
        self.depth = 0
        return [linestart + pops] if pops else []


def location_layout(f, W: int) -> tuple[dict[int, list[str]], dict[int, str], list[str]]:
    """For a CodeInfo-style `f`: location lines before each positional statement, its inline indent, closing lines.

    Keys are 1-based positional statement numbers.
    """
    printer = LocationPrinter(f.linetable, f.style.location_close_quote)
    firsts = {b.first for b in f.blocks}
    before, indents = {}, {}
    for pos, s in enumerate(f.positional, 1):
        linestart = ("  " if pos in firsts else "│ ") + " " * W
        before[pos], indents[pos] = printer.update(linestart, s.loc)
    return before, indents, printer.finish(" " * (W + 2))
