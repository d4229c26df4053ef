"""Julia's own results of the calls a case declares (`# run:` lines), for scripts/gen/regen_fixtures.py and the tests.

A case file may end with lines such as

    # run: mygcd(12, 18); mygcd(0, 5)
    # run: mygcd(typemin(Int), 2)

(at the end, so that the line numbers the fixtures print do not move).  Each call
must call the case's target function with positional arguments whose types the
target's signature covers, so that the case's IR is the code that runs.  In the
Julia session that evaluated the case, after its forms were printed, each call is
evaluated (`JlirLive.record_runs`, jlir/live/jlir.jl) and its outcome recorded in
`julia-<version>/runs.tsv`, one tab-separated row per call, in case rank order:

    case  call  argnames  sparams  args  outcome  type  repr

`args` are the evaluated arguments as `Type:raw` (decoded by jlir.interp.encoding.decode),
space-separated; `outcome` is `ok` (with the result's type and `repr`) or `err` (with the
exception's type and an empty repr).  `argnames` and `sparams` (the method's argument
names and static parameters, comma-separated) are what jlir.interp.run needs beside
the IR.  The callees the interpreter needs to run the case's forms are dumped into
`julia-<version>/callees/<case>/` (`N.txt`, one `code_typed` each, and `structs.txt`),
a folder a jlir.interp.DumpProvider (or `jlir run --callees`) reads.
"""
from __future__ import annotations

import re
from pathlib import Path

RUNS_FILE = "runs.tsv"
CALLEES_DIR = "callees"
COLUMNS = ("case", "call", "argnames", "sparams", "args", "outcome", "type", "repr")
HEADER = "# " + "\t".join(COLUMNS) + "\n"
RUN_LINE = re.compile(r"^#\s*run:(.*)$")


class RunsError(Exception):
    pass


def split_calls(text: str) -> list[str]:
    """The calls of one `# run:` line: its `;`-separated parts outside brackets and string or char literals."""
    from jlir.semantics.splitting import split_top_level
    return [c.strip() for c in split_top_level(text, ";") if c.strip()]


def declared_calls(source: str) -> list[str]:
    """The calls a case's `# run:` lines declare, in order."""
    calls = []
    for line in source.splitlines():
        m = RUN_LINE.match(line)
        if m:
            calls += split_calls(m.group(1))
    return calls


def record(jl, name: str, target: str, calls: list[str]) -> tuple[list[str], dict[str, bytes]]:
    """Julia's rows (with the case name in front) for `calls` of case `name`, and its callee files
    (`callees/<name>/…` → bytes).  RunsError when Julia could not run them (a bad call text is the case's fault)."""
    from jlir.live.errors import JuliaError
    try:
        rows, structs, *dumps = jl._call("runs", target, "\n".join(calls))  # a request of jlir.jl (no Julia method)
    except JuliaError as e:
        raise RunsError(f"{name}: the `# run:` calls could not be recorded: {e.julia_message}") from None
    lines = [f"{name}\t{row}" for row in rows.splitlines()]
    if len(lines) != len(calls) or any(len(line.split("\t")) != len(COLUMNS) for line in lines):
        raise RunsError(f"{name}: Julia's run rows are malformed: {rows[:200]!r}")
    folder = f"{CALLEES_DIR}/{name}"
    files = {f"{folder}/{k}.txt": text.encode("utf-8") for k, text in enumerate(dumps, 1)}
    if structs:
        files[f"{folder}/structs.txt"] = structs.encode("utf-8")
    return lines, files


def merged_rows(new: dict[str, list[str]], old_file: Path, keep: set[str], ranks: dict[str, int]) -> str:
    """runs.tsv's text: the rows of this run's cases and the old file's rows of the cases in `keep`, in rank order
    (each case's calls in the order it declares them)."""
    rows = {name: list(lines) for name, lines in new.items()}
    if old_file.exists():
        for line in old_file.read_text(encoding="utf-8").splitlines():
            name = line.split("\t", 1)[0]
            if not line.startswith("#") and name in keep:
                rows.setdefault(name, []).append(line)
    body = [line for name in sorted(rows, key=ranks.__getitem__) for line in rows[name]]
    return HEADER + "".join(line + "\n" for line in body) if body else ""


def read_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a runs.tsv, as dicts keyed by COLUMNS (for tests and tools)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(dict(zip(COLUMNS, line.split("\t"))))
    return rows
