"""A keyword sorter's slot named `kw...` (`reduce(op, A; kw...)`): Julia 1.5.3 prints `kw... = Base.pairs(@_2)`
and passes it as one argument, `Base.:(var"#reduce#622")(kw..., @_3, op, A)`.  A slot form has no splat (a call
with one is `Core._apply_iterate`), so `kw...` is that slot, assigned and passed whole (the Pairs), never
`kw` splatted.  The prints are Julia 1.5.3's (tests/data/interp/kw-sorter.jl → kw-sorter-1.5.3.txt)."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.cli.literals import argument
from jlir.interp.provider import DumpProvider
from jlir.semantics.values import JArray, JFunction

DATA = Path(__file__).resolve().parents[1] / "data" / "interp"
TEXT = (DATA / "kw-sorter-1.5.3.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("k", [0, 1])  # @code_lowered, @code_typed optimize=false
def test_the_kw_slot_is_assigned_and_passed_whole_to_the_keyword_body(k):
    fn = jlir.functions(jlir.parse(TEXT))[k]
    args = [argument("(init=0.5,)"), JFunction("reduce"), JFunction("max"), JArray("Float64", [1.5, -2.0])]
    pairs = DumpProvider()
    pairs.add((DATA / "kw-sorter-pairs-1.5.3.txt").read_text(encoding="utf-8"), "pairs")
    with pytest.raises(interp.NotInterpretable) as e:  # the keyword body is Base's, not at hand: refused there
        interp.run(fn, args, pairs, argnames=["", "", "op", "A"], self_name="#unused#")
    assert "statement %2: call to Base.#reduce#622(::Base.Iterators.Pairs{Symbol,Float64" in str(e.value)
