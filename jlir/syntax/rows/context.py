"""What every part of the reader shares while it reads one document: its lines, and the memo tables.

`Source` is the text as lines with the file name: the one place a located
ParseError is made.  `Context` adds the statement reader and the tables that
let a document's repeated statements, templates and blocks be read once.  Both
are values handed to the form readers and helpers (jlir.syntax.document.layout keeps
no state they call back into); the tables are emptied when the document is read.
"""
from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right, insort
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from jlir.ir import types as T
from jlir.ir.function import Block
from jlir.syntax.rows.detect import rules_for
from jlir.syntax.errors import ParseError
from jlir.syntax.statement.grammar import BodyError, StatementParser
from jlir.syntax.rows.text import is_highlighted


_NEWLINE = re.compile("\n")


class Lines(Sequence):
    """The lines of a text (split at `\n`, as `text.split("\n")`), read by offset into the text.

    A list of the lines would be the largest object of a parse (a string object per line: on 11.9 MB of
    Base IR, 44 MB, 40% of the peak); this keeps the text and the start of each line (8 bytes a line), and
    makes a line's string when it is read.  Slices are lists of strings; `span(a, b)` is the text of lines
    `a..b-1` (`"\n".join(lines[a:b])`) sliced from the text at once; `index_at(offset)` is the line holding
    a text offset.  A line can be replaced (`lines[k] = …`, as a colored print's gutter is stripped): the
    replacements are kept apart and read in their place (`text` and offsets stay those of the original).
    """
    __slots__ = ("text", "_starts", "_n", "_over", "_over_keys")

    def __init__(self, text: str):
        self.text = text
        starts = array("q", [0])  # the start of each line, then len(text) + 1
        starts.extend(m.end() for m in _NEWLINE.finditer(text))
        starts.append(len(text) + 1)
        self._starts = starts
        self._n = len(starts) - 1
        self._over: dict[int, str] | None = None  # replaced lines
        self._over_keys: list[int] = []          # their indices, sorted

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, k):
        if k.__class__ is int and 0 <= k < self._n:
            if self._over is not None and k in self._over:
                return self._over[k]
            starts = self._starts
            return self.text[starts[k]:starts[k + 1] - 1]
        if k.__class__ is int:
            if not -self._n <= k < 0:
                raise IndexError("line index out of range")
            return self[k + self._n]
        if isinstance(k, slice):
            a, b, step = k.indices(self._n)
            if step != 1:
                return [self[i] for i in range(a, b, step)]
            return self.span(a, b).split("\n") if b > a else []
        return self[k.__index__()]

    def __setitem__(self, k: int, line: str) -> None:
        k = k.__index__()
        if k < 0:
            k += self._n
        if not 0 <= k < self._n:
            raise IndexError("line index out of range")
        if self._over is None:
            self._over = {}
        if k not in self._over:
            insort(self._over_keys, k)
        self._over[k] = line

    def __iter__(self):
        step = 1 << 16
        for a in range(0, self._n, step):
            yield from self[a:a + step]

    def span(self, a: int, b: int) -> str:
        """`"\n".join(self[a:b])`, sliced from the text."""
        if b <= a:
            return ""
        if self._over is not None:
            keys = self._over_keys
            at = bisect_left(keys, a)
            if at < len(keys) and keys[at] < b:  # a replaced line among them
                return "\n".join([self[k] for k in range(a, b)])
        return self.text[self._starts[a]:self._starts[b] - 1]

    def replaced(self, a: int, b: int) -> bool:
        """Whether one of lines `a..b-1` is replaced (the text no longer holds it)."""
        keys = self._over_keys
        at = bisect_left(keys, a)
        return at < len(keys) and keys[at] < b

    def start(self, k: int) -> int:
        """The text offset where line `k` starts (`len(self)`: one past the end of the text)."""
        return self._starts[k]

    def index_at(self, offset: int) -> int:
        """The index of the line holding text offset `offset`."""
        return bisect_right(self._starts, offset) - 1


