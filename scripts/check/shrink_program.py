#!/usr/bin/env python3
"""Shrink a Julia program on which the oracle finds a class to a few lines that still show it.

    python3 scripts/check/shrink_program.py gen/gen-1-00042.jl --check ssa --form optimize=false \\
        --class "jlir diff: different" --out small.jl

The verdict is the oracle's own: each candidate is recorded by `oracle.jl` (`--serve`: one Julia process for all
candidates; `--fresh`: one per candidate, for a file whose names the renaming below would break) and compared
by `jlir.oracle.check_record`; a candidate is kept if some record's `--check` (on `--form`, if given) still has
the verdict `--verdict` (wrong by default) and, with `--class`, a detail containing that text.  The program is
cut as delta debugging does (Zeller and Hildebrandt's ddmin, on the program's structure): blocks are found by
indentation (a line, the lines indented below it, and its `end` or `else`/`catch`/`finally`); at each level,
first halves, then quarters, … then single blocks are removed, then each block is replaced by its body, then
`cond && stmt` by `stmt`; again until nothing more goes.  A candidate that takes four times as long as the
slowest before it (at least two minutes) is taken not to end (a loop whose counter was cut) and fails.  In one Julia process a file's definitions stay
defined, so each candidate's top-level names get a new suffix (`main_3` → `main_3_c17`): a helper removed from
the candidate is then really gone.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

GENERATOR = ROOT / "scripts" / "check" / "oracle.jl"
MIDDLE = re.compile(r"^\s*(else|elseif\b|catch\b|catch$|finally\b)")
DEFINES = re.compile(r"^(?:@\w+\s+)*(?:function|macro|struct|mutable struct|module|abstract type|primitive type|const)"
                     r"\s+(?:\([^)]*\)\s*)?([^\s({<:=;]+)|^([^\s(=@#.:]+)\s*\(.*[^=<>!]=[^=]|"
                     r"^([^\s(=@#.:,]+)\s*=[^=]")


# --- the program's structure -----------------------------------------------------------------------------
def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def units(lines: list[str]) -> list[list[str]]:
    """The lines split into blocks at the first level: a line, the lines indented below it (blank lines
    included), the `else`/`catch`/`finally` lines at its level with theirs, and its closing `end`."""
    out, k = [], 0
    while k < len(lines):
        d, j = indent(lines[k]), k + 1
        while j < len(lines) and (not lines[j].strip() or indent(lines[j]) > d
                                  or (indent(lines[j]) == d and MIDDLE.match(lines[j]))):
            j += 1
        if j < len(lines) and indent(lines[j]) == d and lines[j].strip().startswith("end") and j > k + 1:
            j += 1
        out.append(lines[k:j])
        k = j
    return out


def body_of(unit: list[str]) -> list[str] | None:
    """A block's inner lines one level out (its first branch's, for an `if … else`), None for a single line."""
    if len(unit) < 3 or not unit[-1].strip().startswith("end"):
        return None
    d = indent(unit[0])
    inner = []
    for line in unit[1:-1]:
        if indent(line) == d and MIDDLE.match(line):
            break
        inner.append(line)
    step = min((indent(x) - d for x in inner if x.strip()), default=0)
    return [x[step:] if x.strip() else x for x in inner]


# --- the verdict -------------------------------------------------------------------------------------------
class Judge:
    """Whether a candidate still shows the class: `oracle.jl` records it, `check_record` compares."""

    def __init__(self, julia: list[str], check: str, form: str | None, verdict: str, text: str | None,
                 fresh: bool, work: Path):
        self.julia, self.check, self.form, self.verdict, self.text = julia, check, form, verdict, text
        self.fresh, self.work, self.calls = fresh, work, 0
        self.slowest = 0.0   # seconds the slowest candidate Julia finished took
        self.proc = self.lines = None
        self.warm = False    # whether the server has recorded a candidate (compiled the oracle's code)

    def _start(self) -> None:
        """The `--serve` process, its output lines put in a queue by a thread (so a wait can time out)."""
        self.proc = subprocess.Popen([*self.julia, "--startup-file=no", str(GENERATOR), "--serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, encoding="utf-8", start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=lambda out=self.proc.stdout, q=self.lines: [q.put(x) for x in out] and None,
                         daemon=True).start()

    def close(self) -> None:
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=60)
            self.proc = None

    def timeout(self) -> float:
        """A candidate that takes much longer than any before never ends (cutting a loop's counter does that)."""
        return max(120.0, 4 * self.slowest) if self.warm else 1800.0   # a first candidate starts Julia too

    def records(self, path: Path) -> list[dict]:
        start = time.monotonic()
        if self.fresh:
            try:
                out = subprocess.run([*self.julia, "--startup-file=no", str(GENERATOR), "--include", str(path)],
                                     capture_output=True, text=True, encoding="utf-8",
                                     timeout=self.timeout()).stdout.splitlines()
            except subprocess.TimeoutExpired:
                return []
        else:
            if self.proc is None:
                self._start()
            self.proc.stdin.write(str(path) + "\n")
            self.proc.stdin.flush()
            out = []
            while True:
                try:
                    line = self.lines.get(timeout=max(1.0, self.timeout() - (time.monotonic() - start)))
                except queue.Empty:
                    self.close()   # hung: a new process takes the next candidate
                    self.warm = False
                    return []
                if line.startswith("#end"):
                    break
                out.append(line)
        if self.warm:   # a first candidate's time is mostly Julia starting and compiling the oracle
            self.slowest = max(self.slowest, time.monotonic() - start)
        self.warm = not self.fresh
        return [json.loads(x) for x in out if x.startswith("{")]

    def shows(self, text: str) -> bool:
        from jlir.interp.builtin import BaseProvider
        from jlir.oracle import check_record
        from jlir.oracle.interp import Chain, RecordCallees
        self.calls += 1
        stem = f"cand{self.calls}"
        path = self.work / f"{stem}.jl"
        path.write_text(text if self.fresh else rename(text, f"_c{self.calls}"), encoding="utf-8")
        records = self.records(path)
        callees = Chain(RecordCallees(records), BaseProvider())
        for record in records:
            for check, form, outcome in check_record(record, callees):
                if check == self.check and (self.form is None or form == self.form) \
                        and outcome.verdict == self.verdict and (self.text is None or self.text in outcome.detail):
                    return True
        return False


def defined_names(text: str) -> list[str]:
    """The names a program defines at its top level (or in its one module): functions, macros, types, constants,
    globals."""
    names = []
    for line in text.splitlines():
        if line.startswith(" ") or line.startswith("JLIR_RUNS"):
            continue
        m = DEFINES.match(line)
        if m:
            name = next(g for g in m.groups() if g)
            if re.fullmatch(r"[^\W\d]\w*!?", name):
                names.append(name)
    return sorted(set(names), key=len, reverse=True)


def rename(text: str, suffix: str) -> str:
    for name in defined_names(text):
        text = re.sub(rf"(?<![\w.]){re.escape(name)}(?![\w!])", name + suffix, text)
    return text


# --- delta debugging ----------------------------------------------------------------------------------------
class Shrinker:
    """`save(lines)` is called with each smaller program that still shows the class (the run may be stopped)."""

    def __init__(self, judge: Judge, log=None, save=None):
        self.judge, self.log, self.save = judge, log or (lambda s: None), save or (lambda lines: None)

    def keep(self, lines: list[str]) -> bool:
        ok = self.judge.shows("\n".join(lines) + "\n")
        if ok:
            self.log(f"  {self.judge.calls:4d} candidates: {len(lines)} lines")
            self.save(lines)
        return ok

    def shrink(self, lines: list[str]) -> list[str]:
        while True:
            before = len(lines)
            lines = self.level(lines, [], [])
            if len(lines) >= before:
                return lines

    def level(self, lines: list[str], head: list[str], tail: list[str]) -> list[str]:
        """Shrink the blocks of `lines` (a level whose context is `head` … `tail`), then each block's body."""
        blocks = self.ddmin(units(lines), head, tail)
        done: list[str] = []
        while blocks:
            b = blocks.pop(0)
            after = sum(blocks, []) + tail
            smaller = next((x for x in self.simpler(b) if self.keep(head + done + x + after)), None)
            if smaller is not None:
                blocks[:0] = units(smaller)   # the replacement's blocks are shrunk in turn
                continue
            if len(b) > 2 and b[-1].strip().startswith("end"):
                b = b[:1] + self.level(b[1:-1], head + done + b[:1], b[-1:] + after) + b[-1:]
            done += b
        return done

    def simpler(self, block: list[str]) -> list[list[str]]:
        """Replacements of one block: its body (the block unwrapped), a `c && stmt` line as `stmt`."""
        out = []
        body = body_of(block)
        if body is not None and not block[0].lstrip().startswith(("function", "module", "struct", "mutable",
                                                                  "macro", "@generated", "@inline", "@noinline")):
            out.append(body)
        m = re.match(r"^(\s*)(.+?) (?:&&|\|\|) (.+)$", block[0]) if len(block) == 1 else None
        if m and not block[0].lstrip().startswith(("return", "@assert")):
            out.append([m.group(1) + m.group(3)])
        return out

    def ddmin(self, blocks: list, head: list[str], tail: list[str]) -> list:
        n = 2
        while len(blocks) >= 1:
            size = max(1, len(blocks) // n)
            removed = False
            for start in range(0, len(blocks), size):
                rest = blocks[:start] + blocks[start + size:]
                if self.keep(head + sum(rest, []) + tail):
                    blocks, removed = rest, True
                    n = max(n - 1, 2)
                    break
            if not removed:
                if size == 1:
                    return blocks
                n = min(len(blocks), n * 2)
        return blocks


def write(path: Path, lines: list[str]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("program", type=Path)
    ap.add_argument("--check", required=True, help="the oracle's check (cfg, idoms, ssa, compact, interp, …)")
    ap.add_argument("--form", help="the form or stage (optimize=false, stage inlining, typed, …)")
    ap.add_argument("--verdict", default="wrong", choices=("wrong", "refused", "rule"))
    ap.add_argument("--class", dest="text", help="text the outcome's detail must contain")
    ap.add_argument("--out", type=Path, help="where the smallest program goes (default: stdout)")
    ap.add_argument("--fresh", action="store_true", help="one Julia process per candidate, names kept")
    ap.add_argument("--julia", help="the Julia to ask (default $JLIR_JULIA, else the one jlir.live finds)")
    a = ap.parse_args(argv)
    from oracle import find_julia
    julia = find_julia(a.julia)
    lines = a.program.read_text(encoding="utf-8").splitlines()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3))   # so that `finally` stops the Julia process
    with tempfile.TemporaryDirectory(prefix="jlir-shrink-") as work:
        judge = Judge(julia, a.check, a.form, a.verdict, a.text, a.fresh, Path(work))
        try:
            if not judge.shows("\n".join(lines) + "\n"):
                print(f"shrink_program: {a.program} does not show that class", file=sys.stderr)
                return 1
            small = Shrinker(judge, lambda s: print(s, file=sys.stderr),
                             lambda x: a.out and write(a.out, x)).shrink(lines)
        finally:
            judge.close()
    if a.out:
        write(a.out, small)
    else:
        sys.stdout.write("\n".join(small) + "\n")
    print(f"shrink_program: {len(lines)} → {len(small)} lines in {judge.calls} candidates", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
