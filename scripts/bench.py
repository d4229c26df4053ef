#!/usr/bin/env python3
"""Benchmark: parse and print a large real input, with a plain regex scan of the same lines as reference.

Usage:
    python3 scripts/bench.py [FILE] [--size-mb 11] [--no-memory]

Without FILE it reads the IR of every cached Base method instance printed by
Julia 1.5.3 (`~/.cache/jlir/base-corpus-1.5.3.txt`), generating it first with
`scripts/gen_base_corpus.jl` and the Julia from `$JLIR_JULIA` or
`scripts/install-julia.sh`.  `--size-mb` keeps a prefix of that size, cut at
a dump boundary (0: everything).

Everything is measured in this one run, so the figures are comparable to each
other (the ratio to the regex scan is the machine-independent number):
parse and print MB/s, the regex-scan reference, time linearity (half the
input vs all of it), and peak memory of a parse relative to the input size.
Startup (importing jlir's modules, loading the LALR table) is timed apart,
on a tiny input, before the rest.  `--repeat N` keeps the fastest of N runs
of each step.  No figure here is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import jlir  # noqa: E402

DEFAULT_CORPUS = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir")) / "base-corpus-1.5.3.txt"
# What a hand-written line scanner would do at the least: match each line's rail, SSA column and body.
LINE_RX = re.compile(r"^(\d* *)?(\d+ [─┄]─*|│ +|└─+)(│*) (%\d+ += |\s+)(.*?)(?:::(.*))?$")


def julia() -> str:
    if os.environ.get("JLIR_JULIA"):
        return os.environ["JLIR_JULIA"]
    out = subprocess.run(["bash", str(REPO / "scripts" / "install-julia.sh")], check=True, capture_output=True,
                         text=True)
    return out.stdout.strip().splitlines()[-1]


def corpus(path: Path | None) -> str:
    if path is None:
        path = DEFAULT_CORPUS
        if not path.exists():
            print(f"bench: generating {path} with Julia 1.5.3 (about 90 s)…", file=sys.stderr)
            path.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([julia(), str(REPO / "scripts" / "gen_base_corpus.jl"), str(path)], check=True)
    return path.read_text(encoding="utf-8")


def prefix(text: str, size_mb: float) -> str:
    """The first `size_mb` MB of `text`, ending at a blank line between dumps."""
    if not size_mb:
        return text
    cut = text.find("\n\n", int(size_mb * 1e6))
    return text if cut < 0 else text[:cut + 2]


def timed(fn, *args):
    gc.collect()
    t0 = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - t0


def regex_scan(text: str) -> int:
    n = 0
    for line in text.split("\n"):
        if LINE_RX.match(line):
            n += 1
    return n


def peak_memory(text: str) -> int:
    tracemalloc.start()
    doc = jlir.parse(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del doc
    return peak


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--size-mb", type=float, default=11.0)
    ap.add_argument("--no-memory", action="store_true", help="skip the (slower) peak-memory pass")
    ap.add_argument("--repeat", type=int, default=1,
                    help="time each step this many times and keep the fastest (shared machines are noisy)")
    args = ap.parse_args()
    text = prefix(corpus(args.file), args.size_mb)
    mb = len(text.encode("utf-8")) / 1e6
    half = prefix(text, mb / 2)
    half_mb = len(half.encode("utf-8")) / 1e6

    # Startup, measured apart: jlir's modules are imported on first use and the LALR table is loaded (from
    # the cache in ~/.cache/jlir, or built by Lark when the grammar changed).
    _, t_start = timed(jlir.parse, prefix(text, 0.001))

    def best(fn, *a):
        runs = [timed(fn, *a) for _ in range(max(args.repeat, 1))]
        return runs[0][0], min(t for _, t in runs)

    _, t_scan = best(regex_scan, text)
    doc, t_parse = best(jlir.parse, text)
    out, t_print = best(jlir.format, doc)
    _, t_half = best(jlir.parse, half)
    functions = len(jlir.functions(doc))
    rows = [
        ("input", f"{mb:.1f} MB, {functions} functions, {text.count(chr(10))} lines"),
        ("startup (imports, LALR table)", f"{t_start:.2f} s, once per process"),
        ("regex line scan (reference)", f"{mb / t_scan:6.2f} MB/s  ({t_scan:.2f} s)"),
        ("parse", f"{mb / t_parse:6.2f} MB/s  ({t_parse:.2f} s; {t_parse / t_scan:.1f}× the regex scan)"),
        ("print", f"{mb / t_print:6.2f} MB/s  ({t_print:.2f} s; {t_print / t_scan:.1f}× the regex scan)"),
        ("print(parse(x)) == x", str(out == text)),
        ("linearity", f"{half_mb:.1f} MB in {t_half:.2f} s, {mb:.1f} MB in {t_parse:.2f} s: "
                      f"{t_parse / t_half:.2f}× time for {mb / half_mb:.2f}× input"),
    ]
    if not args.no_memory:
        del doc, out
        peak = peak_memory(text)
        rows.append(("peak memory of a parse", f"{peak / 1e6:.0f} MB = {peak / (mb * 1e6):.1f}× the input"))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
