"""The results of `jlir diff`: frozen dataclasses, their JSON (schema `jlir-diff/1`) and the one-line summary.

Compared: statements (operation, operands under the renumbering, type, 1.12
call label when both sides print labels), the CFG (blocks, successor edges,
which block holds each statement), the return type (`=> T`, warntype
`Body::T`), a warntype header's variables (names and types) and its
`MethodInstance for` line.  Not compared: line info (line tables, location
lines, line-number columns: they differ between any two Julia builds), the
`from …` location of a warntype header, the columns of tools
(`print_statement_costs`, `code_escapes`) and their titles, and layout.

JSON (`DocumentDiff.to_json()`), schema `jlir-diff/1`; keys are stable:

* top level: `schema`, `outcome`, `message`, `a` and `b` (each `source`, `functions` (count),
  `forms`, `styles` (families), `other_items`), `functions` (one object per pair), `unpaired`
  (`a`, `b`: 1-based indices of functions without a partner), `summary`.
* a function: `index`, `outcome`, `a`/`b` (`form`, `style` (`family`, `lo`, `hi`), `statements`,
  `blocks`), `statements` (every entry that is not `same`: `op` (`style`, `changed`, `added`,
  `removed`), `a`/`b` (`id`, `block`, `text`, `used`, `type`, or null), `aspects` (`node`,
  `operands`, `target`, `type`, `label`), `rules`, `operands` (`{"a", "b", "a_in_b"}`: where the
  SSA operands do not correspond, A's, B's, and A's counterpart in B or null)), `ssa_map` (`[a_id, b_id]`
  pairs), `blocks` (`a`, `b` (counts), `map` (`[a, b]` pairs), `added`, `removed`, `split`
  (`{"a": n, "b": [...]}`), `merged` (`{"a": [...], "b": n}`),
  `edges` (`{"a", "b", "a_succs", "b_succs"}`), `changed`), `return_type` and `instance` (null or
  `{"op", "a", "b", "rules"}`), `variables` (entries not `same`: `{"op", "name", "a", "b",
  "rules"}`), `style` (`{"rule", "description", "count"}`), `ignored`, `notes`, `summary`,
  `renames` (`{"a", "b"}`: generated closure names paired by position, `jlir.compare.closures`), `name`
  (what both documents call the function, when functions were paired by name; else null), `orders` (what A
  was reordered in to be B's IR, orders Julia's semantics do not depend on: `φ nodes`, `φᶜ nodes`, `ϒ nodes`,
  `φᶜ operands`; `jlir.compare.orders`).
* `summary`: `added`, `removed`, `changed`, `types`, `style`, `blocks_changed`, `return_type_changed`,
  `variables_changed`.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.compare.canonical import RULES
from jlir.ir.errors import JlirError
from jlir.ir.function import Form
from jlir.ir.style import Style

SCHEMA = "jlir-diff/1"

__all__ = ["SCHEMA", "DiffError", "DocumentDiff", "FunctionDiff", "StatementDiff", "StatementSide", "BlockDiff",
           "EdgeChange", "ValueDiff", "VariableDiff", "StyleNote", "FunctionSide", "DocumentSide", "summary_line"]


class DiffError(JlirError, ValueError):
    """Inputs that cannot be diffed (a document with no function, e.g. a CFG listing); the message says why."""


# ---------------------------------------------------------------------------------------------- results
@dataclass(frozen=True, slots=True)
class StatementSide:
    """A statement of one side: its SSA id, block, and text as Julia prints it after the SSA column (the
    1.12 label and `::T` included where printed); `used`: Julia prints `%id = ` before it; `type` its type's text."""
    id: int
    block: int
    text: str
    used: bool
    type: str | None

    def to_json(self) -> dict:
        return {"id": self.id, "block": self.block, "text": self.text, "used": self.used, "type": self.type}


@dataclass(frozen=True, slots=True)
class StatementDiff:
    """One entry of the alignment.  `op`: `same`, `style` (same IR, spelled differently: `rules`),
    `changed` (`aspects`: `node`, `operands`, `target`, `type`, `label`), `added` (B only) or `removed` (A only).
    `operands`, when operands changed: (A's operand, B's operand at that place, the counterpart of A's
    operand in B, or None when its definition has no partner) for each place that does not correspond."""
    op: str
    a: StatementSide | None
    b: StatementSide | None
    aspects: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    operands: tuple[tuple[int, int, int | None], ...] = ()

    def to_json(self) -> dict:
        return {"op": self.op, "a": _side_json(self.a), "b": _side_json(self.b), "aspects": list(self.aspects),
                "rules": list(self.rules),
                "operands": [{"a": a, "b": b, "a_in_b": c} for a, b, c in self.operands]}


