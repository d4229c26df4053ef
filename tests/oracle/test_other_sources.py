"""The oracle's comparison on code that is not Base: committed records of Julia 1.5.3 of generated programs
(`scripts/check/gen_programs.py`, seed 1) and of the standard libraries' instances after their own tests
(`oracle.py --module NAME --tests`), picked by `scripts/check/oracle_ci_records.py` (one record of every class of
difference the runs found, then small instances where everything is equal).

Each record is compared as `scripts/check/oracle.py --from … --recorded-callees --builtin-callees` compares it
(the interpreter row with the records' own prints and jlir's built-in Base methods as callees, no live Julia).
The analyses of finished code must equal Julia's on every print; every other class may only shrink: a class
that grows, or a new class that is not equal, fails (`other-sources-classes.json`, per source: `check | form |
verdict | class` → how many at most; written by `oracle_ci_records.py --table`, lowered whenever a fix
shrinks a class).
"""
from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from jlir.interp.builtin import BaseProvider
from jlir.oracle import check_record
from jlir.oracle.interp import Chain, RecordCallees
from jlir.oracle.tally import class_key

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle"
SOURCES = {"generated": DATA / "generated-1.5.3.jsonl.gz", "stdlib": DATA / "stdlib-1.5.3.jsonl.gz"}
CLASSES = DATA / "other-sources-classes.json"
FINISHED = ("typed", "typed-source", "ircode", "optimize=false", "lowered")
ANALYSES = ("cfg", "idoms", "verify")


def _outcomes(path: Path) -> list[tuple]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    callees = Chain(RecordCallees(records), BaseProvider())
    return [(r["target"], check, form, o) for r in records for check, form, o in check_record(r, callees)]


@pytest.fixture(scope="module", params=sorted(SOURCES))
def source(request):
    return request.param, _outcomes(SOURCES[request.param])


def test_the_records_hold_both_sources_and_the_table_names_each():
    table = json.loads(CLASSES.read_text(encoding="utf-8"))
    assert set(table) == set(SOURCES)
    for name, path in SOURCES.items():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            sources = Counter(json.loads(line).get("source") for line in f if line.strip())
        assert (set(sources) == {"generated"}) == (name == "generated"), sources
        assert sum(sources.values()) >= 40, sources


@pytest.mark.slow
def test_analyses_of_finished_code_equal_julias(source):
    name, outcomes = source
    bad = [(t, c, f, o) for t, c, f, o in outcomes if f in FINISHED and c in ANALYSES and o.verdict == "wrong"]
    assert not bad, bad[:5]


@pytest.mark.slow
def test_no_class_grows_and_none_is_new(source):
    name, outcomes = source
    allowed = json.loads(CLASSES.read_text(encoding="utf-8"))[name]
    # a run stopped by its limits says how loaded the machine was, not what jlir does: no class.  The step limit
    # is a limit of the same run as the wall-clock one, and which of the two a long run meets first depends on the
    # machine's speed (a quiet machine reaches the step limit within the seconds a loaded one spends)
    found = Counter(k for _, c, f, o in outcomes if o.verdict != "equal"
                    and not (k := class_key(c, f, o)).endswith(("(--timeout)", "(--max-steps)")))
    over = {k: (n, allowed.get(k, 0)) for k, n in found.items() if n > allowed.get(k, 0)}
    assert not over, over
