"""The model as JSON and back: a versioned, documented schema (see `schema.md` next to this file).

    >>> data = to_json(doc)                     # {"schema": "jlir/1", "document": {...}}
    >>> from_json(json.loads(json.dumps(data))) == doc
    True

The encoding is generic over the model's frozen dataclasses: every instance
becomes an object tagged with `"kind"` (its class name) followed by its
fields in declaration order; tuples become lists (and lists come back as
tuples), `None` is `null`, strings and integers are themselves.  The classes
come from one registry (`KINDS`, built from the model modules), so a new
model class serialises without new code here.  The few fields that need care
have an entry in `FIELD_CODECS`:

* A field annotated `Form` (`Function.form`) holds an enum: it is written as its value (`"typed"`).
* A field annotated `Style` (`Function.style`, `CFGListing.style`, …) is written
  `{"lo": [1, 5], "hi": [1, 5], "family": "1.5"}` (`family` is informative and ignored when reading).
* `WarntypeHeader.sections` (nested tuples) becomes a list of
  `{"title": …, "entries": [{"name": …, "sep": …, "type": …}]}`.
* `CFGListing.blocks` (tuples of first, last, successors) becomes a list of
  `{"first": …, "last": …, "succs": […]}`.

Everything else, including values that may be `None` with a meaning
(`PhiNode.values` for `#undef`, `ReturnNode.val` for `unreachable`), goes
through the generic rule.
"""
from __future__ import annotations

import dataclasses
import enum
from typing import Any, Callable

from jlir.ir import function as _function
from jlir.ir import document as _document
from jlir.ir import margin as _margin
from jlir.ir import nodes as _nodes
from jlir.ir import types as _types
from jlir.ir import values as _values
from jlir.ir.color import Colors
from jlir.ir.function import CFGListing, Form, WarntypeHeader
from jlir.ir.errors import JlirError
from jlir.ir.fastdecode import Retry, decode_fast
from jlir.ir.style import Style
from jlir.ir.validate import MAX_DEPTH, MAX_INT, check_annotated, short_repr, SchemaError, check_fields, check_function

SCHEMA = "jlir/1"
SCHEMA_PREFIX = "jlir/"

__all__ = ["SCHEMA", "SchemaError", "to_json", "from_json", "encode", "decode", "KINDS"]


# SchemaError lives with the checks (jlir.ir.validate) and is re-exported here, where it always was.


def _collect_kinds() -> dict[str, type]:
    """Every dataclass defined in the model modules, by class name (the `"kind"` tag)."""
    kinds: dict[str, type] = {}
    for module in (_values, _nodes, _types, _function, _document, _margin):
        for name, obj in vars(module).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                if name in kinds and kinds[name] is not obj:
                    raise RuntimeError(f"two model classes are called {name}: the JSON kind tag would be ambiguous")
                kinds[name] = obj
    return kinds


# The registry: kind tag -> class.  Style is not tagged (see FIELD_CODECS) and is not a kind.
KINDS: dict[str, type] = _collect_kinds()
_FIELDS: dict[type, tuple[dataclasses.Field, ...]] = {cls: dataclasses.fields(cls) for cls in KINDS.values()}
# A Function is written flat (schema jlir/1): the fields of its IR and its Display, in `FLAT_NAMES` order.
_FLAT = {f.name: f for part in (_function.IR, _function.Display) for f in dataclasses.fields(part)}
_FIELDS[_function.Function] = tuple(_FLAT[name] for name in _function.FLAT_NAMES)
_DISPLAY_FIELDS = frozenset(f.name for f in dataclasses.fields(_function.Display))


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


# A field called `kind` would collide with the tag: it is written as `<class>_kind` (`Literal.kind` -> `literal_kind`).
_JSON_NAME: dict[tuple[type, str], str] = {
    (cls, f.name): (f"{_snake(cls.__name__)}_kind" if f.name == "kind" else f.name)
    for cls, fields in _FIELDS.items() for f in fields}


