"""A slot typed by a bounded UnionAll in `optimize=false` code: `t::Type{var"#s51"} where var"#s51"<:Tuple`.

`tests/data/julia-1.5.3-slot-where-bound.txt` is Julia 1.5.3's `code_typed(h, (Any, Int); optimize=false)` of
`julia-1.5.3-slot-where-bound.jl` (an `isa Type{<:Tuple}` test narrows the slot), then `k(t) = (t <: Tuple, t >: Int)`.  `show(::TypeVar)` writes the bound
unspaced, a call of `<:` spaced: the spacing is Julia's, and the reader tells them apart by it.
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import values

DATA = Path(__file__).resolve().parents[1] / "data"


def test_a_slot_typed_by_a_bounded_where_prints_back_byte_for_byte():
    text = (DATA / "julia-1.5.3-slot-where-bound.txt").read_text(encoding="utf-8")
    assert jlir.format(jlir.parse(text)) == text


def test_the_bound_belongs_to_the_where_not_to_a_call_of_subtype():
    text = (DATA / "julia-1.5.3-slot-where-bound.txt").read_text(encoding="utf-8")
    f = jlir.parse(text).items[0]
    call = f.ir.stmts[6].node
    typed = [v for v in values(call) if type(v) is T.TypeWhere or getattr(v, "type", None) is not None]
    wheres = [v for v in (getattr(t, "type", t) for t in typed) if type(v) is T.TypeWhere]
    assert wheres and type(wheres[0].var) is T.TypeInfix and wheres[0].var.op == "<:"


def test_a_spaced_subtype_call_stays_a_call():
    text = (DATA / "julia-1.5.3-slot-where-bound.txt").read_text(encoding="utf-8")
    k = jlir.parse(text).items[1]
    calls = [st.node for st in k.ir.stmts[:2]]
    assert [type(c).__name__ for c in calls] == ["Expr", "Expr"]
    assert [str(getattr(c.args[0], "name", c.args[0])) for c in calls] == ["<:", ">:"]
