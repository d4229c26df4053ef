"""A φ whose `tmerge` jlir cannot take stays untyped in `jlir ssa`'s print (`jlir diff`: equivalent), and the
oracle judges the print as `jlir diff` does, by what it reads back as.  Two records of Julia 1.5.3
(tests/data/oracle/ssa-untyped-phi-1.5.3.jsonl.gz) the oracle called wrong:

* REPL's `setup_interface` merges `Const(Base.input_color, false)` (a function, but a type or a module prints
  alike) and a `String`: the φ is untyped, and Julia's `simple_dce!` also erased three unused `apply_type` /
  `UnionAll` statements jlir keeps.  Each alone was a rule; together the judge called them different;
* `Base.compilecache` merges `Const(Base.CoreLogging.Debug)` and a `LogLevel`: untyped, and an `undefcheck` of a
  slot without a name, whose `Symbol("")` the model holds as the symbol and the print reads back as the call."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.oracle.checks import check_ssa
from jlir.oracle.run import instance_types

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "ssa-untyped-phi-1.5.3.jsonl.gz"


def _records() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return {r["method"]: r for r in map(json.loads, f)}


def _check(record):
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    return check_ssa(fn, record["ssa"], record["argnames"], instance_types(record), record["self"])


def test_an_untyped_phi_beside_simple_dce_erasures_is_the_simple_dce_rule():
    record = _records()["REPL.setup_interface"]
    assert "φ (#7 => %16, #8 => %18)::Union{typeof(Base.input_color), String}" in record["ssa"]
    assert _check(record).detail == "simple-dce-lattice"


def test_an_untyped_phi_and_an_unnamed_undefcheck_are_display_only():
    record = _records()["Base.compilecache"]
    outcome = _check(record)
    assert (outcome.verdict, outcome.detail) == ("rule", "ssa-equivalent")
