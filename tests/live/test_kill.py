"""However jlir ends (SIGTERM from `timeout`/`kill`/CI cancellation, SIGKILL), its Julia and everything that
Julia started end with it: the CLI's `fetch` and a library session (what the pytest plugin and `jlir snapshot`
hold).  Each test marks the processes it expects with a unique `sleep` duration and, pass or fail, kills
whatever of them is left, so a failing run leaves no Julia spinning on the machine.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import NO_JULIA, live_julias

JULIAS = live_julias()
ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.skipif(not JULIAS, reason=NO_JULIA),
              pytest.mark.skipif(not os.path.isdir("/proc") or os.name != "posix", reason="needs POSIX and /proc")]


def _processes_with(marker: str) -> list[tuple[int, int]]:
    """(pid, process group) of the live processes whose command line contains `marker`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if marker in cmdline and stat[0] != "Z":
            found.append((int(entry), int(stat[2])))
    return found


def _wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def _kill_leftovers(marker: str, groups: set[int]) -> None:
    for pid, group in _processes_with(marker):
        groups.add(group)
        groups.add(pid)
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _hanging_defs(tmp_path: Path) -> tuple[Path, str]:
    """Definitions that start a child process and then spin forever (Julia at 100% CPU, never answering)."""
    seconds = f"{random.randint(100000, 999999)}.5"
    path = tmp_path / "loop.jl"
    path.write_text(f"foo(x) = x + 1; run(`sleep {seconds}`, wait=false); while true end\n", encoding="utf-8")
    return path, f"sleep {seconds}"


def _end_and_check(start: list[str], sig: int, tmp_path: Path, marker: str) -> None:
    env = dict(os.environ, JLIR_JULIA=JULIAS[0], PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(start, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    groups = {proc.pid}
    try:
        assert _wait_for(lambda: _processes_with(marker) or proc.poll() is not None, 120), "Julia never ran the defs"
        assert proc.poll() is None, proc.stderr.read().decode(errors="replace")
        groups.update(group for _, group in _processes_with(marker))
        os.kill(proc.pid, sig)
        proc.wait(timeout=30)
        assert _wait_for(lambda: not _processes_with(marker), 15), f"left running: {_processes_with(marker)}"
    finally:
        if proc.poll() is None:
            proc.kill()
        _kill_leftovers(marker, groups)
        proc.stderr.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_ending_jlir_fetch_ends_its_julia_and_what_julia_started(sig, tmp_path):
    defs, marker = _hanging_defs(tmp_path)
    start = [sys.executable, "-m", "jlir", "fetch", "foo(1)", "--defs", str(defs), "--timeout", "none"]
    _end_and_check(start, sig, tmp_path, marker)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_ending_a_process_that_holds_a_session_ends_its_julia(sig, tmp_path):
    """A library session, as the pytest plugin's session Julia and `jlir snapshot` hold one."""
    defs, marker = _hanging_defs(tmp_path)
    code = ("import sys; from jlir.live import Julia\n"
            "jl = Julia(sys.argv[1], backend='subprocess', timeout=None)\n"
            "jl.define(open(sys.argv[2]).read(), 'loop.jl')\n")
    _end_and_check([sys.executable, "-c", code, JULIAS[0], str(defs)], sig, tmp_path, marker)
