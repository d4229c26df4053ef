"""jlir: read Julia's printed SSA IR into Python objects, analyse it, and print it back exactly.

    >>> import jlir
    >>> doc = jlir.parse(open("dump.txt").read())
    >>> jlir.format(doc) == open("dump.txt").read()
    True
"""
from __future__ import annotations

from pathlib import Path

from jlir.ir.function import CFGListing, Document, Form, Function, Unreadable, VectorDisplay
from jlir.ir.errors import JlirError
from jlir.syntax.errors import ParseError

__version__ = "0.1.0"
__all__ = ["JlirError", "parse", "parse_file", "format", "functions", "to_json", "from_json", "ParseError", "Document",
           "Function", "Form", "CFGListing", "VectorDisplay", "Unreadable"]


def parse(text: str, filename: str = "<input>", *, lenient: bool = False, errors: str = "raise") -> Document:
    """Every dump in `text` as a Document; raises ParseError (with file, line and column) on bad input.

    `lenient=True` first repairs what pasting does to Julia's text (prompt lines, Markdown fences, indentation,
    CRLF, trailing blanks, appended comments, elision lines, ASCII rails, a lost final bracket): each repair is
    issued as a `jlir.syntax.lenient.reader.LenientNote` warning (`file:line: note: …`), errors keep original lines.
    `errors="collect"` keeps reading past an unreadable dump: it becomes an `Unreadable` placeholder holding
    its text and error (`doc.errors` lists them, `doc.readable()` drops them).  A coloured text (ANSI escapes)
    reads as its plain text; the escapes are kept in `doc.colors` and printed back.
    """
    from jlir.syntax.reading import read_document
    return read_document(text, filename, lenient=lenient, errors=errors)


def parse_file(path: str | Path) -> Document:
    """`parse` of a file's UTF-8 text, with the file name in errors (binary or non-UTF-8 data is a ParseError)."""
    from jlir.syntax.errors import decode_source
    # Bytes, not text mode: newlines stay as written (no `\r\n` translation), and errors are located.
    text = decode_source(Path(path).read_bytes(), str(path))
    return parse(text, str(path))


def format(x, *, unreadable: str = "refuse") -> str:
    """Print a Document, Function, CFG listing or vector display exactly as Julia would.

    A document read with `errors="collect"` may hold `Unreadable` placeholders: refused by default
    (`UnreadableDump`), printed as the text they were read from with `unreadable="verbatim"`, left out with
    `"drop"`.
    """
    from jlir.printer.forms import format_document, format_item
    if isinstance(x, Document):
        return format_document(x, unreadable)
    return format_item(x)


def functions(doc: Document) -> list[Function]:
    """The functions of a document, vector elements included, in order."""
    out = []
    for item in doc.items:
        if isinstance(item, VectorDisplay):
            out.extend(i for i in item.items if isinstance(i, Function))
        elif isinstance(item, Function):
            out.append(item)
    return out


def to_json(x) -> dict:
    """The model as JSON-ready data (schema `jlir/ir/schema.md`, versioned)."""
    from jlir.ir.serialize import to_json as _to_json
    return _to_json(x)


def from_json(data: dict):
    """The model back from `to_json` data; `SchemaError` (naming the JSON path) for data of the wrong types or
    ranges, dangling references, or a model that would not print as text that reads back as itself."""
    from jlir.ir.serialize import from_json as _from_json
    model = _from_json(data)
    _check_prints_back(model)
    return model


def _check_prints_back(model) -> None:
    """The rule `parse` keeps (what it accepts, `format` prints and reads back the same), for a model from JSON:
    anything else is refused, as `parse` refuses text it could not print back.  Without Lark installed (the
    reader's dependency; printing needs none) the model is only checked to print."""
    from jlir.ir.serialize import _JSON_NAME, SchemaError
    from jlir.ir.validate import ITEM_CLASSES, first_difference
    if isinstance(model, Document):
        path, items = "$.document", model
    elif isinstance(model, ITEM_CLASSES):
        path, items = "$.document", Document((model,), ("",), "\n")
    else:
        return  # a bare value or node: no text form of its own
    from jlir.geometry.labels import LABEL_TEXT
    for i, f in enumerate(functions(items)):
        bad = next((j for j, s in enumerate(f.stmts) if s.label is not None and s.label not in LABEL_TEXT), None)
        if bad is not None:
            raise SchemaError(f"{path}: function {i + 1}, statement {bad + 1}: unknown call label "
                              f"{f.stmts[bad].label[:40]!r} (one of {', '.join(sorted(LABEL_TEXT))})")
    try:
        text = format(items)
    except JlirError as e:  # the printer refuses, on purpose, a model it has no rule for (UnknownKind, …)
        raise SchemaError(f"{path}: does not print: {e}") from None
    if not _reader_available():
        return  # the printer and the model work without Lark (the reader's dependency): the read-back needs it
    try:
        again = _read_back(text, items)
    except ParseError as e:
        raise SchemaError(f"{path}: prints as text jlir cannot read back (printed line {e.line}: {e.message})") from None
    if again != items:
        where = first_difference(items, again, path, lambda cls, name: _JSON_NAME.get((cls, name), name))
        raise SchemaError(f"{where}: prints as text that reads back as something else") from None


def _read_back(text: str, items):
    """`parse(text)`; an excerpt's print (`jlir.ir.excerpt`) is read as it was first read, leniently, its notes
    silenced (they were given when it was first read)."""
    from jlir.ir.excerpt import is_excerpt
    if not any(is_excerpt(f) for f in functions(items)):
        return parse(text)
    import warnings
    from jlir.syntax.lenient.reader import LenientNote
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LenientNote)
        return parse(text, lenient=True)


def _reader_available() -> bool:
    """Whether the reader's dependency (Lark) can be imported."""
    import importlib.util
    try:
        return importlib.util.find_spec("lark") is not None
    except ImportError:
        return False


def _julia_text(x, style=None) -> str:
    """Julia's text of a node, value, type or Statement, as `style`'s Julia prints it (None: the newest); what
    `str()` of those objects gives (`jlir.ir.text`)."""
    from jlir.ir.function import Statement
    from jlir.ir.style import Style
    from jlir.ir.types import Shown
    from jlir.printer.exprs import ExprPrinter
    from jlir.printer.forms import format_function
    printer = ExprPrinter(style if style is not None else Style())
    printer.nested_codeinfo = format_function  # a statement holding a CodeInfo (`$(Expr(:thunk, CodeInfo(…)))`)
    if isinstance(x, Statement):
        return printer.statement_line(x, True)[3]
    if isinstance(x, Shown):
        return printer.type(x)
    return printer.unquoted(x)


def _register_text() -> None:
    from jlir.ir import text
    text.register(_julia_text)


_register_text()

