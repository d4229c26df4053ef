"""Every verb on mutated real dumps gives a result or a located error (`support.verb_fuzzing`; the campaign of
10,000 inputs is `scripts/check/fuzz_verbs.py`): a few inputs here, and the checks the campaign relies on."""
from __future__ import annotations

import json
import random
import tempfile

import pytest

from support import fuzzing as fuzz
from support import verb_fuzzing as vf


@pytest.fixture(scope="module")
def texts():
    return fuzz.seed_texts()


def test_a_few_mutated_dumps_through_every_verb_give_results_or_located_errors(texts):
    bad = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(6):
            rng_seed = 7 * 1_000_003 + i
            text = fuzz.mutate_text(random.Random(rng_seed), texts)
            for verb, outcome, detail in vf.check_input(text, folder, vf._seed_of(rng_seed, texts)):
                if outcome not in ("result", "refused"):
                    bad.append((i, verb, outcome, detail))
    assert not bad


def test_an_unmutated_dump_gives_a_result_from_every_verb_that_needs_no_arguments(texts):
    typed = next(t for t in texts if t.startswith("CodeInfo(\n") and t.endswith(") => Int64\n"))
    with tempfile.TemporaryDirectory() as folder:
        results = vf.check_input(typed, folder, typed)
    assert {verb for verb, outcome, _ in results if outcome != "result"} <= {"run"}


@pytest.mark.parametrize("stderr, outcome", [
    ("in.txt:3:7: error: unexpected ')'\n  %1 = f())\n        ^\n", "refused"),
    ("in.txt: error: internal error while reading: KeyError: 3 (this is a jlir bug)\n", "error"),
    ("Traceback (most recent call last):\n  File \"x.py\", line 1\nKeyError: 3\n", "error"),
    ("something went wrong\n", "error"),
    ("", "error"),
])
def test_a_refusal_counts_only_when_every_message_is_located(stderr, outcome):
    assert vf.classify(2, "", stderr, {0}, "in.txt")[0] == outcome


def test_the_dominator_check_finds_an_idom_that_is_not_the_graphs():
    cfg = json.dumps({"blocks": [{"succs": [2, 3]}, {"succs": [4]}, {"succs": [4]}, {"succs": []}]})
    right = json.dumps({"idoms": [0, 1, 1, 1]})
    wrong = json.dumps({"idoms": [0, 1, 1, 2]})  # block 4 is reached from 2 and from 3: only 1 dominates it
    assert vf.check_dominators(cfg, right) is None
    assert "blocks [4]" in vf.check_dominators(cfg, wrong)
