#!/usr/bin/env python3
"""What a pass's output costs to make printable as itself (`jlir.edit.shown.as_shown`), against the pass itself.

Usage:
    python3 scripts/bench/bench_shown.py FILE… [--passes dce,compact] [--repeat 3]

`jlir.passes.run` hands every pass's result to `as_shown` (a line table renumbered as the print shows it, a
right-hand gutter's table as a reader rebuilds it, …).  For every function of the files that read and every pass
named, this times the pass alone (`Pass.apply`) and then `as_shown` on its result, and reports per pass the two
totals and their ratio `(apply + as_shown) / apply`, so one run compares the two on one machine's load.  A terminal
copy (a colored print's right-hand gutter) is where `as_shown` does the most.  No figure is asserted.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

import jlir
from jlir import passes
from jlir.edit.shown import as_shown
from jlir.ir.errors import JlirError


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--passes", default="dce,sccp,copyprop,simplify-cfg,split-critical-edges,compact")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each (the fastest is kept)")
    a = ap.parse_args(argv)
    fns = []
    for path in a.files:
        try:
            fns += jlir.functions(jlir.parse_file(path))
        except JlirError:
            continue
    gutters = sum(f.screen is not None for f in fns)
    apply_s: dict[str, float] = defaultdict(float)
    shown_s: dict[str, float] = defaultdict(float)
    for name in a.passes.split(","):
        p = passes.REGISTRY[name]
        for f in fns:
            try:
                out = p.apply(f, [])
            except JlirError:
                continue
            apply_s[name] += _fastest(lambda: p.apply(f, []), a.repeat)
            shown_s[name] += _fastest(lambda: as_shown(out), a.repeat)
    print(f"{len(fns)} functions ({gutters} with a right-hand gutter) from {len(a.files)} files; "
          f"jlir from {Path(jlir.__file__).parent}")
    print(f"{'pass':<22} {'apply':>8} {'as_shown':>9} {'ratio':>7}")
    for name in a.passes.split(","):
        ratio = (apply_s[name] + shown_s[name]) / apply_s[name] if apply_s[name] else float("nan")
        print(f"{name:<22} {apply_s[name]:7.2f}s {shown_s[name]:8.2f}s {ratio:6.2f}×")
    total_a, total_s = sum(apply_s.values()), sum(shown_s.values())
    print(f"{'all':<22} {total_a:7.2f}s {total_s:8.2f}s {(total_a + total_s) / total_a:6.2f}×")
    return 0


def _fastest(work, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t)
    return best


if __name__ == "__main__":
    sys.exit(main())
