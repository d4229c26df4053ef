#!/usr/bin/env python3
"""The speed table of docs/speed.md, measured in one run: each figure a ratio of CPU times of this same run.

Usage:
    python3 scripts/bench/bench_report.py [--functions 2000] [--diamonds 250] [--opt-mb 2] [--jobs-files 8] [--repeat 3]
                                          [--rows ssa,corpus,dominators,opt,startup,jobs]

Rows (each the median of `--repeat` runs where it is cheap enough, CPU time of this process or of its children):

* out-of-SSA and into-SSA on a loop of N and 4N swapping if/else diamonds (Julia 1.5.3's `code_typed` and
  `code_lowered` of `scripts/gen/gen_swap_diamonds.jl`, generated on first use into ~/.cache/jlir): time at 4N over
  time at N (linear is 4×); into-SSA is what `jlir ssa` does (into_ssa, verify, print);
* every analysis of `jlir.analysis` on the first `--functions` functions of the Base corpus (`scripts/bench/bench.py`'s),
  over their parse time (parse, analyses of that parse and JSON in alternated `--repeat` times, the fastest of each);
* JSON in (`json.loads` + `jlir.from_json`) of the same functions, over their parse time, and in MB/s of JSON;
* dominator and post-dominator trees, 10k → 100k blocks, cyclic collector on: the worst growth of the four
  shapes of `scripts/bench/bench_analyses.py`;
* `jlir opt` (the default pipeline) of a `--opt-mb` and a 4× larger prefix of the corpus: growth, and over parse;
* parse and print over the regex line scan (`scripts/bench/bench.py`'s), on `--opt-mb` of the corpus;
* start-up: `python3 -m jlir parse` of one small dump (CPU, a fresh process), and how much of it is `import`;
* `-j 2` against `-j 1`: wall time of `jlir parse --json` over `--jobs-files` files of the corpus.

No figure is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(HERE), str(REPO)]

import jlir  # noqa: E402
from bench import LINE_RX, corpus, first_dump, prefix  # noqa: E402

CACHE = Path.home() / ".cache" / "jlir"


def cpu(fn, *args, repeat: int = 1) -> float:
    """Median CPU seconds of `fn(*args)` (collector as the library leaves it: on)."""
    times = []
    for _ in range(max(repeat, 1)):
        gc.collect()
        t = time.process_time()
        fn(*args)
        times.append(time.process_time() - t)
    return statistics.median(times)


def diamonds(n: int, kind: str) -> str:
    path = CACHE / f"swap-diamonds-{n}.{kind}.txt"
    if not path.exists():
        julia = os.environ.get("JLIR_JULIA") or "julia"
        text = subprocess.run([julia, str(HERE.parent / "gen" / "gen_swap_diamonds.jl"), str(n), kind], check=True,
                              capture_output=True, text=True).stdout
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path.read_text(encoding="utf-8")


def ssa_rows(n: int, repeat: int) -> list:
    from jlir.analysis.verifier import verify_ir
    from jlir.cli.ssa import slot_names, slot_types
    from jlir.ssa import into_ssa
    from jlir.ssa.out_of_ssa import out_of_ssa

    def into(fn):
        out = into_ssa(fn, slotnames=slot_names(fn), slottypes=slot_types(fn))
        verify_ir(out)
        jlir.format(out)
    rows = []
    for label, kind, work in (("out-of-SSA", "typed", lambda f: out_of_ssa(f)), ("into-SSA (`jlir ssa`)", "lowered", into)):
        small, big = (jlir.functions(jlir.parse(diamonds(k, kind)))[0] for k in (n, 4 * n))
        a, b = cpu(work, small, repeat=repeat), cpu(work, big, repeat=repeat)
        rows.append((f"{label}, {n} → {4 * n} diamonds", f"{b / a:.1f}× the time ({a:.2f} s → {b:.2f} s)", "≤ 5×"))
    return rows


def corpus_rows(functions: int, repeat: int) -> list:
    """Parse, every analysis of a fresh parse, and JSON in, alternated `repeat` times: the fastest of each (on a
    shared machine the neighbours' bursts hit one side or the other; the minimum of alternated runs is the least
    disturbed figure of each side), with the load average before and after."""
    from jlir import analysis as A
    text = corpus(None)
    dumps = text.split("\n\n")
    part = "\n\n".join(dumps[:functions]) + "\n"
    names = ("cfg", "dominators", "post_dominators", "dominance_frontiers", "loops", "def_use", "liveness", "verify",
             "stability")

    def analyses(fns):
        for f in fns:
            for name in names:
                getattr(A, name)(f)
            A.clear()
    data = json.dumps(jlir.to_json(jlir.parse(part)))
    load = os.getloadavg()[0]
    t_parse = t_an = t_json = float("inf")
    for _ in range(max(repeat, 1)):
        gc.collect()
        t = time.process_time()
        doc = jlir.parse(part)
        t_parse = min(t_parse, time.process_time() - t)
        t_an = min(t_an, cpu(analyses, jlir.functions(doc)))
        del doc
        t_json = min(t_json, cpu(lambda: jlir.from_json(json.loads(data))))
    fns = len(jlir.functions(jlir.parse(part)))
    under = f"load {load:.1f}–{os.getloadavg()[0]:.1f}"
    return [(f"every analysis, {fns:,} Base functions", f"{t_an / t_parse:.2f}× their parse ({t_an:.2f} s; {under})",
             "≤ 1×"),
            ("JSON in (`json.loads` + `from_json`)", f"{t_json / t_parse:.2f}× their parse "
             f"({len(data) / 1e6 / t_json:.1f} MB/s of JSON; {under})", "≤ 2×")]


def dominator_row() -> list:
    from bench_analyses import SHAPES, cfg_from_succs
    from jlir.analysis.dominance import dominator_tree, post_dominator_tree
    worst = (0.0, "")
    for shape, build in SHAPES.items():
        for name, fn in (("dominators", dominator_tree), ("post-dominators", post_dominator_tree)):
            a, b = (cpu(fn, cfg_from_succs(build(k))) for k in (10_000, 100_000))
            worst = max(worst, (b / a, f"{shape} {name}"))
    return [("dominators, 10k → 100k blocks, collector on", f"×{worst[0]:.1f} at worst ({worst[1]})", "near-linear")]


def child_cpu() -> float:
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run_cli(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of `python3 -m jlir ARGS` in a fresh process."""
    c, w = child_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "jlir", *args], cwd=REPO, check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return child_cpu() - c, time.perf_counter() - w


