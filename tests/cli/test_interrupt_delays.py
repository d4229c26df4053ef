"""Ctrl-C at any moment of `jlir …`: a SIGINT sent at delays from 0 on.

What jlir's own code can promise (its first instruction is `jlir/__init__.py`'s handler): once it runs, a Ctrl-C
is `jlir: interrupted` and exit 130, never a traceback.  Before it only Python's start-up runs (the interpreter's
own initialisation, `site` and the environment's `.pth` files, `runpy`): there a SIGINT ends the process by the
signal (the shell's 130) or with Python's own `KeyboardInterrupt` traceback, whose frames are none of jlir's.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "tests" / "data" / "heads-1.5.3" / "hv.typed.txt"
JLIR_CODE = os.sep + "jlir" + os.sep


def _reading_stdin(pid: int) -> bool:
    """Whether process `pid` is blocked in read(0, …) (Linux's /proc/PID/syscall: number, then arguments)."""
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return len(fields) > 1 and fields[0] == "0" and int(fields[1], 16) == 0


def _interrupted(argv, delay: float, stdin=subprocess.DEVNULL, until_reading: bool = False):
    p = subprocess.Popen([sys.executable, "-m", "jlir", *argv], stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if until_reading:  # a loaded machine may take seconds to start Python: wait until jlir reads its input
        deadline = time.monotonic() + 60
        while not _reading_stdin(p.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
    if delay:
        time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, err.decode(errors="replace")


@pytest.mark.parametrize("delay", [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4])
def test_a_ctrl_c_at_start_up_is_never_a_traceback_through_jlir(delay):
    status, err = _interrupted(["parse", str(DUMP)], delay)
    if status == 130:
        assert err == "jlir: interrupted\n"
    elif "KeyboardInterrupt" in err:  # Python's start-up, before jlir's first instruction: its traceback, or
        assert JLIR_CODE not in err  # only the exception's name where it lands between frames (no "Traceback")
    else:
        assert status in (-signal.SIGINT, 0) and JLIR_CODE not in err  # killed before Python's handler; or done


def test_a_ctrl_c_once_jlir_runs_is_its_message_and_130():
    r, w = os.pipe()  # stdin that never ends: `jlir parse -` waits in its own code for the rest of the input
    if not Path("/proc/self/syscall").exists():
        pytest.skip("needs Linux's /proc/PID/syscall to see jlir waiting for its input")
    try:
        status, err = _interrupted(["parse", "-"], 0.2, stdin=r, until_reading=True)
    finally:
        os.close(r)
        os.close(w)
    assert (status, err) == (130, "jlir: interrupted\n")
