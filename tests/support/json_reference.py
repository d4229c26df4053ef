"""The careful JSON decoder jlir had before its one decoder (`jlir.json.decode`): it carries the JSON path of every
value it reads and checks each object with the path-naming checks.  Kept here, as it was, as the reference the
one decoder's results and located errors are compared with (`tests/json/test_decode.py`)."""
from __future__ import annotations

import dataclasses

from jlir.ir import function as _function
from jlir.json.checks import MAX_DEPTH, SchemaError, check_fields, check_function
from jlir.json.schema import FIELD_CODECS, FIELDS as _FIELDS, JSON_NAME as _JSON_NAME, KINDS, SCHEMA, decode_style
from jlir.json.checks import short_repr


def _short(v) -> str:
    return short_repr(v, 80)


def decode(data, path: str = "$", depth: int = 0):
    """The model object (or tuple/primitive) that `encode` turned into `data`; every object built is checked
    against its fields' annotations (jlir.json.checks), and nesting is bounded (the model's walks recurse)."""
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
            return decode_style(data, path)
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
        kwargs[f.name] = codec[1](data[key], p, decode) if codec else decode(data[key], p, depth + 1)
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise SchemaError(f"{path}: cannot build {kind}: {e}") from None
    check_fields(obj, path, lambda c, name: _JSON_NAME.get((c, name), name))
    if cls is _function.Function:
        check_function(obj, path)
    return obj


