"""Finding a line table that makes Julia print a given right-hand gutter: the reader's (`jlir.syntax.rows.gutter`)
and the printer's side's, which knows the gutter from the model (`jlir.printer.linetables`).

The gutter keeps only what Julia's `compute_ir_line_annotations` shows: the
annotation glyphs, the name of at most one scope per statement, and the
outermost line number when it changes.  So there is no one line table
behind it; `reconstruct` searches for *a* line table that reprints it: a
depth-first search over each statement's inlining stack (how many frames it
shares with the previous statement's, how many new ones it opens), running
the printer's own step (`jlir.geometry.lineinfo.Annotator`) on each
candidate.  Frames whose method the gutter never names get the method `""`;
where the printer's same-method test must tell two such frames apart, they
get distinct placeholder files `<N>`.  Inner frames get line 0.  A result is
checked by reprinting it before it is returned.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jlir.geometry.lineinfo import Annotator, line_annotations
from jlir.ir.function import LineInfo, Screen

GLYPHS = "│╻╷┃!"
TAIL = re.compile(f"([{GLYPHS}]+)( *)(\\S*)( *)$")  # a row's gutter: its annotation, padding and method name
BOX = re.compile(r"[\u2500-\u257f]")  # a box-drawing glyph (a method name never starts with one)


@dataclass
class Observed:
    """What one line shows of its gutter: `kind` is `full` (all of it), `suffix` (the part the line did not
    cover, from offset `offset`), `hidden` (covered by a long line) or `none` (no gutter text)."""
    kind: str
    text: str = ""
    offset: int = 0


def observe_row(line: str, column: int, tail=None) -> tuple[Observed, str]:
    """What a terminal copy's row shows of the gutter Julia wrote at `column` (0-based), and the row without it.

    Julia writes the gutter first and the statement over it from column 1 (`ESC[<col>G`), so a row shows the
    whole gutter (`full`), the end of it past a longer statement (`suffix`), none of it (`hidden`, the statement
    reaches past it), or a blank one (`none`).  The reader sees rows this way (`jlir.syntax.rows.gutter`); so
    does the printer's side, on the rows it paints (`jlir.printer.linetables`).  `tail`: `TAIL.search(line)`
    when the caller has it."""
    m = TAIL.search(line) if tail is None else tail
    if m and m.start() == column and not _in_string(line, column):
        return Observed("full", line[column:]), line[:column].rstrip(" ")
    if m and m.start() > column and line[column:m.start()].strip():
        return Observed("suffix", line[m.start():], m.start() - column), line[:m.start()]
    if len(line.rstrip(" ")) > column:
        return Observed("hidden"), line.rstrip(" ")
    return Observed("none", offset=len(line)), line.rstrip(" ")  # (the row's length shows whether blanks were trimmed)


def _in_string(line: str, column: int) -> bool:
    """Whether `column` falls inside a string literal of the statement (an odd number of unescaped `"` before
    it): a long line whose string happens to show ` !` at the gutter column covers the gutter, it starts none."""
    quotes = line.count('"', 0, column) - line.count('\\"', 0, column) + line.count('\\\\"', 0, column)
    return quotes % 2 == 1


class GutterError(Exception):
    """No line table reproduces the gutter (the text was edited, or the gutter is not Julia's)."""


@dataclass
class _Entry:
    line: int
    var: int          # method variable
    parent: int       # 1-based index of the caller's entry (0: outermost)


# The steps all the searches for one gutter may take together: a fixed part, and a part per statement, so that the
# time spent on a text that no line table reprints grows with its length only (real gutters take a few steps per
# statement; an edited one can make the depth-first search backtrack without end).
BASE_STEPS = 20_000
STEPS_PER_STATEMENT = 200


class _Search:
    """The depth-first search for inlining stacks; see the module docstring."""

    def __init__(self, obs, linenos, *, by_index, loc_width, column, trimmed, budget: list[int]):
        self.budget = budget  # [steps left], shared by the searches of one gutter
        self.obs, self.linenos = obs, linenos
        self.loc_width, self.column, self.trimmed = loc_width, column, trimmed
        self.entries: list[_Entry] = []
        self.names: list[str | None] = []
        self.ann = Annotator(self._method, lambda i: "", lambda i: self.entries[i - 1].line, by_index=by_index,
                             name_of=lambda i: self.names[self.entries[i - 1].var] or "")

    def _method(self, i):
        v = self.entries[i - 1].var
        name = self.names[v]
        return ("?", v) if name is None else name

    def _fresh(self, line, parent, var=None):
        if var is None:
            self.names.append(None)
            var = len(self.names) - 1
        self.entries.append(_Entry(line, var, parent))
        return len(self.entries)

    # --- one statement
    def _matches(self, k, a, stack, named):
        """Whether annotation `a` fits observation k; also the method name it gives `named`'s unnamed variable."""
        o = self.obs[k]
        if o.kind == "any":  # a statement an excerpt does not show: any stack prints it
            return True, None
        if a.lineno != self.linenos[k]:
            return False, None
        if o.kind == "hidden":
            return True, None
        if o.kind == "none":
            return False, None  # a statement's first line always shows its annotation
        if named and named not in stack:
            return False, None  # the name would belong to a frame this candidate does not hold
        p = stack.index(named) if named else 0
        head = a.annotation + " " * (self.loc_width - len(a.annotation)) + " " * p
        known = self.names[self.entries[named - 1].var] if named else ""
        if known is not None:
            return self._cmp((head + known)[o.offset:], o.text), None
        if o.kind == "full":
            rest = o.text[len(head):]
            if not o.text.startswith(head) or not rest.strip() or rest[0] == " ":
                return False, None
            name = rest.rstrip(" ")
            if " " in name:
                return False, None
            return self._cmp(head + name, o.text), name
        token = o.text.rstrip(" ").rsplit(" ", 1)[-1]
        if not token or token[0] in GLYPHS:
            return False, None
        return self._cmp((head + token)[o.offset:], o.text), token

    def _cmp(self, expected, text):
        if self.trimmed:
            return expected.rstrip(" ") == text.rstrip(" ")
        return expected == text

    def _candidates(self, k, state):
        """Inlining stacks to try for statement k, most likely first (new frames are added to the table while tried)."""
        if self.obs[k].kind == "any":
            yield from self._any(k, state)
            return
        yield from self._candidates_known(k, state)

    def _candidates_known(self, k, state):
        last = state.last_stack
        o = self.obs[k]
        lineno = self.linenos[k]
        outer_line = int(lineno) if lineno else state.last_lineno
        if o.kind == "full":
            limit = len(o.text) - len(o.text.lstrip(GLYPHS)) + 1
        else:
            limit = 2
        if not lineno and not last:
            yield ()
        if last and not lineno:
            yield last
        for c in range(len(last), -1, -1):
            if lineno and c:
                continue  # a printed line number: a new outermost frame
            if not lineno and c == 0 and not last:
                continue
            for new in range(0, limit + 1):
                n = c + new
                if n == 0 or (new == 0 and c == len(last)):
                    continue
                if new == 0:
                    yield last[:c]
                    continue
                # only the innermost frame differs: it may be the same method at another line, or another method
                shares = (True, False) if n == len(last) and c == n - 1 else (False,)
                for share in shares:
                    entries, names = len(self.entries), len(self.names)
                    stack = list(last[:c])
                    for i in range(new):
                        parent = stack[-1] if stack else 0
                        line = outer_line if not stack else 0
                        var = self.entries[last[-1] - 1].var if share and i == new - 1 else None
                        stack.append(self._fresh(line, parent, var))
                    yield tuple(stack)
                    del self.entries[entries:]
                    del self.names[names:]
        if not lineno and last:
            yield ()

    def _any(self, k, state):
        """Stacks for a statement an excerpt does not show: its own line number is unknown, so the stacks of both
        a row that prints none (the same outermost line) and of one that prints a new line (one past the last)."""
        for lineno in ("", str(state.last_lineno + 1)):
            self.linenos[k] = lineno
            try:
                yield from self._candidates_known(k, state)
            finally:
                self.linenos[k] = ""

    def run(self):
        n = len(self.obs)
        stacks = [None] * n
        frames = []  # (generator, state before, assigned var or None)
        state = self.ann.start
        k = 0
        budget = self.budget
        gen = self._candidates(0, state) if n else None
        frames_state = [state]
        while k < n:
            budget[0] -= 1
            if budget[0] < 0:
                raise GutterError("the search for a line table gave up")
            assigned = None
            for stack in gen:
                a, new_state, named = self.ann.step(frames_state[k], stack)
                ok, name = self._matches(k, a, stack, named)
                if not ok:
                    continue
                if name is not None:
                    assigned = self.entries[named - 1].var
                    self.names[assigned] = name
                    a, new_state, named = self.ann.step(frames_state[k], stack)
                    if not self._matches(k, a, stack, named)[0]:
                        self.names[assigned] = None
                        assigned = None
                        continue
                break
            else:
                # exhausted: backtrack
                if not frames:
                    raise GutterError("no line table reproduces this gutter")
                k -= 1
                gen, assigned_prev = frames.pop()
                frames_state.pop()
                if assigned_prev is not None:
                    self.names[assigned_prev] = None
                continue
            stacks[k] = stack
            frames.append((gen, assigned))
            frames_state.append(new_state)
            k += 1
            if k < n:
                gen = self._candidates(k, new_state)
        return stacks


def reconstruct(observed: list[Observed], linenos: list[str], *, by_index: bool, capture: str,
                column: int | None, trimmed: bool | None = None) -> tuple[tuple[LineInfo, ...], list[int], Screen]:
    """A line table and per-statement line-table indices that reprint this gutter; the Screen it was drawn on.

    `observed` and `linenos` hold, per positional statement, the gutter seen on
    its first line and the text of its line-number column.  `trimmed` is True
    when other rows already show that the capture trimmed trailing blanks.
    """
    full = [o for o in observed if o.kind == "full"]
    glyph_runs = [len(o.text) - len(o.text.lstrip(GLYPHS)) for o in full]
    low = max(glyph_runs, default=1)
    # a row that names no method shows its annotation padded to the widest one, unless the capture trimmed it
    exact = {len(o.text) for o in full if not o.text.strip(GLYPHS + " ")}
    last_error = None
    budget = [BASE_STEPS + STEPS_PER_STATEMENT * len(observed)]
    options = (True,) if trimmed else (False, True) if capture == "screen" else (False,)
    for trimmed in options:
        widths = sorted(exact) if len(exact) == 1 and not trimmed else list(range(low, low + 4))
        for loc_width in widths:
            if loc_width < low:
                continue
            search = _Search(observed, linenos, by_index=by_index, loc_width=loc_width, column=column,
                             trimmed=trimmed, budget=budget)
            try:
                stacks = search.run()
            except GutterError as e:
                last_error = e
                continue
            result = _finish(search, stacks, by_index)
            if result is None:
                continue
            table, locs = result
            anns = line_annotations(table, locs, by_index=by_index)
            if max(len(a.annotation) for a in anns) != loc_width:
                continue
            width = None
            if capture == "screen":
                width = column + 3 + max(len(a.method) for a in anns) + loc_width
            return table, locs, Screen(capture, width, trimmed)
    raise last_error or GutterError("no line table reproduces this gutter")


def _finish(search: _Search, stacks, by_index):
    """The line table of a finished search, with names filled in; None if it does not reprint the observations."""
    for files in (False, True):
        table = []
        for e in search.entries:
            name = search.names[e.var]
            file = f"<{e.var}>" if files and name is None else ""
            table.append(LineInfo(file, e.line, name or "", e.parent))
        table = tuple(table)
        locs = [s[-1] if s else 0 for s in stacks]
        anns = line_annotations(table, locs, by_index=by_index)
        ok = True
        for k, a in enumerate(anns):
            if search.obs[k].kind == "any":
                continue
            if a.lineno != search.linenos[k]:
                ok = False
                break
            o = search.obs[k]
            if o.kind in ("full", "suffix"):
                exp = a.annotation + " " * (search.loc_width - len(a.annotation)) + a.method
                got = exp if o.kind == "full" else exp[o.offset:]
                if not search._cmp(got, o.text):
                    ok = False
                    break
        if ok:
            return _compact(table, locs)
    return None


def _compact(table, locs):
    """Drop entries no statement's stack reaches (tried and abandoned candidates), renumbering the rest."""
    keep = set()
    for loc in locs:
        while loc and loc not in keep:
            keep.add(loc)
            loc = table[loc - 1].inlined_at
    order = sorted(keep)
    new_index = {old: i for i, old in enumerate(order, 1)}
    out = tuple(LineInfo(table[old - 1].file, table[old - 1].line, table[old - 1].method,
                         new_index.get(table[old - 1].inlined_at, 0)) for old in order)
    return out, [new_index.get(loc, 0) for loc in locs]
