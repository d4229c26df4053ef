"""A foreigncall names its C function as lowering wrote `ccall`: a symbol (`:(:jl_array_ptr)`), a string of an
llvmcall, or a `(name, library)` pair built by `Core.tuple` (`ccall((:log2, libm), …)`).  The last one, in Julia
1.5.3's typed print of `log2(::Float64)` (below, from the oracle's record of Base), was named `?`; it is named
`log2` now, and a run that reaches it is refused by that name, since libm's rounding is not modelled."""
from __future__ import annotations

import pytest

import jlir
from jlir import interp
from jlir.interp.foreign import foreign_name

LOG2 = """CodeInfo(
1 ─ %1 = $(Expr(:foreigncall, :(Core.tuple("log2", Base.Math.libm)), Float64, svec(Float64), 0, :(:ccall), :(x), :(x)))::Float64
│   %2 = Base.ne_float(%1, %1)::Bool
│   %3 = Base.ne_float(x, x)::Bool
│   %4 = Base.not_int(%3)::Bool
│   %5 = Base.and_int(%2, %4)::Bool
└──      goto #3 if not %5
2 ─ %7 = invoke Base.Math.DomainError(_2::Any, "NaN result for non-NaN input."::Any)::DomainError
│        Base.Math.throw(%7)::Union{}
└──      $(Expr(:unreachable))::Union{}
3 ┄      goto #4
4 ─      return %1
) => Float64
"""


def _log2():
    return jlir.functions(jlir.parse(LOG2))[0]


def test_a_library_pair_is_named_by_its_function():
    assert foreign_name(_log2().stmt(1).node) == "log2"


def test_a_call_of_an_unmodelled_library_function_is_refused_by_its_name():
    with pytest.raises(interp.NotInterpretable, match="foreigncall :log2"):
        interp.run(_log2(), [2.0], interp.DumpProvider(), argnames=["x"])
