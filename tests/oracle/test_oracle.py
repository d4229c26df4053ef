"""The oracle's comparison code (jlir.oracle) on committed records of Julia 1.5.3: every fixture case and 250
Base method instances spread over the cache (`scripts/check/oracle.py --cases` / `--sample 250`, `--save`).

Each record holds Julia's prints of one instance in every form and Julia's own answers; the same code
`scripts/check/oracle.py` runs on all of Base reads each print and compares.  The analyses must equal Julia's on
every print Julia makes of finished code; where a check still finds differences (the prints of
pipeline stages with pending nodes, `compact`, `ssa`) their number may only go down.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from jlir.oracle import Outcome, Tally, check_record, tally_records
from jlir.oracle.checks import RULES

RECORDS = Path(__file__).resolve().parents[1] / "data" / "oracle" / "records-1.5.3.jsonl.gz"
FINISHED_FORMS = ("typed", "typed-source", "ircode", "optimize=false", "lowered")
# Non-equal outcomes (rule, wrong, refused) allowed per (check, form) where some remain; everywhere else none.
CEILINGS = {
    ("cfg", "stage slot2reg"): 1,
    ("cfg", "stage inlining"): 1, ("cfg", "stage type_lift"): 2,
    ("idf", "optimize=false"): 2,   # records made before oracle.jl recorded a callable object's own name
    ("compact", "stage inlining"): 8, ("compact", "stage slot2reg"): 4,
    ("ssa", "optimize=false"): 7, ("dce vs adce", "stage adce"): 10,
}


@pytest.fixture(scope="module")
def tally() -> Tally:
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        return tally_records((json.loads(line) for line in f), keep=5)


@pytest.mark.slow
def test_the_records_cover_every_case_and_every_form(tally):
    assert tally.functions == 324
    forms = {form for _, form in tally.counts}
    assert set(FINISHED_FORMS) <= forms
    assert {"stage slot2reg", "stage inlining", "stage type_lift", "stage adce"} <= forms


@pytest.mark.slow
def test_analyses_equal_julias_on_every_print_of_finished_code(tally):
    bad = {(check, form): dict(c) for (check, form), c in tally.counts.items()
           if form in FINISHED_FORMS and (check, form) not in CEILINGS and c["equal"] != sum(c.values())}
    assert not bad, bad


@pytest.mark.slow
def test_the_remaining_differences_only_go_down(tally):
    over = {}
    for key, c in tally.counts.items():
        others = sum(c.values()) - c["equal"]
        if others > CEILINGS.get(key, 0):
            over[key] = (others, CEILINGS.get(key, 0), dict(c))
    assert not over, over


def test_every_rule_named_in_an_outcome_is_documented(tally):
    for (check, form, verdict), kinds in tally.classes.items():
        if verdict == "rule":
            assert set(kinds) <= set(RULES), (check, form, kinds)


def test_a_crash_counts_as_wrong_and_a_jlir_error_as_refused():
    record = {"typed": "CodeInfo(\n1 ─     return 1\n) => Int64\n",
              "julia": {"cfg": {"blocks": [{"stmts": [1, 1], "preds": [], "succs": []}]}, "idoms": [0],
                        "verify": "ok"},
              "lowered": "not IR at all", "lowered_julia": {"cfg": {"blocks": []}, "idoms": []}}
    out = {(check, form): o for check, form, o in check_record(record)}
    assert out[("cfg", "typed")] == Outcome("equal")
    assert out[("verify", "typed")] == Outcome("equal")
    assert out[("cfg", "lowered")].verdict == "refused" and "unreadable" in out[("cfg", "lowered")].detail


def test_a_different_cfg_is_wrong_and_names_the_block():
    record = {"typed": "CodeInfo(\n1 ─     return 1\n) => Int64\n",
              "julia": {"cfg": {"blocks": [{"stmts": [1, 1], "preds": [], "succs": [1]}]}, "idoms": [0],
                        "verify": "ok"}}
    out = {(check, form): o for check, form, o in check_record(record)}
    assert out[("cfg", "typed")].verdict == "wrong" and "#1" in out[("cfg", "typed")].detail
