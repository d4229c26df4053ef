"""The types of the φ and φᶜ nodes SSA construction inserts, as Julia 1.5's `construct_ssa!` computes them.

Julia types a φ while renaming: each incoming edge merges its value's type into the φ's with `tmerge`
(`jlir.lattice.tmerge`), except that an incoming φ or φᶜ (not typed yet: a `DelayedTyp`) resets the type to
`Union{}`; an `#undef` edge merges `MaybeUndef(Union{})`.  A φᶜ is then the `tmerge` of its ϒs' types.
Last, every φ and φᶜ is retyped from its incoming values (`recompute_type`), in insertion order, until
nothing changes (changes judged by `⊑` both ways).  The value types are `typ_for_val`'s: a statement's
inferred type (a constant's is `Const(c)`), an argument's slot type, an inserted node's current type.

A type jlir cannot decide (`tmerge` None) makes the φ untyped (None), and everything merged with it.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice import typeset as S
from jlir.lattice.tmerge import is_const, is_maybe_undef, maybe_undef, signed_hint, sqsub, tmerge
from jlir.ssa.builder import Pending
from jlir.ssa.slots import argument_number
from jlir.ssa.undecided import UnknownArgument
from jlir.ssa.widths import UndecidedWidth, decimal_const, mentions_default, source_widths, value_source
from jlir.lattice.typeset import Undecided

__all__ = ["phi_types"]

_DELAYED = object()   # Julia's DelayedTyp: an incoming inserted node
_UNDEF_TYPE = maybe_undef(T.UNION_EMPTY)


def _merge(a, b, hint=None):
    return None if a is None or b is None else tmerge(a, b, int_hint=hint)


class _Types:
    """`typ_for_val` over the construction's state."""

    def __init__(self, b, slottypes, declared=None):
        self.b = b
        self.n = len(b.code)
        self.slottypes = slottypes
        self.declared = declared or {}   # slot key → the concrete integer type its typed reads show
        self.reached: dict = {}          # inserted φ/φᶜ id → the concrete integer type a whole read downstream shows
        self.constants: dict = {}        # statement id → the width `reached` proves for its decimal constant
        self._ids = {id(q): i for i, q in enumerate(b.pending, self.n + 1)}  # (the inserted nodes are all in now)

    def id_of(self, p) -> int | None:
        return self._ids.get(id(p))

    def read_types(self, p) -> list:
        """The types of the statements that read the node `p` whole (`Builder.note_read`)."""
        return self.b.read_types.get(self.id_of(p), [])

    def inserted_inputs(self, p) -> list:
        """The φ and φᶜ nodes whose values flow into `p` directly: its inputs, a ϒ's value, and a statement that
        assigned an inserted node, followed to the node."""
        out = []
        for v in p.values:
            seen = set()
            while type(v) is V.SSAValue and v.id not in seen:
                seen.add(v.id)
                if v.id in self.b.delayed:
                    v = self.b.delayed[v.id]
                elif v.id > self.n:
                    q = self.b.pending[v.id - self.n - 1]
                    if q.kind in ("phi", "phic"):
                        out.append(v.id)
                        break
                    v = q.node.val if type(q.node) is N.UpsilonNode else None
                else:
                    break
        return out

    def of(self, v, delayed: bool):
        """The type of an incoming value; an inserted node's is `_DELAYED` while renaming (`delayed`).  A statement
        that assigned an inserted node, maybe through a chain of such statements and ϒs of them (`k = @_19` after
        `@_19 = @_21`, `@_21 = k` with `k` a φᶜ), has that node's type: followed to its end, as Julia's
        `DelayedTyp`s are all resolved before `recompute_type`."""
        seen = set()
        while type(v) is V.SSAValue and v.id not in seen:
            seen.add(v.id)
            if v.id in self.b.delayed:
                v = self.b.delayed[v.id]
            elif v.id > self.n:
                if delayed:
                    return _DELAYED
                p = self.b.pending[v.id - self.n - 1]
                if p.delayed is None:
                    return p.type
                v = p.delayed  # a ϒ of an inserted node's value: that node's type (resolved at the end)
            else:
                return self.b.types[v.id - 1]
        if type(v) is V.SSAValue:
            return None  # a cycle of delayed values: no type to take
        if type(v) is V.Argument:
            st = self.slottypes
            return st[v.n - 1] if st is not None and 0 < v.n <= len(st) else None
        return None


