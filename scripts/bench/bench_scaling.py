#!/usr/bin/env python3
"""Scaling benchmark: time and peak memory of `parse` + `format` for inputs of 1, 10 and 50 MB of each shape.

Usage:
    python3 scripts/bench/bench_scaling.py [--sizes 1,10,50] [--shapes many_dumps,long_line,...]

Shapes (the huge inputs users feed it): `many_dumps` (real `@code_typed` dumps of Julia 1.5.3's Base, cut at a dump boundary; the
base corpus `~/.cache/jlir/base-corpus-1.5.3.txt` repeated as needed), `many_stmts` (one function of distinct
statements), `long_line` (one statement: a call with distinct integer arguments), `long_string` (one string
literal), `deep_nesting` (statements whose types nest 100 deep, the most jlir reads, each distinct).  `--shapes
more`: one call of distinct symbols, of distinct GlobalRefs, of floats, of strings, of `_2` again and again; a type
of many distinct parameters (`Tuple{Val{0}, Val{1}, …}`); a φ of many edges; calls nested 100 deep on every line; a function of distinct statements
with distinct types (`::Val{k}`).

Each measurement runs in its own niced subprocess (peak RSS is the child's `VmHWM`), after
the input is read (from a file the parent wrote) and jlir has read a tiny dump (modules and tables loaded); the
memory parse and print add on top of that is shown as a multiple of the input's size, and the time per MB
(linear time: about the same per MB at every size).
Nothing here is asserted by a test.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir")) / "base-corpus-1.5.3.txt"
SHAPES = ("many_dumps", "many_stmts", "long_line", "long_string", "deep_nesting")
_HEAD = "CodeInfo(\n"
_TAIL = ") => Int64\n"


def _many_dumps(size: int) -> str:
    text = CORPUS.read_text(encoding="utf-8")
    out, total = [], 0
    while total < size:
        out.append(text)
        total += len(text)
    whole = "".join(out)
    cut = whole.rfind("\n\n", 0, size)
    return whole[:cut + 1] if cut > 0 else whole[:size]


def _function(n: int, first, make) -> str:
    """One function of `n` statements: `first(col)`, then `make(k, col)` for k = 2..n (`col`: the SSA column text
    of statement k, as wide as the widest), every value used, the last one returned."""
    w = len(str(n + 1))
    col = lambda k: f"%{k}".ljust(w + 1) + " = "  # noqa: E731
    lines = [f"1 ─ {col(1)}{first}"] + [f"│   {col(k)}{make(k)}" for k in range(2, n + 1)]
    lines.append("└──" + " " * (w + 5) + f"return %{n}")
    return _HEAD + "\n".join(lines) + "\n" + _TAIL


def _many_stmts(size: int) -> str:
    n = max(size // (33 + 2 * len(str(size // 40))), 2)
    return _function(n, "Base.add_int(_2, 1)::Int64", lambda k: f"Base.add_int(%{k - 1}, {k})::Int64")


def _long_string(size: int) -> str:
    body = "ab\\\"c" * (size // 5)
    return _HEAD + f'1 ─ %1 = Base.string("{body}")::String\n└──      return %1\n' + _TAIL


def _deep_nesting(size: int) -> str:
    deep = lambda k: "Tuple{" * 99 + f"Val{{{k}}}" + "}" * 99  # noqa: E731 — 100 brackets deep, distinct per line
    n = max(size // (len(deep(size)) + 40), 2)
    return _function(n, f"Base.identity(_2)::{deep(1)}", lambda k: f"Base.identity(%{k - 1})::{deep(k)}")


def _distinct_types(size: int) -> str:
    n = max(size // (36 + 3 * len(str(size // 40))), 2)
    return _function(n, "Base.add_int(_2, 1)::Val{1}", lambda k: f"Base.add_int(%{k - 1}, {k})::Val{{{k}}}")


def _call_of(size: int, make) -> str:
    """One statement: a call of arguments `make(1)`, `make(2)`, … up to `size` bytes."""
    args, total, k = [], 0, 1
    while total < size:
        a = make(k)
        args.append(a)
        total += len(a) + 2
        k += 1
    return _one_call(", ".join(args), "Tuple")


def _one_call(args: str, typ: str) -> str:
    return _HEAD + f"1 ─ %1 = Core.tuple({args})::{typ}\n└──      return %1\n" + _TAIL


def _type_params(size: int) -> str:
    return _one_call("_2", "Tuple{" + ", ".join(f"Val{{{k}}}" for k in range(size // 10)) + "}")


def _phi(size: int) -> str:
    edges = ", ".join(f"#{k} => {k}" for k in range(1, size // 12))
    return _HEAD + f"1 ─ %1 = φ ({edges})::Int64\n└──      return %1\n" + _TAIL


def _deep_calls(size: int) -> str:
    deep = lambda k: f"Base.g(%{k - 1}, " + "Base.f(" * 99 + f"{k})" + ")" * 99 + "::Int64"  # noqa: E731
    return _function(max(size // 1200, 2), "Base.identity(_2)::Int64", deep)


MAKERS = {"many_dumps": _many_dumps, "many_stmts": _many_stmts, "long_line": lambda size: _call_of(size, str),
          "long_string": _long_string, "deep_nesting": _deep_nesting,
          # more shapes, beyond the table in docs/explanation/how-far.md (`--shapes more`)
          "symbols": lambda size: _call_of(size, lambda k: f":a{k}"),
          "globalrefs": lambda size: _call_of(size, lambda k: f"Main.g{k}"),
          "floats": lambda size: _call_of(size, lambda k: f"{k}.5"),
          "strings": lambda size: _call_of(size, lambda k: f'"s{k}"'),
          "arguments": lambda size: _call_of(size, lambda k: "_2"),
          "type_params": _type_params, "phi": _phi, "deep_calls": _deep_calls, "distinct_types": _distinct_types}
MORE_SHAPES = tuple(k for k in MAKERS if k not in SHAPES)


def _peak_rss() -> int:
    """This process's peak resident memory in bytes: `VmHWM` (reset by exec, unlike `ru_maxrss`, which on Linux
    keeps the peak of the parent the child was forked from)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(path: str) -> None:
    """Run in the subprocess: read the input, parse and print it, report times and peak RSS as JSON."""
    import time
    sys.path.insert(0, str(REPO))
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    import jlir
    jlir.parse("1 ─      return 1\n")  # modules and the LALR table loaded: startup is not the input's
    rss0 = _peak_rss()
    t0 = time.perf_counter()
    doc = jlir.parse(text)
    t1 = time.perf_counter()
    printed = jlir.format(doc)
    t2 = time.perf_counter()
    rss = _peak_rss()
    print(json.dumps({"bytes": len(text.encode()), "parse": t1 - t0, "format": t2 - t1, "rss": rss,
                      "rss_before": rss0, "same": printed == text}))


