"""`simple_dce!`: what Julia 1.5's `compact!` does last (`finish` → `simple_dce!`, `ssair/ir.jl`).

Every statement of the compacted IR whose value nobody uses, whose type is not `Union{}` and which Julia's
`stmt_effect_free` (`ssair/queries.jl`) proves free of effects becomes `nothing`, keeping its type (the next
`compact!` removes it); each of its operands loses a use, and one left unused before it is looked at again.

Julia decides effect-freedom on its lattice: the types of arguments, whether a global is defined, the field
types of a `%new`.  The print shows some of that and not all (an argument `_2` has no printed type; Julia's
`IRCode` holds them as `argtypes`, which a caller who knows the signature passes), and the fields of Base's
structs come from Julia's own table (`jlir.lattice.fields`).  This erases only what that proves
effect-free, and keeps what Julia might erase but jlir cannot show is safe (`compact`'s documented difference
with `compact!`):

* any statement that is not an expression, a branch, a return or a global (a φ, a π, a φᶜ, …);
* a global inference typed other than `Any` (a `Const`, `Nothing`: inference saw it defined);
* `$(Expr(:isdefined …))`, `:the_exception`, `:copyast`, `:inbounds`, `:boundscheck`;
* a call of `tuple`, `svec`, `===`, `typeof` or `nfields` (Julia's `_PURE_BUILTINS`), or of `return_type`;
* a call of `isa`, `<:`, `apply_type` or `getfield` (of a literal field) that inference folded to a `Const`, and an
  `ifelse` whose condition is printed `Bool`;
* `isa(x, T)` and `A <: B` of printed types (`_builtin_nothrow`: the type arguments are types);
* `getfield(x, :f)` (or a literal index) of a struct whose field `f` every instance has defined
  (`getfield_nothrow`), `%new(T, …)` of a concrete struct whose values fit its fields' types, and
  `isdefined(x, :f)` (`isdefined_nothrow`);
* a call of a math, bit or comparison intrinsic whose arguments all have one printed primitive type
  (shifts: any primitive types), as `intrinsic_nothrow` requires.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Statement
from jlir.lattice import typeset as S
from jlir.lattice.fields import struct_fields
from jlir.lattice.tmerge import Undecided, const_of, is_const, is_partial, sqsub, typeof_value, widenconst
from jlir.lattice.typefacts import table
from jlir.edit.intrinsic_nothrow import (INTRINSICS, JULIA_PURE_BUILTINS, NEVER_EFFECT_FREE, intrinsic_nothrow,
                                         primitive_type)

_EFFECT_FREE_HEADS = frozenset({"isdefined", "the_exception", "copyast", "inbounds", "boundscheck"})
# Julia's `_PURE_OR_ERROR_BUILTINS` whose tfunc gives a `Const` only where it evaluated the call on known
# arguments, which is where `_builtin_nothrow` holds too (`isa` and `<:` of known types, a field of a constant).
_FOLDED_IF_NOTHROW = frozenset({"isa", "<:", "apply_type", "getfield"})
_SYMBOL = T.TypeName(("Symbol",))
_INTRINSIC_MODULES = (None, "Base", "Core", "Core.Intrinsics", "Base.Intrinsics", "Core.Compiler")   # each binds Core's own


def simple_dce(stmts: list[Statement], argtypes: tuple = (), sptypes: tuple = (),
               leaked: tuple = ()) -> list[Statement]:
    """`stmts` (compacted, SSA form) with every unused effect-free statement turned into `nothing`.

    An unused φ becomes `nothing` where it stands, a φ of its block after it or not, as Julia's does (a
    `nothing` among φs is part of the φ block: `eval_phi` in `src/interpreter.c`).  `argtypes`: the arguments' types, `_1` first (Julia's `IRCode.argtypes`), or () if unknown;
    `sptypes`: the static parameters' (Julia's `sptypes`: `Const(T)` where known, None where not);
    `leaked`: statements compaction counted a use of that no statement keeps (the operand of a π or one-edge φ
    `compact` folded away)."""
    facts = _Facts(stmts, argtypes, sptypes)
    out = facts.stmts
    uses = [0] * (len(out) + 1)
    for s in out:
        for k in walk.ssa_uses(s.node):
            if 0 < k <= len(out):
                uses[k] += 1
    for k in leaked:
        if 0 < k <= len(out):
            uses[k] += 1
    worklist: list[int] = []
    for idx in range(1, len(out) + 1):
        if uses[idx] == 0:
            _erase(facts, uses, idx, worklist)
    while worklist:
        _erase(facts, uses, worklist.pop(), worklist)
    return out


class _Facts:
    """The statements being erased and the arguments' types: what `argextype` reads in Julia."""
    __slots__ = ("stmts", "argtypes", "sptypes")

    def __init__(self, stmts: list[Statement], argtypes: tuple, sptypes: tuple):
        self.stmts = list(stmts)
        self.argtypes = tuple(argtypes)
        self.sptypes = tuple(sptypes)

    def type_of(self, v):
        """The lattice element of an operand as far as jlir knows it (Julia's `argextype`), else None."""
        cls = type(v)
        if cls is V.SSAValue:
            if not 0 < v.id <= len(self.stmts):
                return None
            s = self.stmts[v.id - 1]
            return s.node.typ if type(s.node) is N.PiNode else s.type   # a π's type is its own (`typ`)
        if cls is V.Argument:
            return self.argtypes[v.n - 1] if 0 < v.n <= len(self.argtypes) else None
        if cls is V.Literal:
            try:
                return typeof_value(v)
            except Undecided:
                return None
        if cls is V.QuoteNode and type(v.value) is V.Symbol:
            return _SYMBOL
        if cls in (T.TypeName, T.TypeApply):
            return const_of(v)   # a type printed in place is the constant `Const(T)`
        if cls is N.Expr and v.head == "static_parameter" and len(v.args) == 1 and type(v.args[0]) is V.Literal:
            k = int(v.args[0].text)
            return self.sptypes[k - 1] if 0 < k <= len(self.sptypes) else None
        return None


