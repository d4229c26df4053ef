#!/usr/bin/env python3
"""Benchmark: JSON in, part by part, over the parse of the same IR text; and `jlir print --from-json` against
`jlir print` of the text.

Usage:
    python3 scripts/bench/bench_json.py [--functions 2000] [--repeat 3]

On the first `--functions` dumps of the Base corpus (`scripts/bench/bench.py`'s), CPU time, the fastest of
`--repeat`: the parse, then `json.loads` of `jlir.to_json`'s JSON (the caller's, collector on), the decoding
(`jlir.json.from_json`), and the three parts of the reader's rule that `jlir.from_json` adds (print, read back,
compare), each over the parse; then `jlir.from_json(json.loads(…))` whole.  Then the CLI on the same text and its
`jlir parse --json` output: `print --from-json` against `print` and `parse` (CPU of the whole process).  The load
average is printed before and after.  No figure here is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(HERE), str(REPO)]

import jlir  # noqa: E402
from bench import corpus  # noqa: E402


def cpu(fn, repeat: int):
    best, out = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


def child_cpu(args: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        c = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "jlir", *args], cwd=REPO, stdout=subprocess.DEVNULL, check=True)
        d = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, d.ru_utime + d.ru_stime - c.ru_utime - c.ru_stime)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    from jlir.json import from_json, same_reading
    from jlir.syntax.reading import read_document
    part = "\n\n".join(corpus(None).split("\n\n")[:args.functions]) + "\n"
    print(f"load before: {os.getloadavg()[0]:.1f}")
    tp, doc = cpu(lambda: jlir.parse(part), args.repeat)
    data = json.dumps(jlir.to_json(doc))
    rows = [("json.loads", cpu(lambda: json.loads(data), args.repeat))]
    tree = rows[0][1][1]
    rows.append(("decode (jlir.json.from_json)", cpu(lambda: from_json(tree), args.repeat)))
    model = rows[-1][1][1]
    rows.append(("  rule: print", cpu(lambda: jlir.format(model), args.repeat)))
    text = rows[-1][1][1]
    rows.append(("  rule: read back", cpu(lambda: read_document(text), args.repeat)))
    again = rows[-1][1][1]
    rows.append(("  rule: compare", cpu(lambda: same_reading(model, again), args.repeat)))
    rows.append(("json.loads + jlir.from_json", cpu(lambda: jlir.from_json(json.loads(data)), args.repeat)))
    print(f"{args.functions} functions: {len(part) / 1e6:.2f} MB of IR, {len(data) / 1e6:.1f} MB of JSON; "
          f"parse {tp:.2f} s")
    for name, (t, _) in rows:
        print(f"{name:32s} {t:6.2f} s = {t / tp:.2f}× the parse")
    with tempfile.TemporaryDirectory() as d:
        ir, js = Path(d) / "ir.txt", Path(d) / "ir.json"
        ir.write_text(part, encoding="utf-8")
        with open(js, "w", encoding="utf-8") as out:
            subprocess.run([sys.executable, "-m", "jlir", "parse", "--json", str(ir)], cwd=REPO, stdout=out, check=True)
        printed = child_cpu(["print", str(ir)], args.repeat)
        parsed = child_cpu(["parse", str(ir)], args.repeat)
        from_js = child_cpu(["print", "--from-json", str(js)], args.repeat)
    print(f"CLI: print --from-json {from_js:.2f} s = {from_js / printed:.2f}× `print` ({printed:.2f} s), "
          f"{from_js / parsed:.2f}× `parse` ({parsed:.2f} s)")
    print(f"load after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
