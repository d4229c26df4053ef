"""How the command reads its inputs (`jlir.cli.inputs`): a file's bytes within the input limit, as much memory as
the file needs and no more."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from jlir.cli.inputs import InputError, read_bytes
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "fixtures" / "julia-1.5.3" / "nested_loops.typed.txt"


def _address_space(megabytes: int):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
    return limit


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_a_small_file_reads_within_a_tight_address_space_limit():
    """`ulimit -v` of 128 MB (the command needs about 41 MB of address space for this file): reading asked Python
    for the input limit's 256 MB at once, and the command said `MemoryError … (this is a jlir bug)`."""
    r = subprocess.run([sys.executable, "-m", "jlir", "print", str(DUMP)], capture_output=True, cwd=ROOT,
                       preexec_fn=_address_space(128), timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")))
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == DUMP.read_bytes()


def test_a_file_past_the_limit_is_refused_by_name_and_one_at_it_is_read(tmp_path, monkeypatch):
    data = DUMP.read_bytes()
    monkeypatch.setenv("JLIR_MAX_INPUT", str(len(data)))
    assert read_bytes(str(DUMP)) == data
    monkeypatch.setenv("JLIR_MAX_INPUT", str(len(data) - 1))
    with pytest.raises(InputError, match=f"larger than {len(data) - 1:,} bytes"):
        read_bytes(str(DUMP))


def test_standard_input_is_read_whole_in_blocks_and_limited_alike():
    data = DUMP.read_bytes() * 200  # past one block of the pipe's reading
    r = run_jlir("print", "-", input=data)
    assert r.returncode == 0 and r.stdout == data
    r = run_jlir("print", "-", input=data, env={"JLIR_MAX_INPUT": str(len(data) - 1)})
    assert r.returncode == 2 and b"<stdin>: larger than" in r.stderr
