"""A record serves as a callee with its instance's static parameters even where it has no runs of its own: Julia
1.5.3's `checked_trunc_sint(::Type{Int16}, ::Int64)` (`where {To,From}`) is recorded with `sparams` ["Int16",
"Int64"] and no interpreter spec (a `Type` argument is not a bits value), and its slot forms read
`$(Expr(:static_parameter, 1))`.  Without them, every slot-form run of `Core.toInt16(::Int64)` (Base's every 8th
instance) was refused (`static parameter 1 (the run was given 0: pass sparams)`); Julia's answers are the
records' own.  No Julia needed."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle import tally_records
from jlir.oracle.interp import Chain, RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "callee-sparams-1.5.3.jsonl.gz"


def _records() -> list:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_a_record_without_runs_gives_its_static_parameters():
    records = _records()
    callees = RecordCallees(records)
    assert callees.sparams("Core.checked_trunc_sint", ("Type{Int16}", "Int64")) != ()


def test_to_int16_runs_in_every_form_as_julia_answered():
    records = _records()
    t = tally_records(records, callees=Chain(RecordCallees(records), BaseProvider()), log=True)
    interp = [row for row in t.log if row[2] == "interp"]
    assert interp == [], interp
    lowered = t.counts[("interp", "lowered")]
    assert lowered["equal"] == 3  # Julia's three recorded runs
