"""The CLI tried as a hostile user would (third round): each case once failed as the test's name says it must not."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir.snapshot import atomic

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
DUMP = DATA / "heads-1.5.3" / "hv.typed.txt"


def _jlir(*args, env=None, **kw):
    environ = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "jlir", *args], capture_output=True, env=environ, timeout=120, **kw)


def test_an_input_past_the_size_limit_is_refused_before_it_is_read_whole(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(DUMP.read_bytes() * 50)
    r = _jlir("parse", str(big), env={"JLIR_MAX_INPUT": "1000"})
    assert r.returncode == 2 and b"larger than 1,000 bytes" in r.stderr and b"Traceback" not in r.stderr


def test_endless_input_is_refused_not_read_until_memory_runs_out():
    r = _jlir("parse", "/dev/zero", env={"JLIR_MAX_INPUT": "100000"})
    assert r.returncode == 2 and b"larger than" in r.stderr


def test_closed_standard_input_is_a_message_not_an_internal_error():
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(["sh", "-c", f'"{sys.executable}" -m jlir parse - <&-'], capture_output=True, env=environ,
                       timeout=120)
    assert r.returncode == 2 and b"standard input is closed" in r.stderr and b"internal" not in r.stderr


def test_bad_input_with_stderr_closed_still_exits_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("not IR\n")
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(["sh", "-c", f'"{sys.executable}" -m jlir parse "{bad}" 2>&-'], stdout=subprocess.PIPE,
                       env=environ, timeout=120)
    assert r.returncode == 2


@pytest.mark.parametrize("value", ["-1", "nan", "inf"])
def test_run_timeout_that_binds_nothing_is_refused(value):
    r = _jlir("run", "--timeout", value, str(DUMP))
    assert r.returncode == 2 and b"--timeout" in r.stderr


def test_a_byte_order_mark_reads_leniently_and_is_named_strictly():
    text = "\ufeff" + DUMP.read_text(encoding="utf-8")
    with pytest.warns(Warning, match="byte order mark"):
        doc = jlir.parse(text, lenient=True)
    assert jlir.format(doc) == text[1:]
    with pytest.raises(jlir.ParseError, match="byte order mark"):
        jlir.parse(text)


def test_ctrl_c_while_jlir_is_still_importing_is_its_message_and_130():
    code = ("import sys, os, signal; sys.argv = ['-m']; import jlir; os.kill(os.getpid(), signal.SIGINT); "
            "import time; time.sleep(5); print('not interrupted')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                       timeout=120)
    assert r.returncode == 130 and r.stderr == b"jlir: interrupted\n"


def test_ctrl_c_during_the_first_import_jlir_makes_is_its_message_not_a_traceback():
    # a Ctrl-C that lands while jlir/__init__.py imports its first module (once `from __future__ import
    # annotations`, which Python runs as an import before anything else): the handler must already be in place
    code = r'''
import os, signal, sys
sys.argv = ["-m"]
sys.modules.pop("__future__", None)
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename.endswith(os.path.join("jlir", "__init__.py")):
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
                return None
            f = f.f_back
        return None
sys.meta_path.insert(0, Interrupt())
import jlir
print("not interrupted")
'''
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                       timeout=120)
    assert r.stderr == b"jlir: interrupted\n" and r.returncode == 130 and not r.stdout


def test_a_var_quoted_struct_value_shows_as_julia_shows_it():
    lines = (DATA / "hardening" / "var-struct-1.5.3.txt").read_text(encoding="utf-8").splitlines()
    dump, julia_repr = "\n".join(lines[:4]) + "\n", lines[4]
    r = _jlir("run", "-", "--args", "3", input=dump.encode())
    assert r.returncode == 0 and r.stdout.decode().strip() == julia_repr == 'var"weird name"(3)'


def test_a_write_killed_before_its_rename_keeps_the_old_file_and_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "snap.txt"
    target.write_text("old\n")
    real_fsync = os.fsync

    def killed_fsync(fd):
        real_fsync(fd)
        os.kill(os.getpid(), signal.SIGTERM)
    monkeypatch.setattr(atomic.os, "fsync", killed_fsync)
    with pytest.raises(atomic.Killed) as e:
        atomic.replace_file(str(target), b"new\n", os.stat(target))
    assert e.value.code == 128 + signal.SIGTERM
    assert target.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["snap.txt"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_the_pytest_plugin_writes_a_snapshot_atomically(tmp_path, monkeypatch):
    from jlir.snapshot.extension import IRSnapshotExtension
    target = tmp_path / "s.txt"
    target.write_text("old\n")
    calls = []
    monkeypatch.setattr(atomic, "replace_file", lambda path, data, st: calls.append((path, data)))

    class Collection:
        location = str(target)

        def __iter__(self):
            return iter([type("S", (), {"data": "new\n"})()])
    IRSnapshotExtension.write_snapshot_collection(snapshot_collection=Collection())
    assert calls == [(str(target.resolve()), b"new\n")]
