"""Callee IR from a live Julia, for the interpreter: `jlir run … --julia`.

The interpreter asks a provider for the IR of each function it cannot run
natively (`lookup(callee, arg_types)`, see `jlir.interp.provider`).
`LiveProvider` asks a `jlir.live.Julia` session for `@code_typed` of that
call (`Base.sin(::Float64)`), reads the argument names off `@code_warntype`'s
header (the typed print names arguments by name only), and keeps both in an
on-disk cache per Julia version, written in `DumpProvider`'s format, so a
second run needs no Julia for the same callees (library functions only: a
`Main` function is the user's own and may change between runs).  A callee Julia cannot give
(no such method, a builtin) is None: the interpreter then says
`NotInterpretable`, never guesses.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from jlir.interp.provider import DumpProvider, signature_text
from jlir.live.errors import LiveError

DEFAULT_CACHE = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir"))


class LiveProvider:
    """Callees' typed IR from `jl` (a `jlir.live.Julia`), cached under `cache/callees-<julia version>/`."""

    def __init__(self, jl, cache: Path | None = DEFAULT_CACHE, defs: str | None = None, defs_name: str = "defs.jl"):
        self.jl = jl
        self.dir = None if cache is None else Path(cache) / f"callees-{jl.version}"
        self.known = DumpProvider(self.dir) if self.dir is not None and self.dir.is_dir() else None
        self._defs = (defs, defs_name) if defs else None
        self._found: dict = {}

    def lookup(self, callee: str, arg_types):
        key = signature_text(callee, arg_types)
        if key in self._found:
            return self._found[key][0]
        if self.known is not None and _cacheable(callee) and self.known.lookup(callee, arg_types) is not None:
            self._found[key] = (self.known.lookup(callee, arg_types), self.known.argnames(callee, arg_types))
            return self._found[key][0]
        self._found[key] = self._fetch(callee, tuple(arg_types), key)
        return self._found[key][0]

    def argnames(self, callee: str, arg_types):
        self.lookup(callee, arg_types)
        return self._found[signature_text(callee, arg_types)][1]

    def sparams(self, callee: str, arg_types) -> tuple:
        return ()

    def structs(self) -> dict:
        return self.known.structs() if self.known is not None else {}

    def _fetch(self, callee: str, arg_types: tuple, key: str) -> tuple:
        target = f"{callee}({', '.join('::' + t for t in arg_types)})"
        defs = self._defs
        self._defs = None  # evaluated once, in the session's Main
        try:
            typed = self.jl.code_typed(target, defs=defs[0] if defs else None,
                                       defs_name=defs[1] if defs else "defs.jl")
            header = self.jl.code_warntype(target).function.header
        except LiveError:
            return None, None
        names = _argnames(header, len(arg_types))
        if self.dir is not None and _cacheable(callee):
            self._store(key, names, typed.text)
        return typed.function, names

    def _store(self, key: str, names, text: str) -> None:
        """One cache file, written atomically: the DumpProvider heading, then Julia's print."""
        self.dir.mkdir(parents=True, exist_ok=True)
        head = f"# MethodInstance for {key}\n" + (f"# argnames: {', '.join(names)}\n" if names else "")
        name = hashlib.sha256(key.encode("utf-8")).hexdigest()[:20] + ".txt"
        fd, tmp = tempfile.mkstemp(dir=self.dir, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(head + text)
        os.replace(tmp, self.dir / name)


def _cacheable(callee: str) -> bool:
    """Only library code is cached: a `Main` function is the user's, and changes between runs."""
    return "." in callee and not callee.startswith("Main.")


def _argnames(header, nargs: int):
    """The argument names from `@code_warntype`'s header: the slots after `#self#` (1.5: `Variables`, in slot
    order; 1.7+: `Arguments`)."""
    if header is None:
        return None
    for title, entries in header.sections:
        if title in ("Variables", "Arguments"):
            names = [e[0] for e in entries]
            if names and names[0] == "#self#":
                return tuple(n.split("@")[0] for n in names[1:1 + nargs])
    return None
