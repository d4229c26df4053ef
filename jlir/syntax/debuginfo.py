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
* ≤1.6 prints no line update to line 0, so an outermost frame that is printed
  again unchanged means the statement before it was at line 0 of that frame.

Finally the table is printed again and compared line by line with the text;
any difference is reported where it occurs.
"""
from __future__ import annotations

import re

from jlir.ir.function import LineInfo, Statement
from jlir.printer.debuginfo import LocationPrinter

_HEAD = re.compile(r"(?P<file>.+?)(?::(?P<line>-?\d+))? within `")
_EXTRA = re.compile(r" @ (?P<file>.+?):(?P<line>-?\d+)(?= @ |$)")
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


def _choose_quote(doc, texts) -> str:
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
    raise doc.error(str(e), k, e.column)


def read_locations(doc, lines_info, stmt_lines, stmts, positional_of, W):
    """Rebuild the line table from location lines; returns (linetable, statements with `loc` set)."""
    lines = doc.lines
    start_prefix, mid_prefix = "  " + " " * W, "│ " + " " * W
    # location lines before each statement line, and after the last one
    groups, pending = [], []
    for kind, k in lines_info:
        if kind == "loc":
            pending.append(k)
        else:
            groups.append(pending)
            pending = []
    closing = pending
    texts = []
    for k in [k for g in groups for k in g] + closing:
        line = lines[k]
        if not (line.startswith(start_prefix) or line.startswith(mid_prefix)):
            raise doc.error(f"expected a location line to start with `│` and {W + 1} spaces, or {W + 2} spaces",
                            k)
        texts.append((k, line[W + 2:], W + 2))
    quote = _choose_quote(doc, texts)
    text_of = {k: (text, at) for k, text, at in texts}

    table: list[LineInfo] = []
    index: dict[LineInfo, int] = {}

    def entry(file, line, method, parent) -> int:
        v = LineInfo(file, line, method, parent)
        if v not in index:
            table.append(v)
            index[v] = len(table)
        return index[v]

    def build(new_runs, parent):
        built = []
        for run in new_runs:
            ids = []
            for file, line, method in run:
                parent = entry(file, line, method, parent)
                ids.append(parent)
            built.append(ids)
        return built

    def rollback(mark):
        for i, v in enumerate(table[mark:], mark + 1):
            if index.get(v) == i:
                del index[v]
        del table[mark:]

    printer = LocationPrinter(table, quote)   # replays each statement to choose among readings

    def replays(state, steps) -> bool:
        printer.context, printer.depth = list(state[0]), state[1]
        for linestart, loc, group in steps:
            if printer.update(linestart, loc)[0] != [lines[k] for k in group]:
                return False
        return True

    runs: list[list[int]] = []      # open frame groups, outermost first (entry ids)
    locs: list[int] = []
    state = ([], 0)                 # printer state before the current statement
    prev = None                     # (index in locs, state before it, linestart) of the statement before, if unprinted
    for s, group, pos in zip(stmt_lines, groups, positional_of):
        if pos is None:
            if group:
                raise doc.error("location lines before a pending statement", group[0])
            locs.append(0)
            continue
        linestart = ("  " if s.rail == "start" else "│ ") + " " * W
        if not group:
            prev = (len(locs), state, linestart)
            locs.append(locs[-1] if locs else 0)
            continue
        keep, new_runs = len(runs), []
        for j, k in enumerate(group):
            text, at = text_of[k]
            try:
                kind, bars, arg = _parse_line(text, at, quote)
            except _LineError as e:
                raise doc.error(str(e), k, e.column) from None
            depth = keep + len(new_runs)
            if kind == "pop":
                if j:
                    raise doc.error("frames are closed (`└`) only in a statement's first location line", k, at)
                if arg > depth:
                    raise doc.error(f"this line closes {arg} frames, but only {depth} are open", k, at + bars)
                keep = depth - arg
                if bars != max(keep - 1, 0):
                    raise doc.error(f"after closing {arg} frames the depth is {keep}: expected "
                                    f"{max(keep - 1, 0)} `│` before `└`", k, at)
            elif kind == "at":
                if new_runs:
                    raise doc.error("a line update (` @ …` without `┌`) must come before the frames entered", k, at)
                if depth == 0 and bars == 0:
                    new_runs.append(arg)      # the outermost frame
                elif bars + 1 == depth:
                    keep = depth - 1          # replaces the innermost open group
                    new_runs.append(arg)
                else:
                    raise doc.error(f"a line update at depth {bars + 1}, but {depth} frame groups are open "
                                    f"(expected {max(depth - 1, 0)} `│`)", k, at)
            else:
                if bars + 2 != depth + 1:
                    raise doc.error(f"a frame entered at depth {bars + 2}, but {depth} frame groups are open "
                                    f"(expected {max(depth - 1, 0)} `│` before `┌`)", k, at)
                new_runs.append(arg)
        parent = runs[keep - 1][-1] if keep else 0
        mark = len(table)
        candidate = runs[:keep] + build(new_runs, parent)
        loc = candidate[-1][-1] if candidate else 0
        steps = [(linestart, loc, group)]
        if not replays(state, steps):
            chosen = False
            if keep and new_runs:
                # Julia's entries differed by identity only: a second, equal entry around the new groups
                rollback(mark)
                table.append(table[parent - 1])
                outer = runs[:keep - 1] + [runs[keep - 1][:-1] + [len(table)]]
                candidate = outer + build(new_runs, len(table))
                loc = candidate[-1][-1]
                steps = [(linestart, loc, group)]
                chosen = replays(state, steps)
            elif quote == "'" and prev is not None and len(new_runs) == 1:
                # ≤1.6 prints no line update to line 0: the statement before was at line 0 of this frame
                file, _, method = new_runs[0][0]
                hidden = entry(file, 0, method, 0)
                p_at, p_state, p_start = prev
                if replays(p_state, [(p_start, hidden, []), (linestart, loc, group)]):
                    locs[p_at] = hidden
                    state, steps = p_state, [(p_start, hidden, []), (linestart, loc, group)]
                    chosen = True
            if not chosen:
                rollback(mark)
                candidate = runs[:keep] + build(new_runs, parent)
                loc = candidate[-1][-1] if candidate else 0
                steps = [(linestart, loc, group)]   # no reading fits: _verify reports where the text differs
        printer.context, printer.depth = list(state[0]), state[1]
        for step_start, step_loc, _ in steps:
            printer.update(step_start, step_loc)
        state = (list(printer.context), printer.depth)
        runs = candidate
        prev = None
        locs.append(loc)

    _verify(doc, table, quote, locs, stmt_lines, groups, closing, positional_of, W)
    out = []
    for st, loc in zip(stmts, locs):
        out.append(Statement(st.node, st.type, loc, st.label, st.new_id))
    return tuple(table), out


def _verify(doc, table, quote, locs, stmt_lines, groups, closing, positional_of, W):
    """Print the rebuilt table again; the text must be what Julia prints for it."""
    printer = LocationPrinter(table, quote)
    for s, group, pos, loc in zip(stmt_lines, groups, positional_of, locs):
        if pos is None:
            continue
        linestart = ("  " if s.rail == "start" else "│ ") + " " * W
        expected, indent = printer.update(linestart, loc)
        _compare(doc, expected, group, s.index)
        if s.depth != len(indent):
            raise doc.error(f"expected an inline indent of {len(indent)} `│` after the block rail "
                            f"(the depth of the open frames)", s.index, W + 2)
    end = stmt_lines[-1].index + 1 if stmt_lines else 0
    _compare(doc, printer.finish(" " * (W + 2)), closing, end, closing=True)


def _compare(doc, expected, group, next_index, closing=False):
    lines = doc.lines
    for j in range(max(len(expected), len(group))):
        if j >= len(group):
            where = "after the last statement" if closing else "before this statement"
            raise doc.error(f"expected the location line {expected[j]!r} {where}", min(next_index, len(lines) - 1))
        k = group[j]
        if j >= len(expected):
            raise doc.error("unexpected location line after the last statement" if closing else
                            "unexpected location line: Julia prints no further location lines before "
                            "this statement", k)
        if lines[k] != expected[j]:
            col = next((c for c, (a, b) in enumerate(zip(lines[k], expected[j])) if a != b),
                       min(len(lines[k]), len(expected[j])))
            raise doc.error(f"this location line does not follow from the ones before it: Julia prints "
                            f"{expected[j]!r} here", k, col)
