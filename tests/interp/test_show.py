"""`julia_repr` against Julia 1.5.3's `repr` (`fixtures/interp/floats.tsv`, written by `scripts/gen/gen_interp_data.jl`)."""
from __future__ import annotations

from pathlib import Path

from jlir.interp import JArray, JChar, JInt, JSymbol, julia_repr
from jlir.interp.encoding import decode

DATA = Path(__file__).resolve().parents[2] / "fixtures" / "interp" / "floats.tsv"


def test_float_repr_is_julias_shortest_form_for_every_generated_float():
    rows = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()]
    assert len(rows) > 5000
    bad = [(enc, want, julia_repr(decode(enc))) for enc, want in rows if julia_repr(decode(enc)) != want]
    assert not bad, f"{len(bad)} differ, e.g. {bad[:10]}"


def test_repr_of_the_other_value_kinds_is_julias():
    assert julia_repr(5) == "5"
    assert julia_repr(JInt(5, "UInt8")) == "0x05"
    assert julia_repr(JInt(5, "UInt16")) == "0x0005"
    assert julia_repr(JInt(-3, "Int8")) == "-3"
    assert julia_repr(JChar.of("a")) == "'a'"
    assert julia_repr(JChar.of("\n")) == "'\\n'"
    assert julia_repr(JChar.of("é")) == "'é'"
    assert julia_repr("a$b\n") == '"a\\$b\\n"'
    assert julia_repr(None) == "nothing"
    assert julia_repr(JSymbol("x")) == ":x"
    assert julia_repr((1, 2.0)) == "(1, 2.0)"
    assert julia_repr((1,)) == "(1,)"
    assert julia_repr(True) == "true"
    assert julia_repr(JArray("Float64", [1.0, 2.5])) == "[1.0, 2.5]"
