"""The subprocess backend: one `julia jlir.jl serve` process kept alive across requests.

Julia runs with `--compile=min`: jlir.jl's own code (parsing targets, the
protocol, choosing a printer) is interpreted rather than compiled, which cut a
one-target `jlir fetch` from ~5 s to ~1 s, while inference and the IR printers
are the sysimage's compiled code, so what Julia prints is unchanged (every
Julia 1.5.3 fixture regenerates byte for byte).  Every later request costs only
its own work, so a fixture run or a session of many `fetch` calls pays the
start-up once.  Requests and replies are framed messages over the process's
stdin and stdout (`jlir.live.protocol`); replies carry the session's nonce, so
what user code writes to that pipe is never taken for one.

Two threads read the process: one turns stdout into replies on a queue, so a
request can wait with a timeout on any platform; one drains stderr (Julia's
warnings and whatever user code prints) into a bounded tail kept for error
messages.  When the process dies or times out, its whole process group (Julia
and whatever user code started) is killed and forgotten; the next request
starts a new one.  When Python itself ends, however it ends (SIGTERM, SIGKILL),
the guard that leads that group (`jlir.live.guard`) kills it.
"""
from __future__ import annotations

import collections
import errno
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import weakref
from pathlib import Path
from typing import Callable

import jlir.live.protocol as protocol
from jlir.live.protocol import JLIR_JL
from jlir.live.errors import JuliaCrashed, JuliaStartError, JuliaTimeout, ProtocolError
from jlir.live.locate import JuliaCommand

GUARD = Path(__file__).with_name("guard.py")

JULIA_OPTIONS = ("--startup-file=no", "--history-file=no", "--color=no", "--compile=min")
STDERR_TAIL_LINES = 200

_EOF = object()


def _stop(proc: subprocess.Popen, guard_fd: int | None = None) -> None:
    """Stop `proc` for good, with every process it started (used by `close`, at timeouts and at garbage
    collection).  Julia runs in the process group of its guard (jlir.live.guard), so the whole group is killed: a child
    that user code started (`run(`sleep 45`; wait=false)`) would otherwise live on, holding Julia's pipes open.
    Nothing here blocks without a deadline: the pipes Julia wrote to are left to the reader threads, which see
    their end once every writer is gone (closing them here would wait for a reader's lock)."""
    if os.name == "posix":
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    try:
        proc.stdin.close()
    except (OSError, AttributeError, ValueError):
        pass
    if guard_fd is not None:
        try:
            os.close(guard_fd)
        except OSError:
            pass


def _close(stream) -> None:
    try:
        stream.close()
    except (OSError, ValueError):
        pass


def _describe_exit(returncode: int | None) -> str:
    if returncode is None:
        return "still running"
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


class _Process:
    """One running Julia: the Popen, its reply queue and stderr tail."""

    def __init__(self, command: JuliaCommand, on_stderr: Callable[[str], None] | None):
        argv = [*command.argv, *JULIA_OPTIONS, str(JLIR_JL), "serve"]
        env = dict(os.environ, COLUMNS="80", LINES="24")
        self._guard_fd: int | None = None
        try:
            self.popen = self._spawn(argv, env)
        except OSError as e:
            raise JuliaStartError(f"cannot run {command} ({command.origin}): {e.strerror or e}") from None
        self.replies: queue.Queue = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._on_stderr = on_stderr
        self.nonce = protocol.new_nonce()
        try:  # the first request: from now on every reply carries the nonce (see jlir.live.protocol)
            self.popen.stdin.write(protocol.encode(["session", self.nonce]))
            self.popen.stdin.flush()
        except (OSError, ValueError):
            pass  # Julia died at once: the reader sees the end of its output, and the caller hears of the crash
        threading.Thread(target=self._read_replies, name="jlir-julia-stdout", daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, name="jlir-julia-stderr", daemon=True)
        self._stderr_reader.start()
        self._finalizer = weakref.finalize(self, _stop, self.popen, self._guard_fd)

    def _spawn(self, argv: list[str], env: dict) -> subprocess.Popen:
        """Start Julia in a new session (Ctrl-C reaches Python, which then stops Julia itself).  On POSIX under
        the guard (`jlir.live.guard`), which ends Julia's group when this process ends, even by SIGKILL."""
        pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        if os.name != "posix" or not sys.executable:
            return subprocess.Popen(argv, **pipes)
        if shutil.which(argv[0]) is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), argv[0])
        read_end, write_end = os.pipe()  # both close-on-exec: only the guard gets the read end, only we the write end
        try:
            popen = subprocess.Popen([sys.executable, "-I", "-S", str(GUARD), str(read_end), *argv],
                                     pass_fds=(read_end,), start_new_session=True, **pipes)
        except OSError:
            os.close(write_end)
            raise
        finally:
            os.close(read_end)
        self._guard_fd = write_end
        return popen

    def _read_replies(self) -> None:
        stream = self.popen.stdout
        try:
            while True:
                message = protocol.read_reply(stream, self.nonce, self._stray)
                if message is None:
                    break
                self.replies.put(message)
        except (ProtocolError, OSError, ValueError) as e:
            self.replies.put(e)
        self.replies.put(_EOF)
        _close(stream)

    def _stray(self, raw: bytes) -> None:
        """Bytes on the reply pipe that are no reply (user code wrote there): kept as Julia's output, never read."""
        line = "(on the reply pipe) " + raw.decode("utf-8", errors="replace").rstrip("\n")
        self.stderr_tail.append(line)
        if self._on_stderr is not None:
            self._on_stderr(line)

    def _read_stderr(self) -> None:
        try:
            for raw in self.popen.stderr:
                line = raw.decode("utf-8", errors="replace").rstrip("\n")
                self.stderr_tail.append(line)
                if self._on_stderr is not None:
                    self._on_stderr(line)
        except (OSError, ValueError):
            pass
        _close(self.popen.stderr)

    def stderr_text(self, lines: int = 20) -> str:
        """The last `lines` lines Julia wrote to stderr (after it exited: all of them, its last words included)."""
        if self.popen.poll() is not None:
            self._stderr_reader.join(timeout=2)
        return "\n".join(list(self.stderr_tail)[-lines:])

    def stop(self) -> None:
        self._finalizer()


