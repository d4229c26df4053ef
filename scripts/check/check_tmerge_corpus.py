#!/usr/bin/env python3
"""Holdout check of `jlir.lattice.tmerge` on the Base corpus's φs (Julia 1.5.3 `code_typed`, optimized).

    python3 scripts/check/check_tmerge_corpus.py [--corpus-mb 0]

For every φ whose incoming values' types the print shows (SSA values with a type, constants; not
arguments), fold `tmerge` over them in edge order, as `slot2reg`'s `recompute_type` does, and compare
with the φ's printed type.  Optimized IR is not slot2reg's output: inlining copies callees' φs and widens
their constants' types, later passes narrow some φs, so a few differences are expected and counted; the
rest must agree.  Prints the counts and the first differences.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus-mb", type=float, default=0.0, help="size of the Base corpus prefix (0: all of it)")
    ap.add_argument("--show", type=int, default=10, help="print this many differences")
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here.parent / "bench"), str(here.parents[1])]  # scripts/bench/bench.py, this checkout's jlir
    import jlir
    from bench import corpus, prefix
    from jlir.ir import nodes as N
    from jlir.ir import types as T
    from jlir.ir import values as V
    from jlir.lattice.tmerge import const_of, maybe_undef, signed_hint, tmerge, widenconst
    counts: collections.Counter = collections.Counter()
    shown = 0
    for dump in prefix(corpus(None), args.corpus_mb).split("\n\n"):
        try:
            fns = jlir.functions(jlir.parse(dump + "\n")) if dump.strip() else []
        except jlir.ParseError:
            continue
        for f in fns:
            stmts = f.positional
            for s in stmts:
                if type(s.node) is not N.PhiNode or s.type is None:
                    continue
                tys = [maybe_undef(T.UNION_EMPTY) if v is None else stmts[v.id - 1].type if type(v) is V.SSAValue
                       else const_of(v) if type(v) is V.Literal else None for v in s.node.values]
                if any(t is None for t in tys):
                    counts["input types not printed"] += 1
                    continue
                r, hint = T.UNION_EMPTY, signed_hint(tys)
                for t in tys:
                    r = None if r is None else tmerge(r, t, int_hint=hint)
                if r is None:
                    counts["undecided"] += 1
                elif r == s.type:
                    counts["equal"] += 1
                elif widenconst(r) == s.type:
                    counts["equal but for the Const optimized IR widened"] += 1
                else:
                    counts["different"] += 1
                    if shown < args.show:
                        shown += 1
                        print(f"  φ {s.node}: Julia {s.type}, jlir {r}")
    for k, n in counts.most_common():
        print(f"{k}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