# ---------------------------------------------------------------- fields that need care
def _enc_style(s: Style, path: str) -> dict:
    if not isinstance(s, Style):
        raise TypeError(f"{path}: expected a Style, got {type(s).__name__}")
    return {"lo": list(s.lo), "hi": list(s.hi), "family": s.family}


def _dec_version(v, path: str) -> tuple[int, int]:
    if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)):
        raise SchemaError(f"{path}: expected a Julia version as [major, minor], got {_short(v)}")
    return (v[0], v[1])


def _dec_style(d, path: str) -> Style:
    if not isinstance(d, dict) or "lo" not in d or "hi" not in d:
        raise SchemaError(f"{path}: expected a style object {{\"lo\": [1, 5], \"hi\": [1, 5], …}}, got {_short(d)}")
    extra = set(d) - {"lo", "hi", "family"}
    if extra:
        raise SchemaError(f"{path}: unknown field(s) of a style: {', '.join(sorted(extra))}")
    return Style(_dec_version(d["lo"], path + ".lo"), _dec_version(d["hi"], path + ".hi"))


def _enc_form(f: Form, path: str) -> str:
    return f.value


def _dec_form(v, path: str) -> Form:
    if type(v) is not str:
        raise SchemaError(f"{path}: expected a form name, got {_short(v)}")
    try:
        return Form(v)
    except ValueError:
        raise SchemaError(f"{path}: unknown form {_short(v)} (expected one of "
                          f"{', '.join(repr(f.value) for f in Form)})") from None


def _enc_sections(sections: tuple, path: str) -> list:
    return [{"title": title,
             "entries": [{"name": name, "sep": sep, "type": encode(t, f"{path}[{i}].entries[{j}].type")}
                         for j, (name, sep, t) in enumerate(entries)]}
            for i, (title, entries) in enumerate(sections)]


def _dec_sections(v, path: str) -> tuple:
    out = []
    for i, sec in enumerate(_expect_list(v, path)):
        p = f"{path}[{i}]"
        _expect_keys(sec, p, {"title", "entries"})
        entries = []
        for j, e in enumerate(_expect_list(sec["entries"], p + ".entries")):
            q = f"{p}.entries[{j}]"
            _expect_keys(e, q, {"name", "sep", "type"})
            typ = decode(e["type"], q + ".type")
            check_annotated("object", typ, q + ".type")
            entries.append((_expect_str(e["name"], q + ".name"), _expect_str(e["sep"], q + ".sep"), typ))
        out.append((_expect_str(sec["title"], p + ".title"), tuple(entries)))
    return tuple(out)


def _enc_cfg_blocks(blocks: tuple, path: str) -> list:
    return [{"first": first, "last": last, "succs": list(succs)} for first, last, succs in blocks]


def _dec_cfg_blocks(v, path: str) -> tuple:
    out = []
    for i, b in enumerate(_expect_list(v, path)):
        p = f"{path}[{i}]"
        _expect_keys(b, p, {"first", "last", "succs"})
        succs = _expect_list(b["succs"], p + ".succs")
        for s in (b["first"], b["last"], *succs):
            if s is not None and (type(s) is not int or not 0 <= s <= MAX_INT):
                raise SchemaError(f"{p}: block bounds and successors are integers (0..2^62), got {_short(s)}")
        out.append((b["first"], b["last"], tuple(succs)))
    return tuple(out)


Codec = tuple[Callable[[Any, str], Any], Callable[[Any, str], Any]]

# Fields annotated with one of these types, in any model class, use its codec.
TYPE_CODECS: dict[str, Codec] = {
    "Style": (_enc_style, _dec_style),
    "Form": (_enc_form, _dec_form),
}

# (class, field name) -> (encoder, decoder); both take the value and a path for error messages.
FIELD_CODECS: dict[tuple[type, str], Codec] = {
    (cls, f.name): TYPE_CODECS[f.type if isinstance(f.type, str) else f.type.__name__]
    for cls, fields in _FIELDS.items() for f in fields
    if (f.type if isinstance(f.type, str) else getattr(f.type, "__name__", None)) in TYPE_CODECS
}
def _enc_colors(v: tuple, path: str) -> list:
    """`Document.colors`: per item null (plain) or `{"marks": [[line, column, codes], …], "lines": [[line, text],
    …]}` (see jlir.ir.color.Colors)."""
    return [None if c is None else {"marks": [list(m) for m in c.marks], "lines": [list(r) for r in c.lines]}
            for c in v]


