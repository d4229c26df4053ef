#!/usr/bin/env python3
"""Benchmark: out-of-SSA over the Base corpus, with copy counts before and after coalescing.

    python3 scripts/bench/bench_ssa.py [--corpus-mb 5] [--per-function N] [--csv FILE]

The corpus is the one `scripts/bench/bench.py` uses (Julia 1.5.3's `code_typed` of Base methods, generated on
first use).  For every function with φ or φᶜ nodes it runs `jlir.ssa.out_of_ssa` (Sreedhar's method I,
coalescing, sequentialised parallel copies) and the naive translation, verifies the result, and counts:
method I's copies (one per φ edge plus one per φ: `before`), the copies left after coalescing (`after`),
the temporaries cycles needed, and the naive translation's copies, in total and per function:
`--per-function N` lists the N functions with the most φs, `--csv FILE` writes one row per function
(its place in the corpus, statements, φs, φᶜs, copies before and after coalescing, temporaries, naive
copies), and the summary gives the spread of the per-function share of copies coalescing removed.
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
    ap.add_argument("--csv", type=Path, default=None, metavar="FILE", help="write one row of counts per function")
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parents[1])]  # scripts/bench/bench.py, and this checkout's jlir
    import jlir
    from bench import corpus, prefix
    from jlir.analysis.verifier import verify_ir
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
        rows.append((i, stats, naive, len(f.stmts)))
    total = lambda key: sum(getattr(s, key) for _, s, _, _ in rows)  # noqa: E731
    print(f"corpus: {len(text) / 1e6:.1f} MB, {len(fns)} functions ({unreadable} dumps unreadable), {len(rows)} with φ or φᶜ, "
          f"out-of-ssa {spent:.2f} s, {failed} not verifying")
    print(f"  φ: {total('phis')}, φᶜ: {total('phics')}")
    print(f"  copies, method I (before coalescing): {total('before')}")
    print(f"  copies after coalescing:              {total('after')}  "
          f"({100 * (1 - total('after') / max(1, total('before'))):.1f}% removed)")
    print(f"  cycle temporaries:                    {total('temps')}")
    print(f"  naive translation's copies:           {sum(n.after for _, _, n, _ in rows)}")
    _spread([1 - s.after / s.before for _, s, _, _ in rows if s.before])
    print(f"per function (the {args.per_function} with most φs): function #, φs, before, after, temps")
    for i, s, _, _ in sorted(rows, key=lambda r: -r[1].phis)[:args.per_function]:
        print(f"  #{i:<6} {s.phis:5} {s.before:7} {s.after:6} {s.temps:6}")
    if args.csv is not None:
        with args.csv.open("w", encoding="utf-8") as out:
            out.write("function,statements,phis,phics,before,after,temps,naive\n")
            for i, s, n, k in rows:
                out.write(f"{i},{k},{s.phis},{s.phics},{s.before},{s.after},{s.temps},{n.after}\n")
        print(f"per-function counts of {len(rows)} functions written to {args.csv}")
    return 0 if not failed else 1


def _spread(removed: list[float]) -> None:
    """The per-function share of method I's copies that coalescing removed: quartiles, and the extremes' counts."""
    if not removed:
        return
    r = sorted(removed)
    q = [r[min(len(r) - 1, int(len(r) * k / 4))] for k in (1, 2, 3)]
    print(f"  per function, share of copies removed: quartiles {q[0]:.0%} / {q[1]:.0%} / {q[2]:.0%}, "
          f"all removed in {sum(x == 1 for x in r)}, none in {sum(x == 0 for x in r)} of {len(r)}")


if __name__ == "__main__":
    sys.exit(main())
