"""On a terminal, an error found while a progress bar is drawn starts its own line: the bar is erased first
(`01792.txt01835.txt:4:34: error…` was the bar's file name glued to the error)."""
from __future__ import annotations

from pathlib import Path

from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
ERASE = "\r\x1b[K"
# Julia 1.5.3's print of `f() = 1`, and the same with its return value cut off (unreadable)
GOOD = "CodeInfo(\n1 ─     return 1\n) => Int64\n"
BAD = "CodeInfo(\n1 ─     return (\n) => Int64\n"


def _stderr_of(verb: str, tmp_path: Path) -> str:
    files = []
    for n, text in enumerate((GOOD, BAD, GOOD, BAD)):
        files.append(tmp_path / f"0{n}.txt")
        files[-1].write_text(text, encoding="utf-8")
    run = run_jlir(verb, *files, env={"JLIR_PROGRESS": "1"})  # draw as on a terminal
    return run.stderr.decode("utf-8")


def _shown_lines(stderr: str) -> list[str]:
    """What a terminal shows: each line as left by its last erase-line."""
    return [line.rsplit(ERASE, 1)[-1] for line in stderr.split("\n")]


def test_roundtrip_erases_the_bar_before_an_error_line(tmp_path):
    stderr = _stderr_of("roundtrip", tmp_path)
    assert "roundtrip [" in stderr  # the bar was drawn
    errors = [line for line in _shown_lines(stderr) if ": error:" in line]
    assert len(errors) == 2
    assert all(line.startswith(str(tmp_path)) for line in errors), errors


def test_parse_erases_the_bar_before_an_error_line(tmp_path):
    errors = [line for line in _shown_lines(_stderr_of("parse", tmp_path)) if ": error:" in line]
    assert len(errors) == 2 and all(line.startswith(str(tmp_path)) for line in errors), errors
