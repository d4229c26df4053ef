"""A returned `0.0` in a function `=> Float16` is a Float16 zero: Julia 1.5.3 prints one as `0.0` (Ryu's shortest
form; `repr(Float16(0.0)) == "0.0"`), so its type comes from the return type, as an integer literal's does.
The prints are Julia 1.5.3's (tests/data/interp/float16-zero.jl)."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import interp
from jlir.semantics.values import JFloat

PRINTS = Path(__file__).resolve().parents[1] / "data" / "interp" / "float16-zero-1.5.3.txt"


def _functions():
    return jlir.functions(jlir.parse(PRINTS.read_text(encoding="utf-8")))


def test_a_returned_zero_in_a_float16_function_is_a_float16():
    r = interp.run(_functions()[0], [])
    assert (r.type, interp.julia_repr(r.value)) == ("Float16", "0.0")  # Julia: zero(Float16), Float16


def test_the_zero_branch_returns_a_float16_and_the_other_the_argument():
    f7 = _functions()[1]
    zero = interp.run(f7, [JFloat(0.0, "Float16")], argnames=["x"])
    other = interp.run(f7, [JFloat(0.5, "Float16")], argnames=["x"])
    assert (zero.type, interp.julia_repr(zero.value)) == ("Float16", "0.0")
    assert (other.type, interp.julia_repr(other.value)) == ("Float16", "Float16(0.5)")
