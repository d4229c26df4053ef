"""The model as JSON data: `to_json` (the schema's envelope), `encode` (one model object), `with_text`.

    >>> data = to_json(doc)                     # {"schema": "jlir/1", "document": {...}}
    >>> jlir.from_json(json.loads(json.dumps(data))) == doc
    True

`encode` carries the JSON path of what it encodes, so that a value that is not part of the model is named where
it is; `jlir.json.stream` writes the same JSON faster, sharing what the model shares, and calls `encode` again
only to locate such a value.
"""
from __future__ import annotations

import enum

from jlir.ir import function as _function
from jlir.ir.style import Style
from jlir.json.schema import (DISPLAY_FIELDS, FIELD_CODECS, FIELDS, JSON_NAME, OMITTED_WHEN_EMPTY, SCHEMA,
                              UnreadableInJSON, encode_style)

__all__ = ["encode", "to_json", "with_text"]


def encode(x, path: str = "$"):
    """One model object (or a tuple/primitive inside one) as JSON-ready data, without the schema envelope."""
    if x is None or type(x) in (str, int, bool):
        return x
    if type(x) is float:  # not produced by the parser (literals keep Julia's text), but plain data is fine
        return x
    if isinstance(x, tuple):
        return [encode(v, f"{path}[{i}]") for i, v in enumerate(x)]
    cls = type(x)
    if cls is _function.Unreadable:
        e = x.error
        raise UnreadableInJSON(f"{path}: an unreadable dump ({getattr(e, 'file', '?')}:{getattr(e, 'line', '?')}: "
                               f"{getattr(e, 'message', e)}) has no model to write: encode `doc.readable()`")
    fields = FIELDS.get(cls)
    if fields is not None:
        out = {"kind": cls.__name__}
        part = None if cls is not _function.Function else (x.ir, x.display)
        for f in fields:
            # a Function's fields are its parts' (`return_type` reads the display's `=> T`, not `Body::T`)
            v = getattr(x, f.name) if part is None else getattr(part[f.name in DISPLAY_FIELDS], f.name)
            if not v and (cls, f.name) in OMITTED_WHEN_EMPTY:
                continue
            codec = FIELD_CODECS.get((cls, f.name))
            key = JSON_NAME[cls, f.name]
            p = f"{path}.{key}"
            out[key] = codec[0](v, p, encode) if codec else encode(v, p)
        return out
    if cls is Style:
        return encode_style(x, path)
    if isinstance(x, enum.Enum):
        return x.value
    raise TypeError(f"{path}: cannot encode {cls.__name__} {x!r}: it is not part of the jlir model")



def to_json(x, source: str | None = None, julia: dict | None = None, text: bool = False) -> dict:
    """`{"schema": "jlir/1", "document": …}` for a Document, or any other model object (its kind says which).

    `source` (optional) names where the text came from; `julia` (optional) says which live Julia printed it and
    how (`jlir fetch`: version, target, form, command).  Both are informative: `jlir.from_json` ignores them.
    `text=True` adds Julia's text beside the structure (`with_text`), also ignored when read back.
    """
    data = {"schema": SCHEMA}
    if source is not None:
        data["source"] = source
    if julia is not None:
        data["julia"] = julia
    data["document"] = encode(x, "$.document")
    if text:
        with_text(x, data["document"])
    return data


def with_text(x, data: dict) -> None:
    """Add `"text"` (Julia's text, as the function's Julia prints it) to each statement, to each statement's
    type and to each function's return type in `data`, the encoding of `x`, for readers such as `jq`: an
    additive field of schema jlir/1 that `from_json` ignores."""
    from jlir.ir.text import julia_text
    pending = [(x, data)]
    while pending:
        obj, enc = pending.pop()
        if isinstance(obj, _function.Function):
            style = obj.display.style
            for stmt, out in zip(obj.stmts, enc["stmts"]):
                out["text"] = julia_text(stmt, style)
                if stmt.type is not None and isinstance(out.get("type"), dict):
                    out["type"]["text"] = julia_text(stmt.type, style)
            if obj.display.return_type is not None and isinstance(enc.get("return_type"), dict):
                enc["return_type"]["text"] = julia_text(obj.display.return_type, style)
        elif isinstance(obj, (_function.Document, _function.VectorDisplay)):
            pending.extend(zip(obj.items, enc["items"]))


