"""`-o OUT` treats the user's files as Unix tools do: `-` is stdout, read-only files are refused, mode and group
are kept, symbolic links are written through (atomically, in the target's directory), a new file gets the umask's
mode.  Run through `jlir opt -o` (a verb with `-o` that needs no Julia) as a real process."""
from __future__ import annotations

import grp
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from jlir.cli.output import OutputError, write_output
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "fixtures" / "julia-1.5.3" / "early_return.typed.txt"
OLD = "old text\n"


def jlir_cli(*args, user: int | None = None) -> subprocess.CompletedProcess:
    if user is None:
        return run_jlir(*args)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "jlir", *args]
    if user is not None:  # as another (unprivileged) user: root may write anything, so refusals need a user
        cmd = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *cmd]
    return subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT, timeout=120)


def expected() -> bytes:
    r = jlir_cli("opt", str(DUMP))
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout


def test_dash_is_standard_output_not_a_file_named_dash(tmp_path):
    r = run_jlir("opt", DUMP, "-o", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == expected()
    assert not (tmp_path / "-").exists()


def test_a_replaced_file_keeps_its_mode(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text(OLD)
    out.chmod(0o640)
    r = jlir_cli("opt", str(DUMP), "-o", str(out))
    assert r.returncode == 0, r.stderr.decode()
    assert out.read_bytes() == expected()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_a_new_file_gets_the_mode_the_umask_allows_not_0600(tmp_path):
    out = tmp_path / "new.txt"
    umask = os.umask(0o022)
    try:
        r = jlir_cli("opt", str(DUMP), "-o", str(out))
    finally:
        os.umask(umask)
    assert r.returncode == 0, r.stderr.decode()
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's group to one the user is not in needs root")
def test_a_replaced_file_keeps_its_group(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text(OLD)
    gid = grp.getgrnam("nogroup").gr_gid if "nogroup" in {g.gr_name for g in grp.getgrall()} else 65534
    os.chown(out, -1, gid)
    r = jlir_cli("opt", str(DUMP), "-o", str(out))
    assert r.returncode == 0, r.stderr.decode()
    assert out.stat().st_gid == gid


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "target.txt"
    target.write_text(OLD)
    target.chmod(0o604)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    r = jlir_cli("opt", str(DUMP), "-o", str(link))
    assert r.returncode == 0, r.stderr.decode()
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == expected()
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    # the temporary file lived (and was renamed) in the target's folder: nothing is left beside the link
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real"]
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["target.txt"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file (as the shell's `>` does); "
                    "the refusal is checked for root by the next test")
def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "readonly.txt"
    out.write_text(OLD)
    out.chmod(0o444)
    r = jlir_cli("opt", str(DUMP), "-o", str(out))
    assert r.returncode == 2
    message = r.stderr.decode()
    assert message.startswith(f"jlir: error: cannot write {out}: permission denied"), message
    assert out.read_text() == OLD and stat.S_IMODE(out.stat().st_mode) == 0o444


def test_a_file_the_user_cannot_write_is_refused_whoever_runs_the_tests(tmp_path, monkeypatch):
    # Root passes every permission check, so the user who lacks write permission is stood in for here: the check
    # jlir makes (access(2) with the real user) answers "no".
    out = tmp_path / "readonly.txt"
    out.write_text(OLD)
    out.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode == os.W_OK else real_access(p, mode))
    with pytest.raises(OutputError, match="permission denied .it is not writable by you"):
        write_output(str(out), "new text\n")
    assert out.read_text() == OLD and stat.S_IMODE(out.stat().st_mode) == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["readonly.txt"]


def test_a_directory_is_refused(tmp_path):
    r = jlir_cli("opt", str(DUMP), "-o", str(tmp_path))
    assert r.returncode == 2
    assert r.stderr.decode().strip() == f"jlir: error: cannot write {tmp_path}: is a directory"


def test_a_device_is_written_to_not_replaced():
    write_output("/dev/null", "text\n")  # /dev/null stays the device
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_missing_folder_is_an_output_error_not_an_oserror(tmp_path):
    with pytest.raises(OutputError, match="No such file or directory"):
        write_output(str(tmp_path / "no" / "such" / "out.txt"), "x")