@dataclass(frozen=True, slots=True)
class EdgeChange:
    """Block `a` (A's numbering) maps to `b`, but their successors differ (each in its own numbering)."""
    a: int
    b: int
    a_succs: tuple[int, ...]
    b_succs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlockDiff:
    """The CFGs compared under the block map read off the paired statements: an A block maps to the B block
    holding the partner of its first paired statement (where a branch to it lands).  Renumbering alone is no
    change.  `removed`/`added`: blocks none of whose statements has a partner; `split`: an A block whose
    statements went to several B blocks; `merged`: a B block holding statements of several A blocks;
    `edges`: a block whose successors differ."""
    count_a: int
    count_b: int
    mapping: tuple[tuple[int, int], ...]
    removed: tuple[int, ...]
    added: tuple[int, ...]
    split: tuple[tuple[int, tuple[int, ...]], ...]
    merged: tuple[tuple[tuple[int, ...], int], ...]
    edges: tuple[EdgeChange, ...]

    @property
    def changed(self) -> bool:
        return bool(self.count_a != self.count_b or self.removed or self.added or self.split or self.merged
                    or self.edges)

    def to_json(self) -> dict:
        return {"a": self.count_a, "b": self.count_b, "map": [list(p) for p in self.mapping],
                "added": list(self.added), "removed": list(self.removed),
                "split": [{"a": a, "b": list(b)} for a, b in self.split],
                "merged": [{"a": list(a), "b": b} for a, b in self.merged],
                "edges": [{"a": e.a, "b": e.b, "a_succs": list(e.a_succs), "b_succs": list(e.b_succs)}
                          for e in self.edges],
                "changed": self.changed}


@dataclass(frozen=True, slots=True)
class ValueDiff:
    """A return type or method instance that differs: `op` `changed` or `style` (only `rules` differ)."""
    op: str
    a: str
    b: str
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"op": self.op, "a": self.a, "b": self.b, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class VariableDiff:
    """A @code_warntype variable (argument, local, static parameter) that is not the same on both sides:
    `op` `added`, `removed`, `changed` (its type) or `style`; `a`/`b` are the printed types."""
    op: str
    name: str
    a: str | None
    b: str | None
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"op": self.op, "name": self.name, "a": self.a, "b": self.b, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class StyleNote:
    """A printing-style difference seen `count` times (statements, types, header entries)."""
    rule: str
    count: int

    @property
    def description(self) -> str:
        return RULES[self.rule]


@dataclass(frozen=True, slots=True)
class FunctionSide:
    """What the diff says about one side's function: its display, Julia style and size."""
    form: Form
    style: Style
    statements: int
    blocks: int

    def to_json(self) -> dict:
        return {"form": self.form.value, "style": self.style.to_json(), "statements": self.statements,
                "blocks": self.blocks}


@dataclass(frozen=True, slots=True)
class FunctionDiff:
    """The diff of one pair of functions.  `statements` is the whole alignment in order (`same` entries
    included, for context); `ignored` names what differs but is not compared (line info, …)."""
    index: int
    a: FunctionSide
    b: FunctionSide
    identical: bool
    statements: tuple[StatementDiff, ...]
    blocks: BlockDiff
    return_type: ValueDiff | None
    instance: ValueDiff | None
    variables: tuple[VariableDiff, ...]
    style: tuple[StyleNote, ...]
    ignored: tuple[str, ...]
    notes: tuple[str, ...]
    ssa_map: tuple[tuple[int, int], ...]
    renames: tuple[tuple[str, str], ...] = ()
    name: str | None = None
    orders: tuple[str, ...] = ()  # what A was reordered in to be B's IR (`jlir.compare.orders`): `φ nodes`, …

    def count(self, op: str) -> int:
        return sum(1 for s in self.statements if s.op == op)

    @property
    def types_changed(self) -> int:
        return sum(1 for s in self.statements if s.op == "changed" and "type" in s.aspects)

    @property
    def variables_changed(self) -> int:
        return sum(1 for v in self.variables if v.op != "style")

    @property
    def different(self) -> bool:
        return bool(self.count("added") or self.count("removed") or self.count("changed") or self.blocks.changed
                    or _changed(self.return_type) or _changed(self.instance) or self.variables_changed)

    @property
    def outcome(self) -> str:
        return "identical" if self.identical else "different" if self.different else "equivalent"

    def summary(self) -> dict:
        return _summary([self])

    def to_json(self) -> dict:
        return {"index": self.index, "outcome": self.outcome, "a": self.a.to_json(), "b": self.b.to_json(),
                "statements": [s.to_json() for s in self.statements if s.op != "same"],
                "ssa_map": [list(p) for p in self.ssa_map], "blocks": self.blocks.to_json(),
                "return_type": _value_json(self.return_type), "instance": _value_json(self.instance),
                "variables": [v.to_json() for v in self.variables],
                "style": [{"rule": n.rule, "description": n.description, "count": n.count} for n in self.style],
                "ignored": list(self.ignored), "notes": list(self.notes), "summary": self.summary(),
                "renames": [{"a": a, "b": b} for a, b in self.renames], "name": self.name,
                "orders": list(self.orders)}


