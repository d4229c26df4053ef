"""A φ whose `tmerge` jlir cannot take is refused, never printed untyped: Julia's IRCode `show` prints every φ's
type (`should_print_ssa_type`, compiler/ssair/show.jl).  REPL's `setup_interface` (Julia 1.5.3's record, every
standard library's oracle run) merges `Const(Base.input_color, false)` (a function, but the print would show a
type or a module alike) and a `String`; Julia typed it `Union{typeof(Base.input_color), String}`, jlir's `ssa`
printed the φ without a type."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.oracle.checks import check_ssa, ssa_of
from jlir.oracle.run import instance_types
from jlir.ssa import UndecidedType

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "slot2reg-untyped-function-phi-1.5.3.jsonl.gz"


def _record() -> dict:
    return json.loads(gzip.open(DATA, "rt").readline())


def test_a_kept_phi_of_an_undecided_type_is_refused():
    record = _record()
    assert "φ (#7 => %16, #8 => %18)::Union{typeof(Base.input_color), String}" in record["ssa"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    with pytest.raises(UndecidedType, match="the type of %19"):
        ssa_of(fn, record["argnames"], instance_types(record), record["self"])


def test_the_oracle_counts_it_refused_not_wrong():
    record = _record()
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    try:
        outcome = check_ssa(fn, record["ssa"], record["argnames"], instance_types(record), record["self"])
    except UndecidedType:
        return
    assert outcome.verdict != "wrong", outcome
