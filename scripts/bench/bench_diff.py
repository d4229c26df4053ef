"""`jlir diff` of a file with itself, at 200 / 1,400 / 2,000 functions of the Base corpus: time per statement
should stay flat (linear), thanks to the identical-function shortcut.

    python3 scripts/bench/bench_diff.py [--corpus ~/.cache/jlir/base-corpus-1.5.3.txt] [--sizes 200,1400,2000]

Prints one line per size: functions, statements, parse time, diff time, µs per statement (one run; ratios only).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

import jlir  # noqa: E402
from jlir.compare import diff_documents, render_text  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.path.expanduser("~/.cache/jlir/base-corpus-1.5.3.txt"))
    ap.add_argument("--sizes", default="200,1400,2000")
    args = ap.parse_args()
    if not os.path.exists(args.corpus):
        print(f"bench_diff: no corpus at {args.corpus} (scripts/gen/gen_base_corpus.jl makes it)", file=sys.stderr)
        return 2
    dumps = open(args.corpus, encoding="utf-8").read().split("\n\nCodeInfo(")
    for n in (int(x) for x in args.sizes.split(",")):
        text = dumps[0] + "".join("\n\nCodeInfo(" + d for d in dumps[1:n])
        text += "" if text.endswith("\n") else "\n"
        t0 = time.perf_counter()
        a, b = jlir.parse(text), jlir.parse(text)
        t1 = time.perf_counter()
        render_text(diff_documents(a, b))
        t2 = time.perf_counter()
        stmts = sum(len(f.stmts) for f in jlir.functions(a))
        print(f"{n:6d} functions {stmts:7d} statements {len(text) / 1e6:6.2f} MB  parse×2 {t1 - t0:6.2f} s  "
              f"diff {t2 - t1:6.2f} s  {1e6 * (t2 - t1) / stmts:6.1f} µs/statement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
