"""Replacing a file atomically: a temporary file beside it, written and fsynced, renamed over it.

`jlir snapshot update`, `-o FILE` and the pytest plugin's snapshot writes all go through `replace_file`, so that a
file the user owns is never left half-written: killed at any moment (SIGTERM, SIGHUP, SIGINT; SIGKILL aside, which
nothing can catch), the target holds its old text or its new one, and the temporary file is removed.
"""
from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import threading

_CAUGHT = (signal.SIGTERM, signal.SIGHUP)


class Killed(SystemExit):
    """A termination signal received while a file was being replaced: the temporary is removed, then the process
    ends with the status a shell gives that signal (128 + its number)."""


def _raise_killed(signum, frame):
    raise Killed(128 + signum)


@contextlib.contextmanager
def signals_as_exit():
    """SIGTERM and SIGHUP raise `Killed` inside the block (in the main thread; elsewhere they stay as they are),
    so that the block's cleanup runs; the handlers before it are put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, _raise_killed) for s in _CAUGHT}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def replace_file(target: str, data: bytes, st: os.stat_result | None) -> None:
    """Write `data` to a temporary file beside `target`, give it the old file's mode and group (or the mode a new
    file gets under the umask), fsync it, and rename it over `target`; the temporary is removed on any exit."""
    folder = os.path.dirname(target) or "."
    with signals_as_exit():
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                _set_mode(f.fileno(), st)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with contextlib.suppress(OSError):  # the rename itself made durable
            dfd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)


def _set_mode(fd: int, st: os.stat_result | None) -> None:
    if st is not None:
        os.fchmod(fd, stat.S_IMODE(st.st_mode))
        try:
            os.fchown(fd, -1, st.st_gid)
        except OSError:
            pass  # not a member of that group: the group stays the user's, as `cp` leaves it
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
