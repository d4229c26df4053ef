"""`-j N` / `--jobs N`: a verb's files worked on by N processes, its output exactly what `-j 1` writes.

A verb gives `each_file` its per-file work, `work(path, say) -> value`: it writes its answer with
`output.write`, its messages through `say` (or `output.err`), and returns a small value (an exit status, a
count).  With one job the work runs here, file after file, as it always did.  With more, each file's work
runs in a forked worker with standard output and standard error captured; the parent replays each file's
output, messages and value in input order, so stdout is byte for byte that of `-j 1` and each message is
the same located line.  Standard input (`-`) is read here, in its turn: a worker must not race for it.
"""
from __future__ import annotations

import argparse
import io
import sys

from jlir.batch import jobs_count, process_pool
from jlir.cli.output import OutputError, err

_WORK: list = []  # the work of the running verb: forked workers inherit it (a closure cannot be pickled)


def add_jobs(sp) -> None:
    sp.add_argument("-j", "--jobs", type=_count, default=1, metavar="N",
                    help="work on N files at once in N processes (0: one per core); the output is in input "
                         "order, byte for byte what -j 1 writes")


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of processes, got {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected 0 (one per core) or more processes, got {n}")
    return n


def each_file(args, paths, work, say=err):
    """`(path, work(path, say))` for every path, in order (see the module docstring)."""
    paths = list(paths)
    jobs = jobs_count(getattr(args, "jobs", 1))
    if jobs == 1 or sum(p != "-" for p in paths) < 2:
        for path in paths:
            yield path, work(path, say)
        return
    _WORK[:] = [work]
    import jlir.syntax.reading  # noqa: F401  imported once here, not once per worker (a tenth of a second each)
    if sys.stdout is not None:
        sys.stdout.flush()  # a forked worker must not inherit (and write again) what is still buffered here
    pool = process_pool(min(jobs, len(paths)))
    try:
        futures = {i: pool.submit(_captured, path) for i, path in enumerate(paths) if path != "-"}
        for i, path in enumerate(paths):
            if path == "-":
                yield path, work(path, say)
                continue
            try:
                out, said, value = futures[i].result()
            except Exception:  # a worker died (killed, out of memory): this file is worked on here instead
                yield path, work(path, say)
                continue
            for message, raw in said:  # in the order they were written
                if not raw:
                    say(message)
                elif sys.stderr is not None:
                    sys.stderr.write(message)
            _write_bytes(out)
            yield path, value
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _WORK.clear()


class _Said:
    """A worker's standard error and `say` in one list, `(text, raw)`, so that they are replayed in order."""

    def __init__(self):
        self.said: list = []

    def say(self, message: str) -> None:
        self.said.append((message, False))

    def write(self, text: str) -> int:
        self.said.append((text, True))
        return len(text)

    def flush(self) -> None:
        pass


def _captured(path: str):
    """In a worker: the work on one file, with what it writes kept: (stdout bytes, said, value)."""
    out = io.BytesIO()
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = said = _Said()
    value = _WORK[0](path, said.say)
    sys.stdout.flush()
    return out.getvalue(), said.said, value


def _write_bytes(data: bytes) -> None:
    if not data:
        return
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.buffer.write(data)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"cannot write to standard output: {e.strerror or e}") from None
