"""`jlir.batch.pool`: forked workers end with their parent however it ends (SIGTERM, SIGHUP, SIGKILL), and a
SIGINT sent to one worker neither stops the run nor prints a traceback."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A parent mapping slow work over many items on 2 workers; it prints its workers' pids once they run.
PARENT = """
import os, sys, time
sys.path.insert(0, sys.argv[1])
from jlir.batch import map_ordered
def slow(x):
    if x == 0:
        print(" ".join(str(p) for p in children()), flush=True)
    time.sleep(0.02)
    return x
def children():
    me = os.getppid()
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and _ppid(p) == me]
def _ppid(pid):
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return -1
for value in map_ordered(slow, range(200), jobs=2, chunk=1):
    print(value, flush=True)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _state(pid: int) -> str:
    """What the kernel says of a process and each of its threads (state, signals pending, blocked, ignored, what
    it waits in): a failure's own account."""
    out = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            status = dict(line.split(":", 1) for line in (task / "status").read_text().splitlines() if ":" in line)
            wchan = (task / "wchan").read_text()
        except OSError as e:
            out.append(f"{task.name}: {e}")
            continue
        out.append(f"{task.name} {status.get('Name', '').strip()}: " + " ".join(
            f"{k}={status.get(k, '').strip()}" for k in ("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))
            + f" wchan={wchan}")
    return "; ".join(out) or "no /proc entry"


def _started(sig_target=None):
    p = subprocess.Popen([sys.executable, "-c", PARENT, str(ROOT)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    workers = [int(x) for x in p.stdout.readline().split()]
    assert len(workers) == 2, workers
    return p, workers


def _gone(pids, within: float = 10.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(_alive(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_workers_end_with_their_parent_and_the_pipe_reader_sees_its_end(sig):
    p, workers = _started()
    try:
        p.send_signal(sig)
        p.wait(timeout=30)
        assert _gone(workers), f"workers {workers} outlived their parent"
        p.stdout.read()  # EOF: no worker holds the parent's stdout open any more
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_sigint_to_one_worker_does_not_stop_the_run():
    p, workers = _started()
    try:
        os.kill(workers[0], signal.SIGINT)
        out = p.stdout.read()  # (not `communicate`: it reads the pipe past what `readline` already buffered)
        err = p.stderr.read()
        p.wait(timeout=300)
        assert p.returncode == 0 and b"Traceback" not in err and b"KeyboardInterrupt" not in err, err
        assert out.split() == [str(i).encode() for i in range(200)]
    finally:
        p.kill()


# A parent whose workers are slow to start (their bootstrap held up 5 s, as a loaded machine holds up a process
# just forked): it prints their pids once forked, then waits to be ended.
SLOW_START = """
import os, sys, time
sys.path.insert(0, sys.argv[1])
import multiprocessing.process as mp_process
real = mp_process.BaseProcess._bootstrap
def held_up(self, *args, **kwargs):
    time.sleep(5)
    return real(self, *args, **kwargs)
mp_process.BaseProcess._bootstrap = held_up
from jlir.batch.ordered import _run_chunk
from jlir.batch.pool import process_pool, run_inherited, submit_first
pool = process_pool(2, abs)
submit_first(pool, run_inherited, _run_chunk, [-1])
me = os.getpid()
print(open(f"/proc/{me}/task/{me}/children").read(), flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_a_worker_ended_with_its_parent_from_its_fork_on_not_from_its_first_task(sig):
    p = subprocess.Popen([sys.executable, "-c", SLOW_START, str(ROOT)], stdout=subprocess.PIPE)
    workers = [int(x) for x in p.stdout.readline().split()]
    try:
        assert len(workers) == 2, workers
        p.send_signal(sig)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the parent did not end within 30 s of {sig.name}: {_state(p.pid)}")
        assert _gone(workers, within=1.0), f"workers {workers} outlived their parent by more than 1 s"
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        p.kill()
