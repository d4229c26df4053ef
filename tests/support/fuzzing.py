#!/usr/bin/env python3
"""Fuzzing: mutated real dumps through `parse`/`format`, mutated JSON documents through `from_json`/`format`.

Usage:
    python3 scripts/check/fuzz.py [--n 100000] [--seed 1] [--json] [--timeout 5] [--show 5]

The promise checked (any input is read or refused, never crashes the reader): whatever `jlir.parse` accepts, `jlir.format`
prints, and `parse(format(parse(x))) == parse(x)`; whatever it refuses, it
refuses with a `ParseError`.  For JSON: `from_json` either refuses with a
`SchemaError` or gives a model that `format` prints and that reads back as
itself.  Each input is classified:

    clean       read, printed, read back equal
    refused     ParseError (text) / SchemaError (JSON)
    error       any other exception (a bug: the traceback's last frame is shown)
    hang        over --timeout seconds of CPU time (SIGPROF: on a shared machine, waiting is no hang)
    differs     printed text that does not read back, or reads back to another model

Seeds are every text of `fixtures/julia-*/` and the corpus dumps that read;
mutations are seeded (`--seed`), so a failure reproduces from its number.
The same engine (`mutate_text`, `mutate_json`, `check_text`, `check_json`)
drives `tests/syntax/test_fuzz.py`, on a few thousand inputs.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import jlir  # noqa: E402
from jlir.json import SchemaError  # noqa: E402
from jlir.syntax.readback import reader_available  # noqa: E402

OUTCOMES = ("clean", "refused", "error", "hang", "differs")


# ---------------------------------------------------------------- seeds
def _seed_paths() -> list[Path]:
    return sorted((REPO / "fixtures").glob("julia-*/*.txt")) + sorted((REPO / "fixtures" / "corpus").glob("*.txt"))


def seed_texts() -> list[str]:
    """Every fixture text printed by a real Julia, and the corpus dumps that read."""
    return [text for text, _ in seed_models()]


def seed_models() -> list[tuple[str, object]]:
    """(text, Document) of each seed, each file parsed once per session (`support.parsed`, shared with the other
    tests that read every fixture); a text that newline translation changed is parsed from that text."""
    from support.parsed import document_of
    out = []
    for p in _seed_paths():
        text = p.read_text(encoding="utf-8")
        try:
            doc = document_of(p) if text == p.read_bytes().decode("utf-8") else jlir.parse(text)
        except jlir.ParseError:
            continue
        out.append((text, doc))
    return out


def seed_documents(texts: list[str], models: list | None = None) -> list[dict]:
    """`to_json` of each seed text's model (`models`, when given, are those texts' Documents)."""
    return [jlir.to_json(doc) for doc in (models if models is not None else map(jlir.parse, texts))]


# ---------------------------------------------------------------- text mutations
_ODD = ["٣", "é", "φ", "ϒ", "π", "─", "┄", "│", "└", "┌", "├", "╻", "\u00a0", "\u200b", "\t", "\r", "\ufeff",
        "%", "#", "$", "@", ":", "::", "=", "=>", "\"", "'", "\\", "…", "#=", "=#", "(", ")", "{", "}", "[", "]",
        "𝟙", "①", "٠", "0", "9", "-", " ", "\x7f", "\x1b[31m", "goto", "return", "if not", "%new(", "$(Expr(",
        "$(QuoteNode(", "Core.Compiler.Const(", "Tuple{", "Union{", "where", "invoke ", "φ (", "φᶜ (", "ϒ ("]
_BRACKETS = "(){}[]"


def _lines_op(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.randrange(4)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, lines[j])
    return "\n".join(lines)


def _digits(rng: random.Random, text: str) -> str:
    """Change the number of a `%N`, `#N`, `_N` or a line number."""
    spots = [k for k in range(len(text) - 1) if text[k] in "%#_" and text[k + 1].isdigit()] or \
            [k for k in range(len(text)) if text[k].isdigit()]
    if not spots:
        return text
    k = rng.choice(spots) + (1 if text[spots[0]] in "%#_" else 0)
    end = k
    while end < len(text) and text[end].isdigit():
        end += 1
    new = rng.choice(["0", "1", "2", str(rng.randrange(1000)), "٣", "-1", "99999999999999999999", "9" * 5000, ""])
    return text[:k] + new + text[end:]


def _truncate(rng: random.Random, text: str) -> str:
    if not text:
        return text
    kind = rng.randrange(3)
    if kind == 0:  # anywhere
        k = rng.randrange(len(text))
    elif kind == 1:  # at a token boundary
        spots = [k for k in range(len(text)) if text[k] in " (),{}[]:=\n"] or [0]
        k = rng.choice(spots)
    else:  # at the end of a line, keeping its newline or not
        spots = [k for k in range(len(text)) if text[k] == "\n"] or [0]
        k = rng.choice(spots) + rng.randrange(2)
    return text[:k]


def _flip(rng: random.Random, text: str) -> str:
    if not text:
        return text
    k = rng.randrange(len(text))
    op = rng.randrange(4)
    if op == 0:
        return text[:k] + rng.choice(_ODD) + text[k:]
    if op == 1:
        return text[:k] + rng.choice(_ODD) + text[k + 1:]
    if op == 2:
        return text[:k] + text[k + 1:]
    return text[:k] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[k + 1:]


def _token_swap(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    if len(words) < 3:
        return text
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _bracket(rng: random.Random, text: str) -> str:
    spots = [k for k in range(len(text)) if text[k] in _BRACKETS]
    if not spots:
        return text
    k = rng.choice(spots)
    return text[:k] + rng.choice(["", rng.choice(_BRACKETS), text[k] * 2]) + text[k + 1:]


def _envelope(rng: random.Random, text: str) -> str:
    op = rng.randrange(5)
    if op == 0:
        return text.replace("\n", "\r\n")
    if op == 1:
        return "\ufeff" + text
    if op == 2:
        return text.replace("  ", "\t", rng.randrange(1, 4))
    if op == 3:
        return text.replace("\n", "\r\n", 1)
    return text.rstrip("\n") if rng.randrange(2) else text + "\n" * rng.randrange(1, 4)


def _long_line(rng: random.Random, text: str) -> str:
    """Repeat one call argument, one string, or a whole line's body many times."""
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    line = lines[i]
    k = line.find("(")
    reps = rng.choice([100, 1000, 5000, 20000, 50000])
    kind = rng.randrange(4)
    if k >= 0 and kind == 3:  # one long name, or a type of many parameters
        line = line[:k + 1] + rng.choice(["x" * reps, "Tuple{" + "Int64," * reps + "}"]) + ", " + line[k + 1:]
    elif k >= 0 and kind % 2:
        line = line[:k + 1] + "%1, " * reps + line[k + 1:]
    elif '"' in line:
        k = line.index('"')
        line = line[:k + 1] + "ab\\\"c" * reps + line[k + 1:]
    else:
        line = line + " x" * reps
    lines[i] = line
    return "\n".join(lines)


