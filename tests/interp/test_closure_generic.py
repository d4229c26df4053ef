"""A Base method called with a closure of the user's runs its method's lowered code, built in once for every
closure (`jlir.interp.builtin.closure_generic`): a closure's type is a new struct type under `Function` only, so
Base's dispatch cannot tell one closure from another, and `code_lowered` is the method's, not an instance's.
Julia's answers are the generated programs' records (tests/data/oracle/interp-closures-1.5.3.jsonl.gz, parts of
`scripts/check/oracle.py --include` records of seed-2 programs)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import CLOSURE, closure_generic


def test_the_users_closure_type_is_named_generically_with_its_parameters():
    assert closure_generic(('var"#290#291"', "Array{Float64,1}"), "Main.filter") == \
        ((CLOSURE, "Array{Float64,1}"), 'var"#290#291"', "Main.filter")
    assert closure_generic(('Main.Gen18.var"#3#4"{Int64}', 'Base.Generator{Array{Int64,1},var"#3#4"{Int64}}')) == \
        ((CLOSURE, f"Base.Generator{{Array{{Int64,1}},{CLOSURE}}}"), 'Main.Gen18.var"#3#4"{Int64}', "")
    assert closure_generic(('var"#3#4"', "Array{Int64,1}"), 'Base.Generator{Array{Int64,1},var"#3#4"}')[2] == \
        f"Base.Generator{{Array{{Int64,1}},{CLOSURE}}}"  # a constructor: the closure is in the callee too


def test_base_closures_other_functions_and_two_closures_are_not_generic():
    assert closure_generic(('Base.var"#89#90"{typeof(in)}', "Array{Float64,1}")) is None  # Base's own: built in
    assert closure_generic(("typeof(Base.add_sum)", "IndexLinear")) is None
    assert closure_generic(('var"#3#4"', 'var"#5#6"')) is None  # which one a static parameter names is unknown
    assert closure_generic(('(::Base.var"#foldl##kw")',)) is None


DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "interp-closures-1.5.3.jsonl.gz"
FORMS = ("typed", "ircode", "unoptimized", "lowered")


def _records() -> list[dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _runs(fragment: str) -> dict:
    from jlir.interp.builtin import BaseProvider
    from jlir.oracle.interp import Chain, RecordCallees, check_interp
    records = _records()
    chain = Chain(RecordCallees(records), BaseProvider())
    record = next(r for r in records if fragment in r["mi"])
    return {key: check_interp(record, chain, key) for key in FORMS}


def test_filter_with_a_closure_runs_filters_lowered_code_to_julias_answer():
    # calc2_49: `filter(x -> x > zero(Float64), [3.0, 3.0])` (`Main.filter(%17, %18)` in every form: no form inlines
    # it); Julia returned 0x0002 for each run, past the filter
    out = _runs("calc2_49(")
    assert all(o.verdict == "equal" for outs in out.values() for o in outs), out


def test_sum_with_a_closure_runs_to_julias_answer_in_every_form():
    # kw4_19's keyword body: `sum(x -> x * x, v)`, which typed code inlines down to
    # `_mapreduce(::var"#185#186", ::typeof(add_sum), ::IndexLinear, ::Array{Float64,1})` and slot forms call by name
    out = _runs("kw4_19(")
    assert all(o.verdict == "equal" for outs in out.values() for o in outs), out
