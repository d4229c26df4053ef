#!/usr/bin/env python3
"""Fuzzing the second half: mutated real dumps through the verifier, every pass, `ssa` and `run`.

Usage:
    python3 scripts/check/fuzz_passes.py [--n 2000] [--seed 1] [--timeout 10] [--show 5]

The mutations are `tests/support/fuzzing.py`'s.  Each mutated text that reads is taken function by function:

    verify      the verifier's errors are a located refusal; a function with none goes on
    passes      every registered pass (`jlir.passes.run`, which verifies its output): a `JlirError`
                (PassError, …) is a refusal; an output must print and read back printing the same text, as
                the same model (`same_reading`)
    ssa         `into_ssa` of a slot-form function: a `JlirError` is a refusal; the result must verify
    run         the interpreter on no arguments, before and after each pass (step-limited): a
                `JlirError` (NotInterpretable, …) is a refusal; where both run, the outcome (value or
                exception) must be the same

Outcomes per function: clean, refused, error (any other exception: a bug), hang (over --timeout CPU
seconds), wrong (a pass output that does not verify or read back, or changes the run's outcome).
`tests/passes/test_fuzz.py` runs the same engine on a few dozen inputs.
"""
from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: `support` (when run by scripts/check/fuzz_passes.py)
from support import fuzzing as fuzz  # noqa: E402  (puts the repository first on sys.path)

import jlir  # noqa: E402
from jlir import passes  # noqa: E402
from jlir.analysis.verifier import verify_ir  # noqa: E402
from jlir.edit import is_slot_form  # noqa: E402
from jlir.ir.errors import JlirError  # noqa: E402
from jlir.json import same_reading  # noqa: E402

OUTCOMES = ("clean", "refused", "error", "hang", "wrong")
MAX_STEPS = 20_000


def _outcome(fn):
    """The interpreter's outcome on no arguments, or None where it refuses (a located JlirError)."""
    from jlir.interp import run
    try:
        return run(fn, (), max_steps=MAX_STEPS).outcome
    except JlirError:
        return None


def _reads_back(out) -> bool:
    """The reader's rule: the output prints as text that reads back printing the same, as the same model (up to a
    style range the text cannot carry: `jlir.json.same_reading`)."""
    text = jlir.format(out)
    try:
        again = jlir.functions(jlir.parse(text))[0]
    except jlir.ParseError:
        return False
    return jlir.format(again) == text and same_reading(out, again)


def check_function(fn) -> tuple[str, str]:
    """(outcome, detail) of one function through verify, every pass, ssa and run."""
    if any(d.severity == "error" for d in verify_ir(fn)):
        return "refused", ""
    before = _outcome(fn)
    for name in sorted(passes.REGISTRY):
        try:
            out = passes.run(fn, [name])
        except JlirError:
            continue
        if not _reads_back(out):
            return "wrong", f"{name}: the output does not read back as itself"
        after = _outcome(out) if before is not None else None
        if before is not None and after is not None and after != before:
            return "wrong", f"{name}: run gives {after}, before the pass {before}"
    if is_slot_form(fn):
        from jlir.ssa import into_ssa
        try:
            ssa = into_ssa(fn)
        except JlirError:
            return "clean", ""
        if any(d.severity == "error" for d in verify_ir(ssa)):
            return "wrong", "ssa: the SSA form does not verify"
    return "clean", ""


def check_text(text: str) -> list[tuple[str, str]]:
    """The outcomes of every function of one mutated text ([("refused", "")] when it does not read)."""
    try:
        doc = jlir.parse(text)
    except jlir.ParseError:
        return [("refused", "")]
    out = []
    for fn in jlir.functions(doc):
        try:
            out.append(check_function(fn))
        except fuzz.Hang:
            raise
        except RecursionError:
            out.append(("error", "RecursionError"))
        except Exception as e:  # noqa: BLE001 — classified, not hidden
            out.append(("error", fuzz._where(e)))
    return out or [("refused", "")]


def run(n: int, seed: int, timeout: float, show: int, out=sys.stdout) -> Counter:
    texts = fuzz.seed_texts()
    counts: Counter = Counter()
    examples: dict[str, list] = {}
    signal.signal(signal.SIGPROF, fuzz._alarm)
    start = time.time()
    for i in range(n):
        text = fuzz.mutate_text(random.Random(seed * 1_000_003 + i), texts)
        signal.setitimer(signal.ITIMER_PROF, timeout)
        try:
            results = check_text(text)
        except fuzz.Hang:
            results = [("hang", "")]
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        for outcome, detail in results:
            counts[outcome] += 1
            if outcome not in ("clean", "refused"):
                examples.setdefault(f"{outcome}: {detail}", []).append(i)
                print(f"  input {i}: {outcome} {detail}", file=sys.stderr, flush=True)
    print(f"functions of {n} mutated dumps (seed {seed}, {time.time() - start:.0f} s)", file=out)
    fuzz.report(counts, examples, OUTCOMES, show, out)
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--show", type=int, default=5)
    a = ap.parse_args(argv)
    counts = run(a.n, a.seed, a.timeout, a.show)
    return 1 if any(counts[o] for o in ("error", "hang", "wrong")) else 0


if __name__ == "__main__":
    sys.exit(main())
