"""IR built from text: one statement, one type or one value, read as a dump's rows are read.

A pass author writes `ir.insert_node(6, jlir.parse_statement("Base.add_int(%3, 1)::Int64"))` instead of
assembling `Expr`, `GlobalRef` and `Literal` by hand.  Each text goes through the document reader's own
statement stage (`StatementReader.read`: the grammar, the `::T` split, the type reader and its print-back
check), so a fragment reads exactly as the same text reads on a row of a dump; a text that does not read is a
`ParseError` located in it (column, caret, what was expected), as a dump's is.

What a fragment cannot carry is refused rather than guessed: the `%n = ` of a printed row (the statement's
number is where `insert_node` puts it), and a `CodeInfo` printed inside a statement (read only within its dump).
Only the reader (`jlir.syntax`) reads text: transforms take the values these return, never the text.
"""
from __future__ import annotations

import re

from jlir.ir import nodes as N
from jlir.ir.function import Statement
from jlir.syntax.errors import ParseError
from jlir.syntax.rows.context import Context, Source
from jlir.syntax.statement.grammar import BodyError
from jlir.syntax.rows.statements import StatementReader

_NUMBERED = re.compile(r"\s*%\d+\s+=\s")
# What `parse_value` refuses: the statement nodes and expressions of the model (jlir.ir.nodes: calls included);
# everything else that reads (a jlir.ir.values value, a type object such as `Int64` or `Array{Int64,1}`) is a value.
_NODES = tuple(c for c in vars(N).values() if isinstance(c, type) and c.__module__ == N.__name__)
_READER: StatementReader | None = None


def _reader() -> StatementReader:
    """One statement reader for every fragment (its memo holds texts already read: a fragment is immutable)."""
    global _READER
    if _READER is None:
        _READER = StatementReader()
    return _READER


def _context(text: str, file: str) -> Context:
    return Context(Source(file, [text]), _reader())


def _checked(text: str, file: str, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{what} text must be a str, not {type(text).__name__}")
    if "\n" in text.strip("\n"):
        raise ParseError(f"one {what} on one line: this text has several lines", file=file, line=1,
                         column=text.index("\n") + 1, text=text.split("\n", 1)[0])
    if "CodeInfo(" in text:
        raise ParseError("a CodeInfo printed inside a statement is read only within its dump (jlir.parse)",
                         file=file, line=1, column=text.find("CodeInfo(") + 1, text=text)


def parse_statement(text: str, *, lowered: bool = False, file: str = "<statement>") -> Statement:
    """The `Statement` a row's text after its `%n = ` holds: `"Base.add_int(%3, 1)::Int64"` is the call with its
    type, `"goto #4 if not %6"` a `GotoIfNot`, `"φ (#1 => %1, #3 => %4)::Int64"` a φ node.

    The text is read as a typed row of `@code_typed` (its `::T`, when present, becomes the statement's type);
    `lowered=True` reads it as a row of slot-form code (`@code_lowered`), where `rand(%1)` is a call of the
    Symbol `rand`.  `ParseError` (located in `text`) where it does not read.
    """
    _checked(text, file, "statement")
    text = text.strip()
    m = _NUMBERED.match(text)
    if m is not None:
        raise ParseError("a statement's text without its `%n = `: its number is the place it is put "
                         "(IRCode.insert_node returns the new value)", file=file, line=1, column=1, text=text)
    ctx = _context(text, file)
    node, typ = _reader().read(ctx, text, not lowered, False, 0, 0)
    return Statement(node, typ)


def parse_type(text: str, *, file: str = "<type>"):
    """The type a `::T` suffix holds, as the reader reads it: `"Int64"`, `"Union{Nothing, Int64}"`,
    `"Core.Compiler.Const(1, false)"`.  `ParseError` (located in `text`) where it does not read."""
    _checked(text, file, "type")
    text = text.strip()
    try:
        return _reader().parser.parse_type(text)
    except BodyError as e:
        raise ParseError(f"cannot read this type: {e}", file=file, line=1, column=e.column + 1, text=text,
                         expected=tuple(e.expected)) from None


def parse_value(text: str, *, file: str = "<value>"):
    """One value, as it stands among a call's arguments: `"%3"`, `"_2"`, `"1"`, `"Base.add_int"`, `":x"`,
    `"\\"abc\\""`, `"nothing"`.  A call or a statement node is not a value: `ParseError` says to use
    `parse_statement`."""
    _checked(text, file, "value")
    text = text.strip()
    try:
        node = _reader().parser.parse_stmt(text)
    except BodyError as e:
        raise ParseError(f"cannot read this value: {e}", file=file, line=1, column=e.column + 1, text=text,
                         expected=tuple(e.expected)) from None
    if isinstance(node, _NODES):
        kind = "a call" if type(node) is N.Expr and node.head == "call" else f"a {type(node).__name__}"
        raise ParseError(f"{kind} is not a value: read it with parse_statement", file=file, line=1, column=1,
                         text=text)
    return node
