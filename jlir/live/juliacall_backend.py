"""The juliacall backend: Julia inside this Python process, through PythonCall.jl's `juliacall`.

No process start per session and no pipes: requests go straight to
`JlirLive.handle_encoded` as one encoded message and come back as one.  Which
Julia runs is juliacall's choice, made once per Python process at `import
juliacall`, as juliacall documents: `PYTHON_JULIACALL_EXE` (with
`PYTHON_JULIACALL_PROJECT`), else juliapkg's `PYTHON_JULIAPKG_EXE`, else a
Julia juliapkg finds (juliaup's channels included) or installs.  A `julia`
given to jlir is passed on as `PYTHON_JULIAPKG_EXE` when none of those is set
and juliacall has not started yet.

What it cannot do, being in-process: stop a request that runs too long
(timeouts are not supported), survive a Julia crash, or keep what user code
prints to stdout out of Python's stdout.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
import tempfile

import jlir.live.protocol as protocol
from jlir.live.protocol import JLIR_JL
from jlir.live.errors import JuliaNotFound

SELECTING_VARIABLES = ("PYTHON_JULIACALL_EXE", "PYTHON_JULIACALL_BINDIR", "PYTHON_JULIAPKG_EXE")

_failure: str | None = None  # why juliacall could not start in this process (it is not tried twice)


@contextlib.contextmanager
def _starting_output(quiet: bool):
    """Where juliacall's start-up output goes.  juliapkg logs to stdout, which belongs to jlir's output (JSON,
    IR), so it never goes there: it goes to stderr, or, when `quiet` (backend `auto`, which falls back to a
    subprocess), into a capture whose text the caller reads from the yielded list (for the failure reason)."""
    captured: list[str] = []
    python_sink = io.StringIO() if quiet else sys.stderr
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    log = tempfile.TemporaryFile() if quiet else None
    moved = (1, 2) if quiet else (1,)
    try:
        saved = [os.dup(fd) for fd in moved]
    except OSError:  # no real file descriptors (an embedding host): redirect Python's prints only
        saved = []
    try:
        for fd in moved[:len(saved)]:
            os.dup2(log.fileno() if quiet else 2, fd)
        with contextlib.redirect_stdout(python_sink):
            yield captured
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        for fd, old in zip(moved, saved):
            os.dup2(old, fd)
            os.close(old)
        if quiet:
            log.seek(0)
            captured.append(python_sink.getvalue() + log.read().decode("utf-8", errors="replace"))
            log.close()


def _last_warning(log: str) -> str:
    """The last line juliapkg flagged as a warning or error: often the real reason behind a generic exception."""
    flagged = [line.strip() for line in log.splitlines() if "WARNING" in line or "ERROR" in line]
    return flagged[-1] if flagged else ""


def _main_module(julia_exe: str | None, quiet: bool):
    """juliacall's `Main`, starting juliacall if needed; JuliaNotFound (with the reason) when it cannot start."""
    global _failure
    if _failure is not None:
        raise JuliaNotFound(f"juliacall: {_failure}")
    if "juliacall" in sys.modules:
        return sys.modules["juliacall"].Main
    if importlib.util.find_spec("juliacall") is None:
        _failure = "not installed (pip install 'jlir[julia]')"
        raise JuliaNotFound(f"juliacall: {_failure}")
    if julia_exe and not any(os.environ.get(v) for v in SELECTING_VARIABLES):
        os.environ["PYTHON_JULIAPKG_EXE"] = julia_exe
    with _starting_output(quiet) as captured:
        try:
            import juliacall
            return juliacall.Main
        except Exception as e:  # juliapkg raises what it meets: URLError, CalledProcessError, Exception
            error = e
    first_line = (str(error).strip().splitlines() or [""])[0][:300]
    warning = _last_warning(captured[0]) if captured else ""
    _failure = f"cannot start ({type(error).__name__}: {first_line})" + (f"; juliapkg said: {warning}" if warning else "")
    raise JuliaNotFound(f"juliacall: {_failure}") from None


class JuliacallBackend:
    """Julia in this process, through juliacall."""

    name = "juliacall"

    def __init__(self, julia_exe: str | None = None, *, quiet: bool = False):
        main = _main_module(julia_exe, quiet)
        if not main.seval("isdefined(Main, :JlirLive)"):
            main.include(str(JLIR_JL))
        self._handle = main.seval("JlirLive.handle_encoded")
        self.command = f"juliacall (Julia {main.seval('string(VERSION)')} in this Python process)"
        self.info = protocol.parse_info(self.request(["hello"])[1])

    @property
    def pid(self) -> int:
        return os.getpid()

    def request(self, fields: list[str], timeout: float | None = None) -> list[str]:
        """Send one request and return Julia's reply fields; `timeout` cannot be honoured in-process."""
        reply = self._handle(protocol.encode(fields).decode("utf-8"))
        return protocol.decode(str(reply).encode("utf-8"))

    def close(self) -> None:
        """Nothing to stop: juliacall's Julia lives as long as this Python process."""