def measure(shape: str, size: int) -> dict:
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", suffix=".txt") as f:
        f.write(MAKERS[shape](size))
        f.flush()
        out = subprocess.run(["nice", "-n", "10", sys.executable, __file__, "--child", f.name],
                             capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": (out.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(out.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1,10,50", help="input sizes in MB")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="names, `more` (the shapes beyond the table in docs/explanation/how-far.md) or `all`")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child)
        return 0
    sizes = [float(s) for s in args.sizes.split(",")]
    print(f"{'shape':13} {'MB':>6} {'parse s':>8} {'print s':>8} {'s/MB':>6} {'peak MB':>8} {'added ×input':>12}  same")
    shapes = {"more": ",".join(MORE_SHAPES), "all": ",".join(MAKERS)}.get(args.shapes, args.shapes)
    for shape in shapes.split(","):
        for mb in sizes:
            r = measure(shape, int(mb * 1_000_000))
            if "error" in r:
                print(f"{shape:13} {mb:6.0f}  error: {r['error']}")
                continue
            size_mb = r["bytes"] / 1e6
            added = (r["rss"] - r["rss_before"]) / r["bytes"]
            print(f"{shape:13} {size_mb:6.1f} {r['parse']:8.2f} {r['format']:8.2f} "
                  f"{(r['parse'] + r['format']) / size_mb:6.2f} {r['rss'] / 1e6:8.0f} {added:12.1f}  {r['same']}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