def _hint(p, ty: _Types):
    """The type a decimal constant among the φ's inputs is read as (`_width`)."""
    return _width(p, ty)[0]


def _width(p, ty: _Types) -> tuple:
    """`(hint, decided)`: the integer type a decimal constant among the φ's inputs is read as, and whether the
    print decides it.  Decided: the one width the constants' sources prove (`source_widths`); the φ's slot's
    type over the whole function where the caller gave it and it is concrete; the slot's declared type where the
    print shows a concrete integer one (a read `@_6::Int32`: inference's `slottypes`, of which every value
    assigned to the slot is a subtype, so a constant in it is that type); the width a whole read downstream shows
    (`reached_widths`); else the width with which the φ's `tmerge` comes out as a type inference gave a statement
    reading the φ's slot whole (`%14 = @_9::Union{Int32, Int64}` after `@_9 = 1024` and `@_9 = nb::Int32`:
    inference's type of the slot there is the `tmerge` of the same values, so the `1024` is an Int64:
    `_fitting_hint`); else `tmerge.signed_hint` of its inputs' types, else of the types of those reads
    (`(flags = @_7)::Int32`): a constant merged with a plain signed integer of one width is taken as that width
    (code merges like with like; right on every record seen, but a convention, not a rule of Julia's: without it
    51 of 5,022 Base instances and 13 of 1,666 generated ones would be refused).  Not decided: none of these
    (Int64 by default)."""
    proven = source_widths(ty.b, p.values, ty.constants)
    if len(proven) == 1 and type(next(iter(proven))) is T.TypeName:
        return next(iter(proven)), True
    whole = _slot_type(p, ty)
    if whole is not None and (_concrete_integer(whole) or whole in _FLOATS):
        return whole, True   # the whole slot's type (`@code_warntype`'s `Variables`) is each of its values'
    declared = ty.declared.get(p.slot) if p.slot is not None else None
    if declared is not None:
        return declared, True
    reached = ty.reached.get(ty.id_of(p))
    if reached is not None:
        return reached, True
    inputs, reads = [ty.of(v, False) for v in p.values if v is not None], ty.read_types(p)
    fitting = _fitting_hint(p, inputs, reads)
    if fitting is not _NO_FIT:
        return fitting, True
    hint = signed_hint(inputs)
    if hint is None:
        hint = signed_hint(reads)
    return hint, hint is not None


_FLOATS = frozenset(T.TypeName((name,)) for name in ("Float16", "Float32", "Float64"))


_NO_FIT = object()


def _fitting_hint(p, inputs: list, reads: list):
    """The first integer width (Int64, the default, then each other signed member of the reads' types) with which
    the `tmerge` of the φ's input types (`inputs`) equals one of the types inference gave the statements reading
    it whole (`reads`); `_NO_FIT` when none does, when an input is undecided or `#undef`, or when no input is a
    decimal constant.  Where two widths fit, both give the φ that same type."""
    if not reads or None in p.values or any(t is None for t in inputs) or not any(map(decimal_const, inputs)):
        return _NO_FIT
    widths = [None] + [m for m in _width_members(reads) if S.head_name(m) not in ("Int64", "Core.Int64")]
    for w in widths:
        t = T.UNION_EMPTY
        for vt in inputs:
            t = _merge(t, vt, w)
        if t is not None and t in reads:
            return w
    return _NO_FIT


def _width_members(types) -> list:
    """The signed integer types and Float16 among the plain members of `types`: the widths a constant `show`
    prints alike may have."""
    found = []
    for t in types:
        if t is None or type(t) is T.TypeCall:
            continue
        found += [m for m in S.members(t) if type(m) is T.TypeName and m not in found
                  and S.head_name(m).rsplit(".", 1)[-1] in ("Int8", "Int16", "Int32", "Int64", "Int128", "Float16")]
    return found


def _rename_time(p, ty: _Types):
    """The type the renaming pass leaves on a φ: edges merged in the order the walk added them."""
    t = T.UNION_EMPTY
    hint = _hint(p, ty)
    for v in p.values:
        if v is None:
            t = _merge(t, _UNDEF_TYPE)
            continue
        vt = ty.of(v, True)
        t = T.UNION_EMPTY if vt is _DELAYED else _merge(t, vt, hint)
    return t


