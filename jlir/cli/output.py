"""Where the verbs write: stdout as UTF-8 bytes, stderr for messages, `-o FILE` replaced atomically.

`-o FILE` behaves as Unix tools do (`sort -o`, `sed -i`): `-` is standard
output; a file the user could not write is refused, not replaced; a replaced
file keeps its mode and group; a symbolic link is written through, the new
text replacing its target atomically in the target's own directory (the link
stays a link).  Write failures (a full disk, a closed pipe) become an
`OutputError` that `jlir.cli.app.main` reports in one line with exit 2.
"""
from __future__ import annotations

import json
import os
import stat
import sys

from jlir.cli.progress import clear_shown

EXIT_OK, EXIT_FAILED, EXIT_ERROR = 0, 1, 2


class OutputError(Exception):
    """Output could not be written (disk full, read-only file, …): one line, exit 2."""


def encode(text: str) -> bytes:
    """UTF-8 bytes of `text`: a file name's undecodable bytes (surrogate escapes) go out as they came in, and any
    other lone surrogate (from a JSON `\\ud800`) as a visible `\\ud800` rather than a crash."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", errors="backslashreplace")


def write(text: str) -> None:
    """Standard output as UTF-8 whatever the locale: dumps hold non-ASCII names and operators."""
    if sys.stdout is None:  # started with fd 1 closed (`jlir … >&-`)
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.buffer.write(encode(text))
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"cannot write to standard output: {e.strerror or e}") from None


def err(message: str) -> None:
    if sys.stderr is not None:  # with fd 2 closed, messages have nowhere to go; the exit status still tells
        clear_shown()  # a progress bar on the terminal: the message starts its own line, not glued to the bar
        try:
            print(message, file=sys.stderr)
        except OSError:
            pass


def json_line(data) -> str:
    """One compact JSON document on one line (JSON Lines), non-ASCII kept as it is."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def shown(path: str) -> str:
    """A file name as messages show it: bytes that are not UTF-8 as `\\xff` escapes."""
    return path.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="backslashreplace")


def _existing(target: str) -> os.stat_result | None:
    """The target's status, or None if it does not exist yet; OutputError when it must not be replaced."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise OutputError(f"cannot write {shown(target)}: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"cannot write {shown(target)}: is a directory")
    if not os.access(target, os.W_OK):
        raise OutputError(f"cannot write {shown(target)}: permission denied (it is not writable by you; "
                          "jlir does not replace a file you could not write)")
    return st


def _replace(target: str, data: bytes, st: os.stat_result | None) -> None:
    """`target` replaced by `data` (jlir.snapshot.atomic: a temporary beside it, fsynced, renamed; removed on any exit)."""
    from jlir.snapshot.atomic import replace_file
    replace_file(target, data, st)


def write_output(path: str, text: str) -> None:
    """`-o PATH`: standard output for `-`, else the file replaced atomically as the module docstring says."""
    if path == "-":
        write(text)
        return
    write_file_atomically(path, text)


def write_file_atomically(path: str, text: str) -> None:
    """Replace the file `path` (never standard output, whatever its name) with `text`, with the care `-o` takes;
    OutputError when it cannot."""
    data = encode(text)
    target = os.path.realpath(path)  # through symbolic links: the link stays, its target gets the new text
    st = _existing(target)
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_in_place(target, data)  # /dev/null, a FIFO, a terminal: written to, never replaced
        return
    try:
        _replace(target, data, st)
    except PermissionError:
        if st is None:
            raise OutputError(f"cannot write {shown(path)}: permission denied") from None
        _write_in_place(target, data)  # a writable file in a folder the user cannot write: as the shell's `>`
    except OSError as e:
        raise OutputError(f"cannot write {shown(path)}: {e.strerror or e}") from None


def _write_in_place(target: str, data: bytes) -> None:
    try:
        with open(target, "wb") as f:
            f.write(data)
    except OSError as e:
        raise OutputError(f"cannot write {shown(target)}: {e.strerror or e}") from None

