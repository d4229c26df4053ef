"""`simple_dce!`: what Julia 1.5's `compact!` does last (`finish` → `simple_dce!`, `ssair/ir.jl`).

Every statement of the compacted IR whose value nobody uses, whose type is not `Union{}` and which Julia's
`stmt_effect_free` (`ssair/queries.jl`) proves free of effects becomes `nothing`, keeping its type (the next
`compact!` removes it); each of its operands loses a use, and one left unused before it is looked at again.

Julia decides effect-freedom on its lattice: the types of arguments, whether a global is defined, the field
types of a `%new`.  The print shows some of that and not all (an argument `_2` has no printed type), so this
erases only what the print proves effect-free, and keeps what Julia might erase but the text cannot show is
safe (`compact`'s documented difference with `compact!`):

* any statement that is not an expression, a branch, a return or a global (a φ, a π, a φᶜ, …);
* a global inference typed other than `Any` (a `Const`, `Nothing`: inference saw it defined);
* `$(Expr(:isdefined …))`, `:the_exception`, `:copyast`, `:inbounds`, `:boundscheck`;
* a call of `tuple`, `svec`, `===`, `typeof` or `nfields` (Julia's `_PURE_BUILTINS`), or of `return_type`;
* a call of `isa`, `<:`, `apply_type` or `getfield` (of a literal field) that inference folded to a `Const`, and an
  `ifelse` whose condition is printed `Bool`;
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
from jlir.lattice.tmerge import Undecided, is_const, typeof_value

_PURE_BUILTINS = frozenset({"tuple", "svec", "===", "typeof", "nfields"})
_EFFECT_FREE_HEADS = frozenset({"isdefined", "the_exception", "copyast", "inbounds", "boundscheck"})
# Julia's `_PURE_OR_ERROR_BUILTINS` whose tfunc gives a `Const` only where it evaluated the call on known
# arguments, which is where `_builtin_nothrow` holds too (`isa` and `<:` of known types, a field of a constant).
_FOLDED_IF_NOTHROW = frozenset({"isa", "<:", "apply_type", "getfield"})
_SHIFTS = frozenset({"shl_int", "lshr_int", "ashr_int"})
# Intrinsics `intrinsic_nothrow` judges by their arguments' types alone (one primitive type for all).
_PLAIN_INTRINSICS = _SHIFTS | frozenset({
    "add_int", "sub_int", "mul_int", "neg_int", "and_int", "or_int", "xor_int", "not_int",
    "slt_int", "sle_int", "ult_int", "ule_int", "eq_int", "ne_int",
    "add_float", "sub_float", "mul_float", "div_float", "neg_float", "abs_float", "copysign_float",
    "lt_float", "le_float", "eq_float", "ne_float", "fpiseq", "fpislt",
    "ctpop_int", "ctlz_int", "cttz_int", "bswap_int", "flipsign_int",
    "add_float_fast", "sub_float_fast", "mul_float_fast", "div_float_fast",
})
_PRIMITIVES = frozenset({"Bool", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt8", "UInt16", "UInt32",
                         "UInt64", "UInt128", "Float16", "Float32", "Float64", "Char"})
_INTRINSIC_MODULES = (None, "Base", "Core", "Core.Intrinsics", "Base.Intrinsics")


def simple_dce(stmts: list[Statement]) -> list[Statement]:
    """`stmts` (compacted, SSA form) with every unused effect-free statement turned into `nothing`."""
    out = list(stmts)
    uses = [0] * (len(out) + 1)
    for s in out:
        for k in walk.ssa_uses(s.node):
            if 0 < k <= len(out):
                uses[k] += 1
    worklist: list[int] = []
    for idx in range(1, len(out) + 1):
        if uses[idx] == 0:
            _erase(out, uses, idx, worklist)
    while worklist:
        _erase(out, uses, worklist.pop(), worklist)
    return out


def _erase(out: list[Statement], uses: list[int], idx: int, worklist: list[int]) -> None:
    s = out[idx - 1]
    if s.node == V.NOTHING or s.type == T.UNION_EMPTY or not _effect_free(s, out) or _before_a_phi(out, idx):
        return
    for k in walk.ssa_uses(s.node):
        if 0 < k < len(uses):
            if uses[k] == 1 and k < idx:
                worklist.append(k)
            uses[k] -= 1
    out[idx - 1] = replace(s, node=V.NOTHING)


def _before_a_phi(out: list[Statement], idx: int) -> bool:
    """Whether statement `idx` is followed by a φ: Julia 1.5 turns an unused φ among others into `nothing`,
    leaving a φ after a non-φ, which its codegen accepts but jlir's verifier and interpreter (and later
    Julias' `verify_ir`) do not; such a φ is kept, as the next `compact!` would drop it anyway."""
    return idx < len(out) and type(out[idx].node) in (N.PhiNode, N.PhiCNode)


