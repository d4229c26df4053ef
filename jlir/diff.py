"""A structural diff of two prints of the same function(s), e.g. by two Julia versions (`jlir diff A B`).

    >>> d = diff_documents(jlir.parse_file("a.txt"), jlir.parse_file("b.txt"), "a.txt", "b.txt")
    >>> d.outcome                       # "identical", "equivalent" or "different"
    >>> print(render_text(d))           # jlir.diff_text.render_text
    >>> json.dumps(d.to_json())

Why structural: a textual diff of two IR prints drowns in renumbering (one
inserted statement shifts every later `%n`) and in spelling (Julia 1.6 prints
`Core.Const(1)` where 1.5 printed `Core.Compiler.Const(1, false)`).  Here
statements are paired by content (`jlir.analysis.align`), the SSA and block
renumbering is read off the pairs and checked on every operand, and
differences that only the spelling makes (`jlir.analysis.canonical.RULES`) are
reported as *style*, so two prints come out `identical` (same text),
`equivalent` (same IR: differences of printing style, or of what is not
compared) or `different`.

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
  SSA operands do not correspond, A's, B's, and A's counterpart in B or null)), `ssa_map` (`[a_id, b_id]` pairs), `blocks` (`a`, `b` (counts), `map` (`[a, b]`
  pairs), `added`, `removed`, `split` (`{"a": n, "b": [...]}`), `merged` (`{"a": [...], "b": n}`),
  `edges` (`{"a", "b", "a_succs", "b_succs"}`), `changed`), `return_type` and `instance` (null or
  `{"op", "a", "b", "rules"}`), `variables` (entries not `same`: `{"op", "name", "a", "b",
  "rules"}`), `style` (`{"rule", "description", "count"}`), `ignored`, `notes`, `summary`.
* `summary`: `added`, `removed`, `changed`, `types`, `style`, `blocks_changed`, `return_type_changed`,
  `variables_changed`.
"""
from __future__ import annotations

from jlir.ir.errors import JlirError

from collections import Counter
from dataclasses import dataclass, replace

import jlir
from jlir.analysis.align import Entry, Judge, align, derive, entries
from jlir.analysis.canonical import RULES, Canonicalizer
from jlir.ir.function import (CFGListing, Document, Form, Function, Statement, StatementVector, VectorDisplay,
                               WarntypeHeader)
from jlir.ir.cfg import compute_cfg
from jlir.ir.style import Style
from jlir.ir.walk import used_ids
from jlir.printer.exprs import ExprPrinter

SCHEMA = "jlir-diff/1"
_TYPED_SLOTS_REMOVED = (1, 11)  # Julia 1.11 removed TypedSlot (#50943)

__all__ = ["SCHEMA", "DiffError", "diff_documents", "diff_functions", "DocumentDiff", "FunctionDiff",
           "StatementDiff", "StatementSide", "BlockDiff", "EdgeChange", "ValueDiff",
           "VariableDiff", "StyleNote", "FunctionSide", "DocumentSide"]


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
                "ignored": list(self.ignored), "notes": list(self.notes), "summary": self.summary()}


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
        ignored = list(dict.fromkeys(i for f in self.functions for i in f.ignored))
        head = "equivalent: the prints"
        if self.a.forms != self.b.forms:
            head += f" ({self.a.form} vs {self.b.form})"
        if self.a.family == self.b.family:  # the text does not tell the versions apart, e.g. `_2` vs `x` in a φ
            style = f"printing style (both read as Julia {self.a.family})"
        else:
            style = f"printing style (Julia {self.a.family} vs {self.b.family})"
        parts = [style] if styled else []
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


# ---------------------------------------------------------------------------------------------- documents
def diff_documents(a: Document, b: Document, source_a: str = "A", source_b: str = "B") -> DocumentDiff:
    """Diff two documents: their functions (vector elements included) paired in order.

    Raises DiffError when a document holds no function (a CFG listing or a statement vector alone).
    """
    fa, fb = jlir.functions(a), jlir.functions(b)
    for doc, fs, name in ((a, fa, source_a), (b, fb, source_b)):
        if not fs:
            what = ", ".join(_other_items(doc)) or "nothing"
            raise DiffError(f"{name}: no function to compare (it holds {what}); jlir diff compares functions")
    pairs = tuple(diff_functions(x, y, i) for i, (x, y) in enumerate(zip(fa, fb), 1))
    identical = len(fa) == len(fb) and all(f.identical for f in pairs) and jlir.format(a) == jlir.format(b)
    n = len(pairs)
    return DocumentDiff(_document_side(a, fa, source_a), _document_side(b, fb, source_b), identical, pairs,
                        tuple(range(n + 1, len(fa) + 1)), tuple(range(n + 1, len(fb) + 1)))


