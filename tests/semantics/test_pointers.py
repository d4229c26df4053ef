"""`pointerset` stores an integer's bytes, least significant first, at element i of its `Ptr{T}`: Base's
`repeat(c::AbstractChar, r)` (strings/substring.jl) fills a String with a 2- or 4-byte character through a
`Ptr{UInt16}`/`Ptr{UInt32}`, and a 1- or 3-byte one by bytes.  Expected: Julia 1.5.3's `repr(repeat(c, n))`
(asked of it); the method is its print among jlir's built-in Base methods.  A generated program's `lpad` of a
string with a non-ASCII character was refused (`pointerset of a UInt16 through a Ptr{UInt16}`)."""
from __future__ import annotations

import pytest

from jlir import interp
from jlir.interp.builtin import BaseProvider
from jlir.semantics.pointers import pointerset
from jlir.semantics.values import JChar, JPtr
from jlir.semantics.numbers import make_int


@pytest.mark.parametrize("code,n,want", [(0xE9, 3, '"ééé"'), (0x1F600, 2, '"😀😀"'), (0x20AC, 2, '"€€"'),
                                         (0x61, 4, '"aaaa"')])
def test_repeat_of_a_char_builds_julias_string(code, n, want):
    p = BaseProvider()
    fn = p.lookup("Base.repeat", ("Char", "Int64"))
    r = interp.run(fn, [JChar.of(chr(code)), n], p, argnames=["c", "r"])
    assert (r.type, interp.julia_repr(r.value)) == ("String", want)


def test_a_store_of_another_type_than_the_pointers_is_refused():
    p = JPtr(bytearray(4), 0, "Ptr{UInt32}")
    with pytest.raises(interp.NotInterpretable, match="pointerset of a UInt16"):
        pointerset("Ptr{UInt32}", p, make_int("UInt16", 5), 1, 1)
    with pytest.raises(interp.NotInterpretable, match="pointerset of a Float64"):
        pointerset("Ptr{Float64}", JPtr(bytearray(8), 0, "Ptr{Float64}"), 1.5, 1, 1)
