"""What the live provider asks Julia for, named so that Julia's Main can name it (`jlir.live.provider.julia_type`,
`julia_callee`; `jlir/live/julia/closures.jl`).  A generated program's `sum(x -> x + one(x), v)` reaches
`Base.mapreduce_first(::var"#1#2", ::typeof(add_sum), ::Int64)` and the closure's own method: Main cannot name
`add_sum` bare (Base does not export it), and a closure that captures nothing is a singleton function with no name
to call it by.  Both were refused (`no IR for …`) in the oracle's interpreter row; tests/data/live/anon_sum.jl is
the user's file.  The names without Julia are checked always; the answers need Julia 1.5.3."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import NO_JULIA, julia_1_5, live_julias
from jlir.live.provider import LiveProvider, julia_callee, julia_type

DEFS = Path(__file__).resolve().parents[1] / "data" / "live" / "anon_sum.jl"


def test_a_function_type_main_cannot_name_gets_bases_module():
    assert julia_type("typeof(add_sum)") == "typeof(Base.add_sum)"
    assert julia_type("Tuple{typeof(add_sum),OneTo{Int64}}") == "Tuple{typeof(Base.add_sum),Base.OneTo{Int64}}"
    assert julia_type("typeof(sin)") == "typeof(sin)"        # exported: Main names it bare
    assert julia_type("typeof(my_f)") == "typeof(my_f)"      # the user's
    assert julia_callee('Generator{Array{Int64,1},var"#1#2"}') == 'Base.Generator{Array{Int64,1},var"#1#2"}'


julia = julia_1_5("the callees' IR is Julia 1.5.3's")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_capture_free_closure_and_a_base_method_specialised_on_it_are_found(julia):
    julia.define(DEFS.read_text(encoding="utf-8"), DEFS.name)
    p = LiveProvider(julia, cache=None)
    closure = p.lookup('(::var"#1#2")', ("Int64",))
    assert closure is not None and closure.return_type is not None
    assert p.lookup("Base.mapreduce_first", ('var"#1#2"', "typeof(add_sum)", "Int64")) is not None
