"""Julia 1.5.3's prints of pipeline stages (uncompacted IRCode with pending nodes, `stage slot2reg`) read as
Julia printed them, and the CFG and `verify` agree with Julia's answers on them.

The prints and Julia's answers are the oracle's committed records (`tests/data/oracle/records-1.5.3.jsonl.gz`,
written by `scripts/check/oracle.jl` from Julia 1.5.3 itself).
"""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

import pytest

import jlir
from jlir.oracle.checks import check_cfg, check_verify

RECORDS = Path(__file__).resolve().parents[1] / "data" / "oracle" / "records-1.5.3.jsonl.gz"


@lru_cache(maxsize=None)
def _records() -> dict:
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        return {r["target"]: r for r in map(json.loads, f)}


def _slot2reg(target: str) -> dict:
    return next(s for s in _records()[target]["stages"] if s["name"] == "slot2reg")


def _pending_ids(target: str) -> list[int]:
    fn = jlir.functions(jlir.parse(_slot2reg(target)["text"]))[0]
    return [s.new_id for s in fn.stmts if s.new_id is not None]


def test_a_pending_id_that_happens_to_equal_its_row_number_is_still_pending():
    # %21 = φ is the 21st row printed, but the print has 18 positional statements: Julia numbers pending nodes
    # after them (length(stmts) + k)
    assert sorted(_pending_ids("Tuple{typeof(unstable),Int64}")) == [19, 20, 21, 22, 23]


def test_a_pending_id_the_positions_between_cannot_reach_is_pending():
    # `%17 = φ` follows `%13` and two unnumbered gotos: at most position 16, so %17 is a pending node
    assert sorted(_pending_ids("Tuple{typeof(sum_loop),Array{Float64,1}}")) == [17, 18, 19, 20]


def test_a_pending_id_below_the_row_count_bounds_the_positional_count():
    # 35 rows, 8 numbered pending nodes from %27 up: 26 positional statements, so one unnumbered row (the
    # undefcheck slot2reg inserts before `return %31`) is the ninth pending node
    target = ('Tuple{Base.var"##open#287",Base.Iterators.Pairs{Symbol,Bool,Tuple{Symbol},NamedTuple{(:write,),'
              'Tuple{Bool}}},typeof(open),Pkg.PlatformEngines.var"#83#84"{Dict{String,Any}},String}')
    fn = jlir.functions(jlir.parse(_slot2reg(target)["text"]))[0]
    pending = [s for s in fn.stmts if s.new_id is not None]
    assert len(fn.stmts) - len(pending) == 26
    assert any(getattr(s.node, "head", None) == "undefcheck" for s in pending)
    assert check_cfg(fn, _slot2reg(target)["julia"]).verdict == "equal"


def test_an_unnumbered_pending_node_precedes_the_statement_ending_its_block():
    # block 6: `nothing`, the inserted throw_undef_if_not, then `└── UndefToken()`: a `└──` row is a statement
    fn = jlir.functions(jlir.parse(_slot2reg("Tuple{typeof(counter_sum),Int64}")["text"]))[0]
    pending = [s for s in fn.stmts if s.new_id is not None]
    assert any(getattr(s.node, "head", None) == "throw_undef_if_not" for s in pending)


@pytest.mark.parametrize("target", [
    "Tuple{typeof(safe_div),Int64,Int64}",            # a block whose label a pending φᶜ carries
    "Tuple{typeof(counter_sum),Int64}",
    "Tuple{typeof(unstable),Int64}",
    "Tuple{typeof(sum_loop),Array{Float64,1}}",
])
def test_stage_slot2reg_cfg_equals_julias(target):
    stage = _slot2reg(target)
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert check_cfg(fn, stage["julia"]).verdict == "equal"


@pytest.mark.parametrize("target", [
    "Tuple{typeof(safe_div),Int64,Int64}",            # ϒ of %6 printed before `%6 = 1` (attached after it)
    "Tuple{typeof(guarded_ratio),Int64}",
    "Tuple{typeof(sum_loop),Array{Float64,1}}",
    "Tuple{typeof(checked_factorial),Int64}",
])
def test_verify_accepts_the_stage_prints_julias_verify_ir_accepts(target):
    stage = _slot2reg(target)
    assert stage["julia"]["verify"] == "ok"
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert check_verify(fn, stage["julia"]).verdict == "equal"