def span(lines, a: int, b: int) -> str:
    """`"\n".join(lines[a:b])`: sliced from the text when `lines` is `Lines`."""
    return lines.span(a, b) if lines.__class__ is Lines else "\n".join(lines[a:b])


@dataclass(frozen=True, slots=True)
class Source:
    """The lines of a document (ANSI escapes already stripped) and its file name, for located errors.  `lines` is
    a `Lines` (or any sequence of strings)."""
    filename: str
    lines: Sequence[str]

    def error(self, message: str, index: int, column: int = 0, expected=()) -> ParseError:
        """A ParseError at line `index` (0-based), column `column` (0-based)."""
        line = self.lines[index] if 0 <= index < len(self.lines) else ""
        return ParseError(message, file=self.filename, line=index + 1, column=column + 1, text=line,
                          expected=tuple(expected))


@dataclass(frozen=True, slots=True)
class Context:
    """A document being read: its `Source`, its statement reader and the per-document memo tables."""
    source: Source
    # The document's jlir.syntax.rows.statements.StatementReader (the only statement memo), given by the document
    # reader: the statement reader reads rows' nested CodeInfos, so it sits above this module and is handed in.
    statements: object = None
    blocks: dict = field(default_factory=dict)          # (first, last) → Block
    dumps: dict = field(default_factory=dict)           # hash of a dump's text → (its lines a..b-1, its Function)
    evidence: dict = field(default_factory=dict)        # codeinfo → the style rules the document may match
    # The reader of a CodeInfo printed inside a statement (forms.codeinfo.read_codeinfo), given by the document
    # reader: the rows sit below the forms, so they are handed the form reader rather than importing it.
    read_codeinfo: object = None

    @property
    def parser(self) -> StatementParser:
        """The statement parser of the document's statement reader (types and bodies without a memo)."""
        return self.statements.parser

    @property
    def lines(self) -> list[str]:
        return self.source.lines

    def error(self, message: str, index: int, column: int = 0, expected=()) -> ParseError:
        return self.source.error(message, index, column, expected)

    def block(self, first: int, last: int) -> Block:
        """`Block(first, last)`, one object per distinct block in the document (the model is immutable)."""
        key = (first, last)
        b = self.blocks.get(key)
        if b is None:
            b = self.blocks[key] = Block(first, last)
        return b

    def style_rules(self, codeinfo: bool) -> list:
        """The style evidence rules (jlir.syntax.rows.detect) whose literal occurs in this document."""
        rules = self.evidence.get(codeinfo)
        if rules is None:
            lines = self.source.lines
            rules = self.evidence[codeinfo] = rules_for(lines.text if lines.__class__ is Lines else "\n".join(lines),
                                                        codeinfo)
        return rules

    def parse_type(self, text: str, index: int, column: int, warntype: bool = False):
        """The type `text` found at line `index`, column `column`; a located ParseError if it does not read."""
        if warntype and is_highlighted(text):
            return T.TypeHighlighted(text)
        try:
            return self.parser.parse_type(text)
        except BodyError as e:
            raise self.error(f"cannot read this type: {e}", index, column + e.column, e.expected) from None

    def clear(self) -> None:
        """Forget the memo tables (done while collection is paused: the collection that follows walks less)."""
        self.statements.clear()
        self.blocks.clear()
        self.dumps.clear()
        self.evidence.clear()


@contextmanager
def replaced_lines(ctx: Context, changes: dict[int, str]):
    """`ctx` with some of its lines replaced (index → text) while a reader reads them, restored after: a form
    whose text is Julia's layout moved or shifted (a vector element's first blank, a nested CodeInfo's opening
    and closing lines, Cthulhu's cost column) is read by the reader of that layout, without copying the document."""
    lines = ctx.source.lines
    saved = {k: lines[k] for k in changes}
    try:
        for k, text in changes.items():
            lines[k] = text
        yield ctx
    finally:
        for k, text in saved.items():
            lines[k] = text
