"""The command's two module entries: `python -m jlir.cli` is the `jlir` command, as `python -m jlir` is."""
from __future__ import annotations

import subprocess
import sys

from support.cli import ROOT, run_jlir


def test_python_m_jlir_cli_is_the_jlir_command():
    process = subprocess.run([sys.executable, "-m", "jlir.cli", "--help"], capture_output=True, cwd=ROOT,
                             timeout=120)
    assert process.returncode == 0, process.stderr.decode()
    assert process.stdout == run_jlir("--help").stdout
    assert b"roundtrip" in process.stdout
