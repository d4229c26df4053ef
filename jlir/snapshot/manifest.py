"""The snapshot manifest (`snapshots.toml`): what `jlir snapshot check` asks Julia for, listed once.

    [snapshots]
    dir = "ir-snapshots"            # where snapshots live, beside this file (default ir-snapshots)
    defs = ["src/mysum.jl"]         # Julia files evaluated in Main before any target (default none)
    style_insensitive = false       # accept printing-style differences (default false)
    allow_improvement = false       # stability facts: accept losing instabilities (default false)

    [[target]]
    call = "mysum(::Vector{Float64})"   # a call with values or types, or a Tuple{typeof(f), …} signature
    name = "mysum"                      # the snapshot files' stem (default: made from `call`)
    forms = ["typed", "stability"]      # IR forms, and `stability`: the facts of the `typed` print
    # defs, style_insensitive, allow_improvement: as in [snapshots], for this target only

Snapshots are stored as `<dir>/julia-<major.minor>/<name>.<form>.txt` (the
Julia print itself) and `<name>.stability.json` (`jlir.snapshot.facts`).
Paths are relative to the manifest's folder.  Unknown keys are errors: a
typo must not silently check less than the user meant.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from jlir.snapshot.compare import SnapshotError

# The forms a snapshot can hold: prints of functions (a CFG listing or Julia's dominator JSON are no IR to diff).
IR_FORMS = ("typed", "typed-unoptimized", "typed-source", "typed-vector", "lowered", "lowered-source", "warntype",
            "ircode", "ircode-noline")
STABILITY = "stability"
STABILITY_SOURCE = "typed"  # the print whose facts `stability` stores: optimized code, where dynamic calls show
DEFAULT_DIR = "ir-snapshots"
_OPTIONS = {"dir", "defs", "style_insensitive", "allow_improvement"}
_TARGET_KEYS = {"call", "name", "forms", "defs", "style_insensitive", "allow_improvement"}


@dataclass(frozen=True, slots=True)
class Target:
    """One function to guard: the Julia call, the snapshot stem, its forms, defs files and options."""
    call: str
    name: str
    forms: tuple[str, ...]
    defs: tuple[Path, ...]
    style_insensitive: bool
    allow_improvement: bool

    def file_name(self, form: str) -> str:
        return f"{self.name}.{form}.json" if form == STABILITY else f"{self.name}.{form}.txt"


@dataclass(frozen=True, slots=True)
class Manifest:
    """A read manifest: its path, the snapshot folder (absolute) and the targets in file order."""
    path: Path
    dir: Path
    targets: tuple[Target, ...]

    def snapshot_path(self, folder: str, target: Target, form: str) -> Path:
        """Where `form` of `target` is stored for the Julia version folder `folder` (`julia-1.10`)."""
        return self.dir / folder / target.file_name(form)


def default_name(call: str) -> str:
    """A file-name stem for a call: `mysum(::Vector{Float64})` → `mysum_Vector_Float64`."""
    stem = re.sub(r"[^A-Za-z0-9_.+-]+", "_", call).strip("_.")
    return stem or "target"


def _load_toml(path: Path) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        try:
            import tomli as tomllib
        except ModuleNotFoundError:
            raise SnapshotError(f"{path}: reading TOML needs Python 3.11+ or `pip install tomli`") from None
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise SnapshotError(f"{path}: no such file") from None
    except OSError as e:
        raise SnapshotError(f"{path}: cannot read: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise SnapshotError(f"{path}: not valid TOML: {e}") from None


def _check_keys(where: str, table: dict, allowed: set) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise SnapshotError(f"{where}: unknown key{'s' * (len(unknown) > 1)} {', '.join(unknown)} "
                            f"(known: {', '.join(sorted(allowed))})")


def _typed(where: str, key: str, value, kind, default):
    if value is None:
        return default
    if not isinstance(value, kind):
        raise SnapshotError(f"{where}: `{key}` must be a {kind.__name__}, not {type(value).__name__}")
    return value


def _defs(where: str, value, base: Path, default: tuple[Path, ...]) -> tuple[Path, ...]:
    if value is None:
        return default
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise SnapshotError(f"{where}: `defs` must be a file name or a list of file names")
    return tuple(base / v for v in items)


def _forms(where: str, value) -> tuple[str, ...]:
    forms = _typed(where, "forms", value, list, ["typed"])
    bad = [f for f in forms if f not in IR_FORMS and f != STABILITY]
    if bad or not forms:
        raise SnapshotError(f"{where}: unknown form {', '.join(map(str, bad)) or '(none given)'} "
                            f"(known: {', '.join(IR_FORMS)}, {STABILITY})")
    return tuple(dict.fromkeys(forms))


def read_manifest(path: str | Path) -> Manifest:
    """Read and check a manifest; SnapshotError (naming the file and the key) for anything wrong in it."""
    path = Path(path)
    data = _load_toml(path)
    base = path.resolve().parent
    _check_keys(str(path), data, {"snapshots", "target"})
    options = _typed(f"{path} [snapshots]", "snapshots", data.get("snapshots"), dict, {})
    _check_keys(f"{path} [snapshots]", options, _OPTIONS)
    where = f"{path} [snapshots]"
    folder = base / _typed(where, "dir", options.get("dir"), str, DEFAULT_DIR)
    defs = _defs(where, options.get("defs"), base, ())
    style = _typed(where, "style_insensitive", options.get("style_insensitive"), bool, False)
    improve = _typed(where, "allow_improvement", options.get("allow_improvement"), bool, False)
    targets, names = [], {}
    for i, t in enumerate(_typed(str(path), "target", data.get("target"), list, []), 1):
        where = f"{path} [[target]] {i}"
        t = _typed(where, "target", t, dict, {})
        _check_keys(where, t, _TARGET_KEYS)
        call = _typed(where, "call", t.get("call"), str, "")
        if not call.strip():
            raise SnapshotError(f"{where}: `call` is required (e.g. call = \"mysum(::Vector{{Float64}})\")")
        name = _typed(where, "name", t.get("name"), str, default_name(call))
        if name in names:
            raise SnapshotError(f"{where}: name {name!r} is already target {names[name]}'s (give `name`)")
        names[name] = i
        targets.append(Target(call, name, _forms(where, t.get("forms")), _defs(where, t.get("defs"), base, defs),
                              _typed(where, "style_insensitive", t.get("style_insensitive"), bool, style),
                              _typed(where, "allow_improvement", t.get("allow_improvement"), bool, improve)))
    if not targets:
        raise SnapshotError(f"{path}: no [[target]] listed")
    return Manifest(path, folder, tuple(targets))
