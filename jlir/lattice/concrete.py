"""Is a printed type one `@code_warntype` would flag?  Julia's rules, applied to the printed type AST.

Julia decides with `isdispatchelem` (`base/reflection.jl`): a value's type is
fine when it is concrete and no kind (`DataType`, `UnionAll`, `Union`,
`Core.TypeofBottom`), or `Union{}`, or `Type{X}` without free type variables;
`Core.Box` is flagged although concrete (`warntype_type_printer`,
`InteractiveUtils/src/codeview.jl`).  jlir has only the printed text, so the
facts Julia knows about names come from a table Julia wrote
(`data/types-1.5.3.json`, made by `scripts/gen/gen_abstract_types.jl`, read by `typefacts`): which
names are abstract, kinds, Tuple, Vararg or Union aliases, and how many type
parameters each takes (a bare `Array` is the UnionAll `Array{T,N} where N where T`).
Parameters of a concrete struct do not matter (`Array{Any,1}` is concrete);
a Tuple is concrete only when every parameter is.  A name the table does
not know (a user's struct, a closure type) is taken as concrete and reported
as unknown rather than guessed red.

Lattice elements (`Core.Compiler.Const(…)`, `PartialStruct(…)`) are no
`Type`, and Julia's printer does not judge them (`ty isa Type` is false):
neither does jlir.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.lattice.typefacts import head_name, last_name, name_of, table, union_members
from jlir.ir import types as T
from jlir.ir.style import Style

RED = "red"
YELLOW = "yellow"
# Members that make a Union "expected" in Julia ≤1.5 (`is_expected_union`, base/show.jl).
_EXPECTED_MEMBERS = frozenset({"Nothing", "Missing", "Base.Nothing", "Base.Missing", "Core.Nothing"})


@dataclass(frozen=True, slots=True)
class Verdict:
    """How `@code_warntype` would show a type: `flagged` (upper-cased / coloured), its `severity`, why; and the
    names the table did not know, taken as concrete (`unknown`)."""
    flagged: bool
    severity: str | None
    reason: str
    unknown: tuple[str, ...] = ()


def _not_concrete(t, unknown: list) -> str | None:
    """Why `t` is not a concrete type (Julia's `isconcretetype`), or None when it is; unknown names go to `unknown`.

    Only Tuple parameters need looking into, so the walk is a loop over an explicit stack of them.
    """
    stack = [(t, None)]
    while stack:
        x, inside = stack.pop()
        reason, params = _local(x, unknown)
        if reason:
            return reason if inside is None else f"{reason}, inside {inside}"
        stack.extend((p, head_name(x) or "Tuple") for p in reversed(params))
    return None


def _local(x, unknown: list) -> tuple[str | None, tuple]:
    """One node's own verdict: a reason it is not concrete, or the parameters whose concreteness it needs."""
    cls = type(x)
    if cls is T.TypeWhere:
        return "a UnionAll (`where`)", ()
    if cls is T.TypeName:
        return _named(name_of(x), 0, unknown), ()
    if cls is not T.TypeApply:
        return None, ()  # `typeof(f)`, a literal parameter, a shown value: no type Julia could widen
    head, params = name_of(x.head), x.params
    base = last_name(head)
    if base == "Union":
        return ("a Union" if params else None), ()  # Union{} counts as concrete in a Tuple
    if base == "Type":
        return "Type{…} is abstract", ()
    if base == "Vararg":
        return "Vararg", ()
    if base == "Tuple":
        return None, params
    if base == "NTuple" and len(params) == 2:
        count_known = type(params[0]) is not T.TypeName
        return (None, (params[1],)) if count_known else ("NTuple of unknown length", ())
    return _named(head, len(params), unknown), ()


def _named(name: str | None, nparams: int, unknown: list) -> str | None:
    """The verdict of a named type applied to `nparams` parameters."""
    if name is None:
        return None
    entry = table().types.get(name)
    if entry is None:
        unknown.append(name)
        return None
    kind, arity = entry
    if kind == "abstract":
        return f"abstract type {name}"
    if kind == "union":
        return f"{name} is a Union"
    if kind == "vararg":
        return "Vararg"
    if kind == "tuple" and nparams == 0:
        return f"{name} of any length" if arity == 0 else f"{name} is a UnionAll"
    if nparams < arity:
        return f"{name} is a UnionAll (parameters not given)"
    return None


def judge(t, style: Style) -> Verdict:
    """How `@code_warntype` of Julia `style` shows a value of printed type `t`."""
    cls = type(t)
    if cls is T.TypeHighlighted:
        return _judge_highlighted(t.text, style)
    if T.is_lattice_element(t):
        return Verdict(False, None, "lattice element: not judged by Julia's printer")
    name = name_of(t)
    if name == "Core.Box":
        return Verdict(True, RED, "Core.Box: a captured variable that is reassigned")
    if name in ("Core.TypeofBottom", "TypeofBottom"):
        return Verdict(False, None, "typeof(Union{}): a dispatch element")  # `isdispatchelem` says so by name
    members = union_members(t)
    head = last_name(name_of(t.head)) if cls is T.TypeApply else None
    if head == "Union" and not members:
        return Verdict(False, None, "Union{}: no value")
    if head == "Type":
        return Verdict(False, None, "Type{…}: a dispatch element")
    unknown: list = []
    reason = _not_concrete(t, unknown)
    if reason is None and name is not None and table().types.get(name, ("",))[0] == "kind":
        reason = f"{name} is a kind (not a dispatch element)"
    if reason is None:
        return Verdict(False, None, "concrete", tuple(unknown))
    severity = _union_severity([_member_facts(m) for m in members], style) if members else RED
    return Verdict(True, severity, reason, tuple(unknown))


def _member_facts(m) -> tuple[str, bool]:
    """A Union member's printed name (its head) and whether it is a dispatch element (not flagged itself).

    A member is no Union (Julia flattens them), so judging it never comes back here.
    """
    return (head_name(m) or "", not judge(m, Style()).flagged)


# The last Julia whose `is_expected_union` is the Nothing/Missing rule.  JuliaLang/julia#45503 (merged
# 2022-05-29, after 1.8 branched, so first released in 1.9) replaced it; not checked against a 1.8/1.9 binary.
OLD_UNION_RULE_UNTIL = (1, 8)


def union_rule_is_ambiguous(style: Style) -> bool:
    """Whether the versions a print fits disagree on which Unions are yellow."""
    return style.lo <= OLD_UNION_RULE_UNTIL < style.hi


def _union_severity(members: list[tuple[str, bool]], style: Style) -> str:
    """Yellow when Julia's `is_expected_union` holds, as of the newest version the print fits (`style.hi`).

    Julia ≤1.8 (`base/show.jl`, checked in 1.5.3's source and colours): the
    Union's first member, or the second of two, is `Nothing` or `Missing`
    (`u.a == Nothing || u.b == Nothing || …`), whatever the rest.  Julia 1.9+
    (`InteractiveUtils`, #45503): fewer than 4 members, each a dispatch element and not `Core.Box`.
    """
    if style.hi <= OLD_UNION_RULE_UNTIL:
        first = members[0][0] in _EXPECTED_MEMBERS
        second = len(members) == 2 and members[1][0] in _EXPECTED_MEMBERS
        return YELLOW if first or second else RED
    return YELLOW if len(members) < 4 and all(ok for _, ok in members) else RED


def _judge_highlighted(text: str, style: Style) -> Verdict:
    """Julia's own verdict: it upper-cased the type (`::UNION{NOTHING, INT64}`); severity from the members."""
    members = _split_union(text)
    if not members:
        return Verdict(True, RED, "highlighted by Julia (not a Union)")
    upper = table().upper
    facts = []
    for m in members:
        entry = upper.get(m)
        name = "Nothing" if m == "NOTHING" else "Missing" if m == "MISSING" else m
        facts.append((name, entry is not None and entry[0] == "concrete" and entry[1] == 0 and m != "CORE.BOX"))
    return Verdict(True, _union_severity(facts, style), "highlighted by Julia: a Union")


def _split_union(text: str) -> list[str]:
    """The top-level members of an upper-cased `UNION{A, B{C,D}}`, else []."""
    if not (text.startswith("UNION{") and text.endswith("}")):
        return []
    out, depth, start, body = [], 0, 0, text[6:-1]
    for i, ch in enumerate(body):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            out.append(body[start:i].strip())
            start = i + 1
    out.append(body[start:].strip())
    return [m for m in out if m]


def is_builtin_callee(name: str) -> bool:
    """Whether a callee printed as `name` (`Core.tuple`, `Base.add_int`, `===`) is a builtin or intrinsic."""
    return name in table().builtins