def _deep(rng: random.Random, text: str) -> str:
    """Nest a type, a call or a quote many levels deep."""
    lines = text.split("\n")
    cands = [i for i, l in enumerate(lines) if "::" in l or "(" in l] or [0]
    i = rng.choice(cands)
    depth = rng.choice([20, 60, 100, 150, 300, 1000, 3000, 10000])
    line = lines[i]
    op = rng.randrange(5)
    if op >= 3:  # a quoted or bracketed value nested deep: `:(:(…))`, `[[…]]`
        k = line.find("(")
        if k >= 0:
            opener, closer = (":(", ")") if op == 3 else ("[", "]")
            line = line[:k + 1] + opener * depth + "1" + closer * depth + ", " + line[k + 1:]
        lines[i] = line
        return "\n".join(lines)
    if op == 0 and "::" in line:
        k = line.rindex("::") + 2
        line = line[:k] + "Tuple{" * depth + line[k:] + "}" * depth
    elif op == 1:
        k = line.find("(")
        if k >= 0:
            line = line[:k + 1] + "f(" * depth + "1" + ")" * depth + ", " + line[k + 1:]
    else:
        k = line.find("(")
        if k >= 0:
            line = line[:k + 1] + "Union{" * depth + "Int" + "}" * depth + ", " + line[k + 1:]
    lines[i] = line
    return "\n".join(lines)


