"""A run's wall-clock and memory limits, which bind however costly one statement is.

The frame loop looks at the clock between statements (`jlir.interp.frames.next_limit`), but one statement may
cost O(n) (a `memset` of a long String, a `jl_alloc_array_1d` of a billion elements).  So while a run has a
deadline or a memory limit, a watcher thread looks at the clock and at the process's resident memory every
`PERIOD` seconds and, past either, interrupts the run in the main thread (`_thread.interrupt_main`: Python
runs the handler between two bytecodes, so even a long loop of Python code stops within a period); the
handler raises `Exhausted`, a `BaseException` no `except Exception` of the interpreter catches.  `run` makes a
deadline a refusal (`stopped after S s`) and the memory an uncaught `OutOfMemoryError`, Julia's answer when
memory runs out.  Off the main thread (no signal handler can be set there) only the frame loop's own checks
and the allocation check bind.

An allocation is checked before it is made (`check_allocation`): Julia's own rules first (array.c:
`invalid Array dimensions`, an ArgumentError; `invalid Array size`, an ErrorException), then the bytes the model would take
against what the limit leaves, which throws Julia's `OutOfMemoryError` at the allocation, catchable as in
Julia.
"""
from __future__ import annotations

import _thread
import os
import signal
import threading
import time

from jlir.semantics.values import JStruct, JuliaException

PERIOD = 0.02
RERAISE = 0.5
"""Seconds after which a limit's `Exhausted`, raised but not seen to end the run, is raised again."""
MAXINTVAL = (1 << 63) - 1  # julia.h: `MAXINTVAL`, typemax(Int) on a 64-bit Julia
# Bytes the model takes per element of an array: a list slot (8), and the element objects it may come to hold.
SLOT_BYTES = 8
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class Exhausted(BaseException):
    """The run passed its deadline (`kind` "time") or its memory limit ("memory"); raised in the main thread."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


def resident_bytes() -> int:
    """The process's resident memory (Linux `/proc/self/statm`), 0 where the system does not say."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def process_start() -> float | None:
    """The `time.monotonic()` instant this process started (Linux `/proc`: its start after boot and the uptime,
    both on the monotonic clock), None where the system does not say."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        with open("/proc/uptime", "rb") as fh:
            uptime = float(fh.read().split()[0])
        age = uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return time.monotonic() - max(age, 0.0)


def physical_memory() -> int:
    """The machine's memory in bytes (0 where unknown)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0


DEFAULT_FRACTION = 4
"""`jlir run --max-memory` defaults to a quarter of the machine's memory."""


def out_of_memory() -> JuliaException:
    return JuliaException("OutOfMemoryError", "", JStruct("OutOfMemoryError", (), (), False))


class Watch:
    """The limits of one run (`deadline`: a `time.monotonic()` instant; `max_memory`: bytes of resident memory);
    a context manager that watches them from a thread while the run is in it."""

    def __init__(self, deadline: float | None, max_memory: int | None):
        self.deadline, self.max_memory = deadline, max_memory
        self.tripped: str | None = None
        self._stop = threading.Event()
        self._thread = None
        self._old = None
        self._raised = float("-inf")  # when the handler last raised `Exhausted`

    def __enter__(self):
        global _ACTIVE
        _ACTIVE = self
        watching = self.deadline is not None or self.max_memory is not None
        if watching and threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGALRM, self._interrupted)
            self._thread = threading.Thread(target=self._watch, name="jlir-run-limits", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        global _ACTIVE
        self._stop.set()  # first: the handler raises nothing from here on
        _ACTIVE = None
        if self._thread is not None:
            self._thread.join()
            signal.signal(signal.SIGALRM, self._old)
        return False

    def _watch(self) -> None:
        """Once a limit is passed, interrupt the main thread; again each `RERAISE` seconds until the run is left: an
        `Exhausted` raised where Python cannot propagate it (inside a collector callback or a `__del__`, where it is
        printed as unraisable and dropped) must not let the run go on past its limit.  (A raise that propagates
        leaves the run within microseconds, long before a second one.)"""
        while not self._stop.wait(PERIOD):
            if self.tripped is None:
                if self.deadline is not None and time.monotonic() > self.deadline:
                    self.tripped = "time"
                elif self.max_memory is not None and resident_bytes() > self.max_memory:
                    self.tripped = "memory"
                else:
                    continue
            elif time.monotonic() - self._raised < RERAISE:
                continue
            _thread.interrupt_main(signal.SIGALRM)

    def _interrupted(self, signum, frame):
        if self.tripped is not None and not self._stop.is_set():
            self._raised = time.monotonic()
            raise Exhausted(self.tripped)

    def room(self) -> int | None:
        """Bytes the memory limit still leaves, None where there is no limit."""
        return None if self.max_memory is None else self.max_memory - resident_bytes()


_ACTIVE: Watch | None = None


def check_allocation(n: int, elsize: int, dims=None) -> None:
    """Before the runtime allocates `n` elements of `elsize` bytes (array.c's `_new_array_`): Julia's
    ErrorException for impossible sizes, Julia's OutOfMemoryError where the run's memory limit cannot hold what
    the model would take (or the machine cannot hold the array)."""
    count = 1
    for d in dims if dims is not None else (n,):
        count *= d if d >= 0 else d + (1 << 64)  # a negative size is a huge `size_t`
        if count > MAXINTVAL or not 0 <= d <= MAXINTVAL:
            msg = "invalid Array dimensions"  # array.c: `jl_exceptionf(jl_argumenterror_type, …)`
            raise JuliaException("ArgumentError", msg, JStruct("ArgumentError", (msg,), ("msg",), False))
    if n * max(elsize, 1) > MAXINTVAL:
        raise JuliaException("ErrorException", "invalid Array size")
    need = max(n * elsize, n * SLOT_BYTES)
    room = _ACTIVE.room() if _ACTIVE is not None else None
    if room is not None and need > room or need > (physical_memory() or need + 1):
        raise out_of_memory()
