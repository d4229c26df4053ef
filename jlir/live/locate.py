"""Finding a `julia` executable for the subprocess backend.

Where jlir looks, in order: the `julia` argument (`--julia` on the command
line), `$JLIR_JULIA`, `julia` on PATH, then the Julia that
`scripts/install-julia.sh` unpacks into jlir's cache.  A value is a path, a
command name on PATH, or `+CHANNEL` (`+1.11`, `+release`), which runs juliaup's
`julia` launcher with that channel as its first argument, as juliaup
documents.  An explicit value that does not work is an error, not a reason to
look elsewhere: the user asked for that Julia.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from jlir.live.errors import JuliaNotFound

INSTALL_HINT = ("Install Julia (https://julialang.org/downloads/, or juliaup) and put `julia` on PATH, or pass "
                "--julia PATH (Python: Julia(julia=PATH)), or set $JLIR_JULIA. In jlir's repository, "
                "scripts/install-julia.sh installs Julia 1.5.3 without root on x86_64 Debian-like Linux.")


@dataclass(frozen=True, slots=True)
class JuliaCommand:
    """How to start one Julia: `argv` to run (before Julia's own options), and where it was found."""
    argv: tuple[str, ...]
    origin: str

    def __str__(self) -> str:
        return " ".join(self.argv)


def cache_root() -> Path:
    """Where scripts/install-julia.sh puts Julia: `$JLIR_JULIA_CACHE`, else `~/.cache/jlir`."""
    env = os.environ.get("JLIR_JULIA_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "jlir"


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def resolve(spec: str, origin: str) -> JuliaCommand:
    """The command a `--julia` value names; JuliaNotFound (saying why) when it names none."""
    spec = spec.strip()
    if not spec:
        raise JuliaNotFound(f"{origin} is empty")
    if spec.startswith("+"):
        launcher = shutil.which("julia")
        if shutil.which("juliaup") is None or launcher is None:
            raise JuliaNotFound(f"{origin} {spec}: a `+CHANNEL` is run by juliaup's `julia` launcher, and juliaup "
                                "is not installed (see https://github.com/JuliaLang/juliaup)")
        return JuliaCommand((launcher, spec), origin)
    path = Path(spec).expanduser()
    if os.sep in spec or (os.altsep and os.altsep in spec) or path.exists():
        if not path.exists():
            raise JuliaNotFound(f"{origin} {spec}: no such file")
        if not _is_executable(path):
            raise JuliaNotFound(f"{origin} {spec}: not an executable file")
        return JuliaCommand((str(path),), origin)
    found = shutil.which(spec)
    if found is None:
        raise JuliaNotFound(f"{origin} {spec}: no such command on PATH")
    return JuliaCommand((found,), origin)


def find_julia(explicit: str | None = None) -> JuliaCommand:
    """The Julia to run: `explicit` if given, else the first that exists of $JLIR_JULIA, PATH, jlir's cache."""
    if explicit:
        return resolve(explicit, "--julia")
    tried = []
    env = os.environ.get("JLIR_JULIA")
    if env:
        return resolve(env, "$JLIR_JULIA")
    tried.append("$JLIR_JULIA: not set")
    on_path = shutil.which("julia")
    if on_path:
        return JuliaCommand((on_path,), "PATH")
    tried.append("`julia` on PATH: not found")
    cached = sorted(cache_root().glob("julia-*/bin/julia"), reverse=True)
    for path in cached:
        if _is_executable(path):
            return JuliaCommand((str(path),), "jlir's Julia cache")
    tried.append(f"{cache_root()}/julia-*/bin/julia: none installed")
    raise JuliaNotFound("no Julia found", tuple(tried))


# Forms a Julia older than the version given cannot print (what jlir.jl checks by name, `HAS_COSTS`, known
# here by version so that `fetch` can refuse before a Julia session starts).
FORM_SINCE = {"costs": ((1, 7), "Base.print_statement_costs is Julia 1.7+")}


def julia_version(command: JuliaCommand, timeout: float = 60.0) -> tuple[int, int, int] | None:
    """The version `julia --version` reports (`julia version 1.5.3`), without starting a session: ~0.1 s.
    None when it does not say (a launcher that prints something else, or a failure)."""
    import re
    import subprocess
    try:
        r = subprocess.run([*command.argv, "--version"], capture_output=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(rb"version (\d+)\.(\d+)\.(\d+)", r.stdout)
    return tuple(int(g) for g in m.groups()) if m else None


def unsupported_form(command: JuliaCommand, form: str) -> str | None:
    """Why the Julia `command` runs cannot print `form`, known from its version alone (None: it may)."""
    if form not in FORM_SINCE:
        return None
    since, why = FORM_SINCE[form]
    version = julia_version(command)
    if version is None or version[:2] >= since:
        return None
    return f"Julia {'.'.join(map(str, version))} ({command}) cannot print --form {form}: {why}"