TEXT_MUTATIONS = (_lines_op, _lines_op, _digits, _digits, _truncate, _flip, _flip, _flip, _token_swap, _bracket,
                  _envelope, _long_line, _deep)


def mutate_text(rng: random.Random, seeds: list[str]) -> str:
    """One seed with one to three mutations; a long seed is cut to a window of its dumps first, for speed."""
    text = rng.choice(seeds)
    if len(text) > 20_000:
        k = text.find("\n\n", rng.randrange(len(text) - 10_000))
        text = text[k + 2:k + 2 + 10_000] if k >= 0 else text[:10_000]
        text = text[:text.rfind("\n") + 1] or text
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = rng.choice(TEXT_MUTATIONS)(rng, text)
    return text


# ---------------------------------------------------------------- JSON mutations
def _spots(data, path=()):
    """(container, key) of every value in a JSON tree, iteratively."""
    out, stack = [], [data]
    while stack:
        x = stack.pop()
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            out.append((x, k))
            if isinstance(v, (dict, list)):
                stack.append(v)
    return out


_JSON_VALUES = [None, True, False, 0, 1, -1, 2, 3, 7, 10**6, -10**6, 10**5000, 1.5, float("nan"), "", "abc", "%1",
                "\n", "x\ny", "goto", "Int64", "\u2500", [], [1], ["a"], {}, {"kind": "SSAValue", "id": 1},
                {"kind": "Nope"}, {"kind": "Literal", "text": "1", "literal_kind": "int"},
                {"kind": "GotoNode", "label": 1}, {"kind": "SSAValue", "id": -3}]


def mutate_json(rng: random.Random, docs: list[dict]) -> dict:
    """A deep copy of one seed document with one to three mutations of its tree."""
    data = copy.deepcopy(rng.choice(docs))
    for _ in range(rng.choice((1, 1, 2, 3))):
        spots = _spots(data)
        if not spots:
            break
        parent, key = rng.choice(spots)
        v = parent[key]
        op = rng.randrange(8)
        if op <= 1:
            parent[key] = copy.deepcopy(rng.choice(_JSON_VALUES))
        elif op == 2 and type(v) is int:
            parent[key] = rng.choice([v + 1, v - 1, -v, v * 1000, 0, 2**63, len(str(v))])
        elif op == 3 and isinstance(parent, dict):
            del parent[key]
        elif op == 3 and isinstance(parent, list):
            parent.pop(key)
        elif op == 4 and isinstance(parent, list):
            parent.insert(key, v)  # shared, not copied: the tree is only read
        elif op == 5 and isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[key], parent[j] = parent[j], parent[key]
        elif op == 6 and isinstance(v, str):
            k = rng.randrange(len(v) + 1)
            parent[key] = v[:k] + rng.choice(_ODD + ["\n"]) + v[k:]
        elif op == 7:
            deep = v
            for _ in range(rng.choice((50, 500, 3000))):
                deep = [deep] if rng.randrange(2) else {"kind": "TypeApply", "head": deep, "params": []}
            parent[key] = deep
        elif isinstance(v, dict) and "inlined_at" in v:
            v["inlined_at"] = rng.choice([key + 1, key + 2, 10**6])  # itself, a cycle, out of range
    return data


# ---------------------------------------------------------------- checks
def _where(e: BaseException) -> str:
    tb = traceback.extract_tb(e.__traceback__)
    last = tb[-1] if tb else None
    return f"{type(e).__name__} at {last.filename.rsplit('/', 2)[-2:] if last else '?'}:{last.lineno if last else 0}"


def _readback(model, printed: str, equal) -> tuple[str, str]:
    try:
        again = jlir.parse(printed)
    except jlir.ParseError as e:
        return "differs", f"printed text does not read back: {e.message}"
    except Exception as e:  # noqa: BLE001 — classified, not hidden
        return "error", "reading back: " + _where(e)
    return ("clean", "") if equal(again, model) else ("differs", "reads back to another model")


