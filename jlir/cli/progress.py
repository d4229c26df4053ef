"""Progress on stderr for verbs that can run for seconds: a counter or bar, drawn only on a terminal.

Piped or redirected stderr (CI logs, `2>file`, tests) gets nothing: progress is
for a person watching, and a log full of carriage returns helps nobody.  The
line is redrawn in place (`\\r` and erase-line) at most every `interval`
seconds, and erased when the work ends, so messages written through
`Progress.message` (errors found on the way) are not mixed into it.

    with Progress(len(files), "parse") as bar:
        for path in files:
            bar.advance(path)

`total` may be None (unknown: a counter, no bar) and set later; `unit` names what is counted.  `stream` and `enabled`
exist for tests; by default the bar is on when stderr is a TTY and
`JLIR_PROGRESS` is not `0`, and off when it is `0`, or forced on by `1`.
"""
from __future__ import annotations

import os
import sys
import time

_ERASE = "\r\x1b[K"
_SHOWN: list = []  # the bars drawn now: a message written past them (err, a note) erases them first


def clear_shown() -> None:
    """Erase every bar drawn now, so that a line written next starts at the left margin, not after the bar.
    Any writer of a message or an output line calls this (a bar redraws itself at its next step)."""
    for bar in list(_SHOWN):
        bar.erase()


def progress_enabled(stream) -> bool:
    """Whether to draw: `JLIR_PROGRESS=0`/`1` decides, else whether `stream` is a terminal."""
    forced = os.environ.get("JLIR_PROGRESS")
    if forced in ("0", "1"):
        return forced == "1"
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A redrawn `label [####....] done/total name` line on stderr (or a counter when `total` is None)."""

    def __init__(self, total: int | None, label: str, *, stream=None, enabled: bool | None = None,
                 interval: float = 0.1, width: int = 24, unit: str = ""):
        self.total, self.label, self.done, self.unit = total, label, 0, unit
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = progress_enabled(self.stream) if enabled is None else enabled
        self.interval, self.width = interval, width
        self._last = 0.0
        self._shown = False

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def line(self, name: str = "") -> str:
        """The text drawn now (without the erase code)."""
        if self.total:
            filled = self.width * min(self.done, self.total) // self.total
            head = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total}"
        else:
            head = f"{self.label}: {self.done}"
        if self.unit:
            head += " " + self.unit
        if name:
            room = 40
            head += " " + (name if len(name) <= room else "…" + name[-(room - 1):])
        return head

    def advance(self, name: str = "", by: int = 1) -> None:
        """Count `by` more done; redraw when the last draw is older than `interval` (and always at the end)."""
        self.done += by
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < self.interval and self.done != self.total:
            return
        self._last = now
        self._draw(self.line(name))

    def message(self, text: str) -> None:
        """Write a message line on the stream without garbling the bar: erase it, write, redraw on the next step."""
        clear_shown()
        if self.stream is None:  # stderr closed: the message has nowhere to go; the exit status still tells
            return
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except OSError:
            pass

    def erase(self) -> None:
        """Erase the bar now (it is drawn again at the next step)."""
        if self._shown:
            self._shown = False
            if self in _SHOWN:
                _SHOWN.remove(self)
            try:
                self.stream.write(_ERASE)
                self.stream.flush()
            except (OSError, ValueError):
                pass

    def close(self) -> None:
        """Erase the bar (the terminal is left as it was before the work)."""
        self.erase()

    def _draw(self, text: str) -> None:
        self.stream.write(_ERASE + text)
        self.stream.flush()
        self._shown = True
        if self not in _SHOWN:
            _SHOWN.append(self)
