"""The oracle's table: per check and form, how many comparisons were equal, different by a documented rule,
wrong or refused, and the first few of each kind with the function they came from."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from jlir.oracle.checks import RULES, Outcome

__all__ = ["Tally"]

VERDICTS = ("equal", "rule", "wrong", "refused")


@dataclass
class Tally:
    """Counts by `(check, form)` and verdict, and up to `keep` examples of each (check, form, verdict, detail)."""
    keep: int = 3
    counts: dict = field(default_factory=lambda: defaultdict(Counter))
    classes: dict = field(default_factory=lambda: defaultdict(Counter))
    examples: dict = field(default_factory=lambda: defaultdict(list))
    functions: int = 0

    def add(self, check: str, form: str, outcome: Outcome, name: str) -> None:
        self.counts[(check, form)][outcome.verdict] += 1
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
        total, differ, wrong = self.totals()
        lines.append("")
        lines.append(f"oracle: {total} checks, {differ} differ, {wrong} wrong")
        return "\n".join(lines)


_CHECK_ORDER = ("cfg", "idoms", "verify", "pre-ssa cfg", "pre-ssa idoms", "idf", "compact", "ssa", "dce vs adce", "interp")


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
    if detail.startswith("#") or detail.startswith("idom of"):
        return detail.split(":")[0].split(" ")[0] if detail.startswith("idom") else "blocks differ"
    return detail.split(":")[0][:80]
