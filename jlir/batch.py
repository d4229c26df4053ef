"""Many inputs at once, on every core or on a cluster: results always in input order.

`map_ordered(work, items, executor=…)` runs `work(item)` for each item on any `concurrent.futures.Executor`
(a process pool on this machine, `dask.distributed.Client.get_executor()` or another cluster's pool when one
machine is not enough) and returns the results in the order of `items`, whatever order they finish in.
`work` and the results cross process boundaries, so they must pickle (a module-level function; jlir's
documents, functions and statements do).  `parse_files` is the common case: one `Parsed` per file.

`process_pool(jobs)` is the process pool the `-j N` option of the command line uses: forked workers where the
platform has fork (they start in milliseconds and inherit what the parent imported), `jobs` of them.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["Parsed", "jobs_count", "map_ordered", "parse_files", "process_pool"]


def jobs_count(jobs: int | None) -> int:
    """How many workers `jobs` asks for: 0 or None means one per core this process may use."""
    if not jobs:
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except (AttributeError, OSError):
            return max(1, os.cpu_count() or 1)
    return jobs


def process_pool(jobs: int | None):
    """A pool of `jobs_count(jobs)` worker processes, forked where the platform can."""
    import multiprocessing  # here, not at import: `jlir` on one small file should not pay for it
    from concurrent.futures import ProcessPoolExecutor
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=jobs_count(jobs), mp_context=context)


def map_ordered(work, items, *, executor=None, jobs: int | None = 1) -> list:
    """`[work(x) for x in items]`, run on `executor` (or on a pool of `jobs` processes; `jobs=1` and no executor:
    here, in this process).  The first exception `work` raised, in input order, is raised here."""
    items = list(items)
    if executor is None and (jobs_count(jobs) == 1 or len(items) < 2):
        return [work(x) for x in items]
    if executor is not None:
        return _gather(executor, work, items)
    with process_pool(jobs) as pool:
        return _gather(pool, work, items)


def _gather(pool, work, items: list) -> list:
    futures = [pool.submit(work, x) for x in items]
    return [f.result() for f in futures]


@dataclass(frozen=True, slots=True)
class Parsed:
    """One file of `parse_files`: its document, or the located message saying why it could not be read."""
    path: str
    document: object = None
    error: str | None = None


def parse_one(path: str) -> Parsed:
    """`Parsed` for one file (the worker of `parse_files`; module level, so any executor can pickle it)."""
    from jlir.ir.errors import JlirError
    from jlir.syntax.errors import ParseError
    import jlir
    try:
        return Parsed(str(path), jlir.parse_file(path))
    except ParseError as e:
        return Parsed(str(path), error=e.render())
    except (OSError, JlirError) as e:
        return Parsed(str(path), error=f"{path}: error: {e}")


def parse_files(paths, *, executor=None, jobs: int | None = 1) -> list[Parsed]:
    """Every file read (`jlir.parse_file`), in the order given; a file that cannot be read is a `Parsed` with
    its `error`, not an exception, so one bad file among thousands costs only its own result."""
    return map_ordered(parse_one, [str(p) for p in paths], executor=executor, jobs=jobs)
