#!/usr/bin/env python3
"""Editing over the Base corpus: compaction and BBCode on every function, counted and timed.

Usage:
    python3 scripts/bench/bench_edit.py [FILE] [--size-mb 11]

For every function of the corpus `scripts/bench/bench.py` uses (Julia 1.5.3's `@code_typed`
of every cached Base method instance), this reports:
  * how many `compact()` prints back byte for byte (Julia's printed IR still holds the
    `nothing` statements its last `simple_dce!` left; Julia's own `compact!` drops them,
    so does jlir: those functions are counted apart, by the reason they change);
  * that `compact()` is idempotent (a second compaction changes nothing);
  * how many `BBCode(f).to_function() == f` (lossless conversion);
and the time of each step relative to parsing the same input.  No figure is asserted.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import jlir  # noqa: E402
from bench import corpus, prefix  # noqa: E402
from jlir.edit import BBCode, IRCode  # noqa: E402
from jlir.ir import values as V  # noqa: E402


def why_changed(f) -> str:
    """Why compaction changes a function: the `nothing`s Julia's DCE left, or something else (a finding)."""
    if any(s.node == V.NOTHING for s in f.positional):
        return "drops the nothing statements Julia's simple_dce! left"
    return "other"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--size-mb", type=float, default=11.0)
    args = ap.parse_args()
    text = prefix(corpus(args.file), args.size_mb)
    t0 = time.perf_counter()
    doc = jlir.parse(text)
    t_parse = time.perf_counter() - t0
    fns = jlir.functions(doc)
    same = idem = lossless = 0
    changed: Counter = Counter()
    t_compact = t_bb = 0.0
    for f in fns:
        t = time.perf_counter()
        g = IRCode(f).compact()
        t_compact += time.perf_counter() - t
        if g == f or jlir.format(g) == jlir.format(f):
            same += 1
        else:
            changed[why_changed(f)] += 1
        idem += IRCode(g).compact() == g
        t = time.perf_counter()
        lossless += BBCode(f).to_function() == f
        t_bb += time.perf_counter() - t
    n = len(fns)
    print(f"input                 {len(text) / 1e6:.1f} MB, {n} functions (parse {t_parse:.2f} s)")
    print(f"compact, no edits     {same} of {n} print back byte for byte; changed: "
          + ", ".join(f"{k}: {v}" for k, v in changed.most_common()))
    print(f"compact idempotent    {idem} of {n}")
    print(f"BBCode lossless       {lossless} of {n}")
    print(f"time                  compact {t_compact:.2f} s ({t_compact / t_parse:.2f}× parse), "
          f"BBCode both ways {t_bb:.2f} s ({t_bb / t_parse:.2f}× parse)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
