#!/usr/bin/env python3
"""Fuzzing every verb of the `jlir` command: mutated real dumps through parse, print, roundtrip, diff, cfg, dom,
loops, liveness, verify, analyze, opt, run, ssa and html, as a user runs them.

Usage:
    python3 scripts/check/fuzz_verbs.py [--n 10000] [--seed 1] [--timeout 20] [--show 5]

The mutations are `tests/support/fuzzing.py`'s (the same inputs, by number, as `scripts/check/fuzz.py`).  Each
mutated text is written to a file and every verb is run on it in this process (`jlir.cli.app.main`, its stdout and
stderr captured).  The promise checked: each verb gives a result or a located error, never an internal one.

    result      exit 0 (1 where the verb's answer is "no": roundtrip's "prints back differently", diff's
                "different", verify's "problems found", run's "the code threw"), each message on stderr located, and the result right
                where it can be checked here:
                  print        its output reads back as the input's model (and parse --json's JSON does too)
                  cfg, dom     dom's immediate dominators are those of cfg's graph, computed here the plain way
                               (the iterative set algorithm), not by jlir's code
                  opt, ssa     their output reads back and verifies
                and the library checks of `support.pass_fuzzing` (every pass's output verifies and reads back;
                the interpreter's outcome is the same before and after each pass)
    refused     exit 2, every stderr line a located message (`FILE:LINE:COL: error: …` or `FILE: error: …`)
    error       an internal error (a message saying so, a traceback, an exception out of `main`), an unexpected
                exit status, or a message that names no place
    hang        over --timeout CPU seconds for one input's verbs (SIGPROF: on a shared machine, waiting is no hang)
    wrong       a result that is not right by the checks above

Outcomes are counted per (input, verb); an input's verbs stop at its first error or hang.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: `support` (when run by scripts/check/)
from support import fuzzing as fuzz  # noqa: E402  (puts the repository first on sys.path)
from support import pass_fuzzing  # noqa: E402

import jlir  # noqa: E402
from jlir.cli.app import main as jlir_main  # noqa: E402

OUTCOMES = ("result", "refused", "error", "hang", "wrong")

# (label, argv before the file, exit statuses that are an answer); the file goes last ("B" of diff: a second copy)
VERBS = (
    ("parse", ["parse"], {0}),
    ("parse --json", ["parse", "--json"], {0}),
    ("print", ["print"], {0}),
    ("roundtrip", ["roundtrip"], {0, 1}),
    ("diff", ["diff"], {0, 1}),
    ("cfg", ["cfg"], {0}),
    ("cfg --format json", ["cfg", "--format", "json"], {0}),
    ("cfg --format dot", ["cfg", "--format", "dot"], {0}),
    ("dom --format json", ["dom", "--format", "json"], {0}),
    ("dom --post", ["dom", "--post"], {0}),
    ("dom --frontiers", ["dom", "--frontiers"], {0}),
    ("loops --json", ["loops", "--json"], {0}),
    ("liveness --json", ["liveness", "--json"], {0}),
    ("verify", ["verify"], {0, 1}),
    ("analyze --json", ["analyze", "--json"], {0}),
    ("opt", ["opt"], {0}),
    ("ssa", ["ssa"], {0}),
    ("run", ["run", "--max-steps", "20000"], {0, 1}),  # 1: the code threw (`ERROR: UndefVarError`, as Julia's)
    ("html", ["html"], {0}),
)
# A located message: `FILE:LINE[:COL]: error|note|warning: …`, `FILE: error: …`, `jlir: error: …` (a file that
# cannot be read); or a line of the located message's body (the source line, its caret, a hint)
_LOCATED = re.compile(r"^(?:jlir: error: |[^:\n]+(?::\d+){0,2}: (?:error|note|warning|hint)\b)")
_INTERNAL = ("internal error", "Traceback (most recent call last)", "this is a jlir bug")


class _SharedWork:
    """While one input goes through the verbs, the work every verb repeats the same way is done once: building
    the argument parser, and reading the same text with the same options (`jlir.syntax.reading.read_document`,
    deterministic, its models immutable; its answer, or its ParseError, and its lenient notes given again).
    Each verb's own work is run whole; the reading itself is what `parse` checks."""

    def __enter__(self):
        from jlir.cli import app
        from jlir.syntax import reading
        self._saved = (app.build_parser, reading.read_document)
        parser = app.build_parser()
        real, memo = reading.read_document, {}

        def read_document(text, filename="<input>", *, lenient=False, errors="raise", repaired_out=None,
                          on_dump=None):
            key = (text, filename, lenient, errors)
            if key not in memo:
                repaired: list = []
                with warnings.catch_warnings(record=True) as said:
                    warnings.simplefilter("always")
                    try:
                        memo[key] = (real(text, filename, lenient=lenient, errors=errors, repaired_out=repaired),
                                     None, repaired, said)
                    except jlir.ParseError as e:
                        memo[key] = (None, e, repaired, said)
            doc, error, repaired, said = memo[key]
            for w in said:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            if error is not None:
                raise error
            if repaired_out is not None:
                repaired_out.extend(repaired)
            return doc

        app.build_parser, reading.read_document = (lambda: parser), read_document
        return self

    def __exit__(self, *exc):
        from jlir.cli import app
        from jlir.syntax import reading
        app.build_parser, reading.read_document = self._saved
        return False


