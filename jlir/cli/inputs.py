"""Reading what a verb is given: files or `-` (standard input), decoded and parsed, every failure a message.

A verb never shows a traceback: an unreadable file, a located parse error and
a jlir bug each become one line on stderr (exit 2), through `attempt`.
"""
from __future__ import annotations

import os
import stat
import sys
import warnings

import jlir
from jlir.cli.output import shown
from jlir.syntax.errors import ParseError, decode_source
from jlir.ir.errors import JlirError
from jlir.cli.progress import Progress, clear_shown
from jlir.syntax.lenient.reader import LenientNote


class InputError(Exception):
    """An input that could not be read at all (missing, a directory, no permission): one line, no location."""


def name(path: str) -> str:
    """How messages and JSON name an input: `-` is `<stdin>`; bytes of a file name that are not UTF-8 as `\\xff`
    escapes (the name must be writable as UTF-8 text in a message, a table or JSON)."""
    return "<stdin>" if path == "-" else shown(path)


# The largest input a verb reads (bytes; `JLIR_MAX_INPUT` sets another): a dump is read whole, and its model costs
# some ten times its text, so an endless or huge input (`/dev/zero`, a wrong file) is refused before it exhausts
# memory.  All 39,865 `@code_typed` dumps of Base in one file take 44 MB.
MAX_INPUT = 256 * 1024 * 1024


def max_input() -> int:
    import os
    try:
        return max(1, int(os.environ.get("JLIR_MAX_INPUT", MAX_INPUT)))
    except ValueError:
        return MAX_INPUT


def _read_limited(f, shown_name: str) -> bytes:
    """At most `max_input()` bytes of `f`, else InputError.  Read as the file's size asks (a pipe: a megabyte at a
    time), never `read(limit + 1)`: Python allocates a read's whole length before it reads, so that asked 256 MB of
    address space for a file of a few kB, a `MemoryError` under `ulimit -v` and 20 µs a file."""
    limit = max_input()
    try:
        st = os.fstat(f.fileno())
        size = st.st_size if stat.S_ISREG(st.st_mode) else 0
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's stream): read it in blocks
        size = 0
    chunks, total, want = [], 0, (size + 1 if size else _BLOCK)
    while True:
        block = f.read(min(want, limit + 1 - total))
        if not block:
            return b"".join(chunks)
        chunks.append(block)
        total += len(block)
        if total > limit:
            raise InputError(f"{shown_name}: larger than {limit:,} bytes, the most jlir reads (set JLIR_MAX_INPUT "
                             "to read more)")
        want = _BLOCK


_BLOCK = 1 << 20


def read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            if sys.stdin is None:
                raise InputError("<stdin>: standard input is closed")
            return _read_limited(sys.stdin.buffer, "<stdin>")
        with open(path, "rb") as f:
            return _read_limited(f, shown(path))
    except FileNotFoundError:
        raise InputError(f"{shown(path)}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{shown(path)}: is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{shown(path)}: permission denied") from None
    except OSError as e:
        raise InputError(f"{shown(path)}: cannot read: {e.strerror or e}") from None


def read_text(path: str) -> str:
    """The UTF-8 text of a file; ParseError (located) for binary data or invalid UTF-8."""
    return decode_source(read_bytes(path), name(path))


def parse(path: str, *, lenient: bool = False, errors: str = "raise", notes=None):
    """(text, Document) of a file; raises InputError or ParseError.

    With `lenient`, each repair is written to stderr as `file:line: note: …` (or passed to `notes(message)`),
    and the text returned is the repaired one: what Julia would have printed, what a reprint should equal.
    """
    from jlir.syntax.reading import read_document
    text = read_text(path)
    if not lenient:
        if len(text) < BIG_TEXT:
            return text, jlir.parse(text, name(path), errors=errors)
        with Progress(None, f"reading {name(path)}", unit="lines") as bar:  # drawn on a terminal only
            def on_dump(done: int, total: int) -> None:
                bar.total = total
                bar.advance(by=done - bar.done)
            return text, read_document(text, name(path), errors=errors, on_dump=on_dump)
    repaired: list = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LenientNote)
        doc = read_document(text, name(path), lenient=True, errors=errors, repaired_out=repaired)
    for w in caught:
        (notes or _note)(str(w.message))
    return repaired[0].text if repaired else text, doc


BIG_TEXT = 2_000_000  # characters: a text this big takes seconds to read, so reading it shows progress


def _note(message: str) -> None:
    clear_shown()
    print(message, file=sys.stderr)


def add_reading_options(sp, many: bool = False) -> None:
    """`--lenient` (every verb that reads dumps) and, for verbs that go on past a bad dump, `--fail-fast`."""
    sp.add_argument("--lenient", action="store_true",
                    help="repair pasted text first (prompt lines, fences, indentation, CRLF, trailing blanks, "
                         "appended comments, elisions, ASCII rails); each repair is a note on stderr")
    if many:
        sp.add_argument("--fail-fast", action="store_true",
                        help="stop a file at its first unreadable dump (default: report each unreadable dump, "
                             "process the rest, exit 2 at the end)")


def report_unreadable(doc, say) -> int:
    """Report each unreadable dump of `doc` (its located error); how many there were."""
    bad = doc.errors
    for e in bad:
        say(e.render())
    return len(bad)


def internal(path: str, what: str, e: BaseException) -> str:
    """The message for an exception jlir did not mean to raise: it names the input and asks for a report."""
    if isinstance(e, RecursionError):
        return f"{name(path)}: error: the input nests too deeply to handle ({what})"
    return f"{name(path)}: error: internal error while {what}: {type(e).__name__}: {e} (this is a jlir bug)"


def attempt(path: str, doing: str, action):
    """Run `action()`; returns (value, None), or (None, (kind, message)) with kind `input`, `parse` or `bug`.

    Every verb reports a failure the same way: an unreadable file, a located
    parse error, or (never a traceback) a parser bug.
    """
    try:
        return action(), None
    except InputError as e:
        return None, ("input", f"jlir: error: {e}")
    except ParseError as e:
        return None, ("parse", e.render())
    except RecursionError as e:
        return None, ("parse", f"{name(path)}: error: the input nests too deeply to read ({e})")
    except JlirError as e:  # deliberately raised (a model that cannot be printed, a schema error): the input's fault
        return None, ("input", f"{name(path)}: error: {e}")
    except Exception as e:  # a parser bug must not show as a traceback
        return None, ("bug", internal(path, doing, e))


def timeout_seconds(text: str) -> float | None:
    """`--timeout`'s value: a positive, finite number of seconds, or `none` for no limit (said, not implied:
    `nan`, `inf`, 0 and negative numbers are refused)."""
    import argparse
    import math
    if text.strip().lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds or `none`, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive, finite number of seconds (or `none` for no limit), "
                                         f"got {text!r}")
    return value


def seconds_or_zero(text: str) -> float:
    """`run --timeout`'s value: a finite number of seconds, 0 for no limit (`nan`, `inf` and negative numbers are
    refused: each would pass for a limit and bind nothing)."""
    import argparse
    import math
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds (0: no limit), got {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds, 0 or more (0: no limit), got {text!r}")
    return value
