"""The type-stability report of one function: what `@code_warntype` highlights, and why code is slow.

`stability(fn)` lists every value whose type Julia would flag (see
`jlir.lattice.concrete` for the rules), the calls left to dynamic dispatch,
the `Core.Box` captures, and the return type, with an overall severity the
way `@code_warntype` colours it: red if anything is red, yellow if only
yellow, ok otherwise.  Which facts exist depends on the display: a
`@code_lowered` print has no types, and unoptimized code (`@code_warntype`,
`optimize=false`) has not resolved any call to an `invoke` yet, so dynamic
calls are judged only in optimized IR; the report says what it could not judge
(`notes`) rather than inventing facts.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.lattice.concrete import (OLD_UNION_RULE_UNTIL, RED, YELLOW, is_builtin_callee, judge,
                                    union_rule_is_ambiguous)
from jlir.lattice.typefacts import name_of
from jlir.ir.types import TypeName
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.analysis.callee import callee_name
from jlir.ir.function import Form, Function
from jlir.ir.style import Style
from jlir.ir import walk
from jlir.ir.walk import operands
from jlir.printer.exprs import ExprPrinter

__all__ = ["Flag", "DynamicCall", "BoxUse", "StabilityReport", "stability", "render_text"]

# Builtins that call a function given as an argument (splatting): the position of that function in `Expr.args`.
APPLY_BUILTINS = {"_apply": 1, "_apply_iterate": 2}
# Builtins that always dispatch at run time (`Base.invokelatest`).
LATEST_BUILTINS = frozenset({"_apply_latest", "_call_latest"})
NOTE_NO_TYPES = "no types: this display prints none, so no value is judged"
NOTE_UNOPTIMIZED = "unoptimized code: no call is resolved to an invoke yet, so dynamic calls are not judged"
NOTE_NO_RETURN = "no return type printed"
NOTE_SLOTS = ("slot types are not printed in this display: a slot is judged by each value assigned to it, so one "
              "assigned several concrete types (a Union) is not found")
NOTE_UNION_RULE = ("the print fits Julia {family}, which disagree on Union colours: they follow the newest "
                   "(1.9+: small unions of concrete types are yellow); Julia ≤1.8 shows {values} in another colour")


@dataclass(frozen=True, slots=True)
class Flag:
    """A value Julia would flag: `%5`, a slot (`x`, `@_6`) or the return type; `stmt` its statement (1-based)."""
    value: str
    kind: str  # "ssa" | "slot" | "return"
    stmt: int | None
    type: str
    severity: str
    reason: str


@dataclass(frozen=True, slots=True)
class DynamicCall:
    """A `call` of a generic function in optimized IR: dispatched at run time, not `invoke`d."""
    stmt: int
    value: str | None
    callee: str
    text: str


@dataclass(frozen=True, slots=True)
class BoxUse:
    """A `Core.Box` capture: its allocation (`new`) or an access to its `contents` (`setfield!`, `getfield`, …)."""
    stmt: int
    op: str
    box: str
    text: str


@dataclass(frozen=True, slots=True)
class StabilityReport:
    """Everything `stability` found; `unknown` lists the type names taken as concrete without evidence."""
    form: str
    julia: str
    has_types: bool
    optimized: bool
    return_type: str | None
    return_concrete: bool | None
    flags: tuple[Flag, ...]
    dynamic_calls: tuple[DynamicCall, ...]
    boxes: tuple[BoxUse, ...]
    unknown: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def severity(self) -> str:
        """`red` if any flag is red, `yellow` if any is yellow, else `ok` (as `@code_warntype` colours)."""
        severities = {f.severity for f in self.flags}
        return RED if RED in severities else YELLOW if YELLOW in severities else "ok"

    @property
    def counts(self) -> dict:
        return {"red": sum(f.severity == RED for f in self.flags),
                "yellow": sum(f.severity == YELLOW for f in self.flags),
                "dynamic_calls": len(self.dynamic_calls), "boxes": len(self.boxes), "unknown": len(self.unknown)}

    def to_json(self) -> dict:
        """Plain data, keys sorted, lists in statement order."""
        def rows(items):
            return [{k: getattr(i, k) for k in sorted(type(i).__slots__)} for i in items]
        data = {"form": self.form, "julia": self.julia, "has_types": self.has_types, "optimized": self.optimized,
                "return_type": self.return_type, "return_concrete": self.return_concrete,
                "flags": rows(self.flags), "dynamic_calls": rows(self.dynamic_calls), "boxes": rows(self.boxes),
                "unknown": list(self.unknown), "notes": list(self.notes), "severity": self.severity,
                "counts": self.counts}
        return dict(sorted(data.items()))


def _scan(stmts) -> tuple[tuple, set, bool]:
    """`(numbered, used, assigns)` in one pass: (statement number, SSA id, statement) in print order (pending
    nodes have no statement number), every SSA id used (`walk.used_ids`), and whether a slot is assigned or a
    `NewvarNode` stands (optimized IR has neither: lowering's slots are gone after SSA conversion)."""
    numbered = []
    used: set = set()
    ssa_uses, expr, newvar = walk.ssa_uses, N.Expr, N.NewvarNode
    assigns = False
    n = 0
    for s in stmts:
        node = s.node
        if s.new_id is None:
            n += 1
            numbered.append((n, n, s))
        else:
            numbered.append((None, s.new_id, s))
        used.update(ssa_uses(node))
        if not assigns and ((type(node) is expr and node.head == "=") or type(node) is newvar):
            assigns = True
    return tuple(numbered), used, assigns


def _type_of(s):
    """The printed type of a statement; a π node prints its type inside (`π (%9, String)`)."""
    if s.type is None and type(s.node) is N.PiNode:
        return s.node.typ
    return s.type


def _typed_values(f: Function, used: set, numbered: tuple) -> list[tuple[str, str, int | None, object]]:
    """Every value the display types, as (value, kind, statement, type): the slots (warntype header; slot
    assignments of unoptimized code), the used SSA values (Julia's printer types no other), the return type."""
    out = []
    header = f.header
    for _title, entries in (header.sections if header is not None else ()):
        out.extend((name, "slot", None, t) for name, _sep, t in entries if t is not None)  # untyped: no verdict
    for stmt, sid, s in numbered:
        t = _type_of(s)
        node = s.node
        if t is None:
            continue
        if type(node) is N.Expr and node.head == "=" and type(node.args[0]) is V.SlotNumber:
            out.append((ExprPrinter.slot(node.args[0]), "slot", stmt, t))
        elif sid in used:
            out.append((f"%{sid}", "ssa", stmt, t))
    ret = header.body_type if f.form is Form.WARNTYPE and header is not None else f.return_type
    if ret is not None:
        out.append(("return", "return", None, ret))
    return out


def _flags(f: Function, typed: list, p: ExprPrinter, unknown: set) -> list[Flag]:
    """The typed values Julia would flag; the names the table did not know go to `unknown`."""
    out = []
    for value, kind, stmt, t in typed:
        verdict = _judged(t, f.style)
        unknown.update(verdict.unknown)
        if verdict.flagged:
            out.append(Flag(value, kind, stmt, p.type(t), verdict.severity, verdict.reason))
    return out


# (id(type), id(style)) -> (type, style, verdict): the reader makes one object of each distinct type text, so the
# values of a document share a few thousand types; each is judged once (the entries keep their objects alive, so
# an id is not reused while its entry stands; the table starts afresh past a bound).
_JUDGED: dict = {}
_JUDGED_LIMIT = 200_000


def _judged(t, style: Style):
    """`judge(t, style)`, remembered for the same type and style objects (`judge` is a function of its arguments)."""
    hit = _JUDGED.get((id(t), id(style)))
    if hit is not None:
        return hit[2]
    if len(_JUDGED) >= _JUDGED_LIMIT:
        _JUDGED.clear()
    verdict = judge(t, style)
    _JUDGED[id(t), id(style)] = (t, style, verdict)
    return verdict


def _union_rule_note(f: Function, typed: list) -> str | None:
    """A note naming the values Julia ≤1.8 would colour otherwise, when the print fits versions on both sides."""
    if not union_rule_is_ambiguous(f.style):
        return None
    old = Style(OLD_UNION_RULE_UNTIL, OLD_UNION_RULE_UNTIL)
    differ = [value for value, _k, _s, t in typed if _judged(t, old).severity != _judged(t, f.style).severity]
    return NOTE_UNION_RULE.format(family=f.style.family, values=", ".join(differ)) if differ else None


def _is_dynamic(s, defs: dict) -> bool:
    """A `call` not of a builtin or intrinsic; 1.12's call label decides where it is printed.

    A callee `%18` is looked up through its definition (`%18 = Core._apply_latest`).  `Core._apply_iterate`
    and `Core._apply` (splatting) dispatch on the function they apply, so they are dynamic unless that is a
    builtin; `_apply_latest`/`_call_latest` (`invokelatest`) always are.
    """
    node = s.node
    if type(node) is not N.Expr or node.head != "call":
        return False
    if s.label is not None:
        return s.label == "dynamic"
    named = _resolved_callee(node.args[0], defs)
    if named is None:
        return True
    if named.name in APPLY_BUILTINS:
        applied = APPLY_BUILTINS[named.name]
        return len(node.args) <= applied or not _is_builtin(node.args[applied], defs)
    return not is_builtin_callee(named.text) or named.name in LATEST_BUILTINS


def _resolved_callee(v, defs: dict):
    """The function a callee names (`Core.tuple`, `===`), through its definition when it is an SSA value."""
    if type(v) is V.SSAValue and v.id in defs:
        v = defs[v.id].node
    return callee_name(v)


def _is_builtin(v, defs: dict) -> bool:
    named = _resolved_callee(v, defs)
    return named is not None and is_builtin_callee(named.text)


def _dynamic_calls(p: ExprPrinter, used: set, numbered: tuple, defs: dict) -> list[DynamicCall]:
    out = []
    expr = N.Expr
    for stmt, sid, s in numbered:
        node = s.node  # (the test `_is_dynamic` starts with, without its call)
        if stmt is not None and type(node) is expr and node.head == "call" and _is_dynamic(s, defs):
            callee = p.unquoted(s.node.args[0])
            out.append(DynamicCall(stmt, f"%{sid}" if sid in used else None, callee, p.statement(s.node, False)))
    return out


_BOX = V.GlobalRef("Core", "Box")
_CONTENTS = V.QuoteNode(V.Symbol("contents"))
_BOX_OPS = ("setfield!", "getfield", "isdefined")


def _box_allocation(node, box_ids: set) -> bool:
    """`%new(Core.Box)`, `%new(%1)` with `%1 = Core.Box`, or `Core.Box(…)` (`box_ids`: `_box_ids`)."""
    if type(node) is not N.Expr or node.head not in ("new", "call") or not node.args:
        return False
    head = node.args[0]
    return (type(head) is V.GlobalRef and head == _BOX) or (type(head) is V.SSAValue and head.id in box_ids)


def _box_ids(by_id: dict) -> set:
    """The SSA ids whose statement is `Core.Box` itself (the callee `%1` of `%new(%1)`).  Only a `GlobalRef`
    equals `_BOX` (the model's values compare equal within their own class), so the test is one `type` first."""
    glob = V.GlobalRef
    return {sid for sid, s in by_id.items() if type(s.node) is glob and s.node == _BOX}


def _box_holders(f: Function, by_id: dict, box_ids: set) -> tuple[set, set]:
    """SSA ids and slot names (as printed) holding a box: allocations, slots assigned one, slots typed `Core.Box`
    in a warntype header (upper-cased there: `CORE.BOX`)."""
    type_name = TypeName
    expr = N.Expr
    ssa = {sid for sid, s in by_id.items()
           if (type(s.node) is expr and _box_allocation(s.node, box_ids))
           or (type(s.type) is type_name and name_of(s.type) == "Core.Box")}
    slots = {name for _title, entries in (f.header.sections if f.header is not None else ())
             for name, _sep, t in entries if name_of(t) == "Core.Box" or getattr(t, "text", None) == "CORE.BOX"}
    for s in f.stmts:
        node = s.node
        if type(node) is N.Expr and node.head == "=" and type(node.args[0]) is V.SlotNumber:
            rhs = node.args[1]
            if _box_allocation(rhs, box_ids) or (type(rhs) is V.SSAValue and rhs.id in ssa):
                slots.add(ExprPrinter.slot(node.args[0]))
    return ssa, slots


def _box_uses(f: Function, p: ExprPrinter, numbered: tuple, by_id: dict) -> list[BoxUse]:
    box_ids = _box_ids(by_id)
    ssa, slots = _box_holders(f, by_id, box_ids)
    accessed = bool(ssa or slots)  # without a holder no access is a box's
    expr = N.Expr
    out = []
    for stmt, sid, s in numbered:
        if stmt is None:
            continue
        top = s.node
        # the statement, or the call assigned to a slot (an Expr's operands are its arguments but #undef)
        for node in ((top, *top.args) if type(top) is expr else (top, *operands(top))):
            if type(node) is not expr:
                continue
            if _box_allocation(node, box_ids):
                assigned = node is not top and top.head == "=" and type(top.args[0]) is V.SlotNumber
                holder = p.slot(top.args[0]) if assigned else f"%{sid}"
                out.append(BoxUse(stmt, "new", holder, p.statement(top, False)))
                break
            op = accessed and _box_access(node, ssa, slots)
            if op:
                out.append(BoxUse(stmt, op, p.unquoted(node.args[1]), p.statement(top, False)))
                break
    return out


def _box_access(node: N.Expr, ssa: set, slots: set) -> str | None:
    """`setfield!`/`getfield`/`isdefined` of a box's `:contents`, else None."""
    if node.head != "call" or len(node.args) < 3 or node.args[2] != _CONTENTS:
        return None
    named = callee_name(node.args[0])
    op = named.name if named is not None else ""
    box = node.args[1]
    held = box.id in ssa if type(box) is V.SSAValue else type(box) is V.SlotNumber and ExprPrinter.slot(box) in slots
    return op if op in _BOX_OPS and held else None


def stability(fn: Function, *, version: str | None = None) -> StabilityReport:
    """The stability report of one function, in any display.

    `version` (`"1.5.3"`), when known, narrows the Julia versions the print fits: colours changed between
    versions, and a print does not always tell which printed it.
    """
    if version is not None:
        fn = fn.replace(style=fn.style.narrowed(*(Style.for_version(version).lo,) * 2))
    p = ExprPrinter(fn.style, ircode=fn.form is Form.IRCODE)
    unknown: set = set()
    has_types = fn.form is not Form.LOWERED
    numbered, used, assigns = _scan(fn.stmts)  # one pass: the numbering of the scans below, the uses, the slots
    optimized = fn.form in (Form.TYPED, Form.IRCODE) and not assigns  # lowering's slots gone after SSA conversion
    by_id = {sid: s for _, sid, s in numbered}
    typed = _typed_values(fn, used, numbered) if has_types else []
    flags = _flags(fn, typed, p, unknown)
    ret = next((t for value, kind, _s, t in typed if kind == "return"), None)
    notes = [NOTE_NO_TYPES] if not has_types else [NOTE_NO_RETURN] if ret is None else []
    if not optimized:
        notes.append(NOTE_UNOPTIMIZED)
    if fn.header is None and any(kind == "slot" for _v, kind, _s, _t in typed):
        notes.append(NOTE_SLOTS)
    union_note = _union_rule_note(fn, typed)
    if union_note:
        notes.append(union_note)
    return StabilityReport(
        form=fn.form.value, julia=fn.style.family, has_types=has_types, optimized=optimized,
        return_type=None if ret is None else p.type(ret),
        return_concrete=None if ret is None else not any(f.kind == "return" for f in flags),
        flags=tuple(flags), dynamic_calls=tuple(_dynamic_calls(p, used, numbered, by_id)) if optimized else (),
        boxes=tuple(_box_uses(fn, p, numbered, by_id)), unknown=tuple(sorted(unknown)), notes=tuple(notes))


# Julia 1.5's SGR codes for `@code_warntype` (`Base.emphasize` is `printstyled(…; bold=true)` in
# `warn_color()` = :yellow or `error_color()` = :light_red; good types are `printstyled(…; color=:cyan)`).
SGR = {RED: ("\x1b[91m\x1b[1m", "\x1b[22m\x1b[39m"), YELLOW: ("\x1b[33m\x1b[1m", "\x1b[22m\x1b[39m"),
       "ok": ("\x1b[36m", "\x1b[39m")}


def _paint(text: str, severity: str, color: bool) -> str:
    if not color:
        return text
    on, off = SGR[severity]
    return on + text + off


def render_text(report: StabilityReport, color: bool = False) -> str:
    """A compact human report; with `color`, types and severities coloured as `@code_warntype` colours them."""
    c = report.counts
    lines = [f"stability: {_paint(report.severity.upper(), report.severity, color)} "
             f"({c['red']} red, {c['yellow']} yellow, {c['dynamic_calls']} dynamic call(s), "
             f"{c['boxes']} Core.Box use(s)) [{report.form}, Julia {report.julia}]"]
    if report.return_type is not None:
        sev = "ok" if report.return_concrete else next(f.severity for f in report.flags if f.kind == "return")
        lines.append(f"return type: {_paint('::' + report.return_type, sev, color)}")
    values = [f for f in report.flags if f.kind != "return"]
    if values:
        lines.append("non-concrete values:")
        width = max(len(f.value) for f in values)
        for f in values:
            where = f"stmt {f.stmt}" if f.stmt is not None else "slot"
            lines.append(f"  {f.value:<{width}}  {where:<8} {_paint('::' + f.type, f.severity, color)}"
                         f"  {f.severity}: {f.reason}")
    if report.dynamic_calls:
        lines.append("dynamic calls:")
        lines.extend(f"  stmt {d.stmt}: {d.text}" for d in report.dynamic_calls)
    if report.boxes:
        lines.append("Core.Box captures:")
        lines.extend(f"  stmt {b.stmt}: {b.op} {b.box}: {b.text}" for b in report.boxes)
    if report.unknown:
        lines.append("unknown type names (taken as concrete): " + ", ".join(report.unknown))
    lines.extend(f"note: {n}" for n in report.notes)
    return "\n".join(lines) + "\n"
