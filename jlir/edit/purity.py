"""Which statements a pass may remove when nothing uses them: the documented purity table.

The one table of the builtins and intrinsics a removable call may name, read by two rules: the `dce` pass's,
here (`is_removable`), and `compact`'s `simple_dce!` (`jlir.edit.simple_dce`), which checks the operands' types
as Julia's `intrinsic_nothrow` does where the print shows them.  Where the two differ on a name, the difference
is spelled out next to the table.

A statement is removable when it has no side effect and cannot throw (Julia's
`stmt_effect_free`).  Julia decides that with its type lattice; jlir has the
printed IR only, so it is conservative: a node is pure by its class's `PURE`
trait (φ, φᶜ, π, plain values; a `GlobalRef`, which throws when undefined,
only when inference gave it a type other than `Any`, which up to Julia 1.8 it
does for constant bindings alone: 1.9's typed globals can be typed and still
unassigned, a case this rule would miss), and a call is pure only when its callee is one of the builtins
and intrinsics below, which neither write memory nor throw on the
well-typed arguments of inferred IR.  Everything else (`invoke`, generic
calls, `new`, `getfield`, division, memory access, `foreigncall`, …) is kept.
A statement inferred as `Union{}` always throws, so it is never pure.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
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
# What `compact`'s `simple_dce!` reads (Julia's `stmt_effect_free`): the intrinsics Julia may find effect-free,
# each then checked as `intrinsic_nothrow` checks its operands' types.  The `dce` pass's table above less those
# Julia never calls effect-free (`intrinsic_effect_free_if_nothrow`: volatile, or may differ at run time), plus
# those that throw on some operands (a zero denominator) or read memory (`pointerref`: a `Ptr` at `Int`
# offsets), and `rem_float_fast`, which the `dce` pass never listed.
VOLATILE_INTRINSICS = frozenset({"arraylen", "sqrt_llvm", "sqrt_llvm_fast"})
DIVISIONS = frozenset({"sdiv_int", "udiv_int", "srem_int", "urem_int",
                       "checked_sdiv_int", "checked_udiv_int", "checked_srem_int", "checked_urem_int"})
EFFECT_FREE_INTRINSICS = PURE_INTRINSICS - VOLATILE_INTRINSICS | DIVISIONS | {"pointerref", "rem_float_fast"}
# Julia's `_PURE_BUILTINS`: the `dce` pass's builtins but `ifelse` (`_builtin_nothrow` for a `Bool` condition
# only), with `svec` and `nfields`, which the `dce` pass never listed.
JULIA_PURE_BUILTINS = PURE_BUILTINS - {"ifelse"} | {"svec", "nfields"}
# The modules a callee may be printed under and still be the builtin or intrinsic itself.
HOME_MODULES = frozenset({None, "Base", "Core", "Core.Intrinsics"})
BOTTOM = T.UNION_EMPTY
ANY = T.ANY


def is_pure_call(node) -> bool:
    """Whether a `call` Expr is to a builtin or intrinsic the `dce` pass takes as pure (see the tables)."""
    if type(node) is not N.Expr or node.head != "call" or not node.args:
        return False
    named = callee_name(node.args[0])
    if named is None or named.module not in HOME_MODULES:
        return False
    return named.name in PURE_INTRINSICS or named.name in PURE_BUILTINS


def is_removable(stmt) -> bool:
    """Whether `stmt` may be deleted when unused: pure by its node and not inferred to throw (`Union{}`)."""
    node = stmt.node
    if stmt.type == BOTTOM or N.is_terminator(node):
        return False
    if type(node) is N.Expr:
        return is_pure_call(node)
    if type(node) is V.GlobalRef:
        return stmt.type is not None and stmt.type != ANY  # inferred: a constant binding (see the module docstring)
    return bool(getattr(type(node), "PURE", False))
