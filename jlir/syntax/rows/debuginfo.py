"""Location lines of `debuginfo=:source` prints (`@ file:line within `f``), read back into a line table.

This inverts `jlir.printer.debuginfo.LocationPrinter` (Julia's `DILineInfoPrinter`;
the module docstring there describes the lines).  Reading keeps the printer's
state, the open frame *groups* (a run of frames of one method), and applies the
location lines before each statement:

* pop `│`×(d−1)`└`×k: leave k groups (d is the depth after);
* ` @ …` at `│`×(d−1): the outermost frame when nothing is open, else a line
  update that replaces group d;
* `┌ @ …` at `│`×(d−2): enter group d.

A statement's stack is then the frames of its open groups; each frame becomes
a line-table entry `LineInfo(file, line, method, inlined_at)` whose `inlined_at`
is the entry of the frame around it, and the statement's `loc` is its innermost
entry.  Entries are shared by value (Julia compares its immutable line-table
nodes by value too).  A statement without location lines keeps the previous
statement's frames.  Two prints are ambiguous and get a canonical reading:

* a line update to a frame equal to the one it replaces (Julia had two distinct
  but equal-looking entries, e.g. one per inlined call site): the entry around
  the updated group is duplicated, so the new frames differ by `inlined_at`;
  where that does not print back, the entry of a group further out is (the
  frames between rebuilt on it), innermost first;
* ≤1.6 prints no line update to line 0, so an outermost frame that is printed
  again unchanged means the statement before it was at line 0 of that frame.

Finally the table is printed again and compared line by line with the text;
any difference is reported where it occurs.
"""
from __future__ import annotations

import re

from jlir.ir.function import LineInfo, Statement
from jlir.printer.debuginfo import LocationPrinter

_HEAD = re.compile(r"(?P<file>.+?)(?::(?P<line>-?[0-9]{1,18}))? within `")
_EXTRA = re.compile(r" @ (?P<file>.+?):(?P<line>-?[0-9]{1,18})(?= @ |$)")
_QUOTES = ("'", "`")   # ≤1.6, 1.7+


class _LineError(Exception):
    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.column = column


def _extras(text: str):
    """` @ file:line` repeated to the end of `text`, as [(file, line, offset)], or None."""
    out, p = [], 0
    while p < len(text):
        m = _EXTRA.match(text, p)
        if not m:
            return None
        out.append((m.group("file"), int(m.group("line")), m.start()))
        p = m.end()
    return out


def _frames(text: str, at: int, quote: str):
    """`file[:line] within `method'( @ file:line)*` → [(file, line, method)]; `at` is its column."""
    m = _HEAD.match(text)
    if not m:
        raise _LineError("expected `file:line within `method`` after `@ `", at)
    rest = text[m.end():]
    for i, c in enumerate(rest):
        if c != quote:
            continue
        extra = _extras(rest[i + 1:])
        if extra is not None:
            method = rest[:i]
            frames = [(m.group("file"), int(m.group("line") or 0), method)]
            frames.extend((file, line, method) for file, line, _ in extra)
            return frames
    close = "a straight quote `'` (Julia ≤1.6)" if quote == "'" else "a backtick (Julia 1.7+)"
    raise _LineError(f"expected the method name to end with {close}, optionally followed by "
                     "` @ file:line` for recursive frames", at + m.end())


def _parse_line(text: str, at: int, quote: str):
    """One location line after its prefix → ("pop", bars, k) / ("at", bars, frames) / ("enter", bars, frames)."""
    bars = len(text) - len(text.lstrip("│"))
    rest = text[bars:]
    at += bars
    if rest.startswith("└"):
        k = len(rest) - len(rest.lstrip("└"))
        if k != len(rest):
            raise _LineError("a location line that closes frames holds only `│` and `└`", at + k)
        return "pop", bars, k
    if rest.startswith("┌ @ "):
        return "enter", bars, _frames(rest[4:], at + 4, quote)
    if rest.startswith(" @ "):
        return "at", bars, _frames(rest[3:], at + 3, quote)
    raise _LineError("expected a location line: `┌ @ file:line within …`, ` @ …`, or `└` closing frames", at)


def _choose_quote(source, texts) -> str:
    """The close quote of the method names: the one every location line reads with."""
    errors = {}
    for quote in _QUOTES:
        try:
            for k, text, at in texts:
                _parse_line(text, at, quote)
            return quote
        except _LineError as e:
            errors[quote] = (k, e)
    k, e = max(errors.values(), key=lambda ke: (ke[0], ke[1].column))
    raise source.error(str(e), k, e.column)


