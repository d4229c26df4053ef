"""The process pool of `-j N`: forked workers that inherit the work and end with jlir, however jlir ends.

A worker is forked where the platform can fork: it starts in milliseconds with everything the parent imported
and built (the reader, its tables, the functions to optimise), so the work and the data it reads are inherited,
never pickled; only each chunk's items go out and its results come back.  Each worker, as it starts:

* ignores SIGINT: Ctrl-C at a terminal reaches the whole process group, and the parent alone answers it
  (`jlir: interrupted`, exit 130, its workers killed on the way out); a SIGINT sent to one worker is nothing;
* dies with the parent however the parent ends (a plain `kill`, SIGHUP, SIGKILL, the OOM killer), as the guard
  does for a live Julia (`jlir.live.guard`): a parent-death signal (Linux's `PR_SET_PDEATHSIG`) when the parent
  forked it from its main thread, and always a lifeline, a pipe whose only write end the parent holds: when
  the parent is gone the kernel closes it and a thread of the worker, blocked reading it, ends the worker.  No
  worker outlives jlir holding its standard output open (whatever reads that pipe would wait for ever).
  The parent-death signal is set at the fork itself (`os.register_at_fork`, the child's first Python code, with
  libc's `prctl` found by the parent), then the parent checked to be alive: set in the pool's initializer, it
  came only after the worker's start-up (multiprocessing's bootstrap, `import ctypes`: 40–90 ms at load 10 on 2
  cores, unbounded on a busier machine), and a parent ended meanwhile left the worker running that long.

The parent pauses its cyclic collector's view of what it holds while it forks (`gc.freeze`): a worker's
collections then never walk (and copy, page by page) the parent's objects it inherited.
"""
from __future__ import annotations

import gc
import os
import signal
import threading

__all__ = ["jobs_count", "process_pool", "submit_first", "end_pool", "run_inherited"]

PR_SET_PDEATHSIG = 1
_WORK: list = []  # in a worker only (set as it starts, by `_start_worker`): the work the pool was made for
# in the parent while `submit_first` forks the workers from its main thread: {"parent": pid, "prctl": libc's prctl,
# "thread": the forking thread's id}; a child forked then inherits it (`_tie_to_parent`)
_FORKING: dict = {}
_HOOKED: list = []  # [True] once `_tie_to_parent` is registered to run in every forked child


def jobs_count(jobs: int | None) -> int:
    """How many workers `jobs` asks for: 0 or None means one per core this process may use."""
    if not jobs:
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except (AttributeError, OSError):
            return max(1, os.cpu_count() or 1)
    return jobs


def process_pool(jobs: int | None, work=None):
    """A `concurrent.futures` pool of `jobs_count(jobs)` worker processes, forked where the platform can, each
    holding `work` (for `run_inherited`) and ending with this process.  End it with `end_pool`."""
    import multiprocessing  # here, not at import: `jlir` on one small file should not pay for it
    from concurrent.futures import ProcessPoolExecutor
    fork = "fork" in multiprocessing.get_all_start_methods()
    lifeline = os.pipe() if fork else None
    pool = ProcessPoolExecutor(max_workers=jobs_count(jobs),
                               mp_context=multiprocessing.get_context("fork" if fork else None),
                               initializer=_start_worker, initargs=(work, lifeline, os.getpid()))
    pool.jlir_lifeline = lifeline
    return pool


def submit_first(pool, fn, *args):
    """`pool.submit(fn, *args)` for a pool's first task, which forks its workers (all of them, in this thread):
    the parent's objects are frozen for the collector meanwhile, so that no worker's collection walks them."""
    frozen = gc.isenabled()
    if frozen:
        gc.freeze()
    # the parent-death signal follows the forking thread, not the process: only the main thread's workers are tied
    # to the parent (and a child that another thread forks meanwhile is no worker, `_tie_to_parent` leaves it be)
    if threading.current_thread() is threading.main_thread():
        _FORKING.update(parent=os.getpid(), prctl=_libc_prctl(), thread=threading.get_ident())
    try:
        return pool.submit(fn, *args)
    finally:
        _FORKING.clear()
        if frozen:
            gc.unfreeze()
        lifeline = getattr(pool, "jlir_lifeline", None)
        if lifeline is not None and lifeline[0] >= 0:
            os.close(lifeline[0])  # the workers hold the read end now; the parent keeps only the write end
            pool.jlir_lifeline = (-1, lifeline[1])


def end_pool(pool, abort: bool = False) -> None:
    """Shut `pool` down: after its work (`abort` False), or at once, its workers killed (an error, an interrupt,
    a consumer that stopped reading): nothing it started outlives the call."""
    if abort:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            try:
                process.kill()
            except (OSError, AttributeError, ValueError):
                pass
    try:
        pool.shutdown(wait=True, cancel_futures=abort)
    finally:
        lifeline = getattr(pool, "jlir_lifeline", None)
        if lifeline is not None:
            for fd in lifeline:
                if fd >= 0:
                    os.close(fd)
            pool.jlir_lifeline = None


def run_inherited(run_chunk, chunk):
    """In a worker: `run_chunk(work, chunk)` with the work the worker inherited."""
    return run_chunk(_WORK[0], chunk)


def _start_worker(work, lifeline, parent: int) -> None:
    """A worker's first act (the pool's initializer): ignore SIGINT, hold the lifeline, keep the work.  Its
    parent-death signal is already set (`_tie_to_parent`, at the fork)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if lifeline is not None:
        os.close(lifeline[1])
        threading.Thread(target=_watch, args=(lifeline[0],), name="jlir-lifeline", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(1)
    _WORK[:] = [work]


def _libc_prctl():
    """libc's `prctl`, found here in the parent (a forked child then calls it without importing or loading
    anything), and `_tie_to_parent` registered for every fork; None where there is none (not Linux)."""
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None  # not Linux: the lifeline still ends the worker
    if not _HOOKED:
        os.register_at_fork(after_in_child=_tie_to_parent)
        _HOOKED.append(True)
    return prctl


def _tie_to_parent() -> None:
    """In a child just forked by `submit_first` (its first Python code): SIGKILL when the parent dies, then end now
    if it already has (the signal only follows a death to come: `prctl(2)`, PR_SET_PDEATHSIG)."""
    forking = dict(_FORKING)
    _FORKING.clear()
    if forking.get("prctl") is None or forking["thread"] != threading.get_ident():
        return
    forking["prctl"](PR_SET_PDEATHSIG, int(signal.SIGKILL))
    if os.getppid() != forking["parent"]:
        os._exit(1)


def _watch(fd: int) -> None:
    """Block until the parent's end of the lifeline closes (the parent ended or the pool was shut down), then end."""
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass
    os._exit(1)
