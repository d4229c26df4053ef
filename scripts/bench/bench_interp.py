"""Steps per second of jlir.interp on loop-heavy fixture functions (Julia 1.5.3's typed prints).

    python3 scripts/bench/bench_interp.py [--n 200000]

Each function is run once to compile it, then timed on a large input; a step is one IR statement executed.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import jlir
from jlir import interp

ROOT = Path(__file__).resolve().parents[2]


def _fn(case: str, form: str = "typed"):
    return jlir.functions(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / f"{case}.{form}.txt"))[0]


def _many_calls(fn, k: int):
    """A loop calling `fn` (classify(7, 3)) k times through a provider: the cost of calls and short runs."""
    text = ("CodeInfo(\n1 ─      nothing::Nothing\n2 ┄ %2 = φ (#1 => 0, #3 => %6)::Int64\n"
            "│   %3 = φ (#1 => 0, #3 => %8)::Int64\n│   %4 = Base.slt_int(%2, calls)::Bool\n"
            "└──      goto #4 if not %4\n3 ─ %6 = Base.add_int(%2, 1)::Int64\n"
            "│   %7 = invoke Main.classify(%2::Int64, 3::Int64)::Int64\n│   %8 = Base.add_int(%3, %7)::Int64\n"
            "└──      goto #2\n4 ─      return %3\n) => Int64\n")

    class Provider:
        def lookup(self, callee, arg_types):
            return fn

        def argnames(self, callee, arg_types):
            return ("a", "b")
    return _Bound(jlir.functions(jlir.parse(text))[0], Provider())


class _Bound:
    def __init__(self, fn, provider):
        self.fn, self.provider = fn, provider


def bench(label: str, fn, args, argnames=None) -> float:
    provider = None
    if isinstance(fn, _Bound):
        fn, provider = fn.fn, fn.provider
    interp.run(fn, args, provider, argnames=argnames)  # compile
    t0 = time.perf_counter()
    r = interp.run(fn, args, provider, argnames=argnames)
    dt = time.perf_counter() - t0
    rate = r.steps / dt
    print(f"{label:42s} {r.steps:>10,d} steps {dt:7.3f} s {rate / 1e6:6.2f} M steps/s  -> {interp.julia_repr(r.value)}")
    return rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200_000)
    n = ap.parse_args().n
    rates = [
        bench(f"goto_loop({n}) [Int64 add/compare loop]", _fn("goto_label"), [n]),
        bench(f"goto_loop({n}) IRCode", _fn("goto_label", "ircode"), [n]),
        bench(f"sum_loop(xs) [{n} Float64s, arrayref]", _fn("loops"),
              [interp.JArray("Float64", [float(i) for i in range(n)])]),
        bench(f"dot_inbounds(a, b) [{n} Float64s]", _fn("inbounds"),
              [interp.JArray("Float64", [1.5] * n), interp.JArray("Float64", [2.0] * n)], ["a", "b"]),
        bench(f"classify(a, b) [many blocks, no loop] x{n // 100}", _many_calls(_fn("many_blocks"), n // 100),
              [n // 100], ["calls"]),
    ]
    print(f"geometric mean {(__import__('math').prod(rates)) ** (1 / len(rates)) / 1e6:.2f} M steps/s")


if __name__ == "__main__":
    main()
