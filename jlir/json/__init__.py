"""The model as JSON (schema `jlir/1`, described in `schema.md` beside this file) and back: jlir's JSON codec.

    >>> from jlir.json import to_json, iter_json, from_json
    >>> data = to_json(doc)                          # {"schema": "jlir/1", "document": {...}}
    >>> "".join(iter_json(doc)) == json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\\n"
    True
    >>> from_json(data) == doc                       # the model, every object checked
    True

One layer above the model (`jlir.ir`), importing nothing else: `schema` (each kind's class, fields, JSON names
and the codecs of the fields that need care), `encode` (`to_json`, located errors), `stream` (the same JSON
written fast, one document item at a time), `decode` (one decoder, its checks compiled into predicates, located
errors only where something is wrong), `checks` (what a model from JSON must hold) and `rule` (the reader's rule
as a comparison of models).  `jlir.from_json` is `from_json` here followed by the reader's rule: the model must
print as text that reads back as itself (`jlir.syntax.readback`).
"""
from __future__ import annotations

from jlir.json.checks import MAX_DEPTH, MAX_INT, SchemaError
from jlir.json.decode import decode, from_json
from jlir.json.encode import encode, to_json, with_text
from jlir.json.rule import as_read, first_difference, same_reading
from jlir.json.schema import KINDS, SCHEMA, UnreadableInJSON
from jlir.json.stream import iter_json, to_json_shared

__all__ = ["SCHEMA", "KINDS", "SchemaError", "UnreadableInJSON", "MAX_DEPTH", "MAX_INT", "to_json", "encode",
           "with_text", "iter_json", "to_json_shared", "from_json", "decode", "same_reading", "as_read",
           "first_difference"]
