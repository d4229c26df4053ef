#!/usr/bin/env python3
"""Benchmark: every analysis over the Base corpus, and dominator trees on synthetic CFGs of 1k to 1M blocks.

Usage:
    python3 scripts/bench/bench_analyses.py [--sizes 1000,10000,100000,1000000] [--repeat 3] [--gc] [--corpus-mb 11]
                                            [--shapes ladder,diamonds,loop-nest,random]

The corpus part (`--corpus-mb 0` skips it) parses the corpus `scripts/bench/bench.py` uses (Julia 1.5.3's
`@code_typed` of cached Base method instances), then runs every analysis of `jlir.analysis` on every
function, and prints each one's total time and share next to the parse time (the goal: all of them
together faster than parsing).

Four shapes, each built at every size (building is not timed):

* ladder: a chain where every block also jumps back to the entry;
* diamonds: a chain of if/else diamonds (`a -> b, c -> d`);
* loop-nest: loops nested as deep as the graph allows (headers 1..d, latch
  d+k jumping back to header d-k+1), so the dominator tree is one long path;
* random: fall-through plus one random branch target per block (irreducible
  cycles, unreachable blocks and blocks that never exit all occur).

For each shape and analysis it prints the fastest of `--repeat` runs per size
(CPU time of this process, `time.process_time`: the machine is shared, and
wall time would count other people's work) and the growth exponent: the least-squares slope of log(time) against
log(blocks); with both the ladder and the random graph, the ratio of their times at each size (the target: random
within 1.2× of the ladder at 1 M blocks).  Above 100,000 blocks each figure is the fastest of `--repeat // 3` runs.
The cyclic garbage collector is paused while timing (the
analyses build only flat lists and tuples, which it would rescan for nothing);
`--gc` leaves it on.  No figure here is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import math
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from jlir.analysis.dominance import dominator_tree, post_dominator_tree  # noqa: E402
from jlir.ir.cfg import CFG, BasicBlock  # noqa: E402

ANALYSES = {"dominators": dominator_tree, "post-dominators": post_dominator_tree}


def cfg_from_succs(succs: list[list[int]]) -> CFG:
    """One statement per block, predecessors derived in Julia's order."""
    preds: list[list[int]] = [[] for _ in succs]
    for b, ss in enumerate(succs, 1):
        for s in ss:
            preds[s - 1].append(b)
    return CFG(tuple(BasicBlock(i, i, tuple(p), tuple(s)) for i, (p, s) in enumerate(zip(preds, succs), 1)))


def ladder(n: int) -> list[list[int]]:
    return [[b + 1, 1] for b in range(1, n)] + [[]]


def diamonds(n: int) -> list[list[int]]:
    succs: list[list[int]] = []
    for b in range(1, n + 1):
        phase = (b - 1) % 3               # 0: branch, 1: left arm, 2: right arm (both join at the next branch)
        if phase == 0:
            succs.append([b + 1, b + 2] if b + 2 <= n else [])
        elif phase == 1:
            succs.append([b + 2] if b + 2 <= n else [])
        else:
            succs.append([b + 1] if b + 1 <= n else [])
    return succs


def loop_nest(n: int) -> list[list[int]]:
    d = (n - 1) // 2
    return ([[i + 1] for i in range(1, d + 1)] + [[d - k + 1, d + k + 1] for k in range(1, d + 1)]
            + [[]] * (n - 2 * d))


def random_graph(n: int, seed: int = 1) -> list[list[int]]:
    rng = random.Random(seed)
    succs: list[list[int]] = []
    for b in range(1, n + 1):
        r = rng.random()
        falls = [b + 1] if b < n else []
        if r < 0.02 and b > 1:
            succs.append([])
        elif r < 0.2 and b > 1:
            succs.append([rng.randint(1, n)])
        else:
            t = rng.randint(max(1, b - 50), min(n, b + 50)) if r < 0.9 else rng.randint(1, n)
            succs.append([t] + [f for f in falls if f != t])
    return succs


