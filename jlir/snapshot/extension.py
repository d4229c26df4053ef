"""The syrupy side of `ir_snapshot`: where snapshots are filed, how they compare, what a failure shows.

Imported only when a test uses `ir_snapshot` (syrupy is needed then, not to
import jlir).  Layout, beside the test module:

    __ir_snapshots__/julia-1.10/test_ir/test_mysum_ir.txt          the Julia print itself
    __ir_snapshots__/julia-1.10/test_ir/test_mysum_stable.1.json   stability facts (jlir.snapshot.facts)
    __ir_snapshots__/julia-any/…                                    per_version=False: one for every Julia

A folder of its own (not syrupy's `__snapshots__`): syrupy's default
extension scans `__snapshots__` recursively and would call these files
unknown.  Syrupy looks for unused snapshots only in the folders a run asserted
against, so a CI job with Julia 1.10 neither collides with nor deletes the
1.11 job's snapshots.
"""
from __future__ import annotations

import functools
from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

import jlir
from jlir.ir.function import Document, Function
from jlir.snapshot.compare import SHARED_FOLDER, SnapshotError, compare_ir, version_folder
from jlir.snapshot.facts import compare_facts, facts_text, read_facts, stability_facts

DIRNAME = "__ir_snapshots__"
KINDS = ("ir", "stability")
_HINT = "run pytest --snapshot-update to store it, and review the file"


class IRSnapshotExtension(SingleFileSnapshotExtension):
    """One `.txt` file per snapshot, the Julia print; compared with `jlir.snapshot.compare_ir`."""
    _write_mode = WriteMode.TEXT
    file_extension = "txt"
    folder = SHARED_FOLDER
    style_insensitive = False
    allow_improvement = False

    @classmethod
    def write_snapshot_collection(cls, *, snapshot_collection, name_order=None) -> None:
        """syrupy's write (`open(path, "w")`: killed mid-write, the old snapshot is lost), made atomic."""
        import os
        from jlir.snapshot.atomic import replace_file
        data = next(iter(snapshot_collection)).data
        if not isinstance(data, str):
            raise TypeError(f"Can't write non supported data. Expected 'str', got '{type(data).__name__}'")
        path = os.path.realpath(snapshot_collection.location)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            st = None
        replace_file(path, data.encode(cls.get_write_encoding() or "utf-8"), st)

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(Path(test_location.filepath).parent / DIRNAME / cls.folder / test_location.basename)

    def matches(self, *, serialized_data, snapshot_data) -> bool:
        return compare_ir(snapshot_data, serialized_data, style_insensitive=self.style_insensitive).passed

    def diff_lines(self, serialized_data, snapshot_data):
        """The failure message: `jlir diff`'s report (snapshot as A, this run's print as B), not a text diff."""
        if not snapshot_data:
            yield f"no snapshot stored in {DIRNAME}/{self.folder}: {_HINT}"
            return
        verdict = compare_ir(snapshot_data, serialized_data, style_insensitive=self.style_insensitive,
                             stored_name=f"snapshot ({self.folder})", current_name="this run")
        yield from verdict.report.splitlines()


class StabilitySnapshotExtension(IRSnapshotExtension):
    """One `.json` file per snapshot, the stability facts; compared with `jlir.snapshot.facts.compare_facts`."""
    file_extension = "json"

    def matches(self, *, serialized_data, snapshot_data) -> bool:
        return compare_facts(read_facts(snapshot_data), read_facts(serialized_data, "this run"),
                             allow_improvement=self.allow_improvement).passed

    def diff_lines(self, serialized_data, snapshot_data):
        if not snapshot_data:
            yield f"no snapshot stored in {DIRNAME}/{self.folder}: {_HINT}"
            return
        verdict = compare_facts(read_facts(snapshot_data), read_facts(serialized_data, "this run"),
                                allow_improvement=self.allow_improvement)
        yield from verdict.report().splitlines()


