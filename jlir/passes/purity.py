"""Which statements a pass may remove when nothing uses them: the documented purity table.

A statement is removable when it has no side effect and cannot throw (Julia's
`stmt_effect_free`).  Julia decides that with its type lattice; jlir has the
printed IR only, so it is conservative: a node is pure by its class's `PURE`
trait (φ, φᶜ, π, plain values; a `GlobalRef`, which throws when undefined,
only when inference gave it a type other than `Any`, which up to Julia 1.8 it
does for constant bindings alone: 1.9's typed globals can be typed and still
unassigned, a case this rule would miss), and a call is pure only when its callee is one of the builtins
and intrinsics below, which neither write memory nor throw on well-typed
arguments, and an intrinsic's arguments are as Julia's `intrinsic_nothrow` requires.  Everything else (`invoke`, generic
calls, `new`, `getfield`, division, memory access, `foreigncall`, …) is kept.
A statement inferred as `Union{}` always throws, so it is never pure.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.edit.simple_dce import call_nothrow
from jlir.ir.callee import callee_name

# Intrinsics (`Core.Intrinsics.x`, printed `Base.x` in typed IR): arithmetic, comparisons, conversions that
# cannot throw.  Left out on purpose: `sdiv_int`/`udiv_int`/`srem_int`/`urem_int` and the checked divisions
# (DivideError), `pointerref`/`pointerset`/`arrayref`-like memory access, `cglobal`, `llvmcall`.
PURE_INTRINSICS = frozenset("""
    add_int sub_int mul_int neg_int and_int or_int xor_int not_int shl_int lshr_int ashr_int bswap_int
    ctpop_int ctlz_int cttz_int flipsign_int slt_int sle_int ult_int ule_int eq_int ne_int
    add_float sub_float mul_float div_float rem_float neg_float abs_float copysign_float fma_float muladd_float
    add_float_fast sub_float_fast mul_float_fast div_float_fast neg_float_fast
    lt_float le_float eq_float ne_float lt_float_fast le_float_fast eq_float_fast ne_float_fast fpiseq fpislt
    sqrt_llvm sqrt_llvm_fast floor_llvm ceil_llvm trunc_llvm rint_llvm abs_float
    sext_int zext_int trunc_int fptrunc fpext sitofp uitofp fptosi fptoui bitcast
    checked_sadd_int checked_ssub_int checked_smul_int checked_uadd_int checked_usub_int checked_umul_int
    arraylen add_ptr sub_ptr
""".split())
# Builtins that build or inspect values without effects: `===`, `tuple`, `typeof`, `ifelse`.
PURE_BUILTINS = frozenset({"===", "tuple", "typeof", "ifelse"})
# The modules a callee may be printed under and still be the builtin or intrinsic itself.
HOME_MODULES = frozenset({None, "Base", "Core", "Core.Intrinsics"})
BOTTOM = T.UNION_EMPTY
ANY = T.ANY


def is_pure_call(node) -> bool:
    """Whether a `call` Expr is to a builtin or intrinsic of the tables above."""
    if type(node) is not N.Expr or node.head != "call" or not node.args:
        return False
    named = callee_name(node.args[0])
    if named is None or named.module not in HOME_MODULES:
        return False
    return named.name in PURE_INTRINSICS or named.name in PURE_BUILTINS


def is_removable(stmt, stmts=()) -> bool:
    """Whether `stmt` may be deleted when unused: pure by its node and not inferred to throw (`Union{}`).

    `stmts`: the function's statements (`%k` is `stmts[k - 1]`), whose types say what an intrinsic's operands are:
    an intrinsic (and `ifelse`) is removable only where Julia's `intrinsic_nothrow` holds on them
    (`jlir.edit.simple_dce.call_nothrow`: `add_int(x, 0x01)` of an `Int64` throws `ErrorException`)."""
    node = stmt.node
    typ = node.typ if type(node) is N.PiNode else stmt.type   # a π's type is its own (`π (_2, Union{})`)
    if typ == BOTTOM or N.is_terminator(node):
        return False
    if type(node) is N.Expr:
        return is_pure_call(node) and call_nothrow(stmt, stmts) is not False
    if type(node) is V.GlobalRef:
        return stmt.type is not None and stmt.type != ANY  # inferred: a constant binding (see the module docstring)
    return bool(getattr(type(node), "PURE", False))
