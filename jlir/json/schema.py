"""The JSON schema's tables: which class each `"kind"` names, each class's fields and their JSON names, and the
codecs of the few fields that need care (`schema.md` next to this file describes the schema, `jlir/1`).

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
through the generic rule (`jlir.json.encode`, `jlir.json.decode`).  A codec is `(encoder, decoder)`: the encoder
takes the value, a path and the encoder of a nested model value; the decoder the data, a path and the decoder.
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
from jlir.ir.style import Style
from jlir.json.checks import MAX_INT, SchemaError, check_annotated, short_repr

SCHEMA = "jlir/1"
SCHEMA_PREFIX = "jlir/"

__all__ = ["SCHEMA", "SCHEMA_PREFIX", "KINDS", "FIELDS", "JSON_NAME", "DISPLAY_FIELDS", "FIELD_CODECS",
           "OMITTED_WHEN_EMPTY", "UnreadableInJSON", "decode_style", "encode_style"]


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
FIELDS: dict[type, tuple[dataclasses.Field, ...]] = {cls: dataclasses.fields(cls) for cls in KINDS.values()}
# A Function is written flat (schema jlir/1): the fields of its IR and its Display, in `FLAT_NAMES` order.
_FLAT = {f.name: f for part in (_function.IR, _function.Display) for f in dataclasses.fields(part)}
FIELDS[_function.Function] = tuple(_FLAT[name] for name in _function.FLAT_NAMES)
DISPLAY_FIELDS = frozenset(f.name for f in dataclasses.fields(_function.Display))


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


# A field called `kind` would collide with the tag: it is written as `<class>_kind` (`Literal.kind` -> `literal_kind`).
JSON_NAME: dict[tuple[type, str], str] = {
    (cls, f.name): (f"{_snake(cls.__name__)}_kind" if f.name == "kind" else f.name)
    for cls, fields in FIELDS.items() for f in fields}


# ---------------------------------------------------------------- fields that need care
def encode_style(s: Style, path: str, encode=None) -> dict:
    if not isinstance(s, Style):
        raise TypeError(f"{path}: expected a Style, got {type(s).__name__}")
    return {"lo": list(s.lo), "hi": list(s.hi), "family": s.family}


def _dec_version(v, path: str) -> tuple[int, int]:
    if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)):
        raise SchemaError(f"{path}: expected a Julia version as [major, minor], got {_short(v)}")
    return (v[0], v[1])


def decode_style(d, path: str, decode=None) -> Style:
    if not isinstance(d, dict) or "lo" not in d or "hi" not in d:
        raise SchemaError(f"{path}: expected a style object {{\"lo\": [1, 5], \"hi\": [1, 5], …}}, got {_short(d)}")
    extra = set(d) - {"lo", "hi", "family"}
    if extra:
        raise SchemaError(f"{path}: unknown field(s) of a style: {', '.join(sorted(extra))}")
    return Style(_dec_version(d["lo"], path + ".lo"), _dec_version(d["hi"], path + ".hi"))


def _enc_form(f: Form, path: str, encode=None) -> str:
    return f.value


def _dec_form(v, path: str, decode=None) -> Form:
    if type(v) is not str:
        raise SchemaError(f"{path}: expected a form name, got {_short(v)}")
    try:
        return Form(v)
    except ValueError:
        raise SchemaError(f"{path}: unknown form {_short(v)} (expected one of "
                          f"{', '.join(repr(f.value) for f in Form)})") from None


def _enc_sections(sections: tuple, path: str, encode) -> list:
    return [{"title": title,
             "entries": [{"name": name, "sep": sep, "type": encode(t, f"{path}[{i}].entries[{j}].type")}
                         for j, (name, sep, t) in enumerate(entries)]}
            for i, (title, entries) in enumerate(sections)]


def _dec_sections(v, path: str, decode) -> tuple:
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


def _enc_cfg_blocks(blocks: tuple, path: str, encode=None) -> list:
    return [{"first": first, "last": last, "succs": list(succs)} for first, last, succs in blocks]


def _dec_cfg_blocks(v, path: str, decode=None) -> tuple:
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


Codec = tuple[Callable[..., Any], Callable[..., Any]]

# Fields annotated with one of these types, in any model class, use its codec.
TYPE_CODECS: dict[str, Codec] = {
    "Style": (encode_style, decode_style),
    "Form": (_enc_form, _dec_form),
}

# (class, field name) -> (encoder, decoder); both take the value and a path for error messages.
FIELD_CODECS: dict[tuple[type, str], Codec] = {
    (cls, f.name): TYPE_CODECS[f.type if isinstance(f.type, str) else f.type.__name__]
    for cls, fields in FIELDS.items() for f in fields
    if (f.type if isinstance(f.type, str) else getattr(f.type, "__name__", None)) in TYPE_CODECS
}
def _enc_colors(v: tuple, path: str, encode=None) -> list:
    """`Document.colors`: per item null (plain) or `{"marks": [[line, column, codes], …], "lines": [[line, text],
    …]}` (see jlir.ir.color.Colors)."""
    return [None if c is None else {"marks": [list(m) for m in c.marks], "lines": [list(r) for r in c.lines]}
            for c in v]


def _dec_colors(v, path: str, decode=None) -> tuple:
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
OMITTED_WHEN_EMPTY = frozenset({(_document.Document, "colors"), (_function.Function, "margin"),
                                 (_values.QuoteNode, "interpolated")})


class UnreadableInJSON(JlirError, TypeError):
    """A document read with `errors="collect"` holds an unreadable dump: JSON holds models, it has none."""


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
