"""Which statements a pass may remove when nothing uses them: the documented purity table.

One list of the builtins and intrinsics a removable call may name, Julia's (`jlir.edit.intrinsic_nothrow`),
read by two rules: `compact`'s `simple_dce!` (`jlir.edit.simple_dce`), which checks the operands' types as
Julia's `intrinsic_nothrow` does where the print shows them, and the `dce` pass's, here (`is_removable`), whose
differences from Julia's list are spelled out next to its table.

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
from jlir.edit.intrinsic_nothrow import DIVISIONS, INTRINSICS, JULIA_PURE_BUILTINS
from jlir.edit.simple_dce import call_nothrow
from jlir.analysis.callee import callee_name

# The `dce` pass's table, Julia's (`jlir.edit.intrinsic_nothrow`) with its own differences spelled out.
# Intrinsics (`Core.Intrinsics.x`, printed `Base.x` in typed IR): arithmetic, comparisons, conversions that
# cannot throw on well-typed operands.  Left out of Julia's list: the divisions (DivideError), `pointerref`
# (memory access), and `rem_float_fast`, which the `dce` pass never listed; added: `arraylen`, `sqrt_llvm` and
# `sqrt_llvm_fast`, which Julia calls volatile (`is_pure_intrinsic_infer`) but cannot throw or write memory.
PURE_INTRINSICS = INTRINSICS - DIVISIONS - {"pointerref", "rem_float_fast"} | {"arraylen", "sqrt_llvm", "sqrt_llvm_fast"}
# Builtins that build or inspect values without effects: Julia's `_PURE_BUILTINS` less `svec` and `nfields`
# (never listed here), with `ifelse` (Julia's `_builtin_nothrow` takes it for a `Bool` condition: `call_nothrow`).
PURE_BUILTINS = JULIA_PURE_BUILTINS - {"svec", "nfields"} | {"ifelse"}
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
