#!/usr/bin/env python3
"""Benchmark: out-of-SSA over the Base corpus, with copy counts before and after coalescing.

    python3 scripts/bench_ssa.py [--corpus-mb 5] [--per-function N]

The corpus is the one `scripts/bench.py` uses (Julia 1.5.3's `code_typed` of Base methods, generated on
first use).  For every function with φ or φᶜ nodes it runs `jlir.ssa.out_of_ssa` (Sreedhar's method I,
coalescing, sequentialised parallel copies) and the naive translation, verifies the result, and counts:
method I's copies (one per φ edge plus one per φ: `before`), the copies left after coalescing (`after`),
the temporaries cycles needed, and the naive translation's copies.  `--per-function N` lists the N
functions with the most φs.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus-mb", type=float, default=5.0, help="size of the Base corpus prefix (0: all of it)")
    ap.add_argument("--per-function", type=int, default=10, metavar="N", help="list the N functions with most φs")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jlir
    from bench import corpus, prefix
    from jlir.analysis.verify import verify_ir
    from jlir.ir import nodes as N
    from jlir.ssa.out_of_ssa import out_of_ssa
    text = prefix(corpus(None), args.corpus_mb)
    fns, unreadable = [], 0
    for dump in text.split("\n\n"):  # one dump at a time: a dump jlir cannot read is counted, not fatal
        if dump.strip():
            try:
                fns += jlir.functions(jlir.parse(dump + "\n"))
            except jlir.ParseError:
                unreadable += 1
    rows, failed, spent = [], 0, 0.0
    for i, f in enumerate(fns, 1):
        if not any(type(s.node) in (N.PhiNode, N.PhiCNode) for s in f.stmts):
            continue
        t = time.process_time()
        out, stats = out_of_ssa(f)
        spent += time.process_time() - t
        _, naive = out_of_ssa(f, naive=True)
        if any(d.severity == "error" for d in verify_ir(out)):
            failed += 1
        rows.append((i, stats, naive))
    total = lambda key: sum(getattr(s, key) for _, s, _ in rows)  # noqa: E731
    print(f"corpus: {len(text) / 1e6:.1f} MB, {len(fns)} functions ({unreadable} dumps unreadable), {len(rows)} with φ or φᶜ, "
          f"out-of-ssa {spent:.2f} s, {failed} not verifying")
    print(f"  φ: {total('phis')}, φᶜ: {total('phics')}")
    print(f"  copies, method I (before coalescing): {total('before')}")
    print(f"  copies after coalescing:              {total('after')}  "
          f"({100 * (1 - total('after') / max(1, total('before'))):.1f}% removed)")
    print(f"  cycle temporaries:                    {total('temps')}")
    print(f"  naive translation's copies:           {sum(n.after for _, _, n in rows)}")
    print(f"per function (the {args.per_function} with most φs): function #, φs, before, after, temps")
    for i, s, _ in sorted(rows, key=lambda r: -r[1].phis)[:args.per_function]:
        print(f"  #{i:<6} {s.phis:5} {s.before:7} {s.after:6} {s.temps:6}")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
