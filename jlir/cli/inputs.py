"""Reading what a verb is given: files or `-` (standard input), decoded and parsed, every failure a message.

A verb never shows a traceback: an unreadable file, a located parse error and
a jlir bug each become one line on stderr (exit 2), through `attempt`.
"""
from __future__ import annotations

import sys

import jlir
from jlir.cli.output import shown
from jlir.syntax.errors import ParseError, decode_source


class InputError(Exception):
    """An input that could not be read at all (missing, a directory, no permission): one line, no location."""


def name(path: str) -> str:
    """How messages and JSON name an input: `-` is `<stdin>`; bytes of a file name that are not UTF-8 as `\\xff`
    escapes (the name must be writable as UTF-8 text in a message, a table or JSON)."""
    return "<stdin>" if path == "-" else shown(path)


def read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
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


def parse(path: str):
    """(text, Document) of a file; raises InputError or ParseError."""
    text = read_text(path)
    return text, jlir.parse(text, name(path))


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