class SubprocessBackend:
    """Julia in a child process.  Thread-safe: one request at a time."""

    name = "subprocess"

    def __init__(self, command: JuliaCommand, *, startup_timeout: float | None = 300.0,
                 on_stderr: Callable[[str], None] | None = None):
        self.command = command
        self.startup_timeout = startup_timeout
        self._on_stderr = on_stderr
        self._proc: _Process | None = None
        self._lock = threading.Lock()
        self.info: dict = {}
        with self._lock:
            self._start()

    # ------------------------------------------------------------------ lifecycle
    def _start(self) -> None:
        proc = _Process(self.command, self._on_stderr)
        self._proc = proc
        try:
            hello = self._receive(self.startup_timeout, starting=True)
        except (JuliaCrashed, JuliaTimeout, ProtocolError) as e:
            raise JuliaStartError(f"{self.command} ({self.command.origin}) did not start serving: {e}") from None
        self.info = protocol.parse_info(hello[1])
        if self.info.get("protocol") != "jlir-live/1":
            self._discard()
            raise JuliaStartError(f"{self.command}: unexpected protocol {self.info.get('protocol')!r}")

    def _discard(self) -> None:
        if self._proc is not None:
            self._proc.stop()
            self._proc = None

    def close(self) -> None:
        """Ask Julia to quit, and stop it if it does not."""
        with self._lock:
            proc = self._proc
            if proc is None:
                return
            try:
                proc.popen.stdin.write(protocol.encode(["quit"]))
                proc.popen.stdin.flush()
                proc.popen.wait(timeout=5)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
            self._discard()

    @property
    def pid(self) -> int | None:
        """The running Julia's process id (None between a crash and the next request)."""
        return self._proc.popen.pid if self._proc is not None else None

    # ------------------------------------------------------------------ requests
    def _crashed(self, when: str) -> JuliaCrashed:
        proc = self._proc
        try:
            proc.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        code = proc.popen.poll()
        tail = proc.stderr_text()
        self._discard()
        message = f"the Julia process (pid {proc.popen.pid}) {when} ({_describe_exit(code)})"
        if tail:
            message += "; its last output:\n" + tail
        return JuliaCrashed(message + "\nThe next request starts a new Julia.", code, tail)

    def _receive(self, timeout: float | None, starting: bool = False) -> list[str]:
        try:
            reply = self._proc.replies.get(timeout=timeout)
        except queue.Empty:
            pid = self._proc.popen.pid
            self._discard()
            raise JuliaTimeout(f"Julia (pid {pid}) did not {'start up' if starting else 'answer'} within {timeout:g} s; "
                               "it was stopped, and the next request starts a new Julia") from None
        except KeyboardInterrupt:
            self._discard()  # Julia is mid-request: its reply would answer the wrong question later
            raise
        if reply is _EOF:
            raise self._crashed("exited while starting up" if starting else "exited while answering a request")
        if isinstance(reply, Exception):
            self._discard()
            raise ProtocolError(f"Julia's reply could not be read: {reply}")
        return reply

    def request(self, fields: list[str], timeout: float | None = None) -> list[str]:
        """Send one request and return Julia's reply fields (`ok`/`error` first)."""
        with self._lock:
            if self._proc is None:
                self._start()
            elif self._proc.popen.poll() is not None:
                raise self._crashed("exited since the last request")
            try:
                self._proc.popen.stdin.write(protocol.encode(fields))
                self._proc.popen.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                raise self._crashed("exited before it read the request") from None
            return self._receive(timeout)
