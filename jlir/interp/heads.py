"""Compiling the expression heads that are no call: exception handling (`the_exception`, `leave`,
`pop_exception`), undefined-variable checks, `isdefined`, static parameters and the heads with a fixed value.

Each handler is `handler(builder, expr, destination register, type, statement number, pre-ops)` and returns
the op (or None), like the call heads in `jlir.interp.compile`, whose head table includes these.
"""
from __future__ import annotations

from jlir.semantics.constants import literal
from jlir.semantics.values import UNDEF, JuliaException, NotInterpretable
from jlir.ir import values as V


def const_op(value):
    """A head with a fixed value (`boundscheck`: true; `meta` and friends: nothing): no op for an SSA register."""
    def handler(b, e, d, typ, i, pre):
        if d <= b.n:
            b.template[d] = value
            return None

        def op(regs, _at=i):
            regs[d] = value
        return op
    return handler


def the_exception(b, e, d, typ, i, pre):
    X = b.X

    def op(regs, _at=i):
        regs[d] = regs[X].exceptions[-1].value
    return op


def leave(b, e, d, typ, i, pre):
    """`leave n` (≤1.10: pop n handlers) or `leave %e…` (1.11+: pop the handlers of those enters, as many)."""
    n = literal(e.args[0]) if e.args and type(e.args[0]) is V.Literal else len(e.args)
    H = b.H

    def op(regs, _at=i):
        del regs[H][len(regs[H]) - n:]
    return op


def pop_exception(b, e, d, typ, i, pre):
    r = b.reg(e.args[0], pre, i)
    X = b.X

    def op(regs, _at=i):
        del regs[X].exceptions[regs[r]:]
    return op


def throw_undef_if_not(b, e, d, typ, i, pre):
    sym, cond = e.args
    r = b.reg(cond, pre, i)
    name = getattr(sym, "name", None) or getattr(getattr(sym, "value", None), "name", "?")

    def op(regs, _at=i):
        if regs[r] is not True:
            raise JuliaException("UndefVarError", f"{name} not defined")
    return op


def undefcheck(b, e, d, typ, i, pre):
    """`$(Expr(:undefcheck, :x, %v))` (1.5's `slot2reg`): `UndefVarError(:x)` when `%v` holds no value (a φ
    that took an `#undef` edge), as codegen's `undef_var_error_ifnot` does.  Of a slot (out of SSA, the φ's
    slot), the slot is looked at, not read: an undefined one is `x`'s error, not the slot's own."""
    sym, val = e.args
    if type(val) is V.TypedSlot:
        val = val.value
    r = b.slot_reg(val)[0] if type(val) is V.SlotNumber and not b.slots.is_constant(val) else b.reg(val, pre, i)
    name = getattr(sym, "name", None) or getattr(getattr(sym, "value", None), "name", "?")

    def op(regs, _at=i):
        if regs[r] is UNDEF:
            raise JuliaException("UndefVarError", f"{name} not defined")
    return op


def isdefined(b, e, d, typ, i, pre):
    """`$(Expr(:isdefined, x))`: whether slot `x` holds a value; of an SSA value (slot2reg's rewrite of a slot
    used undefined: `isdefined(%4)` of a φ with an `#undef` edge), whether it took a value; of an argument, true
    (1.5's `fixemup!` folds it so); of a global, what inference proved (`::Const(true, false)`), else refused:
    the module's bindings are not in the IR."""
    (x,) = e.args
    if type(x) is V.TypedSlot:
        x = x.value
    if type(x) is V.Argument:
        return _fixed(d, True, i)
    if type(x) is V.SSAValue:
        r = b.reg(x, pre, i)
    elif type(x) is V.SlotNumber:
        r, _ = b.slot_reg(x)
    else:
        known = _proved_bool(typ)
        if known is None:
            raise NotInterpretable("isdefined of a global")
        return _fixed(d, known, i)

    def op(regs, _at=i):
        regs[d] = regs[r] is not UNDEF
    return op


def _fixed(d, value, i):
    def op(regs, _at=i):
        regs[d] = value
    return op


def _proved_bool(typ):
    """The `Bool` inference proved a statement to be (`Core.Compiler.Const(true, false)`), else None."""
    from jlir.ir import types as T
    if type(typ) is T.TypeCall and T.is_lattice_element(typ) and typ.head.name == "Const" and typ.args:
        c = typ.args[0]
        if c in (V.TRUE, V.FALSE):
            return c == V.TRUE
    return None


def static_parameter(b, e, d, typ, i, pre):
    """`$(Expr(:static_parameter, n))`: the method's n-th static parameter, as the caller gave them (`sparams`)."""
    n = literal(e.args[0]) if e.args and type(e.args[0]) is V.Literal else 0
    S = b.S

    def op(regs, _at=i):
        sp = regs[S]
        if not 1 <= n <= len(sp):
            raise NotInterpretable(f"static parameter {n} (the run was given {len(sp)}: pass sparams)")
        regs[d] = sp[n - 1]
    return op


def unreachable(b, e, d, typ, i, pre):
    err = NotInterpretable(f"statement %{i}: reached `unreachable`")

    def op(regs, _at=i):
        raise err
    return op