def _effect_free(s: Statement, stmts: list[Statement]) -> bool:
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
    if node.head != "call" or not node.args:
        return False
    name = _builtin_name(node.args[0])
    if name in _PURE_BUILTINS or name == "return_type":
        return True
    if any(type(a) is N.Expr and a.head == "static_parameter" for a in node.args[1:]):
        return False  # a static parameter's type (Julia's `sptypes`) is not printed
    if name == "getfield" and _tuple_field(node.args[1:], stmts):
        return True
    if name in _FOLDED_IF_NOTHROW and is_const(s.type):
        # a field named by a value inference did not know (`getfield(x, _3)`) may be missing: only a literal name
        return name != "getfield" or (len(node.args) >= 3 and type(node.args[2]) in (V.Literal, V.QuoteNode))
    if name == "ifelse" and len(node.args) == 4:
        return _primitive(node.args[1], stmts) == "Bool"
    if name in _PLAIN_INTRINSICS:
        types = [_primitive(a, stmts) for a in node.args[1:]]
        if not types or None in types:
            return False
        return name in _SHIFTS or len(set(types)) == 1
    return False


def _tuple_field(args, stmts: list[Statement]) -> bool:
    """`getfield(t, i)` (or `getfield(t, i, inbounds)`) of a value printed with a tuple type, `i` a literal in range:
    `getfield_nothrow` holds (every field of a tuple is initialized)."""
    if len(args) not in (2, 3) or type(args[0]) is not V.SSAValue or type(args[1]) is not V.Literal:
        return False
    if args[1].kind != "int" or not args[1].text.isdigit() or not 0 < args[0].id <= len(stmts):
        return False
    t = stmts[args[0].id - 1].type
    if type(t) is not T.TypeApply or type(t.head) is not T.TypeName or t.head.path not in (("Tuple",), ("Core", "Tuple")):
        return False
    if any(type(p) is not T.TypeName and type(p) is not T.TypeApply for p in t.params):
        return False  # a Vararg or a parameter jlir cannot place
    if any(type(p) is T.TypeApply and type(p.head) is T.TypeName and p.head.path[-1] == "Vararg" for p in t.params):
        return False
    return 1 <= int(args[1].text) <= len(t.params)


def _builtin_name(f) -> str | None:
    """The name of a callee printed as a global of Core/Base or a bare name (`Core.tuple`, `(===)`, `tuple`)."""
    if type(f) is V.GlobalRef and f.module in _INTRINSIC_MODULES:
        return f.name
    if type(f) is V.SlotNumber and f.id is None:
        return f.name
    if type(f) is V.GlobalRef and f.module == "Core.Compiler" and f.name == "return_type":
        return f.name
    return None


def _primitive(v, stmts: list[Statement]) -> str | None:
    """The primitive type a value is known by its print to have (a decimal literal counts as `Int64`, as
    `typeof_value` reads it: where Julia's is narrower the types differ and the statement is kept), or None."""
    if type(v) is V.SSAValue:
        return _primitive_type(stmts[v.id - 1].type) if 0 < v.id <= len(stmts) else None
    if type(v) is V.Literal:
        try:
            return _primitive_type(typeof_value(v))
        except Undecided:
            return None
    return None


def _primitive_type(t) -> str | None:
    if type(t) is T.TypeName and t.path[-1] in _PRIMITIVES and t.path[:-1] in ((), ("Core",), ("Base",)):
        return t.path[-1]
    if is_const(t) and t.args and type(t.args[0]) is V.Literal:
        return _primitive(t.args[0], [])
    return None


def _known_defined(t) -> bool:
    """Whether a global read so typed was defined when inferred: a `Const`, or any type but `Any` (inference
    gives a global it cannot see defined the type `Any`, and 1.5 infers a non-constant global as `Any` too)."""
    if t is None or t == T.UNION_EMPTY:
        return False
    return not (type(t) is T.TypeName and t.path[-1] == "Any" and t.path[:-1] in ((), ("Core",)))