def _call(argv: list[str]) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `jlir ARGV` run in this process."""
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        try:
            status = jlir_main(argv)
        except SystemExit as e:  # argparse: a usage error
            status = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdout, sys.stderr = saved
    out.flush()
    err.flush()
    return status, out.buffer.getvalue().decode("utf-8", "replace"), err.buffer.getvalue().decode("utf-8", "replace")


def _messages_located(stderr: str, path: str) -> str | None:
    """None when every message on stderr is located, else the first one that is not."""
    lines = stderr.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if not _LOCATED.match(line) and not line.startswith(path):
            return line
        k += 1
        while k < len(lines) and (lines[k].startswith((" ", "\t")) or not lines[k]):  # the message's own body
            k += 1
    return None


def classify(status: int, stdout: str, stderr: str, answers: set[int], path: str) -> tuple[str, str]:
    """(outcome, detail) of one verb's run by its status and stderr alone."""
    for mark in _INTERNAL:
        if mark in stderr:
            line = next((l for l in stderr.splitlines() if mark in l), mark)
            return "error", line[:200]
    bad = _messages_located(stderr, path)
    if bad is not None:
        return "error", f"a message that names no place: {bad[:160]!r}"
    if status in answers:
        return "result", ""
    if status == 2:
        return ("refused", "") if stderr.strip() else ("error", "exit 2 without a message")
    return "error", f"exit status {status}"


# ---------------------------------------------------------------- the checks of results
def _dominators(succs: dict[int, list[int]], entry: int) -> dict[int, int | None]:
    """Immediate dominators of the blocks reachable from `entry`, by the iterative set algorithm (a plain
    reference: no jlir code)."""
    reach, stack = {entry}, [entry]
    while stack:
        for s in succs.get(stack.pop(), ()):
            if s not in reach:
                reach.add(s)
                stack.append(s)
    preds = {b: [p for p in reach if b in succs.get(p, ())] for b in reach}
    dom = {b: set(reach) for b in reach}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for b in sorted(reach):
            if b == entry:
                continue
            new = set.intersection(*(dom[p] for p in preds[b])) | {b} if preds[b] else {b}
            if new != dom[b]:
                dom[b], changed = new, True
    idom = {entry: None}
    for b in reach - {entry}:
        strict = dom[b] - {b}
        idom[b] = next(d for d in strict if all(d == e or d not in dom[e] for e in strict))  # the closest
    return idom


def _json_objects(text: str) -> list:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            out.append(json.loads(line))
    return out


def check_dominators(cfg_json: str, dom_json: str) -> str | None:
    """None when each function's idoms (dom --format json) are those of its graph (cfg --format json)."""
    graphs, doms = _json_objects(cfg_json), _json_objects(dom_json)
    if len(graphs) != len(doms):
        return f"cfg gives {len(graphs)} functions, dom {len(doms)}"
    for g, d in zip(graphs, doms):
        succs = {k + 1: list(b["succs"]) for k, b in enumerate(g["blocks"])}  # blocks in order, 1-based
        if not succs:
            continue
        expected = _dominators(succs, 1)
        got = {int(k): v for k, v in _idoms_of(d).items()}
        got = {b: (None if v in (0, None) else v) for b, v in got.items() if b in expected}
        if got != expected:
            diff = sorted(b for b in expected if got.get(b, "?") != expected[b])[:5]
            return f"idoms differ from the graph's at blocks {diff}: {[(b, got.get(b), expected[b]) for b in diff]}"
    return None


def _idoms_of(d: dict) -> dict:
    """block → immediate dominator, from one `dom --format json` object (its `idoms` list is 1-based)."""
    idoms = d["idoms"]
    return {k + 1: v for k, v in enumerate(idoms)} if isinstance(idoms, list) else idoms


def _reads_and_verifies(text: str) -> str | None:
    from jlir.analysis.verifier import verify_ir
    try:
        doc = jlir.parse(text)
    except jlir.ParseError as e:
        return f"its output does not read back: {e.message}"
    for fn in jlir.functions(doc):
        errors = [d for d in verify_ir(fn) if d.severity == "error"]
        if errors:
            return f"its output does not verify: {errors[0]}"
    return None


