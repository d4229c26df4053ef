"""Checking and updating a manifest's snapshots against one live Julia, and comparing two versions' snapshots.

Each (target, form) gives one `Result`: `ok`, `changed` (the check failed:
the report says how) or `failed` (Julia raised, jlir cannot read the print,
no snapshot stored yet); an update gives `new`, `updated` or `unchanged`, with
the text to write (`Result.text`): writing is the caller's (`jlir snapshot
update` replaces files atomically).  Nothing here prints.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jlir
from jlir.snapshot.compare import SnapshotError, compare_ir, version_folder
from jlir.snapshot.facts import compare_facts, facts_text, read_facts, stability_facts
from jlir.snapshot.manifest import STABILITY, STABILITY_SOURCE, Manifest, Target
from jlir.syntax.errors import ParseError

OK, CHANGED, FAILED = "ok", "changed", "failed"
NEW, UPDATED, UNCHANGED = "new", "updated", "unchanged"


@dataclass(frozen=True, slots=True)
class Result:
    """One (target, form) checked or updated by one Julia (`julia`: its version, or a folder for `compare`)."""
    julia: str
    target: str
    form: str
    status: str
    path: str
    message: str = ""
    report: str = ""
    detail: dict | None = None
    text: str | None = None

    def to_json(self) -> dict:
        return {"julia": self.julia, "target": self.target, "form": self.form, "status": self.status,
                "snapshot": self.path, "message": self.message, "detail": self.detail}


def summary(results: list[Result]) -> dict:
    """Counts per status (every status present, in a stable order)."""
    order = (OK, CHANGED, FAILED, NEW, UPDATED, UNCHANGED)
    return {s: sum(r.status == s for r in results) for s in order}


def summary_text(results: list[Result], update: bool = False) -> str:
    """`N ok, M changed, K failed` (update: `N new, M updated, K unchanged, J failed`)."""
    c = summary(results)
    keys = (NEW, UPDATED, UNCHANGED, FAILED) if update else (OK, CHANGED, FAILED)
    return ", ".join(f"{c[k]} {k}" for k in keys)


class _Prints:
    """The prints of one Julia for a run: each (call, form) fetched once (`stability` reuses the `typed` print)."""

    def __init__(self, jl):
        self.jl = jl
        self.memo: dict[tuple, object] = {}

    def get(self, target: Target, form: str):
        key = (target.call, target.defs, form)
        if key not in self.memo:
            for path in target.defs:
                self.jl.define(_read_defs(path), path.name)
            self.memo[key] = self.jl.fetch(target.call, form)
        return self.memo[key]


def _read_defs(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise SnapshotError(f"defs {path}: cannot read: {e.strerror or e}") from None


def current_text(prints: _Prints, target: Target, form: str) -> str:
    """What the snapshot of `form` holds for this Julia: the print itself, or the stability facts."""
    if form != STABILITY:
        return prints.get(target, form).text
    fetched = prints.get(target, STABILITY_SOURCE)
    return facts_text(stability_facts(fetched.function, fetched.julia_version))


def judge(stored: str, current: str, target: Target, form: str, style_insensitive: bool,
          names: tuple[str, str] = ("snapshot", "current")) -> tuple[str, str, dict | None]:
    """(status, report, detail JSON) of the `current` snapshot text against the `stored` one."""
    if form == STABILITY:
        v = compare_facts(read_facts(stored, names[0]), read_facts(current, names[1]),
                          allow_improvement=target.allow_improvement)
        return (OK if v.passed else CHANGED), ("" if v.outcome == "identical" else v.report()), v.to_json()
    v = compare_ir(stored, current, style_insensitive=style_insensitive or target.style_insensitive,
                   stored_name=names[0], current_name=names[1])
    status = OK if v.passed else FAILED if v.outcome == "unreadable" else CHANGED
    return status, v.report, v.to_json()


def headline(report: str) -> str:
    """The line of a report that says what happened: `jlir diff`'s verdict (its third line, after the `---`/`+++`
    header), else the first line."""
    lines = report.splitlines()
    if len(lines) > 2 and lines[0].startswith("--- ") and lines[1].startswith("+++ "):
        return lines[2]
    return lines[0] if lines else ""


def _each(manifest: Manifest, jl, progress, action) -> list[Result]:
    """`action(prints, folder, target, form, path)` for every (target, form), Julia's and jlir's failures caught."""
    from jlir.live import LiveError
    prints, folder = _Prints(jl), version_folder(jl.version)
    todo = [(t, f) for t in manifest.targets for f in t.forms]
    out = []
    for i, (target, form) in enumerate(todo, 1):
        if progress:
            progress(i, len(todo), f"Julia {jl.version}: {target.name} {form}")
        path = manifest.snapshot_path(folder, target, form)
        try:
            out.append(action(prints, folder, target, form, path))
        except (LiveError, ParseError, SnapshotError) as e:
            text = e.render() if isinstance(e, ParseError) else str(e)
            out.append(Result(jl.version, target.name, form, FAILED, str(path), text.splitlines()[0], text))
        except Exception as e:  # a jlir bug fails its target, never the run with a traceback
            text = f"internal error: {type(e).__name__}: {e} (this is a jlir bug)"
            out.append(Result(jl.version, target.name, form, FAILED, str(path), text, text))
    return out


def check(manifest: Manifest, jl, *, style_insensitive: bool = False,
          progress: Callable[[int, int, str], None] | None = None) -> list[Result]:
    """Check every snapshot of the manifest against what `jl` prints now."""
    def action(prints, folder, target, form, path: Path) -> Result:
        if not path.is_file():
            return Result(jl.version, target.name, form, FAILED, str(path),
                          f"no snapshot for {folder} (run `jlir snapshot update` and review it)")
        current = current_text(prints, target, form)
        status, report, detail = judge(path.read_text(encoding="utf-8"), current, target, form, style_insensitive,
                                       (str(path), f"Julia {jl.version}"))
        return Result(jl.version, target.name, form, status, str(path), headline(report), report, detail)
    return _each(manifest, jl, progress, action)


def update(manifest: Manifest, jl, *, progress: Callable[[int, int, str], None] | None = None) -> list[Result]:
    """The snapshot text of every (target, form) as `jl` prints it now, to be written where `path` says."""
    def action(prints, folder, target, form, path: Path) -> Result:
        current = current_text(prints, target, form)
        if form != STABILITY:
            jlir.parse(current, f"Julia {jl.version}: {target.call}")  # never store what jlir cannot read
        stored = path.read_text(encoding="utf-8") if path.is_file() else None
        status = NEW if stored is None else UNCHANGED if stored == current else UPDATED
        return Result(jl.version, target.name, form, status, str(path), text=current)
    return _each(manifest, jl, progress, action)


def compare_folders(manifest: Manifest, old: str, new: str, *, strict: bool = False) -> list[Result]:
    """Every target's stored snapshots of Julia `old` against those of Julia `new` (versions like `1.10`):
    what changed between the versions, printing style accepted unless `strict`."""
    fa, fb = version_folder(old), version_folder(new)
    out = []
    for target in manifest.targets:
        for form in target.forms:
            pa, pb = manifest.snapshot_path(fa, target, form), manifest.snapshot_path(fb, target, form)
            missing = [str(p) for p in (pa, pb) if not p.is_file()]
            if missing:
                out.append(Result(f"{fa} → {fb}", target.name, form, FAILED, str(pb),
                                  "no snapshot: " + ", ".join(missing)))
                continue
            try:
                status, report, detail = judge(pa.read_text(encoding="utf-8"), pb.read_text(encoding="utf-8"),
                                               target, form, not strict, (str(pa), str(pb)))
            except SnapshotError as e:
                out.append(Result(f"{fa} → {fb}", target.name, form, FAILED, str(pb), str(e)))
                continue
            out.append(Result(f"{fa} → {fb}", target.name, form, status, str(pb), headline(report), report, detail))
    return out


def results_json(results: list[Result], update: bool = False) -> dict:
    """What `--json` writes: every result, and the counts."""
    return {"schema": "jlir-snapshot/1", "summary": summary(results), "summary_line": summary_text(results, update),
            "results": [r.to_json() for r in results]}

