"""Where the verbs write: stdout as UTF-8 bytes, stderr for messages, a file replaced atomically."""
from __future__ import annotations

import json
import os
import sys
import tempfile

EXIT_OK, EXIT_FAILED, EXIT_ERROR = 0, 1, 2


def write(text: str) -> None:
    """Standard output as UTF-8 whatever the locale: dumps hold non-ASCII names and operators."""
    sys.stdout.buffer.write(text.encode("utf-8"))


def err(message: str) -> None:
    print(message, file=sys.stderr)


def json_line(data) -> str:
    """One compact JSON document on one line (JSON Lines), non-ASCII kept as it is."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_file_atomically(path: str, text: str) -> None:
    """Write `text` to `path` through a temporary file beside it and a rename: readers see the old file or the new
    one, never half of one, and a failure leaves the old file as it was."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8", errors="surrogateescape"))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