def check_text(text: str) -> tuple[str, str]:
    """(outcome, detail) of one text through parse → format → parse."""
    try:
        doc = jlir.parse(text)
    except jlir.ParseError:
        return "refused", ""
    except Exception as e:  # noqa: BLE001
        return "error", _where(e)
    try:
        printed = jlir.format(doc)
    except Exception as e:  # noqa: BLE001
        return "error", "printing: " + _where(e)
    return _readback(doc, printed, lambda a, b: a == b)


def check_json(data: dict) -> tuple[str, str]:
    """(outcome, detail) of one JSON document through from_json → format → parse."""
    try:
        model = jlir.from_json(data)
    except SchemaError:
        return "refused", ""
    except Exception as e:  # noqa: BLE001
        return "error", _where(e)
    if not isinstance(model, (jlir.Document, jlir.Function, jlir.CFGListing, jlir.VectorDisplay)):
        return "clean", ""  # a bare value or node (to_json takes any model object): it has no text of its own
    try:
        printed = jlir.format(model)
    except Exception as e:  # noqa: BLE001
        return "error", "printing: " + _where(e)
    if not isinstance(model, jlir.Document) or JSON_READS_BACK:
        return "clean", ""
    return _readback(model, printed, lambda a, b: a == b)


# `from_json` itself checks that the model prints as text that reads back as itself (where Lark is installed):
# checking it again would only double the time.
JSON_READS_BACK = reader_available()


class Hang(BaseException):
    pass


def _alarm(signum, frame):
    raise Hang()


def run(n: int, seed: int, use_json: bool, timeout: float, show: int, out=sys.stdout) -> Counter:
    """Check `n` mutated inputs; print counts by outcome and the first `show` examples of each failure kind."""
    texts = seed_texts()
    docs = seed_documents(texts) if use_json else None
    counts: Counter = Counter()
    examples: dict[str, list] = {}
    signal.signal(signal.SIGPROF, _alarm)
    start = time.time()
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        x = mutate_json(rng, docs) if use_json else mutate_text(rng, texts)
        signal.setitimer(signal.ITIMER_PROF, timeout)  # CPU time: a loaded machine does not make hangs
        try:
            outcome, detail = (check_json if use_json else check_text)(x)
        except Hang:
            outcome, detail = "hang", ""
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        counts[outcome] += 1
        if outcome not in ("clean", "refused"):
            examples.setdefault(f"{outcome}: {detail}", []).append(i)
            print(f"  input {i}: {outcome} {detail}", file=sys.stderr, flush=True)  # at once: long runs
        if (i + 1) % (1000 if use_json else 5000) == 0:
            print(f"  {i + 1}/{n} {dict(counts)} {time.time() - start:.0f}s", file=sys.stderr, flush=True)
    print(f"{'JSON documents' if use_json else 'dumps'}: {n} (seed {seed}, {time.time() - start:.0f} s)", file=out)
    report(counts, examples, OUTCOMES, show, out)
    return counts


def report(counts, examples: dict, outcomes, show: int, out) -> None:
    """The count of each outcome, then the commonest failure kinds with `show` example input numbers each."""
    for o in outcomes:
        print(f"  {o:8} {counts[o]}", file=out)
    for what, ids in sorted(examples.items(), key=lambda kv: -len(kv[1]))[:max(show, 0) * 4]:
        print(f"  {len(ids):6} × {what}  (inputs {', '.join(map(str, ids[:show]))})", file=out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="mutate JSON documents (from_json/format) instead of dumps")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--show", type=int, default=5, help="example input numbers shown per failure kind")
    ap.add_argument("--dump", type=int, default=None, help="write input number N to stdout and exit")
    args = ap.parse_args(argv)
    if args.dump is not None:
        texts = seed_texts()
        rng = random.Random(args.seed * 1_000_003 + args.dump)
        if args.json:
            print(json.dumps(mutate_json(rng, seed_documents(texts))))
        else:
            sys.stdout.write(mutate_text(rng, texts))
        return 0
    counts = run(args.n, args.seed, args.json, args.timeout, args.show)
    return 0 if counts["error"] + counts["hang"] + counts["differs"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