def _erase(facts: _Facts, uses: list[int], idx: int, worklist: list[int]) -> None:
    out = facts.stmts
    s = out[idx - 1]
    # `maybe_erase_unused!` keeps what `compact_exprtype` says is `Union{}`: a π's type is its own `typ`
    # (`π (_3, Union{})`, which type_lift leaves after a typeassert that always throws)
    typ = s.node.typ if type(s.node) is N.PiNode else s.type
    if s.node == V.NOTHING or typ == T.UNION_EMPTY or not _effect_free(s, facts):
        return
    for k in walk.ssa_uses(s.node):
        if 0 < k < len(uses):
            if uses[k] == 1 and k < idx:
                worklist.append(k)
            uses[k] -= 1
    # Julia keeps the statement's type where it erases it: a π's is its own `typ` (printed in the node)
    out[idx - 1] = replace(s, node=V.NOTHING, type=typ)


def _effect_free(s: Statement, facts: _Facts) -> bool:
    """Julia's `stmt_effect_free` (`ssair/queries.jl`) as far as jlir knows the types it reads."""
    node = s.node
    cls = type(node)
    if cls is V.SlotNumber or getattr(cls, "TERMINATOR", False):
        return False
    if cls is V.GlobalRef:
        return _known_defined(s.type)
    if cls is not N.Expr:
        return True
    if node.head in _EFFECT_FREE_HEADS:
        return True
    if node.head == "static_parameter":
        return is_const(facts.type_of(node))   # else it may be an UndefVarError at run time
    if node.head == "new":   # typed `Const`: inference built the object (1.5's `abstract_eval` of `:new` does only
        # for a concrete immutable type whose every field it was given, each value a constant of the field's type):
        # just what `stmt_effect_free` asks of it
        return is_const(s.type) or _new_nothrow(node.args, facts)
    if node.head != "call" or not node.args:
        return False
    name = _builtin_name(node.args[0])
    if name in JULIA_PURE_BUILTINS or name == "return_type":
        return True
    if any(type(a) is N.Expr and a.head == "static_parameter" and facts.type_of(a) is None for a in node.args[1:]):
        return False  # a static parameter's type (Julia's `sptypes`) is not printed
    if name == "getfield" and (_tuple_field(node.args[1:], facts) or _struct_field(node.args[1:], facts)):
        return True
    # `_builtin_nothrow`: `isa` needs its second argument a type, `<:` both
    if name in ("isa", "<:") and len(node.args) == 3 \
            and all(_is_type(a, facts) for a in (node.args[2:] if name == "isa" else node.args[1:])):
        return True
    if name in _FOLDED_IF_NOTHROW and is_const(s.type):
        # a field named by a value inference did not know (`getfield(x, _3)`) may be missing: only a literal name
        return name != "getfield" or (len(node.args) >= 3 and type(node.args[2]) in (V.Literal, V.QuoteNode))
    if name == "isdefined" and len(node.args) == 3:
        return _isdefined_nothrow(node.args[1:], facts)
    if name == "ifelse" and len(node.args) == 4:
        return _primitive(node.args[1], facts) == "Bool"
    if name in INTRINSICS:
        return intrinsic_nothrow(name, node.args[1:], facts.type_of, s.type)
    return False