SHAPES = {"ladder": ladder, "diamonds": diamonds, "loop-nest": loop_nest, "random": random_graph}


def fastest(fn, cfg: CFG, repeat: int, collect: bool) -> float:
    best = math.inf
    for _ in range(repeat):
        gc.collect()
        if not collect:
            gc.disable()
        t0 = time.process_time()
        fn(cfg)
        best = min(best, time.process_time() - t0)
        gc.enable()
    return best


def slope(sizes: list[int], times: list[float]) -> float:
    """Least-squares slope of log(time) on log(size): 1.0 is linear growth (NaN from fewer than two sizes)."""
    if len(set(sizes)) < 2:
        return math.nan
    xs = [math.log(s) for s in sizes]
    ys = [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def bench_synthetic(sizes: list[int], repeat: int = 3, collect: bool = False, shapes=tuple(SHAPES)) -> dict:
    """Time every analysis on every shape and size; print the table; return `{(shape, analysis): [seconds]}`."""
    results: dict[tuple[str, str], list[float]] = {}
    header = f"{'shape':<10} {'analysis':<16}" + "".join(f"{s:>12,}" for s in sizes) + "   exponent"
    print(header)
    print("-" * len(header))
    for shape in shapes:
        build = SHAPES[shape]
        for size in sizes:
            cfg = cfg_from_succs(build(size))
            for name, fn in ANALYSES.items():
                runs = repeat if size <= 100_000 else max(1, repeat // 3)
                results.setdefault((shape, name), []).append(fastest(fn, cfg, runs, collect))
            del cfg
        for name in ANALYSES:
            times = results[(shape, name)]
            cells = "".join(f"{t * 1000:>10.1f}ms" for t in times)
            print(f"{shape:<10} {name:<16}{cells}   {slope(sizes, times):8.3f}", flush=True)
    return results


CORPUS_ANALYSES = ("cfg", "dominators", "post_dominators", "dominance_frontiers", "loops", "def_use", "liveness",
            "verify", "stability")


def bench_corpus(size_mb: float) -> None:
    """Every analysis on every function of the Base corpus, timed apart, against the time to parse it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jlir
    from jlir import analysis as A
    from bench import corpus, prefix
    text = prefix(corpus(None), size_mb)
    t = time.process_time()
    fns = jlir.functions(jlir.parse(text))
    t_parse = time.process_time() - t
    spent = dict.fromkeys(CORPUS_ANALYSES, 0.0)
    for f in fns:
        for name in CORPUS_ANALYSES:
            t = time.process_time()
            getattr(A, name)(f)
            spent[name] += time.process_time() - t
        A.clear()
    total = sum(spent.values())
    print(f"corpus: {len(text) / 1e6:.1f} MB, {len(fns)} functions, parse {t_parse:.2f} s")
    for name in CORPUS_ANALYSES:
        print(f"  {name:<20} {spent[name]:7.2f} s  {100 * spent[name] / total:5.1f}%")
    print(f"  {'all analyses':<20} {total:7.2f} s  = {total / t_parse:.2f}× the parse time")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--gc", action="store_true", help="leave the cyclic garbage collector on while timing")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="which shapes (comma-separated)")
    ap.add_argument("--corpus-mb", type=float, default=11.0, help="size of the Base corpus prefix (0: skip it)")
    args = ap.parse_args(argv)
    if args.corpus_mb:
        bench_corpus(args.corpus_mb)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = bench_synthetic(sizes, args.repeat, args.gc, args.shapes.split(","))
    if ("ladder", "dominators") in results and ("random", "dominators") in results:
        for name in ANALYSES:
            ratios = [r / l for r, l in zip(results["random", name], results["ladder", name])]
            print(f"random / ladder, {name}: " + ", ".join(f"{q:.2f}× at {s:,}" for q, s in zip(ratios, sizes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
