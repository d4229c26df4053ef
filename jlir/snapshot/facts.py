"""The type-stability facts of a function as a snapshot: what matters across Julia versions, nothing else.

A whole-IR snapshot breaks on every Julia release; what a package author wants
pinned is "no value became non-concrete, no call became dynamic, no variable
got boxed, the return type stayed concrete".  `stability_facts` reduces
`jlir.analysis.type_stability`'s report to exactly those facts, written so that two
Julia versions' prints of unchanged code give the same facts:

- a value is named by the statement that computes it (SSA and block numbers
  blanked to `%_`, `#_`: renumbering is not a change), a slot by its name;
- statements and types are written in one spelling whatever printed them
  (`jlir.compare.canonical`, whose canonical spelling is ≤1.5's: `Array{T,1}`
  for 1.6+'s `Vector{T}`), and compared with blanks removed and case folded, so
  1.5's upper-cased `@code_warntype` types match the others;
- lists are sorted, keys sorted, one JSON document (`facts_text`);
- a flag's severity is stored for the reader but not compared: Julia 1.9
  recoloured small unions, and the type, which decides the colour, is.

`compare_facts` checks current facts against stored ones: equal, or with
`allow_improvement` a subset (an instability fixed, a return type that became
concrete, passes; anything new fails).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass

from jlir.analysis.type_stability import stability
from jlir.compare.canonical import Canonicalizer
from jlir.ir.function import Function
from jlir.ir.style import Style
from jlir.printer.exprs import ExprPrinter

SCHEMA = "jlir-stability-facts/1"
LISTS = ("non_concrete", "dynamic_calls", "boxes")
_NUMBERS = re.compile(r"([%#])\d+")


class _Speller:
    """One spelling for statements and types of any Julia version: canonical values printed as Julia 1.5 would."""

    def __init__(self):
        self.canon = Canonicalizer(strip_typed_slots=True)
        self.printer = ExprPrinter(Style.for_version("1.5"))

    def statement(self, s) -> str:
        node, _rules = self.canon.value(s.node)
        return _NUMBERS.sub(r"\1_", self.printer.statement(node, False))

    def type(self, t) -> str:
        typ, _rules = self.canon.value(t)
        return self.printer.type(typ)


def stability_facts(fn: Function, version: str | None = None) -> dict:
    """The facts of `fn` (JSON-ready, sorted); `version` (e.g. `1.10.2`) narrows the colour rules to that Julia."""
    report = stability(fn, version=version)
    stmts = fn.positional
    speller = _Speller()
    non_concrete = []
    for flag in report.flags:
        if flag.kind == "return":
            continue
        at = speller.statement(stmts[flag.stmt - 1]) if flag.kind == "ssa" else flag.value
        typ = stmts[flag.stmt - 1].type if flag.kind == "ssa" else None
        non_concrete.append({"kind": flag.kind, "at": at, "severity": flag.severity,
                             "type": speller.type(typ) if typ is not None else flag.type})
    ret = None
    if report.return_type is not None:
        shown = fn.return_type if fn.return_type is not None else fn.header.body_type
        ret = {"type": speller.type(shown), "concrete": bool(report.return_concrete)}
    facts = {"schema": SCHEMA, "form": report.form, "return": ret, "non_concrete": non_concrete,
             "dynamic_calls": [{"call": speller.statement(stmts[d.stmt - 1])} for d in report.dynamic_calls],
             "boxes": [{"op": b.op, "at": speller.statement(stmts[b.stmt - 1])} for b in report.boxes]}
    for key in LISTS:
        facts[key].sort(key=lambda row: json.dumps(row, sort_keys=True, ensure_ascii=False))
    return facts


def facts_text(facts: dict) -> str:
    """The stored form: indented JSON, keys sorted, one fact per line (reviewable as a diff)."""
    lines = ["{"]
    items = sorted(facts.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in LISTS and value:
            rows = ",\n".join("    " + json.dumps(r, sort_keys=True, ensure_ascii=False) for r in value)
            lines.append(f'  "{key}": [\n{rows}\n  ]{comma}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)}{comma}")
    return "\n".join(lines + ["}"]) + "\n"


def _fold(text: str) -> str:
    """How facts compare: blanks removed, case folded (1.5's @code_warntype upper-cases the types it flags)."""
    return "".join(text.split()).upper()


def _key(row: dict) -> tuple:
    """A fact's identity: its fields but the severity (the colour rule of small unions changed in 1.9; the type,
    which decides it, is compared)."""
    return tuple(sorted((k, _fold(v) if isinstance(v, str) else v) for k, v in row.items() if k != "severity"))


@dataclass(frozen=True, slots=True)
class FactsVerdict:
    """Current facts against stored ones: what appeared (`added`), what went away (`removed`), the return type;
    `improvement`: nothing appeared and nothing got worse."""
    passed: bool
    improvement: bool
    added: tuple[tuple[str, dict], ...]
    removed: tuple[tuple[str, dict], ...]
    return_change: tuple[dict | None, dict | None] | None
    form_change: tuple[str, str] | None
    allow_improvement: bool

    @property
    def outcome(self) -> str:
        if not (self.added or self.removed or self.return_change or self.form_change):
            return "identical"
        return "improved" if self.improvement else "different"

    def report(self) -> str:
        """What changed, one line per fact: `+` new in the current print, `-` gone from it."""
        lines = [f"stability facts: {self.outcome}"]
        if self.form_change:
            lines.append(f"  form: {self.form_change[0]} → {self.form_change[1]}")
        if self.return_change:
            lines.append(f"  return type: {_return_text(self.return_change[0])} → "
                         f"{_return_text(self.return_change[1])}")
        for mark, rows in (("+", self.added), ("-", self.removed)):
            lines.extend(f"  {mark} {_row_text(kind, row)}" for kind, row in rows)
        if self.improvement and not self.allow_improvement:
            lines.append("  (only improvements: allow_improvement=True accepts them)")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        return {"outcome": self.outcome, "passed": self.passed,
                "added": [{"fact": k, **r} for k, r in self.added],
                "removed": [{"fact": k, **r} for k, r in self.removed],
                "return": None if self.return_change is None else list(self.return_change),
                "form": None if self.form_change is None else list(self.form_change)}


def _return_text(ret: dict | None) -> str:
    if ret is None:
        return "(none printed)"
    return f"::{ret['type']}" + ("" if ret["concrete"] else " (not concrete)")


def _row_text(kind: str, row: dict) -> str:
    if kind == "non_concrete":
        return f"non-concrete {row['kind']} {row['at']} ::{row['type']} ({row['severity']})"
    if kind == "dynamic_calls":
        return f"dynamic call: {row['call']}"
    return f"Core.Box {row['op']}: {row['at']}"


def _return_improved(old: dict | None, new: dict | None) -> bool:
    """A non-concrete return type that became concrete (any concrete type: it was not pinned before)."""
    return old is not None and new is not None and not old["concrete"] and new["concrete"]


def compare_facts(stored: dict, current: dict, *, allow_improvement: bool = False) -> FactsVerdict:
    """Check `current` facts against `stored` ones: equal passes; with `allow_improvement`, losing facts and a
    return type becoming concrete pass too, while any new fact, a changed concrete return type or form fails."""
    added, removed = [], []
    for kind in LISTS:
        old = Counter(_key(r) for r in stored.get(kind, ()))
        new = Counter(_key(r) for r in current.get(kind, ()))
        extra, missing = new - old, old - new
        added += [(kind, r) for r in current.get(kind, ()) if _take(extra, _key(r))]
        removed += [(kind, r) for r in stored.get(kind, ()) if _take(missing, _key(r))]
    old_ret, new_ret = stored.get("return"), current.get("return")
    same_ret = (old_ret is None and new_ret is None) or (
        old_ret is not None and new_ret is not None and _fold(old_ret["type"]) == _fold(new_ret["type"])
        and old_ret["concrete"] == new_ret["concrete"])
    return_change = None if same_ret else (old_ret, new_ret)
    form_change = None if stored.get("form") == current.get("form") else (stored.get("form"), current.get("form"))
    improvement = not added and not form_change and (same_ret or _return_improved(old_ret, new_ret))
    passed = improvement and (allow_improvement or (not removed and same_ret))
    return FactsVerdict(passed, improvement, tuple(added), tuple(removed), return_change, form_change,
                        allow_improvement)


def _take(counter: Counter, key) -> bool:
    """Consume one `key` from `counter` (so n copies of a fact are n facts)."""
    if counter[key] > 0:
        counter[key] -= 1
        return True
    return False


def read_facts(text: str, where: str = "snapshot") -> dict:
    """Stored facts back from `facts_text`; SnapshotError when the text is not such a document."""
    from jlir.snapshot.compare import SnapshotError
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SnapshotError(f"{where}: not stability facts (invalid JSON: {e})") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise SnapshotError(f"{where}: not stability facts (schema {SCHEMA} expected)")
    return data