@dataclass(frozen=True, slots=True)
class DocumentSide:
    """One input: its name, how many functions it holds, their displays and styles, and its other items."""
    source: str
    functions: int
    forms: tuple[Form, ...]
    styles: tuple[Style, ...]
    other_items: tuple[str, ...]

    @property
    def family(self) -> str:
        """The Julia style(s) of its functions, e.g. `1.2–1.5` (several, comma-separated, when they differ)."""
        return ", ".join(dict.fromkeys(s.family for s in self.styles)) or "?"

    @property
    def form(self) -> str:
        return ", ".join(dict.fromkeys(f.value for f in self.forms)) or "?"

    def to_json(self) -> dict:
        return {"source": self.source, "functions": self.functions, "forms": [f.value for f in self.forms],
                "styles": [s.family for s in self.styles], "other_items": list(self.other_items)}


@dataclass(frozen=True, slots=True)
class DocumentDiff:
    """The diff of two documents: their functions paired in order (`unpaired_*`: 1-based indices of functions
    one side has beyond the other's count)."""
    a: DocumentSide
    b: DocumentSide
    identical: bool
    functions: tuple[FunctionDiff, ...]
    unpaired_a: tuple[int, ...]
    unpaired_b: tuple[int, ...]

    @property
    def outcome(self) -> str:
        if self.identical:
            return "identical"
        different = self.unpaired_a or self.unpaired_b or any(f.different for f in self.functions)
        return "different" if different else "equivalent"

    @property
    def message(self) -> str:
        """One line saying what the outcome means, naming both Julia styles."""
        if self.identical:
            return "identical: the two prints are the same text"
        if self.outcome == "different":
            return "different: " + summary_line(self.summary(), self.unpaired_a, self.unpaired_b)
        styled = any(f.style for f in self.functions)
        renamed = any(f.renames for f in self.functions)
        orders = list(dict.fromkeys(o for f in self.functions for o in f.orders))
        ignored = list(dict.fromkeys(i for f in self.functions for i in f.ignored))
        head = "equivalent: the prints"
        if self.a.forms != self.b.forms:
            head += f" ({self.a.form} vs {self.b.form})"
        if self.a.family == self.b.family:  # the text does not tell the versions apart, e.g. `_2` vs `x` in a φ
            style = f"printing style (both read as Julia {self.a.family})"
        else:
            style = f"printing style (Julia {self.a.family} vs {self.b.family})"
        parts = [style] if styled else []
        if renamed:
            parts.append("closure names (renamed)")
        if orders:
            parts.append(f"the order of {', '.join(orders)}, which Julia's semantics do not depend on (the φ or "
                         "φᶜ nodes of a block take their values at once, ϒ nodes in a row run with no throw between "
                         "them, a φᶜ's operands are a set)")
        if ignored:
            parts.append(", ".join(ignored) + " (not compared)")
        if not parts:
            return head + " show the same IR" + ("" if self.a.forms != self.b.forms else " (layout differs)")
        return head + " differ only in " + " and in ".join(parts)

    def summary(self) -> dict:
        """Totals over the paired functions (the keys of `summary` in the JSON)."""
        return _summary(self.functions)

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "outcome": self.outcome, "message": self.message,
                "a": self.a.to_json(), "b": self.b.to_json(), "functions": [f.to_json() for f in self.functions],
                "unpaired": {"a": list(self.unpaired_a), "b": list(self.unpaired_b)},
                "summary": self.summary()}


def _side_json(side):
    return None if side is None else side.to_json()


def _value_json(v):
    return None if v is None else v.to_json()


def _changed(v: ValueDiff | None) -> bool:
    return v is not None and v.op == "changed"


def _summary(functions) -> dict:
    return {"added": sum(f.count("added") for f in functions),
            "removed": sum(f.count("removed") for f in functions),
            "changed": sum(f.count("changed") for f in functions),
            "types": sum(f.types_changed for f in functions),
            "style": sum(f.count("style") for f in functions),
            "blocks_changed": any(f.blocks.changed for f in functions),
            "return_type_changed": any(_changed(f.return_type) for f in functions),
            "variables_changed": sum(f.variables_changed for f in functions)}


def summary_line(summary: dict, unpaired_a=(), unpaired_b=()) -> str:
    """`N added, M removed, K changed (T types), blocks changed` (and the return type, variables, statements
    that differ in style only, unpaired functions, where there are any)."""
    text = (f"{summary['added']} added, {summary['removed']} removed, {summary['changed']} changed "
            f"({summary['types']} type{'' if summary['types'] == 1 else 's'}), "
            f"blocks {'changed' if summary['blocks_changed'] else 'unchanged'}")
    if summary["return_type_changed"]:
        text += ", return type changed"
    if summary["variables_changed"]:
        text += f", {summary['variables_changed']} variable{'s' if summary['variables_changed'] > 1 else ''} changed"
    if summary["style"]:
        text += f", {summary['style']} in style only"
    for side, extra in (("A", unpaired_a), ("B", unpaired_b)):
        if extra:
            text += f", {len(extra)} function{'s' if len(extra) > 1 else ''} only in {side}"
    return text
