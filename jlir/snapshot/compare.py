"""Is a stored IR snapshot still what Julia prints?  Structurally, through `jlir.compare`, never as text.

A text diff of two IR prints drowns in renumbering (one inserted statement
shifts every later `%n`) and in spelling; `jlir diff` pairs statements by
content and names the printing-style differences.  A snapshot check asks it:

- strict (the default inside one Julia `major.minor` folder): the prints must
  show the same IR spelled the same way; what `jlir diff` does not compare
  (line info, method locations) may differ, so editing a comment above the
  function does not fail the check;
- style-insensitive (the default across Julia versions): differences of
  printing style alone (`Core.Compiler.Const` vs `Core.Const`, `Array{T,1}` vs
  `Vector{T}`, …) pass too.

The report of a failed check is `jlir diff`'s, stored snapshot as A and the
current print as B.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import jlir
from jlir.compare import DiffError, DocumentDiff, diff_documents, render_text
from jlir.ir.errors import JlirError
from jlir.syntax.errors import ParseError

# Where per-version snapshots live: `julia-1.10` for every 1.10.x, so a patch release shares its minor's snapshots.
SHARED_FOLDER = "julia-any"
_VERSION = re.compile(r"^v?(\d+)\.(\d+)")


class SnapshotError(JlirError):
    """A snapshot that cannot be checked: no Julia version to file it under, a manifest that does not read, …"""


def version_folder(version: str) -> str:
    """The folder of a Julia version's snapshots: `1.10.2` and `1.10.0-rc1` both go to `julia-1.10`."""
    m = _VERSION.match(version.strip())
    if not m:
        raise SnapshotError(f"cannot tell the Julia major.minor version from {version!r} (expected e.g. 1.10.2)")
    return f"julia-{int(m.group(1))}.{int(m.group(2))}"


@dataclass(frozen=True, slots=True)
class IRVerdict:
    """The check of one IR snapshot: `outcome` is `jlir diff`'s ("identical", "equivalent", "different") or
    "unreadable" (a side jlir cannot parse, or with no function); `passed` applies the mode."""
    outcome: str
    passed: bool
    style_only: bool
    report: str
    diff: DocumentDiff | None

    def to_json(self) -> dict:
        return {"outcome": self.outcome, "passed": self.passed,
                "diff": None if self.diff is None else self.diff.to_json(),
                "error": self.report if self.diff is None else None}


def compare_ir(stored: str, current: str, *, style_insensitive: bool = False, stored_name: str = "snapshot",
               current_name: str = "current") -> IRVerdict:
    """Check the `current` print against the `stored` one (both Julia's text).

    Strict mode passes when `jlir diff` finds no change and no printing-style difference; style-insensitive mode
    also passes on style.  A text that does not parse fails with the located parse error as its report.
    """
    if stored == current:
        return IRVerdict("identical", True, False, "", None)
    try:
        a = jlir.parse(stored, stored_name)
        b = jlir.parse(current, current_name)
        d = diff_documents(a, b, stored_name, current_name)
    except ParseError as e:
        return IRVerdict("unreadable", False, False, e.render(), None)
    except DiffError as e:
        return IRVerdict("unreadable", False, False, str(e), None)
    style_only = d.outcome == "equivalent" and any(f.style for f in d.functions)
    passed = d.outcome != "different" and (style_insensitive or not style_only)
    report = render_text(d)
    if style_only and not passed:
        report += ("snapshot check: strict mode fails on printing-style differences; use style-insensitive mode "
                   "to accept them\n")
    return IRVerdict(d.outcome, passed, style_only, report, d)