def _recompute(p, ty: _Types):
    """Julia's `recompute_type` of one φ or φᶜ."""
    t = T.UNION_EMPTY
    hint = _hint(p, ty)
    for v in p.values:
        if v is None:
            if t is not None and not is_maybe_undef(t):
                t = maybe_undef(t)
            continue
        t = _merge(t, ty.of(v, False), hint)
    return t


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    try:
        return sqsub(a, b) and sqsub(b, a)
    except Undecided:
        return a == b


def reached_widths(ty: _Types, phis) -> dict:
    """Inserted φ/φᶜ id → the concrete integer type `T` that every value reaching it must have, because it flows
    (through φ and φᶜ nodes only) into a φ whose whole reads all show `T` (`%185 = x::Int8`).

    Inference's type of a slot at a read is the `tmerge` of the values that reach the read, and a `tmerge` is above
    each of its arguments: a plain concrete `T` there means every reaching value is of type `T`, a decimal constant
    `Const(10, false)` among them an `Int8(10)` (a φᶜ that only feeds that φ, and so has no read of its own, gets
    its constants' width so).  Two reads downstream that disagree leave the node without one."""
    reached: dict = {}
    conflict = object()
    for p in phis:
        reads = ty.read_types(p)
        if not reads or any(r != reads[0] for r in reads) or not (_concrete_integer(reads[0]) or reads[0] in _FLOATS):
            continue
        work, seen = [ty.id_of(p)], set()
        while work:
            k = work.pop()
            if k in seen:
                continue
            seen.add(k)
            old = reached.get(k)
            reached[k] = reads[0] if old is None or old == reads[0] else conflict
            work.extend(ty.inserted_inputs(ty.b.pending[k - ty.n - 1]))
    return {k: t for k, t in reached.items() if t is not conflict}


def reached_constants(b, reached: dict) -> dict:
    """Statement id → the width `T` of its decimal constant, where the constant flows (through copies, ϒ and π
    nodes) into a φ or φᶜ that `reached_widths` gives `T`: a constant is of one type wherever it flows, so a
    `zero(%35)::Const(0.0, false)` that reaches a loop's `%45 = acc::Float64` is a Float64 in the φ that merges
    it at the loop's exit too, which has no read of its own."""
    out: dict = {}
    n = len(b.code)
    for k, t in reached.items():
        for v in b.pending[k - n - 1].values:
            v = value_source(b, v, set())
            if type(v) is V.SSAValue and decimal_const(b.types[v.id - 1]):
                out[v.id] = t
    return out


def _concrete_integer(t) -> bool:
    return type(t) is T.TypeName and t.path[-1] in _INTEGERS | {"Int64"} and t.path[:-1] in ((), ("Core",),
                                                                                           ("Base",))


def declared_int_types(stmts) -> dict:
    """Slot key → the concrete integer type (not Int64) every typed read of the slot shows (a statement that
    reads it, `%13 = @_6::Int32`, an assignment of it, `(flags = @_7)::Int32`, or a typed operand
    `@_6::Int32`), for the slots whose typed reads all show
    that one type: every value a φ of the slot merges reaches a read (φs are placed where the slot is live), so
    every such value, a constant printed `53` too, is of that type."""
    from jlir.ir import walk
    from jlir.ssa.slots import slot_key
    seen: dict = {}
    for s in stmts:
        node = s.node
        if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
            node = node.args[1]   # `(flags = @_7)::Int32`: the assignment's type is its value's, the read's
        if type(node) is V.SlotNumber and s.type is not None:
            seen.setdefault(slot_key(node), set()).add(s.type)
        for v in walk.values(s.node):
            if type(v) is V.TypedSlot and type(v.value) is V.SlotNumber:
                seen.setdefault(slot_key(v.value), set()).add(v.type)
    out = {}
    for k, ts in seen.items():
        if len(ts) == 1:
            t = next(iter(ts))
            if type(t) is T.TypeName and t.path[-1] in _INTEGERS and t.path[:-1] in ((), ("Core",), ("Base",)):
                out[k] = t
    return out


