"""Many dump files at once: a function of each file's document, worked out where the file is read.

`map_files(fn, paths)` reads each file and returns `fn(document)` in a `Result`, in input order, as an iterator:
only what `fn` returns crosses back from a worker (a count, a verdict, a JSON line), never the document unless
`fn` returns it, so thousands of files cost the memory of their results.  A file that cannot be read is a
`Result` with its located `error`, not an exception: one bad file among thousands costs only its own result.
`parse_files(paths)` is the case where the documents themselves are wanted: a list of `Parsed`.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass

from jlir.batch.ordered import map_ordered

__all__ = ["Result", "Parsed", "map_files", "parse_files", "file_size"]


@dataclass(frozen=True, slots=True)
class Result:
    """One file of `map_files`: what the function returned for its document, or the located message saying why
    the file could not be read (or why the function refused it: a `JlirError` it raised)."""
    path: str
    value: object = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Parsed:
    """One file of `parse_files`: its document, or the located message saying why it could not be read."""
    path: str
    document: object = None
    error: str | None = None


def file_size(path) -> int:
    """A file's weight in a chunk: its size in bytes (1 when it cannot be read: its error is its result)."""
    try:
        return max(1, os.stat(path).st_size)
    except (OSError, ValueError):
        return 1


def map_files(fn, paths, *, executor=None, jobs: int | None = 1):
    """An iterator of `Result(path, fn(document))` for every file, in the order given (`jlir.batch.map_ordered`:
    `jobs` forked workers, or `executor=` any `concurrent.futures.Executor`, e.g. a dask cluster's; `fn` must then
    pickle: a module-level function).  `fn=None` returns the documents themselves.  Exceptions of `fn` other
    than jlir's own are raised, in input order."""
    return map_ordered(functools.partial(_one_file, fn), [str(p) for p in paths], executor=executor,
                       jobs=jobs, weight=file_size)


def parse_files(paths, *, executor=None, jobs: int | None = 1) -> list[Parsed]:
    """Every file read (`jlir.parse_file`), in the order given; a file that cannot be read is a `Parsed` with its
    `error`.  The documents come back whole: for many files, `map_files` with a function returning what is needed."""
    return [Parsed(r.path, r.value, r.error) for r in map_files(None, paths, executor=executor, jobs=jobs)]


def _one_file(fn, path: str) -> Result:
    """`Result` for one file (the work of `map_files`; module level, so any executor can pickle it)."""
    import jlir
    from jlir.ir.errors import JlirError
    from jlir.syntax.errors import ParseError
    try:
        doc = jlir.parse_file(path)
    except ParseError as e:
        return Result(path, error=e.render())
    except (OSError, JlirError, UnicodeDecodeError) as e:
        return Result(path, error=f"{path}: error: {e}")
    if fn is None:
        return Result(path, doc)
    try:
        return Result(path, fn(doc))
    except ParseError as e:
        return Result(path, error=e.render())
    except JlirError as e:
        return Result(path, error=f"{path}: error: {e}")
