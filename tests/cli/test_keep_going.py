"""A file of many real Base dumps with a few damaged ones is read to the end: each damaged dump is located, the
others print back as read, and the `parse` summary says how many were unreadable."""
from __future__ import annotations

import subprocess
from pathlib import Path
from support.cli import run_jlir

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = [(DATA / n).read_text("utf-8").rstrip("\n") + "\n" for n in (
    "base-1.5.3-compact-dict.txt", "base-1.5.3-return-unionall.txt", "base-1.5.3-operator-function-value.txt",
    "base-1.5.3-cartesianindex-trailing-comma.txt")]


def _jlir(*args: str) -> subprocess.CompletedProcess:
    return run_jlir(*args)


def _lines_before(dumps: list[str]) -> int:
    """Lines taken by `dumps` joined by blank lines (each ends in a newline)."""
    return sum(d.count("\n") + 1 for d in dumps)


def test_damaged_dumps_are_each_located_and_the_rest_print_back(tmp_path):
    stray = REAL[1].replace("\n", "\n)))garbage((\n", 1)                 # a pasted stray line
    cut = REAL[2][:REAL[2].rindex("\n) => ")]                          # lost its last line and its blank line
    text = "\n".join([REAL[0], stray, REAL[3]]) + "\n" + cut + "\n" + REAL[0]
    path = tmp_path / "many.txt"
    path.write_text(text, encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text("\n".join([REAL[0], REAL[3], REAL[0]]), encoding="utf-8")
    out = _jlir("print", str(path))
    assert out.returncode == 2
    nonblank = lambda b: [line for line in b.decode().split("\n") if line]  # noqa: E731 (the cut dump lost its blank)
    assert nonblank(out.stdout) == nonblank(_jlir("print", str(good)).stdout) == nonblank(good.read_bytes())
    err = out.stderr.decode()
    assert f"many.txt:{_lines_before([REAL[0]]) + 2}:1: error:" in err
    assert f"many.txt:{_lines_before([REAL[0], stray, REAL[3]]) + cut.count(chr(10)) + 2}:1: error:" in err  # at the next `CodeInfo(`
    assert err.count(": error:") == 2
    summary = _jlir("parse", str(path))
    assert summary.returncode == 2
    assert summary.stdout.decode().splitlines()[0] == f"{path}: 5 dumps, 3 functions, 2 unreadable"


def test_a_file_without_damage_names_no_unreadable_count(tmp_path):
    path = tmp_path / "ok.txt"
    path.write_text("\n".join(REAL), encoding="utf-8")
    summary = _jlir("parse", str(path))
    assert summary.returncode == 0
    assert summary.stdout.decode().splitlines()[0] == f"{path}: 4 dumps, 4 functions"


def test_fail_fast_stops_at_the_first_damaged_dump(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join([REAL[0], REAL[1].replace("\n", "\n)))garbage((\n", 1), REAL[3]]), encoding="utf-8")
    out = _jlir("print", "--fail-fast", str(path))
    assert out.returncode == 2 and out.stdout == b"" and out.stderr.decode().count(": error:") == 1
