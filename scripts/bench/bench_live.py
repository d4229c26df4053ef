#!/usr/bin/env python3
"""How much a live session saves: 100 `fetch` calls in one session against one call's start-up.

    python3 scripts/bench/bench_live.py [--julia SPEC] [--calls N]

Measured in one run (figures vary with the machine; ratios are what to compare):
  one-shot     a fresh `julia jlir.jl render typed TARGET` process: what every call would cost
               without a kept-alive Julia
  start-up     a new subprocess session up to its first answer (Julia start, loading jlir.jl,
               compiling the reflection code once)
  N calls      N more `fetch` calls in that session, each for a different function (so Julia's
               inference cache does not answer them) and each read by jlir
The issue's bound: N = 100 calls take less than 10x the start-up.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from jlir.live import Julia  # noqa: E402
from jlir.live.locate import find_julia  # noqa: E402
from jlir.live.protocol import JLIR_JL  # noqa: E402
from jlir.live.subprocess_backend import JULIA_OPTIONS  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--julia", default=None, metavar="SPEC")
    ap.add_argument("--calls", type=int, default=100)
    args = ap.parse_args()
    n = args.calls
    defs = "".join(f"bench_{k}(x) = x * {k} + sin(x) / {k + 1}\n" for k in range(n + 1))
    with tempfile.NamedTemporaryFile("w", suffix=".jl", delete=False) as case:
        case.write("# target: bench_0(1.0)\n" + defs)
    defs_file = Path(case.name)

    command = find_julia(args.julia)
    t0 = time.perf_counter()
    subprocess.run([*command.argv, *JULIA_OPTIONS, str(JLIR_JL), "render", "typed", "bench_0(1.0)", str(defs_file)],
                   check=True, capture_output=True)
    one_shot = time.perf_counter() - t0

    t0 = time.perf_counter()
    with Julia(args.julia, backend="subprocess") as jl:
        jl.fetch("bench_0(1.0)", defs=defs, defs_name="bench.jl")
        startup = time.perf_counter() - t0
        t0 = time.perf_counter()
        statements = 0
        for k in range(1, n + 1):
            statements += len(jl.fetch(f"bench_{k}(1.0)", defs=defs, defs_name="bench.jl").stmts)
        calls = time.perf_counter() - t0
        version = jl.version
    defs_file.unlink()

    print(f"Julia {version} ({command})")
    print(f"one-shot process, one call    {one_shot:7.3f} s")
    print(f"session start-up + first call {startup:7.3f} s")
    print(f"{n} more calls in the session  {calls:7.3f} s  ({1000 * calls / n:.1f} ms per call, "
          f"{statements} statements read)")
    print(f"ratio: {n} calls / start-up = {calls / startup:.2f}x (bound: < 10x); "
          f"{n} one-shot processes would take ~{n * one_shot:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
