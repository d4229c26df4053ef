"""`string(T)` of a type runs as Julia answers it: Base's closure `var"#28#29"` (`x -> string(typeof(x))`, whose typed
print calls `print_to_string(Int128)`) returned `"Int128"` in Julia 1.5.3, and jlir refused every run: the records'
IR of `print_to_string` reaches `show(io, ::DataType)`, which reads the `DataType`'s own fields.  jlir now answers
`string` and `print_to_string` of types natively before asking for IR (`jlir.interp.basemethods.preferred`).
Julia's answers are the records' own (tests/data/oracle/string-of-a-type-1.5.3.jsonl.gz).  No Julia needed."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle import tally_records
from jlir.oracle.interp import Chain, RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "string-of-a-type-1.5.3.jsonl.gz"


def test_string_of_a_type_runs_in_every_form_as_julia_answered():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    t = tally_records(records, callees=Chain(RecordCallees(records), BaseProvider()), log=True)
    assert [row for row in t.log if row[2] == "interp"] == []
    assert t.counts[("interp", "typed")]["equal"] == 5   # Int128 three runs, Bool two, as Julia recorded them
    assert t.counts[("interp", "lowered")]["equal"] == 2   # (the records hold Bool's lowered print only)
