"""The oracle's table: per check and form, how many comparisons were equal, different by a documented rule,
wrong or refused, and the first few of each kind with the function they came from."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from jlir.oracle.checks import RULES, Outcome

__all__ = ["Tally", "class_key", "source_row"]

VERDICTS = ("equal", "rule", "wrong", "refused")


@dataclass
class Tally:
    """Counts by `(check, form)` and verdict, and up to `keep` examples of each (check, form, verdict, detail)."""
    keep: int = 3
    counts: dict = field(default_factory=lambda: defaultdict(Counter))
    classes: dict = field(default_factory=lambda: defaultdict(Counter))
    examples: dict = field(default_factory=lambda: defaultdict(list))
    functions: int = 0
    # Per source of the records (a module, an included file or its label; Base where a record names none): how
    # many instances, and per check the verdicts' counts.
    sources: dict = field(default_factory=lambda: defaultdict(Counter))
    # Every outcome but equal, as (source, name, check, form, verdict, detail), where asked for (`oracle.py
    # --outcomes`): what triage reads, every instance of a class and not only the first few.
    log: list | None = None

    def add(self, check: str, form: str, outcome: Outcome, name: str, source: str = "Base") -> None:
        self.counts[(check, form)][outcome.verdict] += 1
        self.sources[source][(check, outcome.verdict)] += 1
        if self.log is not None and outcome.verdict != "equal":
            self.log.append((source, name, check, form, outcome.verdict, outcome.detail))
        if outcome.verdict != "equal":
            kind = _kind(outcome)
            self.classes[(check, form, outcome.verdict)][kind] += 1
            ex = self.examples[(check, form, outcome.verdict, kind)]
            if len(ex) < self.keep:
                ex.append(f"{name}: {outcome.detail}")

    def merge(self, other: "Tally") -> None:
        self.functions += other.functions
        for k, c in other.counts.items():
            self.counts[k].update(c)
        for k, c in other.classes.items():
            self.classes[k].update(c)
        for k, ex in other.examples.items():
            self.examples[k].extend(ex[:max(0, self.keep - len(self.examples[k]))])
        for k, c in other.sources.items():
            self.sources[k].update(c)
        if self.log is not None and other.log is not None:
            self.log.extend(other.log)

    def to_json(self) -> dict:
        """The counts, classes, examples and per-source counts as JSON values (`from_json` reads them back)."""
        return {"functions": self.functions, "keep": self.keep,
                "counts": [[*k, dict(c)] for k, c in self.counts.items()],
                "classes": [[*k, dict(c)] for k, c in self.classes.items()],
                "examples": [[*k, ex] for k, ex in self.examples.items()],
                "sources": {src: [[*k, n] for k, n in c.items()] for src, c in self.sources.items()}}

    @classmethod
    def from_json(cls, data: dict) -> "Tally":
        t = cls(keep=data.get("keep", 3))
        t.functions = data["functions"]
        for *k, c in data["counts"]:
            t.counts[tuple(k)].update(c)
        for *k, c in data["classes"]:
            t.classes[tuple(k)].update(c)
        for *k, ex in data["examples"]:
            t.examples[tuple(k)].extend(ex)
        for src, rows in data["sources"].items():
            for check, verdict, n in rows:
                t.sources[src][(check, verdict)] += n
        return t

    def render_sources(self) -> str:
        """One row per source: instances, checks and their verdicts but round-trip's and the interpreter's,
        which have their own columns (equal of all)."""
        lines = ["| source | instances | checks | equal | rule | wrong | refused | round-trip | interp runs |",
                 "|---|---|---|---|---|---|---|---|---|"]
        for src, c in sorted(self.sources.items(), key=lambda kv: (-kv[1][("instances", "")], kv[0])):
            lines.append(source_row(src, c))
        return "\n".join(lines)

    def totals(self) -> tuple[int, int, int]:
        """`(checks, differ, wrong)`: differ counts rule and wrong outcomes."""
        total = sum(sum(c.values()) for c in self.counts.values())
        wrong = sum(c["wrong"] for c in self.counts.values())
        return total, wrong + sum(c["rule"] for c in self.counts.values()), wrong

    def render(self) -> str:
        lines = [f"{self.functions} method instances", "",
                 f"| check | form | equal | rule | wrong | refused | equal % |", "|---|---|---|---|---|---|---|"]
        for (check, form), c in sorted(self.counts.items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])):
            n = sum(c.values())
            share = 100.0 * c["equal"] / n if n else 0.0
            lines.append(f"| {check} | {form} | {c['equal']} | {c['rule']} | {c['wrong']} | {c['refused']} | "
                         f"{share:.2f} |")
        for (check, form, verdict), kinds in sorted(self.classes.items()):
            lines.append("")
            lines.append(f"{check} / {form} / {verdict}:")
            for kind, n in kinds.most_common():
                why = f" ({RULES[kind]})" if verdict == "rule" and kind in RULES else ""
                lines.append(f"  {n:6d}  {kind}{why}")
                for ex in self.examples[(check, form, verdict, kind)]:
                    lines.append(f"          e.g. {ex[:300]}")
        if set(self.sources) - {"Base"}:
            lines += ["", self.render_sources()]
        total, differ, wrong = self.totals()
        lines.append("")
        lines.append(f"oracle: {total} checks, {differ} differ, {wrong} wrong")
        return "\n".join(lines)


_CHECK_ORDER = ("round-trip", "cfg", "idoms", "verify", "pre-ssa cfg", "pre-ssa idoms", "idf", "compact", "ssa", "dce vs adce", "interp")


def _order(check: str) -> int:
    return _CHECK_ORDER.index(check) if check in _CHECK_ORDER else len(_CHECK_ORDER)


def _kind(outcome: Outcome) -> str:
    """The class an outcome counts in: a rule's name, or the detail up to its first colon (a refusal's error type)."""
    if outcome.verdict == "rule":
        return outcome.detail
    detail = outcome.detail
    if detail.startswith(("crash: ", "unreadable: ")):
        head, _, rest = detail.partition(": ")
        return f"{head}: {rest.split(':')[0]}"
    if detail.startswith("stopped after "):   # which limit stops a long run first depends on the machine's speed
        return "stopped at its limit (--timeout or --max-steps)"
    if detail.startswith("#") or detail.startswith("idom of"):
        return detail.split(":")[0].split(" ")[0] if detail.startswith("idom") else "blocks differ"
    return detail.split(":")[0][:80]


def class_key(check: str, form: str, outcome: Outcome) -> str:
    """One class of difference as one string, `check | form | verdict | class`: what the committed class tables of
    the records CI compares count (`tests/oracle/test_other_sources.py`, `scripts/check/oracle_ci_records.py`)."""
    return " | ".join((check, form, outcome.verdict, _kind(outcome)))


def source_row(label: str, c: Counter, percent: bool = False) -> str:
    """One source's row of the per-source table from its counts (`Tally.sources[src]`): instances, checks and their
    verdicts but round-trip's and the interpreter's, which have their own columns (equal of all, and with
    `percent` its share)."""
    main = Counter()
    for (check, verdict), n in c.items():
        if check not in ("instances", "round-trip", "interp"):
            main[verdict] += n

    def share(check: str) -> str:
        total = sum(n for (k, _), n in c.items() if k == check)
        if not total:
            return ""
        return f"{c[(check, 'equal')]}/{total}" + (f" ({100.0 * c[(check, 'equal')] / total:.2f} %)" if percent else "")
    return (f"| {label} | {c[('instances', '')]} | {sum(main.values())} | {main['equal']} | {main['rule']} | "
            f"{main['wrong']} | {main['refused']} | {share('round-trip')} | {share('interp')} |")
