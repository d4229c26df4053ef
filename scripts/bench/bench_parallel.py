#!/usr/bin/env python3
"""Benchmark: 1 worker against 2, through the Python API, the CLI and a dask cluster, for parse, analyze and opt.

Usage:
    python3 scripts/bench/bench_parallel.py [--corpus FILE] [--small 2000] [--big 8] [--big-mb 2]
                                            [--work parse,analyze,opt] [--modes api,cli,dask] [--repeat 2]

Two sets of inputs, cut from the Base corpus of `scripts/bench/bench.py` (Julia 1.5.3's `@code_typed` of every
cached Base method instance) into a temporary folder: (a) `--small` files of one dump each, (b) `--big` files of
about `--big-mb` MB each (consecutive dumps).  Three kinds of work on every file:

* parse: read it (the API's function returns the number of functions and statements; the CLI: `jlir parse`);
* analyze: every analysis of `jlir.analysis` on every function (the API's function returns the number of
  verifier diagnostics; the CLI: `jlir analyze`);
* opt: the passes `dce,sccp,copyprop,simplify-cfg,compact` (the API's function returns the length of the
  printed result; the CLI: `jlir opt`, whose output is written to /dev/null).

Modes: `api` is `jlir.batch.map_files(fn, paths, jobs=J)`, timed in a fresh process (after its imports) for
J = 1 then 2; `cli` is `python3 -m jlir VERB -j J FILES…`, a fresh process timed whole (start-up included, as a
user waits for it); `dask` is `map_files(fn, paths, executor=client.get_executor())` on a 2-worker
`distributed.LocalCluster` (one thread each), its start and a warm-up (jlir imported in each worker) timed apart.
Every ratio is of **wall time** (a speed-up is about waiting less; the CPU time of all processes is printed
beside it: on an idle machine the wall time with 2 workers is about the parent's share plus half the rest);
J = 1 and J = 2 run back to back, alternated,
`--repeat` times, and the best of each is kept: a shared machine's load then falls on both.  The load average
(`/proc/loadavg`, one minute) is printed before and after each pair: on a 2-core machine a ratio measured under
a load above ~1.5 says more about the neighbours than about jlir.  Peak memory: the largest resident set of
any one process of the run (the parent or a worker; dask: its workers').  No figure is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import hashlib
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

PASSES = "dce,sccp,copyprop,simplify-cfg,compact"
ANALYSES = ("cfg", "dominators", "post_dominators", "dominance_frontiers", "loops", "def_use", "liveness", "verify",
            "stability")
VERBS = {"parse": ["parse"], "analyze": ["analyze", "--no-color"], "opt": ["opt", "--passes", PASSES]}


# ---------------------------------------------------------------- the work (module level: dask pickles it by name)
def parse_work(doc) -> tuple[int, int]:
    import jlir
    fns = jlir.functions(doc)
    return len(fns), sum(len(f.stmts) for f in fns)


def analyze_work(doc) -> int:
    import jlir
    from jlir import analysis as A
    problems = 0
    for f in jlir.functions(doc):
        for name in ANALYSES:
            getattr(A, name)(f)
        problems += len(A.verify(f))
        A.clear()
    return problems


def opt_work(doc) -> int:
    import jlir
    from jlir import passes
    return len(jlir.format(passes.run_document(doc, PASSES.split(","))))


WORK = {"parse": parse_work, "analyze": analyze_work, "opt": opt_work}


def load() -> float:
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except OSError:
        return float("nan")


def cpu() -> float:
    """CPU seconds of this process and of the children it waited for (the CLI, a pool's workers)."""
    return sum(getattr(resource.getrusage(w), f) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
               for f in ("ru_utime", "ru_stime"))


def own_peak_mb() -> float:
    """This process's largest resident set, in MB, from the kernel's high-water mark of its memory (`VmHWM`).

    Not `getrusage(RUSAGE_SELF).ru_maxrss`: Linux keeps that across `exec`, so a process started by a large one
    reports its starter's size (every row read 277 MB, the benchmark's own size after cutting the corpus)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_mb() -> float:
    """The largest resident set of this process or of any child it waited for (the CLI, a pool's workers), in MB.
    A child's `ru_maxrss` is its own: it was started by this process, which is small when it starts them."""
    return max(own_peak_mb(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


# ---------------------------------------------------------------- one measurement, in a fresh process
def measure(spec: dict) -> dict:
    """Run one measurement (`--measure`): the API or the CLI on a list of files; wall seconds and peak MB."""
    paths = Path(spec["list"]).read_text(encoding="utf-8").split("\n")
    if spec["mode"] == "cli":
        verb = VERBS[spec["work"]]
        c, t = cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-m", "jlir", *verb, "-j", str(spec["jobs"]), *paths], cwd=REPO,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return {"wall": time.perf_counter() - t, "cpu": cpu() - c, "peak_mb": peak_mb()}
    from jlir import batch
    import jlir.syntax.reading  # noqa: F401  (imports are not the work: the API's caller has them already)
    from jlir import analysis, passes  # noqa: F401  (likewise)
    fn = WORK[spec["work"]]
    c, t = cpu(), time.perf_counter()
    results = [r.value for r in batch.map_files(fn, paths, jobs=spec["jobs"])]
    wall = time.perf_counter() - t
    return {"wall": wall, "cpu": cpu() - c, "peak_mb": peak_mb(),
            "digest": hashlib.sha1(repr(results).encode()).hexdigest()}


def run_measure(mode: str, work: str, jobs: int, listing: Path) -> dict:
    spec = {"mode": mode, "work": work, "jobs": jobs, "list": str(listing)}
    out = subprocess.run([sys.executable, __file__, "--measure", json.dumps(spec)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- dask
def dask_rows(sets: dict, works: list[str], repeat: int, pool_walls: dict) -> list[str]:
    try:
        import distributed
    except ImportError:
        return ["dask: not installed (pip install 'jlir[cluster]')"]
    from jlir import batch
    t = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    started = time.perf_counter() - t
    t = time.perf_counter()
    client.run(_warm)
    warmed = time.perf_counter() - t
    rows = [f"dask LocalCluster, 2 workers: started in {started:.1f} s, jlir imported in each in {warmed:.1f} s"]
    try:
        for name, paths in sets.items():
            for work in works:
                best = float("inf")
                l0 = load()
                for _ in range(repeat):
                    t = time.perf_counter()
                    for _ in batch.map_files(WORK[work], paths, executor=client.get_executor(), jobs=2):
                        pass
                    best = min(best, time.perf_counter() - t)
                mem = max(client.run(own_peak_mb).values())
                pool = pool_walls.get((name, work))
                vs = f", {best / pool:.2f}× the process pool's {pool:.2f} s" if pool else ""
                rows.append(f"dask   {work:8s} {name:6s}: {best:7.2f} s{vs}; workers' peak {mem:.0f} MB "
                            f"(load {l0:.1f} → {load():.1f})")
                print(rows[-1], file=sys.stderr, flush=True)
    finally:
        client.close()
        cluster.close()
    return rows


def _warm():
    import jlir
    jlir.parse("CodeInfo(\n1 ─     return 1\n)\n")


# ---------------------------------------------------------------- inputs
def make_inputs(text: str, small: int, big: int, big_mb: float, tmp: Path) -> dict[str, list[str]]:
    dumps = [d + "\n" for d in text.split("\n\n") if d.strip()]
    sets: dict[str, list[str]] = {"small": [], "big": []}
    for i, d in enumerate(dumps[:small]):
        p = tmp / f"s{i:05d}.txt"
        p.write_text(d, encoding="utf-8")
        sets["small"].append(str(p))
    k = small
    for i in range(big):
        part, size = [], 0
        while size < big_mb * 1e6 and k < len(dumps):
            part.append(dumps[k])
            size += len(dumps[k])
            k += 1
        p = tmp / f"b{i:02d}.txt"
        p.write_text("\n".join(part), encoding="utf-8")
        sets["big"].append(str(p))
    return sets


def pair_rows(mode: str, sets: dict, works: list[str], repeat: int, tmp: Path, walls: dict) -> list[str]:
    rows = []
    for name, paths in sets.items():
        listing = tmp / f"{name}.list"
        listing.write_text("\n".join(paths), encoding="utf-8")
        for work in works:
            best = {1: None, 2: None}
            l0 = load()
            for _ in range(repeat):
                for jobs in (1, 2):
                    m = run_measure(mode, work, jobs, listing)
                    if best[jobs] is None or m["wall"] < best[jobs]["wall"]:
                        best[jobs] = m
            one, two = best[1], best[2]
            same = "" if one.get("digest") == two.get("digest") else "  RESULTS DIFFER"
            walls[(name, work)] = two["wall"] if mode == "api" else walls.get((name, work))
            rows.append(f"{mode:6s} {work:8s} {name:6s}: 1 job {one['wall']:7.2f} s, 2 jobs {two['wall']:7.2f} s: "
                        f"{one['wall'] / two['wall']:.2f}×; CPU {one['cpu']:.2f} → {two['cpu']:.2f} s; peak {one['peak_mb']:.0f} → {two['peak_mb']:.0f} MB "
                        f"(load {l0:.1f} → {load():.1f}){same}")
            print(rows[-1], file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", type=Path, default=None, help="the corpus (default: bench.py's)")
    ap.add_argument("--small", type=int, default=2000)
    ap.add_argument("--big", type=int, default=8)
    ap.add_argument("--big-mb", type=float, default=2.0)
    ap.add_argument("--work", default="parse,analyze,opt")
    ap.add_argument("--modes", default="api,cli,dask")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(json.loads(args.measure))))
        return 0
    from bench import corpus
    text = args.corpus.read_text(encoding="utf-8") if args.corpus else corpus(None)
    works, modes = args.work.split(","), args.modes.split(",")
    walls: dict = {}
    rows = [f"{os.cpu_count()} cores; load before: {load():.1f}"]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        sets = make_inputs(text, args.small, args.big, args.big_mb, tmp)
        del text  # a child's peak resident set starts at this process's size when it forks: keep it small
        gc.collect()
        sizes = {k: sum(os.path.getsize(p) for p in v) / 1e6 for k, v in sets.items()}
        rows.append(f"small: {len(sets['small'])} files, {sizes['small']:.1f} MB; big: {len(sets['big'])} files, "
                    f"{sizes['big']:.1f} MB")
        print(rows[-1], file=sys.stderr, flush=True)
        for mode in ("api", "cli"):
            if mode in modes:
                rows += pair_rows(mode, sets, works, args.repeat, tmp, walls)
        if "dask" in modes:
            rows += dask_rows(sets, works, args.repeat, walls)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