def opt_parse_rows(mb: float, tmp: Path, repeat: int) -> list:
    small, big = prefix(corpus(None), mb), prefix(corpus(None), 4 * mb)
    (tmp / "small.txt").write_text(small, encoding="utf-8")
    (tmp / "big.txt").write_text(big, encoding="utf-8")
    a = run_cli(["opt", "--passes", "dce,sccp,copyprop,simplify-cfg,compact", str(tmp / "small.txt")])[0]
    b = run_cli(["opt", "--passes", "dce,sccp,copyprop,simplify-cfg,compact", str(tmp / "big.txt")])[0]
    t_parse_big = cpu(jlir.parse, big)
    scan = cpu(lambda: sum(1 for line in small.split("\n") if LINE_RX.match(line)), repeat=repeat)
    doc = jlir.parse(small)
    parse, printing = cpu(jlir.parse, small, repeat=repeat), cpu(jlir.format, doc, repeat=repeat)
    return [(f"`jlir opt`, {mb:g} → {4 * mb:g} MB", f"×{b / a:.1f} ({a:.1f} s → {b:.1f} s); {b / t_parse_big:.1f}× "
             "its parse", "linear, ≤ 10× its parse"),
            (f"parse / print × the regex line scan, {mb:g} MB", f"{parse / scan:.1f}× / {printing / scan:.1f}×",
             "≤ 4× / ≤ 1.5×")]


def startup_row(tmp: Path) -> list:
    tiny = tmp / "tiny.txt"
    tiny.write_text(first_dump(corpus(None)), encoding="utf-8")
    total = statistics.median(run_cli(["parse", str(tiny)])[0] for _ in range(3))
    c = child_cpu()
    for _ in range(3):
        subprocess.run([sys.executable, "-c", "import jlir.cli.app, jlir.syntax.reading"], cwd=REPO, check=True)
    imports = (child_cpu() - c) / 3
    c = child_cpu()
    for _ in range(3):
        subprocess.run([sys.executable, "-c", "pass"], cwd=REPO, check=True)
    python = (child_cpu() - c) / 3
    return [("start-up: `jlir parse` of one small dump", f"{total:.2f} s CPU: Python {python:.2f} s, jlir's imports "
             f"{imports - python:.2f} s, the work {max(total - imports, 0):.2f} s", "(look again)")]


def jobs_row(files: int, tmp: Path) -> list:
    dumps = corpus(None).split("\n\n")
    per = max(1, min(len(dumps) // files, 300))
    paths = []
    for i in range(files):
        p = tmp / f"part{i:03d}.txt"
        p.write_text("\n\n".join(dumps[i * per:(i + 1) * per]) + "\n", encoding="utf-8")
        paths.append(str(p))
    runs: dict = {1: [], 2: []}
    for _ in range(2):  # alternated, the faster of two: the machine is shared
        for j in (1, 2):
            runs[j].append(run_cli(["parse", "--json", "-j", str(j), *paths]))
    (c1, w1), (c2, w2) = (min(runs[j], key=lambda r: r[1]) for j in (1, 2))
    return [(f"`jlir parse --json -j 2`, {files} files × {per} dumps", f"wall {w1:.2f} s → {w2:.2f} s ({w1 / w2:.2f}× "
             f"on {os.cpu_count()} shared cores); CPU {c1:.2f} s → {c2:.2f} s in all", "all cores")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=2000)
    ap.add_argument("--diamonds", type=int, default=250)
    ap.add_argument("--opt-mb", type=float, default=2.0)
    ap.add_argument("--jobs-files", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rows", default="ssa,corpus,dominators,opt,startup,jobs",
                    help="which groups of rows to measure (comma-separated; default: all)")
    args = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        steps = {"ssa": lambda: ssa_rows(args.diamonds, args.repeat),
                 "corpus": lambda: corpus_rows(args.functions, args.repeat), "dominators": dominator_row,
                 "opt": lambda: opt_parse_rows(args.opt_mb, tmp, args.repeat), "startup": lambda: startup_row(tmp),
                 "jobs": lambda: jobs_row(args.jobs_files, tmp)}
        for step in (steps[name] for name in args.rows.split(",")):
            for row in step():
                print(" | ".join(row), file=sys.stderr, flush=True)
                rows.append(row)
    print("| what | measured | target |\n|---|---|---|")
    for what, got, target in rows:
        print(f"| {what} | {got} | {target} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
