"""`jlir ssa -o OUT` writes as `jlir opt -o` does: the same bytes stdout gets, the file replaced atomically (a
read-only target refused and left as it was), `-` for standard output."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
LOWERED = ROOT / "fixtures" / "julia-1.5.3" / "while_swap.lowered.txt"


def test_ssa_o_writes_the_bytes_stdout_gets(tmp_path):
    shown = run_jlir("ssa", LOWERED)
    assert shown.returncode == 0, shown.stderr.decode()
    out = tmp_path / "out.txt"
    out.write_text("old text\n")
    done = run_jlir("ssa", LOWERED, "-o", out)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout == b""
    assert out.read_bytes() == shown.stdout
    assert b"\xcf\x86" in shown.stdout  # a φ: the SSA form, not the input


def test_ssa_o_dash_is_standard_output(tmp_path):
    done = run_jlir("ssa", LOWERED, "-o", "-", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout == run_jlir("ssa", LOWERED).stdout
    assert not (tmp_path / "-").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_ssa_o_refuses_a_read_only_file_and_keeps_it(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text("mine\n")
    out.chmod(0o444)
    done = run_jlir("ssa", LOWERED, "-o", out)
    assert done.returncode == 2
    assert out.read_text() == "mine\n"


def test_ssa_o_into_a_missing_folder_is_a_located_error_not_a_traceback(tmp_path):
    done = run_jlir("ssa", LOWERED, "-o", tmp_path / "no" / "such" / "out.txt", text=True)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "cannot write" in done.stderr