def call_nothrow(s: Statement, stmts, argtypes: tuple = ()) -> bool | None:
    """For a call of an intrinsic or of `ifelse` (statement `s`): whether it cannot throw, by Julia's
    `intrinsic_nothrow` / `_builtin_nothrow` on what `stmts` (`%k` is `stmts[k - 1]`) and `argtypes` show of its
    operands' types (`add_int(x, 0x01)` of an `Int64` `x` throws, and so may any call whose operands' types are not
    shown); None for any other statement (the caller's own rule decides it)."""
    node = s.node
    if type(node) is not N.Expr or node.head != "call" or not node.args:
        return None
    name = _builtin_name(node.args[0])
    if name == "ifelse":
        return len(node.args) == 4 and _primitive(node.args[1], _Facts(stmts, argtypes, ())) == "Bool"
    if name in NEVER_EFFECT_FREE:
        return False
    if name not in INTRINSICS:
        return None
    return intrinsic_nothrow(name, node.args[1:], _Facts(stmts, argtypes, ()).type_of, s.type)


def _tuple_field(args, facts: _Facts) -> bool:
    """`getfield(t, i)` (or `getfield(t, i, inbounds)`) of a value of a tuple type, `i` a literal in range:
    `getfield_nothrow` holds (every field of a tuple is initialized)."""
    if len(args) not in (2, 3) or type(args[1]) is not V.Literal or len(args) == 3 and type(args[2]) is not V.Literal:
        return False
    if args[1].kind != "int" or not args[1].text.isdigit():
        return False
    t = facts.type_of(args[0])
    if t is not None and is_partial(t):
        t = t.args[0]   # `getfield_nothrow` reads the widened type: a PartialStruct's fields are its tuple's
    if type(t) is not T.TypeApply or type(t.head) is not T.TypeName or t.head.path not in (("Tuple",), ("Core", "Tuple")):
        return False
    if any(type(p) is not T.TypeName and type(p) is not T.TypeApply for p in t.params):
        return False  # a Vararg or a parameter jlir cannot place
    if any(type(p) is T.TypeApply and type(p.head) is T.TypeName and p.head.path[-1] == "Vararg" for p in t.params):
        return False
    return 1 <= int(args[1].text) <= len(t.params)


def _isdefined_nothrow(args, facts: _Facts) -> bool:
    """`isdefined(x, f)` (`isdefined_nothrow`): `f` a Symbol, or an `Int` where `x` cannot be a Module."""
    if type(args[1]) is V.QuoteNode and type(args[1].value) is V.Symbol:
        return True
    if type(args[1]) is not V.Literal or _primitive(args[1], facts) != "Int64":
        return False
    t = facts.type_of(args[0])
    try:
        t = None if t is None else widenconst(t)
    except Undecided:
        return False
    return t is not None and struct_fields(t) is not None   # a struct Julia lists is no Module


def _struct_field(args, facts: _Facts) -> bool:
    """`getfield(x, :f)` (`getfield_nothrow`): `x` of a struct type whose field `f` (or a literal index) every
    instance has defined, a Union's members each so.  A third argument (`inbounds`) must be a literal."""
    if len(args) not in (2, 3) or len(args) == 3 and type(args[2]) is not V.Literal:
        return False
    t = facts.type_of(args[0])
    if t is not None and (is_const(t) or S.is_type_type(t)):
        return _type_object_field(t, args[1])
    if t is None:
        return False
    try:
        t = widenconst(t)
    except Undecided:
        return False
    for m in S.members(t):
        while type(m) is T.TypeWhere:   # `unwrap_unionall`: the fields of `Foo{T} where T` are Foo's
            m = m.body
        fields = struct_fields(m)
        k = None if fields is None or S.is_tuple(m) else fields.index(args[1])
        if k is None or k > fields.ninitialized:
            return False
    return bool(S.members(t))