@functools.cache
def extension_class(kind: str, folder: str, style_insensitive: bool, allow_improvement: bool) -> type:
    """The extension for one kind, folder and mode (syrupy instantiates classes, so options are class data)."""
    base = StabilitySnapshotExtension if kind == "stability" else IRSnapshotExtension
    name = f"{base.__name__}_{folder}_{int(style_insensitive)}{int(allow_improvement)}".replace(".", "_")
    name = name.replace("-", "_")
    return type(name, (base,), {"folder": folder, "style_insensitive": style_insensitive,
                                "allow_improvement": allow_improvement})


def _version_of(data, given: str | None) -> str | None:
    return given or getattr(data, "julia_version", None)


def _function_of(data) -> Function:
    if isinstance(data, Function):
        return data
    if isinstance(data, Document):
        fns = jlir.functions(data)
        if fns:
            return fns[0]
    if hasattr(data, "function") and hasattr(data, "julia_version"):  # jlir.live.Fetched
        return data.function
    raise SnapshotError(f"ir_snapshot(kind='stability') takes a print from julia_ir (or a jlir Function), "
                        f"not {type(data).__name__}")


def serialized(data, kind: str, version: str | None) -> str:
    """The text a snapshot stores for `data`: Julia's print (kind `ir`) or the stability facts."""
    if kind == "stability":
        if isinstance(data, dict):
            return facts_text(data)
        return facts_text(stability_facts(_function_of(data), version))
    if isinstance(data, str):
        jlir.parse(data, "the asserted text")  # a snapshot must hold IR jlir can read back
        return data
    if isinstance(data, (Function, Document)):
        return jlir.format(data)
    text = getattr(data, "text", None)
    if isinstance(text, str) and hasattr(data, "julia_version"):  # jlir.live.Fetched: Julia's own text
        return text
    raise SnapshotError(f"ir_snapshot compares Julia IR: a print from julia_ir, a jlir Function or Document, or "
                        f"Julia's text; not {type(data).__name__}")


class IRSnapshotAssertion(SnapshotAssertion):
    """syrupy's `snapshot`, for Julia IR: `assert f == ir_snapshot`, or `ir_snapshot(kind=…, …)` for options.

    Options (for one assertion; the defaults come from the command line):
    `kind` ("ir" or "stability"), `style_insensitive`, `allow_improvement`
    (stability: accept a subset of the stored facts), `per_version` (False:
    one snapshot shared by every Julia, style-insensitive unless said
    otherwise), `julia` (the version that printed a Function or text, which
    unlike a print from `julia_ir` does not say).
    """

    def configure(self, defaults: dict) -> "IRSnapshotAssertion":
        self._jlir_defaults = dict(defaults)
        self._jlir_options = dict(defaults)
        return self

    def __call__(self, *, kind: str | None = None, style_insensitive: bool | None = None,
                 allow_improvement: bool | None = None, per_version: bool | None = None, julia: str | None = None,
                 **syrupy_options) -> "IRSnapshotAssertion":
        if kind is not None and kind not in KINDS:
            raise SnapshotError(f"ir_snapshot: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        given = {"kind": kind, "style_insensitive": style_insensitive, "allow_improvement": allow_improvement,
                 "per_version": per_version, "julia": julia}
        self._jlir_options = {**self._jlir_defaults, **{k: v for k, v in given.items() if v is not None}}
        if per_version is False and style_insensitive is None:
            self._jlir_options["style_insensitive"] = True  # the default for cross-version use
        self._post_assert_actions.append(self._reset_options)
        return super().__call__(**syrupy_options)

    def _reset_options(self) -> None:
        self._jlir_options = dict(self._jlir_defaults)

    def _assert(self, data) -> bool:
        o = self._jlir_options
        try:
            version = _version_of(data, o.get("julia"))
            if o["per_version"] and version is None:
                raise SnapshotError("ir_snapshot cannot tell which Julia printed this (snapshots are filed per "
                                    "Julia version): assert a print from julia_ir, or give ir_snapshot(julia='1.10')"
                                    ", or ir_snapshot(per_version=False)")
            folder = version_folder(version) if o["per_version"] else SHARED_FOLDER
            text = serialized(data, o["kind"], version)
        except Exception:
            self._post_assert()
            raise
        self._extension = extension_class(o["kind"], folder, bool(o["style_insensitive"]),
                                          bool(o["allow_improvement"]))()
        return super()._assert(text)
