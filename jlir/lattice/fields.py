"""The fields of Base's and Core's structs, as Julia 1.5.3 defines them (`data/fields-1.5.3.json.gz`).

Julia's `simple_dce!` (the end of `compact!`) erases an unused `%new(T, …)` or `getfield(x, :f)` only where
the struct's fields prove it cannot throw: `%new` needs each value to fit its field's type, `getfield` a
field that every instance has defined.  A print names the struct and never its fields, so
`scripts/gen/gen_field_facts.jl` asked Julia for every struct bound to a name in Base, Core and the
standard libraries of the system image; a struct not listed there is unknown and jlir decides nothing.
"""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.typefacts import head_name

FIELDS = Path(__file__).with_name("data") / "fields-1.5.3.json.gz"

__all__ = ["StructFields", "struct_fields"]


@dataclass(frozen=True, slots=True)
class StructFields:
    """A struct's fields: `names`, `types` (None where the type depends on what the table does not say)
    and `ninitialized` (how many leading fields every instance has defined: Julia's `DataType.ninitialized`)."""
    names: tuple[str, ...]
    types: tuple
    ninitialized: int

    def index(self, field) -> int | None:
        """The 1-based index `getfield` reads for a printed field (`:stop`, `1`), None if it has none."""
        if type(field) is V.QuoteNode and type(field.value) is V.Symbol:
            name = field.value.name
            return self.names.index(name) + 1 if name in self.names else None
        if type(field) is V.Literal and field.kind == "int" and field.text.isdigit():
            k = int(field.text)
            return k if 1 <= k <= len(self.names) else None
        return None


@cache
def _table() -> dict:
    with gzip.open(FIELDS, "rt", encoding="utf-8") as f:
        return json.load(f)["names"]


def struct_fields(t) -> StructFields | None:
    """The fields of the struct a printed type names (`Base.OneTo{Int64}`: `stop::Int64`), None if unknown."""
    if type(t) not in (T.TypeName, T.TypeApply):
        return None
    if head_name(t) in ("NamedTuple", "Core.NamedTuple"):
        return _named_tuple_fields(t)
    entry = _table().get(head_name(t))
    if entry is None:
        return None
    ninit, fields = entry
    params = t.params if type(t) is T.TypeApply else ()
    types = []
    for _, ft in fields:
        if type(ft) is int:
            types.append(params[ft] if ft < len(params) else None)
        else:
            types.append(None if ft is None else parse_type(ft))
    return StructFields(tuple(n for n, _ in fields), tuple(types), ninit)


def _named_tuple_fields(t) -> StructFields | None:
    """`NamedTuple{(:a, :b), Tuple{A, B}}`: its fields are its parameters' (every one defined)."""
    if type(t) is not T.TypeApply or len(t.params) != 2:
        return None
    names, types = t.params
    if type(names) is not T.TypeTuple or type(types) is not T.TypeApply or head_name(types) not in ("Tuple", "Core.Tuple"):
        return None
    if len(names.items) != len(types.params) or any(type(n) is not V.Literal or n.kind != "symbol" for n in names.items):
        return None
    return StructFields(tuple(n.text[1:] for n in names.items), tuple(types.params), len(names.items))


_TOKEN = re.compile(r'\s*(?:(?P<name>(?:var"[^"]*"|[A-Za-z_][A-Za-z0-9_!]*)(?:\.(?:var"[^"]*"|[A-Za-z_][A-Za-z0-9_!]*))*)'
                    r'|(?P<int>-?\d+)|(?P<punct>[{},]))')


@lru_cache(maxsize=4096)
def parse_type(text: str):
    """A type as `show` prints it without free type variables (`Array{UInt8,1}`, `Union{Nothing, Int64}`),
    in jlir's model; None for anything this small reader does not know (`where`, a value parameter but an
    integer), so a field of that type decides nothing.  Remembered for the last 4,096 texts: besides the table's
    field types it reads the inputs' flagged types (`jlir.ssa.case`), which a long run would otherwise keep all of."""
    tokens = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            return None
        tokens.append((m.lastgroup, m.group(m.lastgroup)))
        pos = m.end()
    out, end = _parse(tokens, 0)
    return out if end == len(tokens) else None


def _parse(tokens: list, k: int):
    if k >= len(tokens):
        return None, k
    kind, text = tokens[k]
    if kind == "int":
        return V.Literal(text, "int"), k + 1
    if kind != "name":
        return None, len(tokens) + 1
    head = T.TypeName(tuple(_split_path(text)))
    if k + 1 >= len(tokens) or tokens[k + 1][1] != "{":
        return head, k + 1
    params, k = [], k + 2
    while k < len(tokens) and tokens[k][1] != "}":
        p, k = _parse(tokens, k)
        if p is None:
            return None, len(tokens) + 1
        params.append(p)
        if k < len(tokens) and tokens[k][1] == ",":
            k += 1
    return T.TypeApply(head, tuple(params)), k + 1


def _split_path(text: str) -> list[str]:
    return re.findall(r'var"[^"]*"|[^.]+', text)
