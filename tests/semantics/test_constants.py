"""Constants the IR shows through `show`, read back as the values Julia printed."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.semantics.constants import shown_constant
from jlir.semantics.values import JFunction, NotInterpretable

# Julia 1.5.3's typed print of seed-2 program 903's closure `var"#84#87"` (`reduce(max, v; init=…)` inlined down
# to foldl's `_foldl_impl`), the statement that passes the reducing function as a shown constant.
PRINT = """CodeInfo(
1 ─ %1 = $(Expr(:foreigncall, :(:jl_alloc_array_1d), Array{Float32,1}, svec(Any, Int64), 0, :(:ccall), Array{Float32,1}, 4, 4))::Array{Float32,1}
│   %2 = invoke Base._foldl_impl($(QuoteNode(Base.BottomRF{typeof(max)}(max)))::Base.BottomRF{typeof(max)}, 0.0f0::Float32, %1::Array{Float32,1})::Float32
└──      return %2
) => Float32
"""


def test_a_parametric_base_struct_shown_by_its_constructor_holds_the_function_it_names():
    fn = jlir.functions(jlir.parse(PRINT))[0]
    call = next(s.node for s in fn.positional if type(s.node) is N.Expr and s.node.head == "invoke")
    value = shown_constant(call.args[2])
    assert (value.type, value.module) == ("BottomRF{typeof(max)}", "Base")
    assert value.fields == (JFunction("Base.max"),)


def test_a_shown_object_with_an_unassigned_field_is_no_constant_jlir_makes():
    # `lowered` of Pkg.Operations.resolve_versions! (Julia 1.5.3, tests/data/README.md): `@warn`'s `_id` cache,
    # `Base.RefValue{Symbol}(#undef)`: its field is unassigned, not a value named `#undef`
    text = (Path(__file__).resolve().parents[1] / "data" / "stdlib-1.5.3-undef-field-lowered.txt").read_text()
    fn = jlir.functions(jlir.parse(text))[0]
    call = next(s.node for s in fn.positional if type(s.node) is N.Expr and "isassigned" in str(s.node.args[0]))
    with pytest.raises(NotInterpretable, match="#undef"):
        shown_constant(call.args[1])