class _Table:
    """The line table being rebuilt: entries shared by value, and undone when a reading is abandoned."""

    def __init__(self):
        self.entries: list[LineInfo] = []
        self.index: dict[LineInfo, int] = {}

    def entry(self, file, line, method, parent) -> int:
        v = LineInfo(file, line, method, parent)
        if v not in self.index:
            self.entries.append(v)
            self.index[v] = len(self.entries)
        return self.index[v]

    def build(self, new_runs, parent) -> list[list[int]]:
        """The entry ids of frame groups entered inside `parent`, each frame inside the one before it."""
        built = []
        for run in new_runs:
            ids = []
            for file, line, method in run:
                parent = self.entry(file, line, method, parent)
                ids.append(parent)
            built.append(ids)
        return built

    def rollback(self, mark: int) -> None:
        for i, v in enumerate(self.entries[mark:], mark + 1):
            if self.index.get(v) == i:
                del self.index[v]
        del self.entries[mark:]


def _location_texts(source, lines_info, W):
    """The location lines before each statement line, those after the last one, and (index, text after the
    rail, column) of every location line."""
    groups, pending = [], []
    for kind, k in lines_info:
        if kind == "loc":
            pending.append(k)
        else:
            groups.append(pending)
            pending = []
    start_prefix, mid_prefix = "  " + " " * W, "│ " + " " * W
    texts = []
    for k in [k for g in groups for k in g] + pending:
        line = source.lines[k]
        if not (line.startswith(start_prefix) or line.startswith(mid_prefix)):
            raise source.error(f"expected a location line to start with `│` and {W + 1} spaces, or {W + 2} spaces",
                               k)
        texts.append((k, line[W + 2:], W + 2))
    return groups, pending, texts


def read_locations(source, lines_info, stmt_lines, stmts, positional_of, W):
    """Rebuild the line table from location lines; returns (linetable, statements with `loc` set)."""
    groups, closing, texts = _location_texts(source, lines_info, W)
    quote = _choose_quote(source, texts)
    text_of = {k: (text, at) for k, text, at in texts}
    table = _Table()
    replay = _Replay(source.lines, LocationPrinter(table.entries, quote))
    runs: list[list[int]] = []      # open frame groups, outermost first (entry ids)
    locs: list[int] = []
    prev = None                     # (index in locs, state before it, linestart) of the statement before, if unprinted
    for s, group, pos in zip(stmt_lines, groups, positional_of):
        if pos is None:
            if group:
                raise source.error("location lines before a pending statement", group[0])
            locs.append(0)
            continue
        linestart = ("  " if s.rail == "start" else "│ ") + " " * W
        if not group:
            prev = (len(locs), replay.state, linestart)
            locs.append(locs[-1] if locs else 0)
            continue
        keep, new_runs = _read_group(source, text_of, group, quote, len(runs))
        runs, loc = _choose_reading(table, replay, runs, keep, new_runs, linestart, group, quote, prev, locs)
        prev = None
        locs.append(loc)
    _verify(source, table.entries, quote, locs, stmt_lines, groups, closing, positional_of, W)
    out = [Statement(st.node, st.type, loc, st.label, st.new_id) for st, loc in zip(stmts, locs)]
    return tuple(table.entries), out


class _Replay:
    """Julia's location printer, replayed from a saved state to check which reading prints the text."""

    def __init__(self, lines, printer: LocationPrinter):
        self.lines, self.printer = lines, printer
        self.state = ([], 0)  # printer state before the current statement

    def replays(self, state, steps) -> bool:
        printer = self.printer
        printer.context, printer.depth = list(state[0]), state[1]
        for linestart, loc, group in steps:
            if printer.update(linestart, loc)[0] != [self.lines[k] for k in group]:
                return False
        return True

    def advance(self, state, steps) -> None:
        """Print `steps` from `state`: the state before the next statement."""
        printer = self.printer
        printer.context, printer.depth = list(state[0]), state[1]
        for step_start, step_loc, _ in steps:
            printer.update(step_start, step_loc)
        self.state = (list(printer.context), printer.depth)


def _read_group(source, text_of, group, quote, open_groups):
    """The location lines before one statement as (groups kept open, frame runs entered), checked line by line."""
    keep, new_runs = open_groups, []
    for j, k in enumerate(group):
        text, at = text_of[k]
        try:
            kind, bars, arg = _parse_line(text, at, quote)
        except _LineError as e:
            raise source.error(str(e), k, e.column) from None
        depth = keep + len(new_runs)
        if kind == "pop":
            if j:
                raise source.error("frames are closed (`└`) only in a statement's first location line", k, at)
            if arg > depth:
                raise source.error(f"this line closes {arg} frames, but only {depth} are open", k, at + bars)
            keep = depth - arg
            if bars != max(keep - 1, 0):
                raise source.error(f"after closing {arg} frames the depth is {keep}: expected "
                                   f"{max(keep - 1, 0)} `│` before `└`", k, at)
        elif kind == "at":
            if new_runs:
                raise source.error("a line update (` @ …` without `┌`) must come before the frames entered", k, at)
            if depth == 0 and bars == 0:
                new_runs.append(arg)      # the outermost frame
            elif bars + 1 == depth:
                keep = depth - 1          # replaces the innermost open group
                new_runs.append(arg)
            else:
                raise source.error(f"a line update at depth {bars + 1}, but {depth} frame groups are open "
                                   f"(expected {max(depth - 1, 0)} `│`)", k, at)
        else:
            if bars + 2 != depth + 1:
                raise source.error(f"a frame entered at depth {bars + 2}, but {depth} frame groups are open "
                                   f"(expected {max(depth - 1, 0)} `│` before `┌`)", k, at)
            new_runs.append(arg)
    return keep, new_runs


