"""The types `jlir ssa` gives the φ, φᶜ and ϒ nodes it keeps are Julia's, or it refuses (`UndecidedType`).

A decimal constant's width is not in the print (`show` prints an `Int16(1)` as `1`), and Julia's `tmerge` of two
constants depends on it: `jlir ssa` takes the width the print proves (a literal is lowering's Int64, `Int16(…)` an
Int16) and refuses, naming the constant, where the type of a node it keeps depends on a width nothing proves.
On Julia 1.5.3's records of generated programs (seeds 4 and 1) whose `jlir ssa` once typed such a φ `Int64` where
Julia's slot2reg gave `Int16`, `Int8` or `Int32` (or `Union{Float16, Float64}` for `Float16`)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.oracle.checks import check_ssa, ssa_of
from jlir.oracle.run import instance_types
from jlir.ssa import UndecidedType, into_ssa

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "slot2reg-widths-1.5.3.jsonl.gz"


def _records() -> dict[str, dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    return {r["mi"].split("for ", 1)[1].split("(", 1)[0].rsplit(".", 1)[-1]: r for r in records}


def _ssa(record):
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    return ssa_of(fn, record["argnames"], instance_types(record), record["self"])


@pytest.mark.parametrize("name, source", [
    ("main_59", "%102's constant 0 (the result of a call: Main.zero)"),
])
def test_a_phi_merging_a_calls_constant_of_unproven_width_is_refused_naming_it(name, source):
    with pytest.raises(UndecidedType, match="not in the print") as e:
        _ssa(_records()[name])
    assert source in str(e.value)


def test_a_constant_computed_from_a_tuples_elements_has_their_proven_width():
    # main_52's φ merges `β1 = β1 ⊻ (UInt32(1), β1, UInt32(3))[2]`'s Const(0): the tuple's element 2 is the value
    # it was built from (tuple.jl's `getindex(t::Tuple, i::Int)`), β1 itself, so ⊻ has operands of one proven
    # width and its result that width; the φ's type is Julia's
    record = _records()["main_52"]
    assert jlir.format(_ssa(record)).rstrip("\n") == record["ssa"].rstrip("\n")


def test_base_arithmetic_on_operands_of_one_proven_width_gives_that_width():
    """`%38 = Main.Float16(-0.0)` (shown `Const(-0.0, false)`, as a Float64's) times `Float16(0.5)`, then that plus
    itself: Base's `*` and `+` on two Float16 values return a Float16, so the φ merging the `-0.0` with a Float16 is
    a Float16, as Julia types it (seed 1's `main_91`; before, refused as of unproven width)."""
    record = _records()["main_91"]
    assert "(β5 = %38 * %39)::Core.Compiler.Const(-0.0, false)" in record["unoptimized"]
    assert _equal_to_julias(record)


def test_a_calls_constant_reaching_a_read_that_shows_its_type_is_of_that_type():
    """`acc = Main.zero(%35)::Const(0.0, false)` reaches the loop's `%45 = acc::Float64` (a tmerge is above each
    value it merges, so the 0.0 is a Float64, not a Float16 shown alike) and the φ at the loop's exit, which
    has no read, merges the same constant: into_ssa types both φs Float64 as Julia's slot2reg does."""
    fn = jlir.functions(jlir.parse_file(Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
                                        / "nested_loops.typed-unoptimized.txt"))[0]
    julia = (Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3" / "nested_loops.ssa.txt").read_text()
    ours = jlir.format(into_ssa(fn))
    phis = [line.split("= ", 1)[1] for line in ours.splitlines() if "φ (" in line]
    assert sum(p.endswith("::Float64") for p in phis) == 2 and all(p in julia for p in phis), (phis, julia)


def test_constants_of_a_signed_types_constructor_merge_at_that_width():
    """`x̂1 = Main.Int16(-1)` and `@_20 = Main.Int16(100)` reach one φ: Julia types it Int16, and so does jlir."""
    record = _records()["main_105"]
    assert "%53 = φ (#19 => %52, #18 => %39)::Int16" in record["ssa"]
    assert _equal_to_julias(record)


def test_a_float16_nan_shown_bare_is_a_float16():
    """`show(::Float16)` writes `NaN16` and `Inf16` bare (any other Float16 as `Float16(…)`): `@_35`'s φ merges
    `Const(NaN16, false)` and `Const(Float16(100.0), false)`, which Julia types Float16 (seed 4's `main_409`)."""
    record = _records()["main_409"]
    assert "Const(NaN16, false)" in record["ssa"] and " nothing::Float16" in record["ssa"]
    assert _equal_to_julias(record)


def test_a_pi_of_a_phi_whose_tmerge_jlir_cannot_take_is_refused():
    """`Distributed.#pmap#205`'s φ of two closure types (`var"#190#192"{_A} where _A` and `var"#217#218"`): Julia
    types it with their `tmerge` and drops the π of it (the same type); jlir cannot take that step, so it cannot
    say whether the π goes, and refuses rather than keep it (it used to keep it: three more statements)."""
    path = DATA.parent / "slot2reg-untyped-phi-1.5.3.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        record = json.loads(f.readline())
    assert '%32 = φ (#15 => %31, #14 => _8)::Union{Distributed.var"#190#192"{_A} where _A' in record["ssa"]
    with pytest.raises(UndecidedType, match=r"a π narrows a φ whose type jlir.s tmerge cannot decide"):
        _ssa(record)


def _unseen(name: str) -> dict:
    path = DATA.with_name("slot2reg-unsigned-rem-1.5.3.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if f"for {name}(" in r["mi"])


def _equal_to_julias(record) -> bool:
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    outcome = check_ssa(fn, record["ssa"], record["argnames"], instance_types(record), record["self"])
    return outcome.verdict == "equal"


def test_an_integer_rem_of_a_type_is_of_that_type():
    """`%9 = (%8 % Main.Int8)::Const(5, false)`: int.jl's `rem(x, ::Type{T})` returns a `T`, so the φ merging it
    with an Int8 is an Int8 as in Julia's slot2reg (seed 4's `main_752`; `calc1_160` and `g1_203` were refused)."""
    record = _unseen("main_752")
    assert "%9   = (%8 % Main.Int8)::Core.Compiler.Const(5, false)" in record["ssa"]
    assert _equal_to_julias(record)
    for name in ("calc1_160", "g1_203"):   # refused before, `% Int16` and `% Int8` results merged
        assert _equal_to_julias(_records()[name]), name


def test_a_negated_unsigned_literal_assigned_is_the_call_julia_keeps():
    """`(v3 = -0x05)::Const(0xfb, false)`: `show` prints no unsigned value with a sign, so the value is the call
    `-(0x05)`, which slot2reg + compact! keep as a statement though nothing reads it (seed 4's `calc4_924`)."""
    record = _unseen("calc4_924")
    assert "(v3 = -0x05)::Core.Compiler.Const(0xfb, false)" in record["unoptimized"]
    assert " 8 ─       -0x05::Core.Compiler.Const(0xfb, false)" in record["ssa"]
    assert _equal_to_julias(record)
