"""Base's conversions between primitive numbers (`T(x)`) and its mixed-type `+ - * /` promotion, against
Julia 1.5.3 (`tests/data/interp_convert-1.5.3.tsv`, written by `scripts/gen/gen_convert_table.jl`).

The conversions are what the interpreter runs for `Float32(x)`, `T(0)` and the like when no provider has the
constructor's IR; `promote_arith` makes two operands one type before the same-type method is called (here
its intrinsic, to check the promotion alone: `/` of two integers is no promotion and is left out).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from jlir.interp.encoding import decode
from jlir.semantics.convert import convert_number, promote_arith
from jlir.semantics.intrinsics import INTRINSICS
from jlir.semantics.show import julia_repr
from jlir.semantics.values import FLOAT_TYPES, JuliaException, NotInterpretable, egal, typeof

ROWS = [line.split("\t") for line in
        (Path(__file__).resolve().parents[1] / "data" / "interp_convert-1.5.3.tsv").read_text(encoding="utf-8").splitlines()]
_INT_OPS = {"+": "add_int", "-": "sub_int", "*": "mul_int"}
_FLOAT_OPS = {"+": "add_float", "-": "sub_float", "*": "mul_float", "/": "div_float"}


def _outcome(f) -> tuple:
    try:
        v = f()
    except JuliaException as e:
        return ("err", e.type_name)
    except NotInterpretable:
        return ("refused",)
    return ("ok", v)


def _agrees(got: tuple, kind: str, want: str) -> bool:
    if got[0] != kind:
        return False
    if kind == "err":
        return got[1] == want
    w = decode(want)
    same_nan = julia_repr(got[1]) == julia_repr(w) and "NaN" in julia_repr(w)
    return typeof(got[1]) == typeof(w) and (egal(got[1], w) or same_nan)


def test_number_conversions_equal_julias_on_every_recorded_value():
    rows = [r for r in ROWS if r[0] == "convert"]
    got = {tuple(r): _outcome(lambda: convert_number(r[1], decode(r[2]))) for r in rows}
    refused = sorted((r[1], r[2]) for r, g in got.items() if g == ("refused",))
    bad = [r for r, g in got.items() if g != ("refused",) and not _agrees(g, r[3], r[4])]
    assert len(rows) > 2000 and sum(r[3] == "err" for r in rows) > 500
    assert bad == [], bad[:10]
    # float.jl's range check lets +Inf through to `unsafe_trunc` (LLVM poison) for UInt128 from Float32/Float16
    assert refused == [("UInt128", "Float16:0x7c00"), ("UInt128", "Float32:0x7f800000")]


def _promoted_op(op: str, a, b):
    pa, pb = promote_arith(a, b)
    table = _FLOAT_OPS if typeof(pa) in FLOAT_TYPES else _INT_OPS
    return INTRINSICS[table[op]](typeof(pa), pa, pb)


def test_mixed_arithmetic_promotes_as_julia_does():
    rows = [r for r in ROWS if r[0] == "arith" and not (r[1] == "/" and "Float" not in r[2] + r[3])]
    bad = [r for r in rows if not _agrees(_outcome(lambda: _promoted_op(r[1], decode(r[2]), decode(r[3]))),
                                          r[4], r[5])]
    assert len(rows) > 5000
    assert bad == [], bad[:10]


@pytest.mark.parametrize("a, b", [(True, 1), (1.0, True), (1, 1)])
def test_bool_operands_and_equal_types_are_not_promoted_here(a, b):
    assert promote_arith(a, b) is None
