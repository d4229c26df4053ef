"""The model's JSON (the schema of `jlir.json.schema`), written fast and streamed.

`jlir.json.encode.encode` builds a fresh JSON object for every occurrence of every
value and a path string for every field, in case an error must be located.
The parsed model shares its values (one `Statement` per distinct statement
text, one type object per distinct type text), so `SharedEncoder` encodes each
distinct object once and hands out the same JSON object for every occurrence:
the intermediate data is as small as the model, and the Python work is
proportional to the distinct values.  Paths are computed only when something
cannot be encoded (the slow `encode` then runs again and locates it).

`iter_json` yields the JSON Lines text of `to_json(x)` in pieces, one
document item at a time, so a writer never holds the whole JSON text: the
text is exactly `json.dumps(to_json(x), ensure_ascii=False,
separators=(",", ":"))`, as `tests/json/test_stream.py` checks.
"""
from __future__ import annotations

import dataclasses
import json

from jlir.ir.function import Display, Document, Function
from jlir.json.encode import encode
from jlir.json.schema import DISPLAY_FIELDS, FIELD_CODECS, FIELDS, JSON_NAME, OMITTED_WHEN_EMPTY, SCHEMA

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_PRIMITIVE = (str, int, bool, float, type(None))



# class -> (kind tag, ((attribute, JSON key, field encoder or None), …)), from the schema's registry
_PLANS = {cls: (cls.__name__, tuple((f.name, JSON_NAME[cls, f.name], FIELD_CODECS.get((cls, f.name), (None,))[0])
                                    for f in fields))
          for cls, fields in FIELDS.items()}
# A Function's fields are read from its parts, as `encode` reads them (`return_type` is the display's
# `=> T`, not the `Function.return_type` property that falls back to a header's `Body::T`): 0 IR, 1 Display.
_FUNCTION_PARTS = tuple(int(attr in DISPLAY_FIELDS) for attr, _, _ in _PLANS[Function][1])


class SharedEncoder:
    """`encode` with one JSON value per distinct model object (the JSON values are shared: do not
    mutate them).  The model must stay alive while the encoder is used (objects are remembered by identity)."""

    def __init__(self):
        self._memo: dict[int, tuple] = {}  # id(object) -> (object, its JSON value): the object is kept alive

    def encode(self, x):
        try:
            return self._encode(x)
        except (TypeError, AttributeError):
            encode(x)  # the path-carrying encoder raises the same error, located
            raise

    def _encode(self, x):
        cls = x.__class__
        if cls in _PRIMITIVE:
            return x
        hit = self._memo.get(id(x))
        if hit is not None:
            return hit[1]
        if cls is tuple:
            out = [self._encode(v) for v in x]
        else:
            plan = _PLANS.get(cls)
            if plan is None:
                out = encode(x)  # Style, an enum: the generic rule (raises for what is not in the model)
            else:
                kind, fields = plan
                out = {"kind": kind}
                parts = (x.ir, x.display) if cls is Function else None
                for k, (attr, key, codec) in enumerate(fields):
                    v = getattr(x, attr) if parts is None else getattr(parts[_FUNCTION_PARTS[k]], attr)
                    if not v and (cls, attr) in OMITTED_WHEN_EMPTY:
                        continue
                    out[key] = self._encode(v) if codec is None else codec(v, "$", encode)
        self._memo[id(x)] = (x, out)
        return out


class TextEncoder(SharedEncoder):
    """`text(item)`: the JSON text of a document item.  A Function's statements are written from the JSON text of
    each distinct `Statement`, made once: a statement shared by many lines is encoded and dumped once."""

    def __init__(self):
        super().__init__()
        self._texts: dict[int, tuple] = {}  # id(Statement) -> (Statement, its JSON text)

    def text(self, item) -> str:
        if len(self._memo) > _MEMO_LIMIT:  # memory stays bounded on any input; most sharing is between neighbours
            self._memo.clear()
            self._texts.clear()
        if item.__class__ is not Function:
            return _dumps(self.encode(item))
        try:
            return self._function_text(item)
        except (TypeError, AttributeError):
            encode(item)  # located
            raise

    def _function_text(self, f: Function) -> str:
        texts = self._texts
        kind, fields = _PLANS[Function]
        parts = ['{"kind":"Function"']
        sources = (f.ir, f.display)
        for k, (attr, key, codec) in enumerate(fields):
            v = getattr(sources[_FUNCTION_PARTS[k]], attr)
            if not v and (Function, attr) in OMITTED_WHEN_EMPTY:
                continue
            parts.append(_KEYS[key])
            if attr != "stmts":
                parts.append(_dumps(self._encode(v) if codec is None else codec(v, "$", encode)))
                continue
            out = []
            for st in v:
                hit = texts.get(id(st))
                if hit is None:
                    hit = texts[id(st)] = (st, _dumps(self._encode(st)))
                out.append(hit[1])
            parts.append("[" + ",".join(out) + "]")
        parts.append("}")
        return "".join(parts)


# Objects remembered by a TextEncoder before it starts afresh: on 11.9 MB of Base IR (~400,000 distinct objects)
# this keeps the speed of an unbounded memo and cuts the peak memory from 10.9x to 9.5x the input; the extra
# memory is bounded whatever the input's size.
_MEMO_LIMIT = 300_000

_KEYS = {key: "," + _dumps(key) + ":" for _, fields in _PLANS.values() for _, key, _ in fields}


def to_json_shared(x, source: str | None = None, julia: dict | None = None) -> dict:
    """`jlir.json.to_json(x, …)`, equal to it, built by a `SharedEncoder`."""
    data = {"schema": SCHEMA}
    if source is not None:
        data["source"] = source
    if julia is not None:
        data["julia"] = julia
    data["document"] = SharedEncoder().encode(x)
    return data


def iter_json(x, source: str | None = None, julia: dict | None = None):
    """The text of `json_line(to_json(x, source, julia))` in pieces (a Document: one piece per item), ending with
    the newline: write them one by one and the JSON text is never whole in memory."""
    if not isinstance(x, Document):
        yield _dumps(to_json_shared(x, source, julia)) + "\n"
        return
    enc = TextEncoder()
    head = {"schema": SCHEMA}
    if source is not None:
        head["source"] = source
    if julia is not None:
        head["julia"] = julia
    text = _dumps(head)[:-1] + ',"document":{"kind":"Document"'
    kind, fields = _PLANS[Document]
    for attr, key, codec in fields:
        v = getattr(x, attr)
        if not v and (Document, attr) in OMITTED_WHEN_EMPTY:
            continue
        text += "," + _dumps(key) + ":"
        if attr != "items":
            text += _dumps(enc.encode(v) if codec is None else codec(v, "$", encode))
            continue
        text += "["
        for i, item in enumerate(v):
            yield text + ("," if i else "")
            text = enc.text(item)
        text += "]"
    yield text + "}}\n"
