"""A Symbol's name read through the runtime: `string(:abc)` and `print(io, :abc)` take `jl_symbol_name`'s pointer
to the name's bytes, then `strlen` (through a `Cstring`, c.jl's pointer-sized primitive) or `jl_cstr_to_string`.
tests/data/interp/symbol-text-1.5.3.txt is Julia 1.5.3's print of `sym_text(s::Symbol) = string(s)`; its answers
for `:abc` and `Symbol("αβ")` were asked of it ("abc", "αβ").  A generated program's `log(-1f0)` printed its
`DomainError` message through them and was refused (`foreigncall jl_symbol_name`)."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from conftest import NO_JULIA, julia_1_5, live_julias
from jlir import interp
from jlir.interp.foreign import foreign
from jlir.semantics.values import JSymbol

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "symbol-text-1.5.3.txt"


def test_the_name_pointer_reads_as_a_c_string():
    p = foreign("jl_symbol_name")(JSymbol("αβ"))
    assert foreign("strlen")(p).value == 4
    assert foreign("jl_cstr_to_string")(p) == "αβ"
    with pytest.raises(interp.NotInterpretable):
        foreign("jl_symbol_name")("not a symbol")


julia = julia_1_5("the callees' IR is Julia 1.5.3's")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
@pytest.mark.parametrize("name,want", [("abc", '"abc"'), ("αβ", '"αβ"')])
def test_string_of_a_symbol_is_julias(julia, name, want):
    from jlir.live.provider import LiveProvider
    fn = jlir.functions(jlir.parse(DATA.read_text(encoding="utf-8")))[0]
    r = interp.run(fn, [JSymbol(name)], LiveProvider(julia, cache=None), argnames=["s"])
    assert (r.type, interp.julia_repr(r.value)) == ("String", want)