def _other_items(doc: Document) -> tuple[str, ...]:
    """What a document holds besides functions, which the diff leaves out (said in the header)."""
    names = {CFGListing: "a CFG listing", StatementVector: "a statement vector"}
    return tuple(names.get(type(i), type(i).__name__) for i in doc.items if not isinstance(i, (Function, VectorDisplay)))


def _document_side(doc: Document, fs: list[Function], source: str) -> DocumentSide:
    return DocumentSide(source, len(fs), tuple(dict.fromkeys(f.form for f in fs)),
                        tuple(dict.fromkeys(f.style for f in fs)), _other_items(doc))


# ---------------------------------------------------------------------------------------------- functions
def diff_functions(fa: Function, fb: Function, index: int = 1) -> FunctionDiff:
    """Diff two prints of one function: statements paired modulo SSA and block renumbering, the CFGs under
    the block map, return types and warntype headers; printing-style differences reported as style.

    Line info is not compared: line tables and location lines differ between any two Julia builds.
    """
    # one side surely prints no TypedSlot (1.11+, or lowered code), the other may: their `x::T` is style
    straddles = max(fa.style.lo, fb.style.lo) >= _TYPED_SLOTS_REMOVED > min(fa.style.hi, fb.style.hi)
    canon = Canonicalizer(strip_typed_slots=straddles or Form.LOWERED in (fa.form, fb.form))
    xs, ys = entries(fa, canon), entries(fb, canon)
    alignment = align(xs, ys)
    pairs = [(i, j) for i, j in alignment if i is not None and j is not None]
    mapping = derive(xs, ys, pairs, {**_slot_names(fb.header), **_slot_names(fa.header)})
    labels = any(s.label for s in fa.stmts) and any(s.label for s in fb.stmts)
    show_a, show_b = _Shower(fa), _Shower(fb)
    statements = _statements(xs, ys, alignment, Judge(mapping, canon, labels), show_a, show_b)
    ta, tb = _returns(fa), _returns(fb)
    return_type = _value_diff(ta, tb, canon, show_a.type, show_b.type)
    variables, header_rules = _variables(fa.header, fb.header, canon, show_a.type, show_b.type)
    rules = Counter(r for s in statements if s.op == "style" for r in s.rules)
    rules.update(r for v in variables if v.op == "style" for r in v.rules)
    rules.update(return_type.rules if return_type and return_type.op == "style" else ())
    rules.update(header_rules)
    if fa.form is fb.form and fa.style != fb.style:
        same = [ys[j].stmt for (_, j), s in zip(alignment, statements) if s.op == "same"]
        rules["spelling"] += sum(show_a.line(s) != show_b.line(s) for s in same)
        rules["spelling"] += ta is not None and ta == tb and show_a.type(ta) != show_b.type(tb)
    return FunctionDiff(index, _function_side(fa), _function_side(fb), jlir.format(fa) == jlir.format(fb),
                        tuple(statements), _block_diff(fa, fb, xs, ys, pairs, mapping), return_type,
                        _instance(fa.header, fb.header), variables,
                        tuple(StyleNote(r, rules[r]) for r in RULES if rules[r]), _ignored(fa, fb), _notes(fa, fb),
                        tuple(sorted((xs[i].id, ys[j].id) for i, j in pairs)))


def _statements(xs, ys, alignment, judge: Judge, show_a, show_b) -> list[StatementDiff]:
    out = []
    for i, j in alignment:
        x = xs[i] if i is not None else None
        y = ys[j] if j is not None else None
        if x is None or y is None:
            out.append(StatementDiff("removed" if y is None else "added", show_a(x), show_b(y)))
            continue
        v = judge.judge(x, y)
        operands = judge.rewired(x, y) if "operands" in v.aspects else ()
        out.append(StatementDiff(v.kind, show_a(x), show_b(y), v.aspects, tuple(sorted(v.rules)), operands))
    return out


