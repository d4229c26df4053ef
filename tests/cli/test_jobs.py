"""`-j N`: every verb that takes many files writes with N processes exactly what it writes with one: the same
stdout byte for byte, the same located messages on stderr in the same order, the same exit status, for
readable files, a missing one, an unreadable one and standard input among them."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.cli import installed_command

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "fixtures" / "julia-1.5.3"
BAD = "CodeInfo(\n1 ─ %1 = foo(\n)\n"


def _jlir(args: list[str], stdin: bytes) -> tuple[bytes, bytes, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "jlir", *args], input=stdin, capture_output=True, cwd=ROOT,
                       env=env, timeout=300)
    return p.stdout, p.stderr, p.returncode


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    bad = tmp_path_factory.mktemp("jobs") / "bad.txt"
    bad.write_text(BAD, encoding="utf-8")
    files = [str(FIX / "try_catch.typed.txt"), str(bad.parent / "missing.txt"), str(bad),
             str(FIX / "arrays.lowered.txt"), "-", str(FIX / "base_dict.typed.txt"), str(FIX / "arrays.typed.txt")]
    return files, (FIX / "kwcall.typed.txt").read_bytes()


@pytest.mark.parametrize("verb", [["parse"], ["parse", "--json"], ["print"], ["roundtrip"], ["verify"],
                                  ["analyze"], ["ssa"], ["opt", "--passes", "dce,compact"]])
def test_many_jobs_write_what_one_job_writes(verb, inputs):
    files, stdin = inputs
    one = _jlir([*verb, *files], stdin)
    three = _jlir([*verb, "-j", "3", *files], stdin)
    assert one == three
    assert one[2] == 2 and b"missing.txt: no such file" in one[1] and b"bad.txt:2:14: error:" in one[1]
    assert one[0] or verb == ["verify"]  # the readable files were answered (verify: valid, nothing to say)


def test_a_negative_job_count_is_refused_with_exit_2():
    out, err, status = _jlir(["parse", "-j", "-1", str(FIX / "arrays.typed.txt")], b"")
    assert status == 2 and b"-j/--jobs: expected 0 (one per core) or more processes, got -1" in err


KILLER = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
import jlir.cli.parse as P
parent, real = os.getpid(), P.parse
def parse(path, **k):
    if os.getpid() != parent and path.endswith("arrays.typed.txt"):
        os.kill(os.getpid(), signal.SIGKILL)  # the worker dies mid-file, as an out-of-memory kill would
    return real(path, **k)
P.parse = parse
from jlir.cli.app import main
sys.exit(main(["parse", "-j", "2", *sys.argv[2:]]))
"""


def test_a_file_whose_worker_was_killed_is_worked_on_by_the_parent_and_the_output_is_unchanged():
    files = [str(FIX / f"{n}.typed.txt") for n in ("try_catch", "arrays", "kwcall", "base_dict")]
    p = subprocess.run([sys.executable, "-c", KILLER, str(ROOT), *files], capture_output=True, timeout=300)
    assert (p.returncode, p.stderr) == (0, b"")
    assert p.stdout == _jlir(["parse", *files], b"")[0]


def _children(pid: int) -> list[int]:
    out = []
    for p in os.listdir("/proc"):
        try:
            if p.isdigit() and int(Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(p))
        except (OSError, IndexError, ValueError):
            pass
    return out


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL, signal.SIGHUP])
def test_killing_jlir_ends_its_workers_and_whoever_reads_its_output_sees_the_end(sig, tmp_path):
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(FIX.glob("*.typed.txt"))[:40])
    files = []
    for i in range(60):
        files.append(tmp_path / f"f{i}.txt")
        files[-1].write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "jlir", "roundtrip", "-j", "2", *map(str, files)], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:  # the parent's children: its workers
            workers = [c for c in _children(p.pid) if _alive(c)]
            time.sleep(0.02)
        assert len(workers) == 2 and p.poll() is None
        p.send_signal(sig)
        p.wait(timeout=30)
        end = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(map(_alive, workers)), "workers outlived jlir"
        p.stdout.read()  # returns: no worker holds jlir's standard output open
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        p.kill()


def _session(sid: int) -> list[int]:
    """The live (not zombie) processes of session `sid`: a command started in a session of its own and all it forked."""
    out = []
    for p in os.listdir("/proc"):
        try:
            if p.isdigit():
                fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[3]) == sid and fields[0] != "Z":
                    out.append(int(p))
        except (OSError, IndexError, ValueError):
            pass
    return out


_MOMENTS = random.Random(5)  # seeded: the same moments on every run
_SIGNALS = [signal.SIGHUP, signal.SIGHUP, signal.SIGHUP, signal.SIGTERM, signal.SIGKILL, signal.SIGINT]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("sig, moment", [(s, 0.0 if i == 0 else round(_MOMENTS.uniform(0, 0.4), 3))
                                         for i, s in enumerate(_SIGNALS)])
def test_the_command_ended_by_a_signal_leaves_no_process_a_second_later(sig, moment, tmp_path):
    """The installed `jlir` on a thousand files with -j 2, ended `moment` s after its first worker was forked."""
    files = []
    for i in range(2):
        for f in sorted(FIX.glob("*.txt"))[:500]:
            files.append(tmp_path / f"{i}-{f.name}")
            files[-1].symlink_to(f)
    command = installed_command(tmp_path)
    p = subprocess.Popen([str(command), "roundtrip", "-j", "2", *map(str, files)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(ROOT)), start_new_session=True)
    try:
        children, cmdline = Path(f"/proc/{p.pid}/task/{p.pid}/children"), Path(f"/proc/{p.pid}/cmdline")
        while p.poll() is None and not (b"jlir-python" in cmdline.read_bytes() and children.read_text().strip()):
            time.sleep(0.001)  # the launcher's own child (`env … true`) is not a worker
        assert p.poll() is None, "jlir ended before it forked its workers"
        time.sleep(moment)
        p.send_signal(sig)
        p.wait(timeout=30)
        end = time.monotonic() + 1.0
        while _session(p.pid) and time.monotonic() < end:
            time.sleep(0.01)
        assert not _session(p.pid), f"left a second after jlir ended by signal {sig}"
    finally:
        for pid in _session(p.pid):
            os.kill(pid, signal.SIGKILL)
        p.kill()
