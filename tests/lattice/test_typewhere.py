"""`jlir.lattice.typewhere`: `Type{X}` against a UnionAll of `Type{…}`, against Julia 1.5.3's own `<:` and
`Core.Compiler.tmerge` (run on these pairs: `Type{Tuple} <: (Type{NTuple{N,Any}} where N)` is false both ways,
`tmerge(Type{NTuple{N,Any}} where N, Const(Tuple))` is `Type` in either order)."""
from __future__ import annotations

import jlir
from jlir.lattice import typeset as S
from jlir.lattice.tmerge import tmerge
from jlir.lattice.typeset import Undecided


def _types(texts: list[str]) -> list:
    """Read shown types with jlir's own parser, as the `::T` of statements of one CodeInfo."""
    body = "".join(f"│   %{i} = f()::{t}\n" for i, t in enumerate(texts, 1))
    text = "CodeInfo(\n1 ─ " + body[4:] + f"└──       return %{len(texts)}\n) => Any\n"
    return [s.type for s in jlir.functions(jlir.parse(text))[0].positional[:len(texts)]]


def _issub(a, b):
    try:
        return S.issub(a, b)
    except Undecided:
        return None


def test_type_of_a_tuple_of_any_length_is_no_instance_of_type_of_a_tuple_a_variable_fixes():
    where, tup, pair, kind = _types(["Type{Tuple{Vararg{Any, _A}}} where _A", "Type{Tuple}",
                                     "Type{Tuple{Int64,Int64}}", "Type"])
    assert _issub(tup, where) is False          # Julia: false
    assert _issub(where, tup) is False          # Julia: false (each _A gives another type)
    assert _issub(where, kind) is True          # Julia: true
    assert _issub(pair, where) is None          # Julia: true (_A = 2): not decided here, never guessed


def test_tmerge_of_type_where_and_const_tuple_is_type_either_way():
    where, const, want = _types(["Type{Tuple{Vararg{Any, _A}}} where _A", "Core.Compiler.Const(Tuple, false)",
                                 "Type"])
    assert tmerge(where, const) == want
    assert tmerge(const, where) == want
