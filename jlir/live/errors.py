"""What can go wrong when jlir asks a live Julia: one exception class per thing the caller can act on.

`LiveError` is the base.  A `JuliaError` leaves the session usable (Julia
raised an error for that request); after `JuliaCrashed` or `JuliaTimeout` the
Julia process is gone and the next request starts a new one.
"""
from __future__ import annotations

from jlir.ir.errors import JlirError


class LiveError(JlirError):
    """Talking to Julia failed."""


class JuliaNotFound(LiveError):
    """No usable Julia: `tried` lists each place looked at, with why it did not serve."""

    def __init__(self, message: str, tried: tuple[str, ...] = ()):
        super().__init__(message)
        self.tried = tried


class JuliaStartError(LiveError):
    """A Julia was found but did not start serving (it exited, or did not answer in time)."""


class JuliaError(LiveError):
    """Julia raised an error answering a request; the session goes on.

    `stage` says where: `define` (the user's definitions), `target` (resolving the
    call or signature), `render` (printing the form), `load_case`, `request`.
    """

    def __init__(self, stage: str, message: str):
        super().__init__(f"Julia failed at {stage}: {message}")
        self.stage = stage
        self.julia_message = message


class JuliaCrashed(LiveError):
    """The Julia process died (killed, crashed, or exited); the next request starts a new one."""

    def __init__(self, message: str, returncode: int | None = None, stderr: str = ""):
        super().__init__(message)
        self.returncode = returncode
        self.stderr = stderr


class JuliaTimeout(LiveError):
    """Julia did not answer in time; its process was stopped and the next request starts a new one."""


class ProtocolError(LiveError):
    """A message from Julia was not in jlir's framed format."""
