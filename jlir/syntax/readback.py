"""A model from JSON is accepted only if it prints as text that reads back as itself: the rule `parse` keeps.

`jlir.from_json` is `from_json` here: the schema's decoding (`jlir.json`) below the printer and the
reader, then the print and the read-back this layer can do.
"""
from __future__ import annotations

import importlib.util
import warnings

from jlir.geometry.labels import LABEL_TEXT
from jlir.ir.errors import JlirError
from jlir.ir.excerpt import is_excerpt
from jlir.ir.function import Document
from jlir.util.gcpause import gc_paused
from jlir.ir.items import functions
from jlir.json import SchemaError, as_read, first_difference, same_reading
from jlir.json import from_json as _decode
from jlir.json.checks import ITEM_CLASSES
from jlir.json.schema import JSON_NAME
from jlir.printer.forms import format_model
from jlir.syntax.errors import ParseError


def from_json(data: dict):
    """The model back from `to_json` data; `SchemaError` (naming the JSON path) for data of the wrong types or
    ranges, dangling references, or a model that would not print as text that reads back as itself."""
    return from_json_printed(data)[0]


def from_json_printed(data: dict):
    """`(from_json(data), its text)`: the text `jlir.format` prints for a Document, made for the check (None for
    another model object), so that a caller printing the model need not print it again."""
    with gc_paused():  # the model, its print and its reading have no cycles (as `parse` pauses it too)
        model = _decode(data)
        return model, check_prints_back(model)


def check_prints_back(model) -> str | None:
    """The rule `parse` keeps (what it accepts, `format` prints and reads back the same), for a model from JSON:
    anything else is refused, as `parse` refuses text it could not print back.  Without Lark installed (the
    reader's dependency; printing needs none) the model is only checked to print.  The text printed for a
    Document (what `jlir.format` prints for it), else None."""
    if isinstance(model, Document):
        path, items = "$.document", model
    elif isinstance(model, ITEM_CLASSES):
        path, items = "$.document", Document((model,), ("",), "\n")
    else:
        return None  # a bare value or node: no text form of its own
    for i, f in enumerate(functions(items)):
        bad = next((j for j, s in enumerate(f.stmts) if s.label is not None and s.label not in LABEL_TEXT), None)
        if bad is not None:
            raise SchemaError(f"{path}: function {i + 1}, statement {bad + 1}: unknown call label "
                              f"{f.stmts[bad].label[:40]!r} (one of {', '.join(sorted(LABEL_TEXT))})")
    try:
        text = format_model(items)
    except JlirError as e:  # the printer refuses, on purpose, a model it has no rule for (UnknownKind, …)
        raise SchemaError(f"{path}: does not print: {e}") from None
    if not reader_available():
        return text if items is model else None  # without Lark (the reader's dependency) nothing reads back
    try:
        again = _read_back(text, items)
    except ParseError as e:
        raise SchemaError(f"{path}: prints as text jlir cannot read back (printed line {e.line}: {e.message})") from None
    if not same_reading(items, again):
        where = first_difference(items, as_read(again, items), path, lambda cls, name: JSON_NAME.get((cls, name), name))
        raise SchemaError(f"{where}: prints as text that reads back as something else") from None
    return text if items is model else None


def _read_back(text: str, items):
    """The document of `text`; an excerpt's print (`jlir.ir.excerpt`) is read as it was first read, leniently, its
    notes silenced (they were given when it was first read)."""
    from jlir.syntax.reading import read_document  # (Lark: imported only when it is installed)
    if not any(is_excerpt(f) for f in functions(items)):
        return read_document(text)
    from jlir.syntax.lenient.reader import LenientNote
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LenientNote)
        return read_document(text, lenient=True)


def reader_available() -> bool:
    """Whether the reader's dependency (Lark) can be imported."""
    try:
        return importlib.util.find_spec("lark") is not None
    except ImportError:
        return False