def _choose_reading(table, replay, runs, keep, new_runs, linestart, group, quote, prev, locs):
    """The open frame groups after a statement and its `loc`: the plain reading of its location lines, else one
    of the two canonical readings of an ambiguous print (see the module docstring) that Julia prints back."""
    parent = runs[keep - 1][-1] if keep else 0
    mark = len(table.entries)
    candidate = runs[:keep] + table.build(new_runs, parent)
    loc = candidate[-1][-1] if candidate else 0
    state, steps = replay.state, [(linestart, loc, group)]
    if not replay.replays(state, steps):
        chosen = False
        # Julia's entries differed by identity only: a second, equal entry around the new groups, of the innermost
        # kept group, else of one further out (the frames between rebuilt on it: Julia's `DILineInfoPrinter` then
        # meets the first difference there, a line update of a frame at line 0, which prints nothing)
        for g in range(keep - 1, -1, -1) if new_runs else ():
            table.rollback(mark)
            candidate = _duplicated_at(table, runs, keep, new_runs, g)
            loc = candidate[-1][-1]
            steps = [(linestart, loc, group)]
            chosen = replay.replays(state, steps)
            if chosen:
                break
        if not chosen and quote == "'" and prev is not None and len(new_runs) == 1 and not (keep and new_runs):
            # ≤1.6 prints no line update to line 0: the statement before was at line 0 of this frame
            file, _, method = new_runs[0][0]
            hidden = table.entry(file, 0, method, 0)
            p_at, p_state, p_start = prev
            if replay.replays(p_state, [(p_start, hidden, []), (linestart, loc, group)]):
                locs[p_at] = hidden
                state, steps = p_state, [(p_start, hidden, []), (linestart, loc, group)]
                chosen = True
        if not chosen:
            table.rollback(mark)
            candidate = runs[:keep] + table.build(new_runs, parent)
            loc = candidate[-1][-1] if candidate else 0
            steps = [(linestart, loc, group)]   # no reading fits: _verify reports where the text differs
    replay.advance(state, steps)
    return candidate, loc


def _duplicated_at(table, runs, keep: int, new_runs, g: int) -> list[list[int]]:
    """The open groups with the last entry of kept group `g` duplicated (an equal entry of its own), every kept
    frame inside it and then `new_runs` rebuilt on the duplicate."""
    table.entries.append(table.entries[runs[g][-1] - 1])
    dup = len(table.entries)
    inner = [[(e.file, e.line, e.method) for e in (table.entries[i - 1] for i in run)] for run in runs[g + 1:keep]]
    built = table.build(inner + list(new_runs), dup)
    return runs[:g] + [runs[g][:-1] + [dup]] + built


def _verify(source, table, quote, locs, stmt_lines, groups, closing, positional_of, W):
    """Print the rebuilt table again; the text must be what Julia prints for it."""
    printer = LocationPrinter(table, quote)
    for s, group, pos, loc in zip(stmt_lines, groups, positional_of, locs):
        if pos is None:
            continue
        linestart = ("  " if s.rail == "start" else "│ ") + " " * W
        expected, indent = printer.update(linestart, loc)
        _compare(source, expected, group, s.index)
        if s.depth != len(indent):
            raise source.error(f"expected an inline indent of {len(indent)} `│` after the block rail "
                            f"(the depth of the open frames)", s.index, W + 2)
    end = stmt_lines[-1].index + 1 if stmt_lines else 0
    _compare(source, printer.finish(" " * (W + 2)), closing, end, closing=True)


def _compare(source, expected, group, next_index, closing=False):
    lines = source.lines
    for j in range(max(len(expected), len(group))):
        if j >= len(group):
            where = "after the last statement" if closing else "before this statement"
            raise source.error(f"expected the location line {expected[j]!r} {where}", min(next_index, len(lines) - 1))
        k = group[j]
        if j >= len(expected):
            raise source.error("unexpected location line after the last statement" if closing else
                            "unexpected location line: Julia prints no further location lines before "
                            "this statement", k)
        if lines[k] != expected[j]:
            col = next((c for c, (a, b) in enumerate(zip(lines[k], expected[j])) if a != b),
                       min(len(lines[k]), len(expected[j])))
            raise source.error(f"this location line does not follow from the ones before it: Julia prints "
                            f"{expected[j]!r} here", k, col)
