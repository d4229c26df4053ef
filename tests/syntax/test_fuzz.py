"""No input gets a traceback or a model that prints otherwise, kept by fuzzing: thousands of mutated real dumps and
JSON documents per run.

The seeded mutation engine of `tests/support/fuzzing.py` (run as `scripts/check/fuzz.py`) (line deletion, duplication and swaps, `%N`/`#N` digit changes,
truncation, byte and token flips, Unicode and box characters, brackets, CRLF/BOM/tabs, long lines, deep
nesting; for JSON: wrong types, huge integers, dangling references, self-referencing `inlined_at`, deep
nesting) makes the inputs; each must be refused with a ParseError (SchemaError) or read into a model that
prints and reads back as itself, within a time limit.  `scripts/check/fuzz.py --n 100000` runs the long version.
"""
from __future__ import annotations

import random
import signal

import pytest

from support import fuzzing as fuzz

TEXTS_PER_SHARD, JSON_PER_SHARD, SHARDS = 500, 60, 4
TIMEOUT = 5  # CPU seconds per input (SIGPROF: time spent waiting for a shared CPU is no hang)


@pytest.fixture(scope="module")
def models():
    return fuzz.seed_models()


@pytest.fixture(scope="module")
def texts(models):
    return [text for text, _ in models]


@pytest.fixture(scope="module")
def docs(models):
    """The seeds' JSON documents, made only where a test mutates JSON (every seed's `to_json` takes seconds)."""
    return fuzz.seed_documents([text for text, _ in models], [doc for _, doc in models])


def _check_all(make, check, n: int, seed: int):
    failures = []

    def alarm(signum, frame):
        raise fuzz.Hang()

    old = signal.signal(signal.SIGPROF, alarm)
    try:
        for i in range(n):
            x = make(random.Random(seed * 1_000_003 + i))
            signal.setitimer(signal.ITIMER_PROF, TIMEOUT)
            try:
                outcome, detail = check(x)
            except fuzz.Hang:
                outcome, detail = "hang", ""
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            if outcome not in ("clean", "refused"):
                failures.append(f"input {i} (seed {seed}): {outcome} {detail}")
    finally:
        signal.signal(signal.SIGPROF, old)
    return failures


@pytest.mark.parametrize("shard", range(SHARDS))
def test_mutated_dumps_are_refused_or_read_back_as_themselves(texts, shard):
    failures = _check_all(lambda rng: fuzz.mutate_text(rng, texts), fuzz.check_text, TEXTS_PER_SHARD, 7001 + shard)
    assert not failures, "\n".join(failures[:10]) + "\n(reproduce: python3 scripts/check/fuzz.py --seed S --dump I)"


@pytest.mark.parametrize("shard", range(SHARDS))
def test_mutated_json_documents_are_refused_or_print_back(docs, shard):
    failures = _check_all(lambda rng: fuzz.mutate_json(rng, docs), fuzz.check_json, JSON_PER_SHARD, 9001 + shard)
    assert not failures, "\n".join(failures[:10]) + "\n(reproduce: python3 scripts/check/fuzz.py --json --seed S --dump I)"


def test_the_engine_makes_every_kind_of_mutation_and_both_outcomes(texts):
    """The engine is not idle: its inputs differ from the seeds, and some read while others are refused."""
    outcomes = set()
    changed = 0
    for i in range(200):
        x = fuzz.mutate_text(random.Random(i), texts)
        changed += x not in texts
        outcomes.add(fuzz.check_text(x)[0])
    assert changed > 150
    assert {"clean", "refused"} <= outcomes