def _dec_colors(v, path: str) -> tuple:
    out = []
    for i, c in enumerate(_expect_list(v, path)):
        if c is None:
            out.append(None)
            continue
        p = f"{path}[{i}]"
        if not isinstance(c, dict) or set(c) - {"marks", "lines"}:
            raise SchemaError(f"{p}: expected {{\"marks\": […], \"lines\": […]}}, got {_short(c)}")
        marks = [_triple(m, f"{p}.marks[{j}]") for j, m in enumerate(_expect_list(c.get("marks", []), p))]
        lines = []
        for j, r in enumerate(_expect_list(c.get("lines", []), p)):
            if not (isinstance(r, list) and len(r) == 2 and type(r[0]) is int and isinstance(r[1], str)):
                raise SchemaError(f"{p}.lines[{j}]: expected [line, text], got {_short(r)}")
            lines.append((r[0], r[1]))
        out.append(Colors(tuple(marks), tuple(lines)))
    return tuple(out)


def _triple(m, path: str) -> tuple[int, int, str]:
    if not (isinstance(m, list) and len(m) == 3 and type(m[0]) is int and type(m[1]) is int and isinstance(m[2], str)):
        raise SchemaError(f"{path}: expected [line, column, codes], got {_short(m)}")
    return (m[0], m[1], m[2])


FIELD_CODECS.update({
    (CFGListing, "blocks"): (_enc_cfg_blocks, _dec_cfg_blocks),
    (WarntypeHeader, "sections"): (_enc_sections, _dec_sections),
    (_document.Document, "colors"): (_enc_colors, _dec_colors),
})
# Fields written only when they hold something (added to schema jlir/1 later: older readers never see them).
_OMITTED_WHEN_EMPTY = frozenset({(_document.Document, "colors"), (_function.Function, "margin"),
                                 (_values.QuoteNode, "interpolated")})


class UnreadableInJSON(JlirError, TypeError):
    """A document read with `errors="collect"` holds an unreadable dump: JSON holds models, it has none."""


# ---------------------------------------------------------------- generic rule
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
    fields = _FIELDS.get(cls)
    if fields is not None:
        out = {"kind": cls.__name__}
        part = None if cls is not _function.Function else (x.ir, x.display)
        for f in fields:
            # a Function's fields are its parts' (`return_type` reads the display's `=> T`, not `Body::T`)
            v = getattr(x, f.name) if part is None else getattr(part[f.name in _DISPLAY_FIELDS], f.name)
            if not v and (cls, f.name) in _OMITTED_WHEN_EMPTY:
                continue
            codec = FIELD_CODECS.get((cls, f.name))
            key = _JSON_NAME[cls, f.name]
            p = f"{path}.{key}"
            out[key] = codec[0](v, p) if codec else encode(v, p)
        return out
    if cls is Style:
        return _enc_style(x, path)
    if isinstance(x, enum.Enum):
        return x.value
    raise TypeError(f"{path}: cannot encode {cls.__name__} {x!r}: it is not part of the jlir model")


