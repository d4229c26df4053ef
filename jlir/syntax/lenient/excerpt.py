"""Reading excerpts: statements and blocks a person elided, a text that starts at block N, a last row cut short.

Lenient reading keeps the marker lines the author wrote (`...`, `│   ...`, `⋮`, a column of `.`, a bare `│`).
Here, before the strict reader runs, each elision is replaced by placeholder rows, one per skipped statement
number (`$(Expr(:jlir_elided, k, uses…))` with Julia's rails and SSA column), so the reader sees a text whose
numbering and widths are Julia's; `restore` then turns the placeholders into `jlir.ir.nodes.Elided`
statements carrying the marker, and the printer prints the marker back where the rows were.  How many
statements and blocks an elision stands for is read off the numbers around it (`%18` after `%2`, block 11
after block 1); where the text does not say (a trailing `...`) one `rest` placeholder stands for them all;
where the numbers cannot hold the blocks, the elision is left alone and the reader's error stands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from jlir.geometry import rails
from jlir.syntax.rows.excerptrows import (CUT, HEAD, INLINE, REF, ROW, Row, dump_segments, is_elision, number_rows,
                                          read_events)
from jlir.syntax.rows.placeholders import Writer, rail_width, run_rails, token
from jlir.syntax.lenient.notes import Repair



@dataclass
class _Entry:
    marker: str
    line: int           # 1-based line in the original text
    shape: str
    uses: list
    merges: tuple = ()


@dataclass(frozen=True)
class Expanded:
    """What the strict reader reads (`text`; `back[k]`: the repaired line of its line k), the placeholders'
    entries (`entries[k]` for `$(Expr(:jlir_elided, k, …))`; 0: a run's further statements), header section
    titles to put back (read line → marker), and the notes on what was elided."""
    text: str
    back: tuple[int, ...]
    entries: tuple
    headers: dict
    notes: tuple[Repair, ...]


class _Expander:
    """Builds the read text of one repaired text: each segment's elisions replaced by placeholder rows."""

    def __init__(self, lines: list[str], origin: tuple[int, ...]):
        self.lines, self.origin = lines, origin
        self.replaced: dict[int, list[str]] = {}  # repaired line -> the lines read in its place ([] drops it)
        self.entries: list = [_Entry("", 0, "run", [])]
        self.headers: dict[int, str] = {}
        self.notes: list[Repair] = []
        self.cut: set | frozenset = frozenset()  # original lines of rows the text ends inside

    def at(self, k: int) -> int:
        return self.origin[k] + 1 if k < len(self.origin) else k + 1

    def entry(self, marker: str, k: int, shape: str) -> int:
        self.entries.append(_Entry(marker, self.at(k), shape, []))
        return len(self.entries) - 1

    def segment(self, start: int, end: int) -> None:
        frame = start > 0 and self.lines[start - 1].startswith("Frame for ")  # JuliaInterpreter's columns first
        events = _with_gaps(read_events(self.lines, start, end, frame))
        rows = [e for e in events if isinstance(e, Row)]
        hidden = any(isinstance(e, _Gap) for e in events[:-1])  # numbers jump between rows (not only a cut end)
        # the rails' width W says the function has at least 10^(W-1) blocks (`1 ──`: ten or more)
        if not rows or not self._needs_work(events, rows) or \
                not number_rows(events, 10 ** (rail_width(self.lines, rows) - 1), hidden):
            return
        if hidden:  # an unnumbered row's number is read: the gaps after and before it show now
            events = _with_gaps([e for e in events if not isinstance(e, _Gap)], numbered=True)
            self._placed_rows(rows)
        used = {int(n) for r in rows for n in REF.findall(r.body)}
        w = Writer(self.lines, rows, used, frame)
        placed: list[tuple[int, int]] = []  # (event position, entry) of each elision, for the orphan uses
        saved = (dict(self.replaced), len(self.entries), len(self.notes))
        for i, e in enumerate(events):
            if isinstance(e, _Gap):
                k = self._gap(events[i - 1], events[i + 1] if i + 1 < len(events) else None, w)
            elif isinstance(e, list):
                k = self._run(events, i, w)
            else:
                k = self._row(e, w, i == len(events) - 1 and e is rows[-1], i == 0, start)
            if k is False:
                self.replaced, self.notes = saved[0], self.notes[:saved[2]]
                del self.entries[saved[1]:]
                return
            if k:
                placed.append((i, k))
        self._orphans(events, rows, used, placed)
        first = next((k for _, k in placed if self.entries[k].shape in ("run", "rest")), None)
        if first is not None:  # the `┄` the text shows: its branches may be elided
            self.entries[first].merges = tuple(r.block for r in rows if r.merge)

    def _placed_rows(self, rows: list[Row]) -> None:
        """A note for each unnumbered row of a view that hides rows: where it stands among them is not printed."""
        for r in rows:
            if r.sid is None:
                self.notes.append(Repair(self.at(r.index), f"the row `{r.body.strip()[:30]}` prints no number and "
                                         "rows are hidden around it: read as "
                                         f"%{r.number}, the first number after the row above it and the values it reads", "elided"))

    def _needs_work(self, events: list, rows: list[Row]) -> bool:
        return (any(isinstance(e, (list, _Gap)) for e in events) or any(INLINE.match(r.body) for r in rows)
                or (events[0] is rows[0] and (rows[0].block or 1) > 1)
                or (events[-1] is rows[-1] and self._cut_short(rows[-1])))

    def _cut_short(self, row: Row) -> bool:
        """Whether the last row was cut short: it ends in `%`/`#` (`return %`), or the text ends inside it."""
        return CUT.search(row.body) is not None or self.at(row.index) in self.cut

    def _run(self, events: list, i: int, w: Writer):
        """Placeholders for the elision run `events[i]`: the entry made, or False when it cannot be placed."""
        run = events[i]
        a = events[i - 1] if i > 0 else None
        b = events[i + 1] if i + 1 < len(events) else None
        marker = "\n".join(self.lines[k] for k in run)
        shown = self.lines[run[0]].strip()[:20]
        for k in run[1:]:
            self.replaced[k] = []
        if b is None:
            if a is None:
                return False
            k = self.entry(marker, run[0], "rest")
            self.replaced[run[0]] = self._rest(a, w, k)
            self.notes.append(Repair(self.at(run[0]), f"the text stops at an elision (`{shown}`): the statements "
                                     f"from %{a.number + 1} on are not in it; read as an excerpt", "elided"))
            return k
        first = (a.number if a is not None else 0) + 1
        placed = run_rails(a, b, b.number - first)
        if placed is None:
            return False
        k = self.entry(marker, run[0], "run")
        self.replaced[run[0]] = [w.line(w.rail(kind, blk), n, k if n == first else 0, a)
                                 for n, (kind, blk) in enumerate(placed, first)]
        starts = [blk for kind, blk in placed if kind == "start"]
        blocks = (f" and the start of block #{starts[0]}" if len(starts) == 1 else
                  f" and the start of blocks #{starts[0]}–#{starts[-1]}" if starts else "")
        stmts = f"statement %{first}" if first == b.number - 1 else f"statements %{first}–%{b.number - 1}"
        self.notes.append(Repair(self.at(run[0]), f"elided {stmts}{blocks} "
                                 f"(`{shown}`): not in the text; read as an excerpt", "elided"))
        return k

    def _gap(self, a: Row, b: Row, w: Writer):
        """Placeholders after row `a` for the statements between it and row `b`, whose printed numbers jump with
        no line in between: the entry made, or False when they cannot be placed."""
        if b is None:  # the last row shown is not the function's last (`│`, not `└──`): the rest is not shown
            k = self.entry("", a.index, "rest")
            self.replaced[a.index] = self.replaced.get(a.index, [self.lines[a.index]]) + self._rest(a, w, k)
            self.notes.append(Repair(self.at(a.index), f"the last row shown, %{a.number}, is not its block's last "
                                     f"(`│`, not `└──`): the statements after it are not shown; read as an excerpt",
                                     "elided"))
            return k
        first = a.number + 1
        placed = run_rails(a, b, b.number - first)
        if placed is None:
            return False
        k = self.entry("", b.index, "run")
        self.replaced[a.index] = self.replaced.get(a.index, [self.lines[a.index]]) + [
            w.line(w.rail(kind, blk), n, k if n == first else 0, a) for n, (kind, blk) in enumerate(placed, first)]
        stmts = f"statement %{first}" if first == b.number - 1 else f"statements %{first}–%{b.number - 1}"
        read = "printed" if a.sid is not None and b.sid is not None else "read"
        self.notes.append(Repair(self.at(b.index), f"the {read} numbers jump from %{a.number} to %{b.number}: "
                                 f"{stmts} not shown (as Cthulhu's `hide_type_stable` views print only the rows "
                                 "whose type is not concrete); read as an excerpt", "elided"))
        return k

    def _rest(self, a: Row, w: Writer, k: int) -> list[str]:
        """The rows of a trailing elision after row `a`: as few as the text allows.  It names statements up to
        `%N` and blocks up to `#B` (the function has at least that many), and an SSA column wider than any
        number it shows says a value numbered at least 10^(L-1) is used in the part not shown (the rest
        records that use, so the width prints as read)."""
        last = max([a.number + 1] + list(w.used))
        if w.L > rails.ssa_width(w.used | {a.number}):
            last = max(last, 10 ** (w.L - 1))
            self.entries[k].uses.append(10 ** (w.L - 1))
            w.used.add(10 ** (w.L - 1))
        starts = list(range(a.block_of + 1, max(w.named_blocks, a.block_of + (1 if a.end else 0)) + 1))
        placed = [("mid", a.block_of)] * (1 if starts and not a.end else 0) + [("start", s) for s in starts]
        placed += [("mid", placed[-1][1] if placed else a.block_of)] * (last - a.number - len(placed))
        if not any(e.shape == "rest" and not e.marker for e in self.entries):
            self.entries.append(_Entry("", 0, "rest", []))  # the further statements of a rest
        more = next(j for j, e in enumerate(self.entries) if e.shape == "rest" and not e.marker)
        return [w.line(w.rail(kind, blk), n, k if n == a.number + 1 else more, a)
                for n, (kind, blk) in enumerate(placed, a.number + 1)]

    def _row(self, e: Row, w: Writer, last: bool, first: bool, start: int):
        """Placeholders before a first row that is not block 1's, or in place of an elided or cut expression."""
        line = self.lines[e.index]
        if first and e.number > 1:
            placed = run_rails(None, e, e.number - 1)
            if placed is None:
                return False
            k = self.entry("", e.index, "run")
            # before the location lines above the row (`debuginfo=:source`): they print with the row shown
            at = e.index
            while at > start and _LOCATION.match(self.lines[at - 1]) and at - 1 not in self.replaced:
                at -= 1
            self.replaced[at] = [w.line(w.rail(kind, blk), n, k if n == 1 else 0)
                                 for n, (kind, blk) in enumerate(placed, 1)] + [self.lines[at]]
            stmts = "statement %1" if e.number == 2 else f"statements %1–%{e.number - 1}"
            blocks = ("" if e.block_of == 1 else " and block #1" if e.block_of == 2
                      else f" and blocks #1–#{e.block_of - 1}")
            where = f"block {e.block_of}'s statement %{e.number}" if e.block_of == 1 \
                else f"block {e.block_of} (statement %{e.number})"
            self.notes.append(Repair(self.at(e.index), f"the text starts at {where}: {stmts}{blocks} "
                                     f"{'is' if stmts.startswith('statement ') and not blocks else 'are'} not in it; "
                                     "read as an excerpt", "excerpt"))
            return k
        m = INLINE.match(e.body)
        if m is not None:
            k = self.entry(m.group(), e.index, "inline")
            self.replaced[e.index] = [line[:e.body_at] + token(k) + e.body[m.end():]]
            self.notes.append(Repair(self.at(e.index), f"the expression of %{e.number} is elided (`{m.group()}`): "
                                     "kept as written", "elided"))
            return k
        if last and self._cut_short(e):
            k = self.entry(e.body, e.index, "truncated")
            self.replaced[e.index] = [line[:e.body_at] + token(k)]
            self.notes.append(Repair(self.at(e.index), f"the last row is cut short (`{e.body}`): kept verbatim as "
                                     f"a truncated statement %{e.number}", "truncated"))
            return k
        return 0

    def _orphans(self, events: list, rows: list[Row], used: set[int], placed: list[tuple[int, int]]) -> None:
        """Values printed `%N = ` that no shown row reads are read by an elided statement: the first elision after
        the definition (else the last one) records the use, so they stay used."""
        if not placed:
            return
        where = {id(e): i for i, e in enumerate(events)}
        for r in rows:
            if r.sid is not None and r.sid not in used:
                k = next((k for i, k in placed if i > where[id(r)]), placed[-1][1])
                self.entries[k].uses.append(r.sid)

    def header(self, k: int, run: list[int]) -> None:
        """An elision in place of a `@code_warntype` header's first lines: read as an `Arguments` title, and
        the marker put back as that section's title."""
        self.replaced[run[0]] = ["Arguments"]
        for j in run[1:]:
            self.replaced[j] = []
        self.headers[run[0]] = "\n".join(self.lines[j] for j in run)
        self.notes.append(Repair(self.at(run[0]), f"elided header lines (`{self.lines[run[0]].strip()[:20]}`): "
                                 "kept in place of the section title", "elided"))

    def finish(self) -> Expanded:
        out, back, headers = [], [], {}
        for k, line in enumerate(self.lines):
            if k not in self.replaced and is_elision(line) and line.strip():
                self.replaced[k] = []  # an elision line no placeholder could stand for: dropped, as before
                self.notes.append(Repair(self.at(k), "dropped an elision line (`...`): the statements it stood for "
                                         "are not in the text", "elision"))
            if k in self.headers:
                headers[len(out)] = self.headers[k]
            for text in self.replaced.get(k, [line]):
                out.append(_TOKEN.sub(lambda m: self._expr(int(m.group(1))), text))
                back.append(k)
        entries = tuple(replace(e, uses=tuple(e.uses)) for e in self.entries)
        return Expanded("\n".join(out), tuple(back), entries, headers, tuple(self.notes))

    def _expr(self, k: int) -> str:
        return f"$(Expr(:{HEAD}, {k}{''.join(f', %{u}' for u in self.entries[k].uses)}))"


_TOKEN = re.compile("\x00(\\d+)\x00")
_LOCATION = re.compile(r"^[ \d]*[│└┌ ]*(?:@ .*)?$")  # a location line of `debuginfo=:source` (or its closing `└`)


class _Gap:
    """Statements a text leaves out without a line for them: two adjacent rows whose printed numbers jump."""


def _with_gaps(events: list, numbered: bool = False) -> list:
    """`events` with a `_Gap` between adjacent rows whose printed `%N` (`numbered`: whose numbers read) jump (a
    pending node's number, which also breaks the order, makes the rows unnumberable and the segment is left
    alone)."""
    out: list = []
    for e in events:
        if out and isinstance(e, Row) and isinstance(out[-1], Row):
            a, b = (out[-1].number, e.number) if numbered else (out[-1].sid, e.sid)
            if a is not None and b is not None and b > a + 1:
                out.append(_Gap())
        out.append(e)
    last = out[-1] if out and isinstance(out[-1], Row) else None
    if last is not None and not last.end and last.block is None and (last.sid is not None or len(out) > 1) \
            and last.body.count("(") <= last.body.count(")"):  # (a row opening a nested `CodeInfo(` goes on)
        out.append(_Gap())  # Julia's last row is `└──` (or a one-row block's `N ─`): one on `│` was cut, or hides rows
    return out


def _header_runs(lines: list[str]):
    """(start, run) of each elision that stands where a `@code_warntype` header's first lines were: at the
    text's start or after a blank line, followed by a section entry (`  x::Float64`) and then `Body::`."""
    k = 0
    while k < len(lines):
        if is_elision(lines[k]) and (k == 0 or not lines[k - 1].strip()):
            run = [k]
            while run[-1] + 1 < len(lines) and is_elision(lines[run[-1] + 1]):
                run.append(run[-1] + 1)
            j = run[-1] + 1
            if j < len(lines) and lines[j].startswith("  ") and ROW.match(lines[j]) is None:
                while j < len(lines) and lines[j].startswith("  "):
                    j += 1
                if j < len(lines) and lines[j].startswith("Body::"):
                    yield run
            k = run[-1] + 1
            continue
        k += 1


def expand(text: str, origin: tuple[int, ...], cut: set | frozenset = frozenset()) -> Expanded | None:
    """The text to read for `text` (a repaired text, `origin` its lines' original lines), or None when it
    has nothing an excerpt has (Julia's own text is read as it is); `cut`: the original lines (1-based) of rows
    the text ends inside (a cut paste), each read as a truncated statement."""
    lines = text.split("\n")
    if not any(is_elision(l) for l in lines) and "%" not in text and not cut:
        return None
    x = _Expander(lines, origin)
    x.cut = cut
    for run in _header_runs(lines):
        x.header(run[0], run)
    for start, end in dump_segments(lines):
        x.segment(start, end)
    expanded = x.finish()
    return expanded if x.replaced else None


def restore(document, spans: list, ex: Expanded):
    """`document` (read from `ex.text`) with its placeholders made `Elided` statements and elided header titles put
    back; `spans` (per item, in read lines) mapped to the repaired text's lines."""
    from jlir.ir.function import Function, VectorDisplay
    from jlir.ir.nodes import Elided, Expr

    def fix(f):
        if not isinstance(f, Function):
            return f
        stmts = tuple(s if type(s.node) is not Expr or s.node.head != HEAD else
                      replace(s, node=_elided(s.node, ex.entries, Elided)) for s in f.stmts)
        if stmts != f.stmts:
            f = f.replace(stmts=stmts)
            if f.margin is not None and f.margin.left and len(f.margin.left) == len(stmts):
                f = f.replace(margin=replace(f.margin, left=_left_column(stmts, f.margin.left, Elided)))
        return f

    items = []
    for item, (first, end) in zip(document.items, spans):
        item = fix(item)
        if isinstance(item, VectorDisplay):
            item = replace(item, items=tuple(fix(i) for i in item.items))
        title = next((ex.headers[k] for k in range(first, end) if k in ex.headers), None)
        if title is not None and isinstance(item, Function) and item.header is not None and item.header.sections:
            sections = ((title, item.header.sections[0][1]),) + item.header.sections[1:]
            item = item.replace(header=replace(item.header, sections=sections))
        items.append(item)
    back = ex.back
    moved = [(back[first] if first < len(back) else first, back[end - 1] + 1 if 0 < end <= len(back) else end)
             for first, end in spans]
    return replace(document, items=tuple(items)), moved


def _left_column(stmts, left: tuple, elided_class) -> tuple:
    """A tool's column (a `Frame`'s statement numbers) beside the lines an excerpt prints: nothing for the elided
    statements, a blank beside each line of the author's marker (`⋮` stands at the start of its line)."""
    out = []
    for s, column in zip(stmts, left):
        node = s.node
        if type(node) is not elided_class or node.shape in ("inline", "truncated"):
            out.append(column)
        elif node.marker:
            out.extend([""] * len(node.marker.split("\n")))
    return tuple(out)


def _elided(node, entries: tuple, cls):
    k = int(getattr(node.args[0], "text", node.args[0]))
    e = entries[k]
    return cls(e.marker, e.line, e.shape, tuple(node.args[1:]), e.merges)