def _instance(ha: WarntypeHeader | None, hb: WarntypeHeader | None) -> ValueDiff | None:
    """The `MethodInstance for …` lines (1.7+ warntype) when both sides print one and they differ."""
    if ha is None or hb is None or not ha.instance or not hb.instance or ha.instance == hb.instance:
        return None
    return ValueDiff("changed", ha.instance, hb.instance)


def _function_side(f: Function) -> FunctionSide:
    return FunctionSide(f.form, f.style, len(f.stmts), len(f.blocks))


class _Shower:
    """A side's statements and types as Julia prints them (the one printer, `ExprPrinter`)."""

    def __init__(self, f: Function):
        self.printer = ExprPrinter(f.style, ircode=f.form is Form.IRCODE)
        self.show_types = f.form is not Form.LOWERED  # lowered code prints no `::T`
        self.warntype = f.form is Form.WARNTYPE
        self.used = used_ids(f.stmts)

    def __call__(self, e: Entry | None) -> StatementSide | None:
        if e is None:
            return None
        _, _, bare, typed = self.printer.statement_line(e.stmt, self.show_types)
        used = e.id in self.used
        text = bare if self.warntype and not used else typed
        shown = e.stmt.type is not None and text != bare
        return StatementSide(e.id, e.block, text, used, self.type(e.stmt.type) if shown else None)

    def type(self, t) -> str:
        return self.printer.type(t)

    def line(self, s: Statement) -> str:
        """`s` as this side's Julia would print it, with its type: to see where two versions spell alike IR apart."""
        return self.printer.statement_line(s, self.show_types)[3]


def _returns(f: Function):
    """The `=> T` of a CodeInfo pair, or a warntype's `Body::T` (None: neither is printed)."""
    if f.return_type is not None:
        return f.return_type
    return f.header.body_type if f.header is not None else None


def _value_diff(ta, tb, canon: Canonicalizer, show_a, show_b) -> ValueDiff | None:
    """How two types (return types, variable types) differ: None (the same), style or changed."""
    if ta is None or tb is None or ta == tb:
        return None
    (ca, ra), (cb, rb) = canon.value(ta), canon.value(tb)
    notes: set[str] = set()
    if not canon.equal(ca, cb, notes):
        return ValueDiff("changed", show_a(ta), show_b(tb))
    return ValueDiff("style", show_a(ta), show_b(tb), tuple(sorted(ra | rb | notes)))


# ---------------------------------------------------------------------------------------------- warntype header
def _slot_names(h: WarntypeHeader | None) -> dict:
    """Slot number → name, from a header whose list is in slot order (`Variables`, 1.2–1.6; `Arguments`, 1.7+).
    Names that carry their number (`@_4`, `x@_2`) are left out: they need no mapping."""
    out = {}
    for title, vs in (h.sections if h is not None else ()):
        if title in ("Variables", "Arguments"):
            out.update((n, name) for n, (name, _, _) in enumerate(vs, 1) if "@" not in name)
    return out


def _header_entries(h: WarntypeHeader) -> list[tuple]:
    """((static parameter?, name), separator, type) of every entry; 1.7+'s `_` for ≤1.6's `#unused#`."""
    return [((title.startswith("Static"), "_" if name == "#unused#" else name), sep, t)
            for title, vs in h.sections for name, sep, t in vs]


def _variables(ha, hb, canon: Canonicalizer, show_a, show_b) -> tuple[tuple[VariableDiff, ...], list[str]]:
    """The variables of two warntype headers paired by name (static parameters only when both print some),
    and the `header` style rule when the layouts differ."""
    if ha is None or hb is None:
        return (), []
    va, vb = _header_entries(ha), _header_entries(hb)
    if not all(any(k[0] for k, _, _ in v) for v in (va, vb)):
        va, vb = [e for e in va if not e[0][0]], [e for e in vb if not e[0][0]]
    titles_a, titles_b = [t for t, _ in ha.sections], [t for t, _ in hb.sections]
    layout = ("Variables" in titles_a) != ("Variables" in titles_b) or (ha.instance is None) != (hb.instance is None)
    unused_a, unused_b = (any(name == "#unused#" for _, vs in h.sections for name, _, _ in vs) for h in (ha, hb))
    header_rules = ["header"] if layout or unused_a != unused_b else []
    remaining: dict = {}
    for k, entry in enumerate(vb):
        remaining.setdefault(entry[0], []).append(k)
    out, matched = [], set()
    for key, sep, t in va:
        ks = remaining.get(key)
        if not ks:
            out.append(VariableDiff("removed", key[1], show_a(t), None))
            continue
        k = ks.pop(0)
        matched.add(k)
        d = _value_diff(t, vb[k][2], canon, show_a, show_b)
        if d is None and sep == vb[k][1] and show_a(t) != show_b(vb[k][2]):
            header_rules.append("spelling")
        elif d is not None or sep != vb[k][1]:
            d = d or ValueDiff("changed", show_a(t), show_b(vb[k][2]))
            out.append(VariableDiff(d.op, key[1], d.a, d.b, d.rules))
    out += [VariableDiff("added", key[1], None, show_b(t)) for k, (key, _, t) in enumerate(vb) if k not in matched]
    return tuple(out), header_rules


