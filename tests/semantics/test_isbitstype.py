"""`getfield(T, :isbitstype)` (Base's `isbitstype(T) = T.isbitstype`, read by broadcast and copy code) answers as
Julia 1.5.3 does for every type of tests/data/semantics/isbitstype-1.5.3.tsv (written by isbitstype.jl)."""
from __future__ import annotations

from pathlib import Path

import pytest

from jlir.semantics.builtins import BUILTINS
from jlir.semantics.values import JSymbol, JType, NotInterpretable

ROWS = [line.split("\t") for line in
        (Path(__file__).resolve().parents[1] / "data" / "semantics" / "isbitstype-1.5.3.tsv").read_text().splitlines()]


@pytest.mark.parametrize("name,want", ROWS)
def test_isbitstype_is_julias(name, want):
    name = {"Array{Int64,1}": "Array{Int64,1}"}.get(name, name)
    assert BUILTINS["getfield"]("Bool", JType(name), JSymbol("isbitstype")) is (want == "true")


def test_a_struct_the_model_cannot_see_into_is_refused():
    with pytest.raises(NotInterpretable, match="isbitstype"):
        BUILTINS["getfield"]("Bool", JType("Base.Math.DoubleFloat64"), JSymbol("isbitstype"))