def check_results(text: str, results: dict) -> tuple[str, str] | None:
    """("wrong", detail) for the first result that is not right, else None.  `results`: label → (status, out)."""
    try:
        model = jlir.parse(text)
    except jlir.ParseError:
        model = None
    status, out = results.get("print", (None, ""))
    if status == 0 and model is not None:
        try:
            if jlir.parse(out) != model:
                return "wrong", "print: its output reads back as another model"
        except jlir.ParseError as e:
            return "wrong", f"print: its output does not read back: {e.message}"
    status, out = results.get("parse --json", (None, ""))
    if status == 0 and model is not None and jlir.from_json(json.loads(out)) != model:
        return "wrong", "parse --json: its JSON gives another model"
    (s1, cfg_out), (s2, dom_out) = results.get("cfg --format json", (None, "")), results.get("dom --format json",
                                                                                           (None, ""))
    if s1 == 0 and s2 == 0:
        bad = check_dominators(cfg_out, dom_out)
        if bad:
            return "wrong", f"dom: {bad}"
    for label in ("opt", "ssa"):
        status, out = results.get(label, (None, ""))
        if status == 0:
            bad = _reads_and_verifies(out)
            if bad:
                return "wrong", f"{label}: {bad}"
    if model is not None:
        for outcome, detail in pass_fuzzing.check_text(text):
            if outcome in ("error", "wrong"):
                return outcome, f"library: {detail}"
    return None


# ---------------------------------------------------------------- one input, and the campaign
def check_input(text: str, folder: str, original: str) -> list[tuple[str, str, str]]:
    """[(verb, outcome, detail)] of one mutated text through every verb."""
    path = os.path.join(folder, "input.txt")
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    other = os.path.join(folder, "seed.txt")
    with open(other, "w", encoding="utf-8", newline="") as f:
        f.write(original)
    out, results = [], {}
    with _SharedWork():
        _verbs(out, results, path, other)
    if any(outcome == "error" for _, outcome, _ in out):
        return out
    wrong = check_results(text, results)
    if wrong:
        out.append(("checks",) + wrong)
    return out


def _verbs(out: list, results: dict, path: str, other: str) -> None:
    """Every verb on `path` (diff: `other` against it), into `out` and `results`; stops at the first error."""
    for label, argv, answers in VERBS:
        files = [other, path] if argv[0] == "diff" else [path]
        try:
            status, stdout, stderr = _call(argv + files)
        except fuzz.Hang:
            raise
        except BaseException as e:  # noqa: BLE001 — an exception out of `main` is itself the finding
            out.append((label, "error", "out of main: " + fuzz._where(e)))
            return
        outcome, detail = classify(status, stdout, stderr, answers, path)
        out.append((label, outcome, detail))
        if outcome == "error":
            return
        results[label] = (status, stdout)


def _seed_of(rng_seed: int, texts: list[str]) -> str:
    """The seed text `fuzz.mutate_text` starts from for this input (same generator, same first draw)."""
    return random.Random(rng_seed).choice(texts)


def run(n: int, seed: int, timeout: float, show: int, first: int = 0, out=sys.stdout) -> Counter:
    texts = fuzz.seed_texts()
    counts: Counter = Counter()
    per_verb: dict[str, Counter] = {}
    examples: dict[str, list] = {}
    signal.signal(signal.SIGPROF, fuzz._alarm)
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="jlir-fuzz-verbs-") as folder:
        for i in range(first, first + n):
            rng_seed = seed * 1_000_003 + i
            text = fuzz.mutate_text(random.Random(rng_seed), texts)
            signal.setitimer(signal.ITIMER_PROF, timeout)
            try:
                results = check_input(text, folder, _seed_of(rng_seed, texts))
            except fuzz.Hang:
                results = [("(all)", "hang", "")]
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            for verb, outcome, detail in results:
                counts[outcome] += 1
                per_verb.setdefault(verb, Counter())[outcome] += 1
                if outcome not in ("result", "refused"):
                    examples.setdefault(f"{outcome}: {verb}: {detail}", []).append(i)
                    print(f"  input {i}: {outcome} {verb}: {detail}", file=sys.stderr, flush=True)
            if (i + 1 - first) % 500 == 0:
                print(f"  {i + 1 - first}/{n} {dict(counts)} {time.time() - start:.0f}s", file=sys.stderr, flush=True)
    print(f"verbs on {n} mutated dumps (inputs {first}..{first + n - 1}, seed {seed}, {time.time() - start:.0f} s)",
          file=out)
    fuzz.report(counts, examples, OUTCOMES, show, out)
    for verb, c in per_verb.items():
        print(f"    {verb:24} " + "  ".join(f"{o} {c[o]}" for o in OUTCOMES if c[o]), file=out)
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first input's number (to split a campaign)")
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds for one input's verbs")
    ap.add_argument("--show", type=int, default=5)
    a = ap.parse_args(argv)
    counts = run(a.n, a.seed, a.timeout, a.show, a.first)
    return 1 if any(counts[o] for o in ("error", "hang", "wrong")) else 0


if __name__ == "__main__":
    sys.exit(main())