# ---------------------------------------------------------------------------------------------- blocks
def _canonical_function(f: Function, es: list[Entry]) -> Function:
    """`f` with canonical nodes: its CFG as Julia's later printers see it (`$(Expr(:unreachable))` ends a block)."""
    return f.replace(stmts=tuple(replace(e.stmt, node=e.canon.node) for e in es))


def _block_diff(fa, fb, xs, ys, pairs, mapping) -> BlockDiff:
    na, nb = len(fa.blocks), len(fb.blocks)
    to_b = {a: b for a, b in mapping.blocks.items() if 1 <= a <= na and 1 <= b <= nb}
    homes_a: dict[int, list[int]] = {}  # A block → B blocks of its paired statements, in order
    homes_b: dict[int, list[int]] = {}  # B block → A blocks of its paired statements
    for i, j in pairs:
        a, b = xs[i].block, ys[j].block
        if a and b:
            homes_a.setdefault(a, []).append(b)
            homes_b.setdefault(b, []).append(a)
    succ_a = [b.succs for b in compute_cfg(_canonical_function(fa, xs)).blocks]
    succ_b = [b.succs for b in compute_cfg(_canonical_function(fb, ys)).blocks]
    edges = []
    for a, b in sorted(to_b.items()):
        tail = homes_a[a][-1] if a in homes_a else b  # where A's terminator went (the last piece of a split)
        pieces = set(homes_a.get(a, ()))
        # edges between the pieces of a split or into a merged block are reported as the split or merge
        mapped = {to_b.get(s, -s) for s in succ_a[a - 1]} - pieces
        if mapped != set(succ_b[tail - 1]) - pieces:
            edges.append(EdgeChange(a, tail, tuple(succ_a[a - 1]), tuple(succ_b[tail - 1])))
    return BlockDiff(na, nb, tuple(sorted(to_b.items())),
                     tuple(a for a in range(1, na + 1) if a not in homes_a),
                     tuple(b for b in range(1, nb + 1) if b not in homes_b),
                     _spread(homes_a), tuple((a_blocks, b) for b, a_blocks in _spread(homes_b)), tuple(edges))


def _spread(homes: dict) -> tuple:
    """(block, the other side's blocks) for each block whose paired statements lie in several blocks there."""
    return tuple((k, tuple(dict.fromkeys(v))) for k, v in sorted(homes.items()) if len(set(v)) > 1)


# ---------------------------------------------------------------------------------------------- what is not compared
def _ignored(fa: Function, fb: Function) -> tuple[str, ...]:
    """What differs between the two prints but is not compared, for the verdict's message."""
    out = []
    if fa.linetable != fb.linetable or (fa.linetable and [s.loc for s in fa.stmts] != [s.loc for s in fb.stmts]):
        out.append("line info")
    if fa.header and fb.header and fa.header.source and fb.header.source and fa.header.source != fb.header.source:
        out.append("method location")
    if fa.title != fb.title:
        out.append("title")
    if fa.costs != fb.costs:
        out.append("statement costs")
    if fa.escapes != fb.escapes:
        out.append("escape information")
    return tuple(out)


def _notes(fa: Function, fb: Function) -> tuple[str, ...]:
    out = []
    if fa.form is not fb.form:
        out.append(f"different displays: {fa.form.value} vs {fb.form.value}; types are compared only where "
                   "both sides print one")
    if (fa.header is None) != (fb.header is None) and Form.WARNTYPE in (fa.form, fb.form):
        out.append("only one side is a @code_warntype print: its variables are not compared")
    return tuple(out)