_INTEGERS = frozenset(("Int8", "Int16", "Int32", "Int128", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128"))


def phi_types(b, slottypes=None, declared=None) -> None:
    """Set the type of every φ and φᶜ pending in `b` (a `jlir.ssa.builder.Builder` after renaming);
    `declared`: `declared_int_types` of the slot-form statements."""
    ty = _Types(b, slottypes, declared)
    phis = [p for p in b.pending if p.kind in ("phi", "phic")]
    ty.reached = reached_widths(ty, phis)
    ty.constants = reached_constants(ty.b, ty.reached)
    for p in phis:
        if p.kind == "phi":
            p.type = _rename_time(p, ty) if p.values else T.UNION_EMPTY
    for p in phis:
        if p.kind == "phic":
            t, hint = T.UNION_EMPTY, _hint(p, ty)
            for v in p.values:
                t = _merge(t, ty.of(v, False), hint)
            p.type = t
    refine = [p for p in phis if p.kind == "phic" or p.values]
    for _ in range(4 * len(refine) + 8):  # Julia loops until no change; the lattice is finite here
        changed = False
        for p in refine:
            t = _recompute(p, ty)
            if not _same(p.type, t):
                p.type, changed = t, True
        if not changed:
            break
    for p, why in undecided_widths(ty, phis):
        p.type = UndecidedWidth(why)
    for idx, v in b.delayed.items():
        b.types[idx - 1] = ty.of(v, False)
    for p in b.pending:
        if p.delayed is not None:
            p.type = ty.of(p.delayed, False)
    for p, why in unknown_arguments(ty):
        p.type = UnknownArgument(why)


def unknown_arguments(ty: _Types) -> list:
    """The inserted nodes left untyped because a value they merge, followed through copies, ϒ, π, φ and φᶜ
    nodes, is an argument whose type the caller gave as unknown (None among `slottypes`), each with why."""
    st = ty.slottypes
    if not st or all(t is not None for t in st):
        return []
    b, out = ty.b, []
    for p in b.pending:
        if p.type is not None:
            continue
        work = list(p.values) if p.kind in ("phi", "phic") else [p.node.val] if type(p.node) is N.UpsilonNode else []
        seen: set = set()
        while work:
            v = value_source(b, work.pop(), seen)
            if type(v) is Pending:
                work += [u for u in v.values if u is not None] if v.kind in ("phi", "phic") else []
            elif type(v) is V.Argument and 0 < v.n <= len(st) and st[v.n - 1] is None:
                out.append((p, f"argument _{v.n}, whose type the signature does not give (a closure's type without "
                               "parameters: a singleton, which inference types as the `Const` of its instance, unless "
                               "it holds a `Core.Box`)"))
                break
    return out


def undecided_widths(ty: _Types, phis) -> list:
    """The φ and φᶜ nodes whose type depends on a decimal constant's width that nothing in the print proves (see
    `UndecidedWidth`), each with the constant's source, and every node they flow into."""
    found = {}
    for p in phis:
        if p.type is None or is_const(p.type) or not mentions_default(p.type) or _width(p, ty)[1]:
            continue
        whys = [w for w in source_widths(ty.b, p.values, ty.constants) if type(w) is str]   # (the first statement named, to be stable)
        why = min(whys, key=lambda w: int(w[1:w.index("'")])) if whys else None
        if why is not None:
            found[ty.id_of(p)] = why
    changed = bool(found)
    while changed:   # a node an undecided one flows into is undecided too
        changed = False
        for p in phis:
            k = ty.id_of(p)
            if k not in found:
                up = next((i for i in ty.inserted_inputs(p) if i in found), None)
                if up is not None:
                    found[k], changed = found[up], True
    return [(ty.b.pending[k - ty.n - 1], why) for k, why in found.items()]


def _slot_type(p, ty: _Types):
    """The type of the φ's slot over the whole function (Julia's `slottypes`, the `tmerge` of every value stored
    in it), where the caller gave it (`into_ssa(slottypes=…)`, from `@code_warntype`'s `Variables`)."""
    b = ty.b
    info = b.infos.get(p.slot) if p.slot is not None and ty.slottypes else None
    n = argument_number(info.slot, b.argnames, b.slotnames) if info is not None else None
    return ty.slottypes[n - 1] if n is not None and 0 < n <= len(ty.slottypes) else None


