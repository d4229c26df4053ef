"""Progress on stderr for verbs that can run for more than a few seconds: a counter redrawn in place, only when
stderr is a terminal (piped or redirected, nothing is written), and wiped when the work ends.

    with Progress(len(targets), "fetch") as progress:
        for t in targets:
            progress.step(t)
"""
from __future__ import annotations

import sys
import time


class Progress:
    """`label k/total  what` on one stderr line, at most ten redraws a second; silent unless stderr is a TTY."""

    def __init__(self, total: int, label: str, stream=None, min_total: int = 2):
        self.stream = sys.stderr if stream is None else stream
        self.total, self.label, self.done = total, label, 0
        self.enabled = total >= min_total and _is_tty(self.stream)
        self._last = 0.0
        self._width = 0

    def step(self, what: str = "") -> None:
        self.done += 1
        now = time.monotonic()
        if not self.enabled or (now - self._last < 0.1 and self.done < self.total):
            return
        self._last = now
        line = f"{self.label} {self.done}/{self.total}" + (f"  {what}" if what else "")
        line = line[:79]
        self._write("\r" + line.ljust(self._width))
        self._width = len(line)

    def close(self) -> None:
        if self.enabled and self._width:
            self._write("\r" + " " * self._width + "\r")
            self._width = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _is_tty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False
