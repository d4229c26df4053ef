#!/usr/bin/env python3
"""The optimisation passes over the Base corpus: crashes, verifier rejections, time and effect per pass.

Usage:
    python3 scripts/bench/bench_passes.py [FILE] [--size-mb 11] [--passes dce,copyprop,simplify-cfg,split-critical-edges,compact]

Every function of the corpus `scripts/bench/bench.py` uses (Julia 1.5.3's `@code_typed` of every
cached Base method instance) goes through the pipeline, one pass at a time, each followed by
the verifier (as `jlir.passes.run` does).  Reported: functions that crashed (an exception
other than the pass's own refusal), outputs the verifier rejected, and per pass its total
time and how many statements and blocks it removed (or added).  No figure is asserted.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import jlir  # noqa: E402
from bench import corpus, prefix  # noqa: E402
from jlir import passes  # noqa: E402
from jlir.analysis.verifier import verify_ir  # noqa: E402

PIPELINE = "dce,sccp,copyprop,simplify-cfg,split-critical-edges,compact"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--size-mb", type=float, default=11.0)
    ap.add_argument("--passes", default=PIPELINE)
    args = ap.parse_args()
    names = args.passes.split(",")
    fns = jlir.functions(jlir.parse(prefix(corpus(args.file), args.size_mb)))
    seconds: dict[str, float] = defaultdict(float)
    stmts: Counter = Counter()
    blocks: Counter = Counter()
    crashes: Counter = Counter()
    rejected: Counter = Counter()
    total_stmts = sum(len(f.positional) for f in fns)
    t_verify = 0.0
    for f in fns:
        for name in names:
            pass_ = passes.REGISTRY[name]
            t = time.perf_counter()
            try:
                g = pass_.apply(f, [])
            except Exception as e:  # a crash: any exception is counted, by kind
                crashes[f"{name}: {type(e).__name__}"] += 1
                break
            seconds[name] += time.perf_counter() - t
            t = time.perf_counter()
            if any(d.severity == "error" for d in verify_ir(g)):
                rejected[name] += 1
                break
            t_verify += time.perf_counter() - t
            stmts[name] += len(f.positional) - len(g.positional)
            blocks[name] += len(f.blocks) - len(g.blocks)
            f = g
    print(f"input         {len(fns)} functions, {total_stmts} statements; pipeline {args.passes}")
    print(f"crashes       {sum(crashes.values())}" + "".join(f"; {k}: {v}" for k, v in crashes.items()))
    print(f"rejected      {sum(rejected.values())}" + "".join(f"; {k}: {v}" for k, v in rejected.items()))
    for name in names:
        print(f"{name:<22} {seconds[name]:7.2f} s   statements {-stmts[name]:+7d} "
              f"({-100 * stmts[name] / total_stmts:+.2f}%)   blocks {-blocks[name]:+6d}")
    print(f"{'verifier (after each)':<22} {t_verify:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