def _type_object_field(t, field) -> bool:
    """`getfield` of a known constant (`Const(v)`, `Type{v}`) is `isdefined(v, f)`: decided here where `v` is a
    type the tables know to be a DataType (no free parameters) and `f` one of the fields every DataType has
    defined (`name`, `super`, `parameters`); any other constant's fields the print does not show."""
    v = t.args[0] if is_const(t) else t.params[0]
    if type(v) not in (T.TypeName, T.TypeApply) or not S.is_known_datatype(v):
        return False
    fields = struct_fields(T.TypeName(("DataType",)))
    k = None if fields is None else fields.index(field)
    return k is not None and k <= fields.ninitialized


def _new_nothrow(args, facts: _Facts) -> bool:
    """`%new(T, v…)` (`stmt_effect_free`): `T` a concrete struct with at least as many fields, each value's
    type within its field's.  `T` may be a value whose type says which (`instanceof_tfunc` of its `argextype`:
    `%2 = Core.Box::Type{Core.Box}`, a `Const` of the type)."""
    head = _new_type(args[0], facts) if args else None
    if head is None or not S.isconcrete(head):
        return False
    fields = struct_fields(head)
    if fields is None or len(fields.types) < len(args) - 1:
        return False
    for v, ft in zip(args[1:], fields.types):
        if ft is not None and S.is_any(ft):
            continue   # everything fits `Any`
        et = facts.type_of(v)
        if et is None or ft is None:
            return False
        try:
            if not sqsub(et, ft):
                return False
        except Undecided:
            return False
    return True


def _new_type(a, facts: _Facts):
    """The type a `%new`'s first operand is exactly: a type expression, or a value typed `Type{X}` or
    `Const(X)` (`instanceof_tfunc`: X exactly); None otherwise."""
    if type(a) in (T.TypeName, T.TypeApply):
        return a
    t = facts.type_of(a) if type(a) in (V.SSAValue, V.GlobalRef) else None
    if t is not None and is_const(t) and t.args and type(t.args[0]) in (T.TypeName, T.TypeApply):
        return t.args[0]
    if type(t) is T.TypeApply and t.head == T.TypeName(("Type",)) and len(t.params) == 1 \
            and type(t.params[0]) in (T.TypeName, T.TypeApply):
        return t.params[0]
    return None


def _is_type(a, facts: _Facts) -> bool:
    """Whether an operand is a type: a type expression, a global naming one in Julia's tables, or a static
    parameter known to be one (`Const(T)`)."""
    if type(a) in (T.TypeName, T.TypeApply, T.TypeWhere):
        return True
    if type(a) is N.Expr:
        t = facts.type_of(a) if a.head == "static_parameter" else None
        return is_const(t) and type(t.args[0]) in (T.TypeName, T.TypeApply, T.TypeWhere)
    if type(a) is V.GlobalRef:
        names = [a.name if a.module is None else f"{a.module}.{a.name}"]
        if a.module in ("Base", "Core"):
            names.append(a.name)   # `Base.Real` is Core's `Real`, which the tables list by its exported name
        return any(n in table().types or struct_fields(T.TypeName(tuple(n.split(".")))) is not None for n in names)
    return False


def _builtin_name(f) -> str | None:
    """The name of a callee printed as a global of Core/Base, a bare name or the function object shown in place
    (`Core.tuple`, `(===)`, `tuple`, `(Core.Intrinsics.add_int)`: Julia's `argextype` reads each as the function)."""
    if type(f) is V.GlobalRef and f.module in _INTRINSIC_MODULES:
        return f.name
    if type(f) is T.TypeName and len(f.path) > 1 and ".".join(f.path[:-1]) in _INTRINSIC_MODULES:
        return f.path[-1]
    if type(f) is V.SlotNumber and f.id is None:
        return f.name
    if type(f) is V.GlobalRef and f.module == "Core.Compiler" and f.name == "return_type":
        return f.name
    return None


def _primitive(v, facts: _Facts) -> str | None:
    """The primitive type a value is known to have (a decimal literal counts as `Int64`, as `typeof_value`
    reads it: where Julia's is narrower the types differ and the statement is kept), or None."""
    t = facts.type_of(v)
    return None if t is None else primitive_type(t)


def _known_defined(t) -> bool:
    """Whether a global read so typed was defined when inferred: a `Const`, or any type but `Any` (inference
    gives a global it cannot see defined the type `Any`, and 1.5 infers a non-constant global as `Any` too)."""
    if t is None or t == T.UNION_EMPTY:
        return False
    return not (type(t) is T.TypeName and t.path[-1] == "Any" and t.path[:-1] in ((), ("Core",)))
