"""Slot forms call by name, so every callee of a lowered print comes from a record, and must run as Julia would.
Two classes, each on Julia 1.5.3's records of Base (tests/data/oracle/lowered-callees-1.5.3.jsonl.gz):

* a vararg callee whose record has no runs of its own (`BitArray{1}(::UndefInitializer, ::Int64)`: a `Type`
  argument is not a bits value) is still vararg: the record's `isva` says so.  Without it, lowered
  `falses(::Int64)` called `BitArray{1}(undef, 2)` with `2` unpacked, and every run was refused
  (`getfield of field 1 of a Int64, which has no fields`);
* `$(Expr(:static_parameter, 1)) <: Base.Signed` (`steprange_last`) is Core's builtin `<:`, not a call needing IR.

Julia's answers are the records' own.  No Julia needed."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle import tally_records
from jlir.oracle.interp import Chain, RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "lowered-callees-1.5.3.jsonl.gz"


def _records() -> list:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _interp(records, target):
    t = tally_records(records, callees=Chain(RecordCallees(records), BaseProvider()), log=True)
    return [row[2:5] + row[5:6] for row in t.log if row[1] == target and row[2] == "interp"]


def test_a_record_without_runs_is_vararg_by_its_methods_flag():
    callees = RecordCallees(_records())
    assert callees.vararg("BitArray{1}", ("UndefInitializer", "Int64")) is True
    assert callees.vararg("BitArray", ("UndefInitializer", "Tuple{Int64}")) is False


def test_falses_runs_in_every_form_as_julia_answered():
    assert _interp(_records(), "Tuple{typeof(falses),Int64}") == []
    assert _interp(_records(), "Tuple{typeof(falses),Tuple{Int64}}") == []


def test_a_static_parameters_subtype_test_runs_in_the_slot_forms():
    left = _interp(_records(), "Tuple{typeof(Base.steprange_last),Int64,Int64,Int64}")
    # the one run that reaches `steprange_last_empty`, whose record is not in the file, is refused by that name
    assert {row[3] for row in left} == {"no IR for Base.steprange_last_empty"}, left
    assert len(left) == 4  # one run in each slot form