def decode(data, path: str = "$", depth: int = 0):
    """The model object (or tuple/primitive) that `encode` turned into `data`; every object built is checked
    against its fields' annotations (jlir.ir.validate), and nesting is bounded (the model's walks recurse)."""
    if data is None or type(data) in (str, int, bool, float):
        return data
    if depth > MAX_DEPTH:
        raise SchemaError(f"{path}: nests deeper than {MAX_DEPTH} levels (jlir's reader refuses such IR too)")
    if isinstance(data, list):
        return tuple(decode(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(data))
    if not isinstance(data, dict):
        raise SchemaError(f"{path}: unexpected {type(data).__name__} {_short(data)}")
    kind = data.get("kind")
    if kind is None:
        if set(data) <= {"lo", "hi", "family"}:
            return _dec_style(data, path)
        raise SchemaError(f"{path}: an object without a \"kind\" tag: {_short(data)}")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SchemaError(f"{path}: unknown kind {_short(kind)} (not a class of the jlir model, schema {SCHEMA})")
    fields = _FIELDS[cls]
    names = {_JSON_NAME[cls, f.name] for f in fields}
    extra = set(data) - names - {"kind", "text"}  # "text": Julia's text, written for readers (`with_text`)
    if extra:
        raise SchemaError(f"{path}: unknown field(s) of {kind}: {', '.join(sorted(extra))}")
    kwargs = {}
    for f in fields:
        key = _JSON_NAME[cls, f.name]
        p = f"{path}.{key}"
        if key not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise SchemaError(f"{p}: missing field {key!r} of {kind}")
            continue  # a field added later with a default: older documents still load
        codec = FIELD_CODECS.get((cls, f.name))
        kwargs[f.name] = codec[1](data[key], p) if codec else decode(data[key], p, depth + 1)
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise SchemaError(f"{path}: cannot build {kind}: {e}") from None
    check_fields(obj, path, lambda c, name: _JSON_NAME.get((c, name), name))
    if cls is _function.Function:
        check_function(obj, path)
    return obj


# ---------------------------------------------------------------- envelope
def to_json(x, source: str | None = None, julia: dict | None = None, text: bool = False) -> dict:
    """`{"schema": "jlir/1", "document": …}` for a Document, or any other model object (its kind says which).

    `source` (optional) names where the text came from; `julia` (optional) says which live Julia printed it and
    how (`jlir fetch`: version, target, form, command).  Both are informative: `from_json` ignores them.
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


def from_json(data) -> Any:
    """The model object of `to_json` data; raises SchemaError for another schema version or malformed data."""
    if not isinstance(data, dict) or "schema" not in data:
        raise SchemaError("not jlir JSON: expected an object {\"schema\": \"" + SCHEMA + "\", \"document\": …}, got "
                          + _short(data))
    schema = data["schema"]
    if schema != SCHEMA:
        if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
            raise SchemaError(f"unsupported schema version {_short(schema)}: this jlir reads {SCHEMA!r} only "
                              f"(a different jlir/N is an incompatible format)")
        raise SchemaError(f"not jlir JSON: unknown schema {_short(schema)} (expected {SCHEMA!r})")
    extra = set(data) - {"schema", "document", "source", "julia"}
    if extra:
        raise SchemaError(f"$: unknown top-level field(s): {', '.join(sorted(extra))}")
    if "document" not in data:
        raise SchemaError("$: missing \"document\"")
    if not isinstance(data["document"], dict):
        raise SchemaError(f"$.document: expected a model object (with a \"kind\"), got {_short(data['document'])}")
    try:  # no path built unless the data is wrong: then read again, the careful way, to say where
        return decode_fast(data["document"], (KINDS, _FIELDS, _JSON_NAME, FIELD_CODECS, _dec_style, {}))
    except (Retry, SchemaError):
        return decode(data["document"], "$.document")


# ---------------------------------------------------------------- helpers
def _short(v) -> str:
    return short_repr(v, 80)


def _expect_list(v, path: str) -> list:
    if not isinstance(v, list):
        raise SchemaError(f"{path}: expected a list, got {_short(v)}")
    return v


def _expect_str(v, path: str) -> str:
    if not isinstance(v, str):
        raise SchemaError(f"{path}: expected a string, got {_short(v)}")
    return v


def _expect_keys(v, path: str, keys: set[str]) -> None:
    if not isinstance(v, dict):
        raise SchemaError(f"{path}: expected an object with {', '.join(sorted(keys))}, got {_short(v)}")
    if set(v) != keys:
        missing, extra = keys - set(v), set(v) - keys
        what = "; ".join(filter(None, [missing and "missing " + ", ".join(sorted(missing)),
                                       extra and "unknown " + ", ".join(sorted(extra))]))
        raise SchemaError(f"{path}: {what}")
