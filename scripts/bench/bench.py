#!/usr/bin/env python3
"""Benchmark: parse, print and JSON of a large real input, against a plain regex scan of the same lines.

Usage:
    python3 scripts/bench/bench.py [FILE] [--size-mb 11] [--repeat 3] [--julia] [--no-memory] [--no-cli]

Without FILE it reads the IR of every cached Base method instance printed by
Julia 1.5.3 (`~/.cache/jlir/base-corpus-1.5.3.txt`), generating it first with
`scripts/gen/gen_base_corpus.jl` and the Julia from `$JLIR_JULIA` or
`scripts/install-julia.sh`.  `--size-mb` keeps a prefix of that size, cut at
a dump boundary (0: everything).  Dumps jlir cannot read are left out (and
counted), so one unreadable dump does not stop the benchmark.

Everything is measured in this one run, so the figures are comparable to each
other; the ratio to the regex scan's time is the machine-independent number.
Each step runs `--repeat` times, interleaved with the others (scan, parse,
print, …, scan, parse, …), and the median CPU time is reported: a shared
machine's load then falls on every step alike.  Reported:

* start-up: a fresh `python3` importing jlir and parsing one tiny dump (the
  first of the input), and a fresh `python3 -m jlir parse` of that dump (CPU);
* the regex line scan (reference), parse, print, JSON out (streamed by
  `jlir.json.stream`, as `jlir parse --json` writes it), JSON in
  (`json.loads` and `from_json`), all in MB of IR text per CPU second, with
  their ratio to the scan;
* linearity: parse time of two prefixes of different sizes, both cut at dump
  boundaries;
* the CLI: `python3 -m jlir parse FILE` and `parse --json FILE`, CPU time and
  peak RSS (child processes);
* peak memory (tracemalloc) of a parse and of each JSON direction, relative to
  the input size (JSON in: to the IR text's size, and to the JSON text's);
* with `--julia`: Julia 1.5.3 printing the same method instances to an
  `IOBuffer`, warm (scripts/bench/bench_julia_print.jl), and how many of its dumps
  are dumps of the input.

No figure here is asserted by a test.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import jlir  # noqa: E402
from jlir.json import iter_json  # noqa: E402

DEFAULT_CORPUS = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir")) / "base-corpus-1.5.3.txt"
# What a hand-written line scanner would do at the least: match each line's rail, SSA column and body.
LINE_RX = re.compile(r"^(\d* *)?(\d+ [─┄]─*|│ +|└─+)(│*) (%\d+ += |\s+)(.*?)(?:::(.*))?$")
SEP = "\n\n"  # between the dumps of the Base corpus (each dump ends with "\n", then one blank line)


def julia() -> str:
    if os.environ.get("JLIR_JULIA"):
        return os.environ["JLIR_JULIA"]
    out = subprocess.run(["bash", str(REPO / "scripts" / "install-julia.sh")], check=True, capture_output=True,
                         text=True)
    return out.stdout.strip().splitlines()[-1]


def corpus(path: Path | None) -> str:
    if path is None:
        path = DEFAULT_CORPUS
        if not path.exists():
            print(f"bench: generating {path} with Julia 1.5.3 (about 90 s)…", file=sys.stderr)
            path.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([julia(), str(REPO / "scripts" / "gen" / "gen_base_corpus.jl"), str(path)], check=True)
    return path.read_text(encoding="utf-8")


def prefix(text: str, size_mb: float) -> str:
    """The dumps of `text` that start in its first `size_mb` MB (of characters): the text up to the first dump
    boundary (a blank line) at or after that point, that blank line included.  0: all of `text`."""
    if not size_mb:
        return text
    cut = text.find(SEP, int(size_mb * 1e6))
    return text if cut < 0 else text[:cut + len(SEP)]


def first_dump(text: str) -> str:
    cut = text.find(SEP)
    return text if cut < 0 else text[:cut + 1]


def readable(text: str) -> tuple[str, int]:
    """`text` without the dumps jlir refuses (each found by a ParseError's line, then cut out); how many."""
    dropped = 0
    while True:
        try:
            jlir.parse(text)
            return text, dropped
        except jlir.ParseError as e:
            at = sum(len(l) + 1 for l in text.split("\n")[:e.line - 1])
            start = text.rfind(SEP, 0, at)
            start = 0 if start < 0 else start + len(SEP)
            end = text.find(SEP, at)
            end = len(text) if end < 0 else end + len(SEP)
            text = text[:start] + text[end:]
            dropped += 1


def regex_scan(text: str) -> int:
    n = 0
    for line in text.split("\n"):
        if LINE_RX.match(line):
            n += 1
    return n


def json_out(doc) -> int:
    """`jlir parse --json`'s writing: the JSON line streamed (jlir.json.stream), here into a counter."""
    return sum(map(len, iter_json(doc)))


def json_text(doc) -> str:
    return "".join(iter_json(doc))


def json_in(data: str):
    return jlir.from_json(json.loads(data))


def timed(fn, *args):
    """(result, CPU seconds of this process): CPU time, not wall time, so that other processes on a shared
    machine do not count (they still slow it through shared caches)."""
    gc.collect()
    t0 = time.process_time()
    result = fn(*args)
    return result, time.process_time() - t0


def interleaved(steps: dict, repeat: int) -> dict:
    """{name: (last result, median seconds)}: each step of `steps` ({name: (fn, args…)}) run `repeat` times,
    round-robin, so a load spike on the shared machine hits every step alike."""
    times = {k: [] for k in steps}
    results = {}
    for _ in range(max(repeat, 1)):
        for name, (fn, *args) in steps.items():
            results[name], t = timed(fn, *args)
            times[name].append(t)
    return {k: (results[k], statistics.median(v)) for k, v in times.items()}


def child_cpu() -> float:
    """CPU seconds used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def startup(tiny: str) -> tuple[float, float]:
    """CPU seconds of (a fresh python3 importing jlir and parsing `tiny`, a fresh `python3 -m jlir parse` of it)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(tiny)
    code = "import sys, jlir; jlir.parse(open(sys.argv[1], encoding='utf-8').read())"
    try:
        c0 = child_cpu()
        subprocess.run([sys.executable, "-c", code, f.name], cwd=REPO, check=True, capture_output=True)
        c1 = child_cpu()
        subprocess.run([sys.executable, "-m", "jlir", "parse", f.name], cwd=REPO, check=True, capture_output=True)
        return c1 - c0, child_cpu() - c1
    finally:
        os.unlink(f.name)


def cli_runs(text: str) -> list[tuple[str, float, float | None]]:
    """(verb, CPU seconds, peak RSS MB) of `jlir parse FILE` and `jlir parse --json FILE` on `text`, each in a
    fresh process.  Peak RSS comes from GNU time when /usr/bin/time exists (a forked child's own `ru_maxrss`
    starts from its parent's, this process's, so `getrusage` cannot give it), else None."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(text)
    gnu_time = ["/usr/bin/time", "-f", "%M"] if os.path.exists("/usr/bin/time") else []
    out = []
    try:
        for verb in (["parse"], ["parse", "--json"]):
            c0 = child_cpu()
            run = subprocess.run([*gnu_time, sys.executable, "-m", "jlir", *verb, f.name], cwd=REPO,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            cpu = child_cpu() - c0
            if run.returncode:
                raise SystemExit(f"bench: `jlir {' '.join(verb)}` failed: {run.stderr}")
            rss = int(run.stderr.split()[-1]) / 1e3 if gnu_time else None
            out.append((" ".join(verb), cpu, rss))
    finally:
        os.unlink(f.name)
    return out


def peak(fn, *args) -> int:
    gc.collect()
    tracemalloc.start()
    result = fn(*args)
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del result
    return top


def julia_print(text: str) -> tuple[str, float, str] | None:
    """Julia's own print of as many Base method instances as `text` holds bytes (scripts/bench/bench_julia_print.jl):
    (the row's figures, seconds, Julia's text)."""
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as f:
        out_path = f.name
    try:
        nbytes = len(text.encode("utf-8"))
        run = subprocess.run([julia(), str(REPO / "scripts" / "bench" / "bench_julia_print.jl"), str(nbytes), "3", out_path],
                             check=True, capture_output=True, text=True)
        entries, size, seconds = run.stdout.split()
        return entries, float(seconds), Path(out_path).read_text(encoding="utf-8")
    finally:
        os.unlink(out_path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--size-mb", type=float, default=11.0)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each step (interleaved); the median is kept")
    ap.add_argument("--julia", action="store_true", help="also time Julia printing the same method instances")
    ap.add_argument("--no-memory", action="store_true", help="skip the (slower) peak-memory passes")
    ap.add_argument("--no-cli", action="store_true", help="skip the `python3 -m jlir parse` runs")
    args = ap.parse_args()
    text, dropped = readable(prefix(corpus(args.file), args.size_mb))
    mb = len(text.encode("utf-8")) / 1e6
    half = prefix(text, len(text) / 2e6)
    half_mb = len(half.encode("utf-8")) / 1e6

    t_lib, t_cli = startup(first_dump(text))
    doc = jlir.parse(text)
    data = json_text(doc)
    r = interleaved({"scan": (regex_scan, text), "parse": (jlir.parse, text), "print": (jlir.format, doc),
                     "parse_half": (jlir.parse, half), "json_out": (json_out, doc), "json_in": (json_in, data)},
                    args.repeat)
    t_scan, t_parse = r["scan"][1], r["parse"][1]

    def speed(name: str) -> str:
        t = r[name][1]
        return f"{mb / t:6.2f} MB/s  ({t:.2f} s; {t / t_scan:.1f}× the regex scan)"
    functions = len(jlir.functions(doc))
    same = jlir.format(r["json_in"][0]) == text
    rows = [
        ("input", f"{mb:.1f} MB, {functions} functions, {text.count(chr(10))} lines"
                  + (f" ({dropped} unreadable dumps left out)" if dropped else "")),
        ("start-up: import + parse 1 dump", f"{t_lib:.2f} s CPU ({len(first_dump(text))} characters)"),
        ("start-up: `python3 -m jlir parse`", f"{t_cli:.2f} s CPU, same dump"),
        ("regex line scan (reference)", f"{mb / t_scan:6.2f} MB/s  ({t_scan:.2f} s)"),
        ("parse", speed("parse")),
        ("print", speed("print")),
        ("JSON out (streamed, as `parse --json`)", speed("json_out") + f"; {len(data) / 1e6:.0f} MB of JSON"),
        ("JSON in (loads + from_json)", speed("json_in")),
        ("print(parse(x)) == x", f"{jlir.format(doc) == text}; from JSON: {same}"),
        ("linearity", f"{half_mb:.1f} MB in {r['parse_half'][1]:.2f} s, {mb:.1f} MB in {r['parse'][1]:.2f} s: "
                      f"{r['parse'][1] / r['parse_half'][1]:.2f}× time for {mb / half_mb:.2f}× input"),
    ]
    del r
    if not args.no_cli:
        for verb, cpu, rss in cli_runs(text):
            rows.append((f"CLI `jlir {verb}`", f"{cpu:.2f} s CPU ({cpu / t_parse:.2f}× the library's parse)"
                         + (f", peak RSS {rss:.0f} MB = {rss / mb:.1f}× the input" if rss is not None else "")))
    if not args.no_memory:
        for name, fn, arg in (("parse", jlir.parse, text), ("JSON out", json_out, doc), ("JSON in", json_in, data)):
            top = peak(fn, arg)
            rows.append((f"peak memory: {name}", f"{top / 1e6:.0f} MB = {top / (mb * 1e6):.1f}× the input"
                         + (f" ({top / len(data.encode('utf-8')):.1f}× the JSON text)" if name == "JSON in" else "")))
    if args.julia:
        entries, seconds, jtext = julia_print(text)
        ours = Counter(text.split(SEP))
        theirs = jtext.split(SEP)
        shared = sum(1 for d in theirs if d in ours)
        jmb = len(jtext.encode("utf-8")) / 1e6
        rows.append(("Julia 1.5.3 print (warm, IOBuffer)",
                     f"{jmb / seconds:6.2f} MB/s  ({jmb:.1f} MB, {entries} instances in {seconds:.2f} s; "
                     f"{shared} of its dumps are in the input); jlir's parse is "
                     f"{(mb / t_parse) / (jmb / seconds):.1f}× as fast"))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
