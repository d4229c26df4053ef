"""A decimal literal among `ifelse`'s values has the statement's type when that is a concrete integer type.

`sign(::Int32)` (Julia 1.5.3's print, tests/data/interp/README.md) returns `ifelse(%2, 1, x)::Int32`: the `1`
prints as an `Int64` literal would, but both of `ifelse`'s values have the statement's type.  The interpreter
returned an `Int64` 1 where Julia returns an `Int32` (the oracle's interpreter row over all of Base found it).
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import interp
from jlir.semantics.values import JInt

SIGN = Path(__file__).resolve().parents[1] / "data" / "interp" / "sign-int32.typed.txt"


def test_sign_of_an_int32_is_an_int32():
    fn = jlir.functions(jlir.parse_file(SIGN))[0]
    for x, want in ((7, 1), (-3, -1), (0, 0)):
        r = interp.run(fn, [JInt(x, "Int32")], argnames=["x"])
        assert r.outcome == ("value", "Int32", str(want))
