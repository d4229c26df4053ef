"""A literal `setfield!` stores has the width its statement type proves, and a `Const` proves none: main_998
(seed-2 program 998) boxes a captured Float16 `-0.0`, which its optimized prints show as
`Core.setfield!(%5, :contents, -0.0)::Core.Compiler.Const(-0.0, false)` (1.5 prints a Float16 zero as a Float64's),
and returns it through the box's `Any` field: Julia's answer is `Tuple{Float16,Int16,UInt64}`, jlir's was
`Tuple{Float64,…}` (wrong); the run is refused now.  Julia's record: tests/data/oracle/stored-literal-1.5.3.jsonl.gz
(part of `scripts/check/oracle.py --include gen-2-00998.jl`'s)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir import interp
from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "stored-literal-1.5.3.jsonl.gz"


def _record() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return json.loads(f.readline())


def test_julia_returns_the_boxed_zero_as_a_float16():
    assert {r["outcome"][1] for r in _record()["interp"]["runs"]} == {"Tuple{Float16,Int16,UInt64}"}


def test_the_boxed_zero_of_the_optimized_prints_is_refused_not_read_as_a_float64():
    for key in ("typed", "ircode"):
        outcomes = check_interp(_record(), BaseProvider(), key)
        assert [o.verdict for o in outcomes] == ["refused"] * 3, (key, outcomes)
        assert all("setfield! stores is not in the IR" in o.detail for o in outcomes), outcomes


def test_a_stored_literal_takes_the_concrete_type_its_statement_shows():
    text = """CodeInfo(
1 ─ %1 = Core.Box::Type{Core.Box}
│   %2 = %new(%1)::Core.Box
│        Core.setfield!(%2, :contents, 7)::Int32
│   %4 = Core.getfield(%2, :contents)::Any
└──      return %4
) => Any"""
    r = interp.run(jlir.functions(jlir.parse(text))[0], [], optimized=True)
    assert (r.type, interp.julia_repr(r.value)) == ("Int32", "7")  # setfield! returns the value it stores
