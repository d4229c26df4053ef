"""`x === 0` of a sized integer `x` and a decimal literal, whose print does not say the literal's type (1.5 prints
an Int8 zero as `0`).  Julia's rules decide it where the IR holds them: `egal_tfunc` folds `x::Int32 === 0` of an
Int64 literal to `Const(false)`, which the optimizer turns into `false`; so a `===` that survives in the typed
print of a method instance whose argument is a concrete Int8 compares two Int8s (Base's `iszero(::Int8)`).  An
unoptimized print keeps the call and shows the fold (`::Core.Compiler.Const(false, false)`); lowered code holds the
source's literals, and a decimal one there is an Int64.  The prints and answers are Julia 1.5.3's
(tests/data/interp/egal-literal.jl → egal-literal-1.5.3.txt)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.provider import DumpProvider
from jlir.semantics.numbers import make_int

TEXT = (Path(__file__).resolve().parents[1] / "data" / "interp" / "egal-literal-1.5.3.txt").read_text(encoding="utf-8")
_PARTS = re.split(r"^# (.+?), (@code_\w+(?: optimize=false)?):\n", TEXT, flags=re.M)
SECTIONS = {(_PARTS[k], _PARTS[k + 1]): _PARTS[k + 2] for k in range(1, len(_PARTS) - 2, 3)}


def _fn(name: str, form: str):
    return jlir.functions(jlir.parse(SECTIONS[(name, form)]))[0]


def test_a_surviving_egal_in_an_int8_instance_compares_int8s():
    provider = DumpProvider()
    provider.add(SECTIONS[("iszero(::Int8)", "@code_typed")], "iszero")
    f = _fn("f(::Int8)", "@code_lowered")
    got = [interp.run(f, [make_int("Int8", v)], provider, argnames=["x"]).outcome for v in (0, 3)]
    assert got == [("value", "Int64", "1"), ("value", "Int64", "2")]  # Julia: f(Int8(0)), f(Int8(3)) == (1, 2)


def test_an_unoptimized_egal_folded_by_inference_is_its_constant():
    g = _fn("g(::Int32)", "@code_typed optimize=false")
    assert interp.run(g, [make_int("Int32", 0)], argnames=["x"]).outcome == ("value", "Bool", "false")


def test_a_lowered_egal_compares_with_the_sources_int64_literal():
    lowered = _fn("g(::Int32)", "@code_lowered")
    assert interp.run(lowered, [make_int("Int32", 0)], argnames=["x"]).outcome == ("value", "Bool", "false")


def test_the_run_s_own_instance_types_decide_its_egal_and_without_them_it_is_refused():
    iszero = _fn("iszero(::Int8)", "@code_typed")
    zero = make_int("Int8", 0)
    assert interp.run(iszero, [zero], argnames=["x"], arg_types=("Int8",)).outcome == ("value", "Bool", "true")
    with pytest.raises(interp.NotInterpretable, match="=== of a Int8 and a literal"):
        interp.run(iszero, [zero], argnames=["x"])  # an instance for Integer would compare with an Int64 zero
