"""Julia literals as `jlir run --args` reads them: numbers, `true`, `nothing`, `'c'`, `"s"`, `:sym`, and tuples
and vectors of them (`(1, 2.0)`, `[1, 2, 3]`, `Float64[]`, `[[1], [2]]`), meaning what they mean in Julia.

A vector's element type is Julia's `vect` promotion where it is simple: one type, or Int64 with Float64
(Float64); any other mix (`[1, nothing]` is a `Union{Nothing, Int64}` vector in Julia) is refused, not guessed.
"""
from __future__ import annotations

import re

from jlir.ir import values as V
from jlir.semantics.splitting import split_top_level  # noqa: F401 - --args literals are cut with it
from jlir.semantics.values import JArray, typeof

# A Julia literal's family, as the model spells it (`jlir.ir.values.Literal.kind`).
_KINDS = (
    (re.compile(r"-?(?:0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|\d[\d_]*)$"), "int"),
    (re.compile(r"-?(?:\d[\d_]*\.?[\d_]*(?:[eEf][-+]?\d+)?|\.\d+(?:[eEf][-+]?\d+)?|NaN(?:32|16)?|Inf(?:32|16)?)$"),
     "float"),
    (re.compile(r"true|false$"), "bool"),
    (re.compile(r"nothing$"), "nothing"),
    (re.compile(r"'(?:[^'\\]|\\.[^']*)'$"), "char"),
    (re.compile(r'"(?:[^"\\]|\\.)*"$'), "string"),
    (re.compile(r":[A-Za-z_]\w*$"), "symbol"),
)
_TYPED_VECTOR = re.compile(r"([A-Z][A-Za-z0-9]*)\[(.*)\]$", re.S)
_NUMBERS = frozenset(("Int64", "Float64"))


def argument(text: str):
    """The Julia value a literal stands for; ValueError naming it when it is no literal jlir reads."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        items, trailing = _items(text[1:-1])
        if len(items) == 1 and not trailing:
            return argument(items[0])  # `(5)` is 5: a tuple of one is `(5,)`
        return tuple(argument(t) for t in items)
    typed = _TYPED_VECTOR.match(text)
    if text.startswith("[") and text.endswith("]") or typed:
        body = typed.group(2) if typed else text[1:-1]
        values = [argument(t) for t in _items(body)[0]]
        return _vector(values, typed.group(1) if typed else None, text)
    from jlir.semantics.constants import literal
    for rx, kind in _KINDS:
        if rx.match(text):
            return literal(V.Literal(text, kind))
    raise ValueError(f"{text!r} is not a Julia literal (a number, true/false, nothing, 'c', \"s\", :sym, "
                     "or a tuple or vector of them)")


def _vector(values: list, eltype: str | None, text: str) -> JArray:
    types = {typeof(v) for v in values}
    if eltype is not None:
        if eltype == "Int":
            eltype = "Int64"
        if any(t != eltype for t in types) and not (eltype == "Float64" and types <= _NUMBERS):
            raise ValueError(f"{text!r}: elements other than {eltype} (converting them is not modelled)")
    elif not values:
        eltype = "Any"
    elif len(types) == 1:
        eltype = types.pop()
    elif types == _NUMBERS:
        eltype = "Float64"
    else:
        raise ValueError(f"{text!r}: a vector of {', '.join(sorted(types))} (Julia promotes these to a type "
                         "jlir does not model: write its elements of one type)")
    if eltype == "Float64":
        values = [float(v) for v in values]
    return JArray(eltype, values)


def _items(body: str) -> tuple[list[str], bool]:
    """The comma-separated items at the top level of `body` (brackets, quotes kept whole); whether a comma ends it."""
    parts = split_top_level(body, ",")
    trailing = len(parts) > 1 and not parts[-1].strip()
    return [t.strip() for t in (parts[:-1] if not parts[-1].strip() else parts)], trailing


