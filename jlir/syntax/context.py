"""What every part of the reader shares while it reads one document: its lines, and the memo tables.

`Source` is the text as lines with the file name: the one place a located
ParseError is made.  `Context` adds the statement parser and the tables that
let a document's repeated statements, templates and blocks be read once.  Both
are values handed to the form readers and helpers (jlir.syntax.layout keeps
no state they call back into); the tables are emptied when the document is read.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from jlir.ir import types as T
from jlir.ir.function import Block
from jlir.syntax.errors import ParseError
from jlir.syntax.grammar import BodyError, StatementParser
from jlir.syntax.text import is_highlighted


@dataclass(frozen=True, slots=True)
class Source:
    """The lines of a document (ANSI escapes already stripped) and its file name, for located errors."""
    filename: str
    lines: list[str]

    def error(self, message: str, index: int, column: int = 0, expected=()) -> ParseError:
        """A ParseError at line `index` (0-based), column `column` (0-based)."""
        line = self.lines[index] if 0 <= index < len(self.lines) else ""
        return ParseError(message, file=self.filename, line=index + 1, column=column + 1, text=line,
                          expected=tuple(expected))


@dataclass(frozen=True, slots=True)
class Context:
    """A document being read: its `Source`, the statement parser and the per-document memo tables."""
    source: Source
    parser: StatementParser = field(default_factory=StatementParser)
    statements: dict = field(default_factory=dict)      # (typed, warntype) → statement text → Statement
    line_templates: dict = field(default_factory=dict)  # (typed, warntype) → template key → filler (False: none)
    blocks: dict = field(default_factory=dict)          # (first, last) → Block

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
        self.line_templates.clear()
        self.blocks.clear()
        self.parser.clear()


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
