"""Every intrinsic of the interpreter's table against Julia 1.5.3's own answers on edge inputs.

`fixtures/interp/intrinsics.tsv` is written by `scripts/gen/gen_interp_data.jl`: Julia called each intrinsic
(its runtime implementation) on typemin/typemax, 0, ±1, NaN, ±Inf, -0.0, subnormals, … and recorded the
`repr` and type of the result, or the exception type.  Rows marked `ok16` are Float16 rows Julia 1.5's
runtime cannot compute; they hold Base's answer (Float16 arithmetic done in Float32, then rounded).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from jlir.interp import JuliaException, NotInterpretable, julia_repr
from jlir.interp.encoding import decode
from jlir.semantics.intrinsics import INTRINSICS
from jlir.semantics.values import JType, typeof

DATA = Path(__file__).resolve().parents[2] / "fixtures" / "interp" / "intrinsics.tsv"


def _rows():
    for line in DATA.read_text().splitlines():
        name, args, status, *rest = line.split("\t")
        yield name, [decode(a) for a in args.split(" ")], status, rest


ROWS = list(_rows())


def _run(name, args, expected_type):
    rt = args[0].name if args and type(args[0]) is JType else expected_type
    return INTRINSICS[name](rt, *args)


def test_the_table_covers_every_intrinsic_julia_answered_for():
    assert {r[0] for r in ROWS} <= set(INTRINSICS)
    assert len({r[0] for r in ROWS}) >= 60 and len(ROWS) > 20000


@pytest.mark.parametrize("name", sorted({r[0] for r in ROWS}))
def test_intrinsic_agrees_with_julia_on_every_row(name):
    bad = []
    for row_name, args, status, rest in ROWS:
        if row_name != name:
            continue
        shown = f"{name}({', '.join(julia_repr(a) + '::' + typeof(a) for a in args)})"
        try:
            got = _run(name, args, rest[0] if status != "err" else "Any")
        except JuliaException as e:
            if status != "err" or e.type_name != rest[0]:
                bad.append(f"{shown}: raised {e.type_name}, Julia: {rest}")
            continue
        if status == "err":
            bad.append(f"{shown}: gave {julia_repr(got)}, Julia threw {rest[0]}")
        elif (typeof(got), julia_repr(got)) != (rest[0], rest[1]):
            bad.append(f"{shown}: gave {julia_repr(got)}::{typeof(got)}, Julia: {rest[1]}::{rest[0]}")
    assert not bad, f"{len(bad)} rows differ, e.g.:\n" + "\n".join(bad[:15])


def test_float_to_int_out_of_range_is_not_interpretable_rather_than_a_guess():
    with pytest.raises(NotInterpretable, match="out of range"):
        INTRINSICS["fptosi"]("Int8", JType("Int8"), 300.0)
    with pytest.raises(NotInterpretable, match="undefined"):
        INTRINSICS["fptoui"]("UInt64", JType("UInt64"), float("nan"))
