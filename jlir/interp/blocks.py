"""Compiling a function's blocks: φ moves per incoming edge, ops, and the terminator closure.

A block's φ nodes read their values on the edge actually taken, all at once
(`%3 = φ(#3 => %4)`, `%4 = φ(#3 => %8)` swap), so each predecessor gets one
closure making those moves in parallel; an edge a φ does not list leaves it
`#undef`.  The terminator returns the next block, 0 for a return (the value
in register 0).
"""
from __future__ import annotations

from jlir.semantics import hints
from jlir.semantics.constants import literal_int, shown_constant, type_text
from jlir.interp.compile import Block, Code, _Builder, _located, _raiser
from jlir.interp.literal_types import tuple_type, type_of
from jlir.interp.shown_values import decimal_const, defined_type as _defined, name_fields, use_type
from jlir.interp.slots import SlotMap
from jlir.semantics.values import UNDEF, JStruct, JuliaException, NotInterpretable
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.cfg import compute_cfg
from jlir.ir.function import Form
from jlir.ir import types as T
from jlir.ir.types import TypeCall, TypeInfix, TypeName, is_lattice_element


def compile_function(fn, nargs: int, argnames=None, name: str = "", structs=frozenset(),
                     self_name: str | None = None, globals_=(), arg_types=(), module: str | None = None,
                     optimized: bool | None = None, literals=None) -> Code:
    """`fn` compiled for a call with `nargs` arguments; `structs`: the struct names the run knows; `self_name`:
    the name slot 1 (the function itself) prints as where it is not `#self#`; `globals_`: (name, value) pairs of
    the user's globals a provider knows; `arg_types`: the argument types of the method instance `fn` is (what
    inference knew of them), where known; `module`: the method's module, which a bare operator call names;
    `optimized`: whether `fn` is the optimizer's output (None: unless it is in slot form); `literals`: Julia's
    types of its literals (a `jlir.interp.literal_types.LiteralTypes`), where a provider has them."""
    if any(s.new_id is not None for s in fn.stmts):
        raise NotInterpretable("the IRCode has pending new nodes (compact it first)")
    b = _Builder(fn, SlotMap(fn, nargs, argnames, self_name), structs, globals_, arg_types, module, optimized,
                 literals)
    stmts = fn.positional
    cfg = compute_cfg(fn)
    blocks: list = [None]
    for num, blk in enumerate(fn.blocks, 1):
        dsts, first = _phi_block(stmts, blk.first, blk.last)
        phis = _phi_moves(b, stmts, dsts, cfg.preds(num))
        last_node = stmts[blk.last - 1].node
        body_end = blk.last - 1 if N.is_terminator(last_node) else blk.last
        ops: list = []
        for i in range(blk.first, first):
            if i not in dsts:   # a `nothing` among the φs
                ops.extend(b.statement_ops(i, stmts[i - 1]))
        for i in range(first, body_end + 1):
            if type(stmts[i - 1].node) is N.PhiNode:
                ops.append(_raiser(i, NotInterpretable(f"statement %{i}: a φ after the start of its block")))
            else:
                ops.extend(b.statement_ops(i, stmts[i - 1]))
        if body_end < blk.last:
            b.in_place = True
            term = _terminator(b, last_node, blk.last, num, len(fn.blocks))
            b.in_place = False
        else:
            term = _fall_through(num, len(fn.blocks), blk.last)
        blocks.append(Block(phis, tuple(ops), term, blk.last - blk.first + 1))
    token_leave = any(type(s.node) is N.Expr and s.node.head == "leave" and s.node.args
                      and type(s.node.args[0]) is V.SSAValue for s in stmts)
    return Code(blocks, b.template, tuple(b.arg_regs), b.H, b.X, name, token_leave, b.S)


def _phi_block(stmts, start: int, last: int) -> tuple[tuple[int, ...], int]:
    """The φ statements at the top of the block `start..last`, and the first statement after the last of them.

    `simple_dce!` (the end of Julia 1.5's `compact!`) turns an unused φ into `nothing` where it stands, so a
    `nothing` may sit between φs; the block's φs run to the last φ, as Julia's interpreter takes them
    (`eval_phi`, `src/interpreter.c`, which lets any non-expression value into the φ block)."""
    dsts, end, i = [], start, start
    while i <= last and (type(stmts[i - 1].node) is N.PhiNode or stmts[i - 1].node == V.NOTHING):
        if type(stmts[i - 1].node) is N.PhiNode:
            dsts.append(i)
            end = i + 1
        i += 1
    return tuple(dsts), end


def _phi_moves(b: _Builder, stmts, dsts: tuple[int, ...], preds) -> dict | None:
    """predecessor → closure doing the φ moves of that edge, for the φ statements `dsts`."""
    if not dsts:
        return None
    edges = set(preds)
    for i in dsts:
        edges.update(walk.targets(stmts[i - 1].node))
    types = [_phi_type(b, stmts, i) for i in dsts]
    moves = {}
    for pred in edges:
        srcs, narrow = [], []
        for j, i in enumerate(dsts):
            node = stmts[i - 1].node
            t = types[j]
            try:
                k = node.edges.index(pred)
                if not b.source_literals and hints.width_unproven(node.values[k], type_text(stmts[i - 1].type)) \
                        and type_of(b.literals, i, node.values[k]) is None:
                    raise NotInterpretable(f"the type of the literal {node.values[k].text} a φ of "
                                           f"{type_text(stmts[i - 1].type)} takes is not in the IR")
                srcs.append(b.reg(node.values[k], [], i, t))
                if _narrowed(b, node.values[k], t):
                    narrow.append((j, t))
            except ValueError:
                srcs.append(b.const("#undef", UNDEF))
            except NotInterpretable as e:
                return {p: _raiser(i, _located(i, e)) for p in edges}
        moves[pred] = _parallel_move(dsts, tuple(srcs), tuple(narrow))
    return moves


def _phi_type(b: _Builder, stmts, i: int):
    """The type the values of φ `i` have: its printed type's, and for a φ typed `Const(7, false)` (which `show`
    prints alike for every integer type) the type its uses give (`use_type`: an intrinsic whose operands share
    one type, `mul_int(%93::Int8, %38)`), as for any statement typed so."""
    typ = stmts[i - 1].type
    if decimal_const(_defined(typ)):
        hint = use_type(stmts, i, b.static_type)
        if hint is not None:
            return hint
    return hints.context_type(type_text(typ))


def _narrowed(b: _Builder, v, t) -> bool:
    """Whether the value an SSA operand brings into a φ of concrete integer type `t` (not Int64) may be a decimal
    constant jlir read as an Int64 (`%382 = φ (#128 => 2, …)::MaybeUndef(Const(2, false))` of an Int32): inference
    typed the φ with the `tmerge` of its values, so every one of them is a `t`."""
    return t not in (None, hints.AMBIGUOUS, "Int64", "Bool") and type(v) is V.SSAValue and b.static_type(v) != t


def _parallel_move(dsts: tuple, srcs: tuple, narrow: tuple = ()):
    if narrow:   # (rare: φs of Int32, Int8…) each such value an Int64 from a decimal constant becomes the φ's type
        def narrowing(regs):
            vals = [regs[s] for s in srcs]
            for j, t in narrow:
                if type(vals[j]) is int:
                    vals[j] = hints.coerce(vals[j], t)
            for d, v in zip(dsts, vals):
                regs[d] = v
        return narrowing
    if len(dsts) == 1:
        d, s = dsts[0], srcs[0]

        def move(regs):
            regs[d] = regs[s]
        return move
    pairs = tuple(zip(dsts, srcs))

    def move(regs):
        vals = [regs[s] for s in srcs]
        for (d, _), v in zip(pairs, vals):
            regs[d] = v
    return move


def _fall_through(num: int, nblocks: int, i: int):
    if num == nblocks:
        return _raiser(i, NotInterpretable(f"statement %{i}: control falls off the end of the function"))
    return lambda regs, _at=i: num + 1


def _terminator(b: _Builder, node, i: int, num: int, nblocks: int):
    try:
        kind = _TERMINATORS.get(type(node))
        if kind is None:
            raise NotInterpretable(f"the terminator {type(node).__name__}" +
                                   (f" :{node.head}" if type(node) is N.Expr else ""))
        return kind(b, node, i, num, nblocks)
    except NotInterpretable as e:
        return _raiser(i, e if str(e).startswith("statement %") else _located(i, e))


def _goto(b, node, i, num, nblocks):
    label = node.label
    return lambda regs, _at=i: label


def _gotoifnot(b, node, i, num, nblocks):
    pre: list = []
    r = b.reg(node.cond, pre, i)
    dest, nxt = node.dest, num + 1

    def term(regs, _at=i):
        for p in pre:
            p(regs)
        c = regs[r]
        if c is False:
            return dest
        if c is True:
            return nxt
        raise JuliaException("TypeError", f"non-boolean ({type(c).__name__}) used in boolean context")
    return term


def _return(b, node, i, num, nblocks):
    if node.val is None:
        return _raiser(i, NotInterpretable(f"statement %{i}: reached `unreachable`"))
    pre: list = []
    rng = _range_constant(node.val, b.fn.return_type)
    if rng is None:
        rng = _struct_constant(node.val, b.fn.return_type)
        if rng is not None and rng.names is None:
            pre.append(name_fields(rng, b.X, i))
    if rng is None and b.fn.form is not Form.LOWERED and hints.untyped_literals(node.val):
        # `return (1, 2)` in `=> Tuple{Int32,Int32}`: the literals' types are the return type's; with none shown
        # (an IRCode print) they are not in the IR, but in Julia's CodeInfo (`literal_types`)
        t = tuple_type(b.literals, i) or (type_text(b.fn.return_type) if b.fn.return_type is not None else None)
        rng = hints.typed_constant(node.val, t) if t is not None else None
        if rng is None:
            return _raiser(i, NotInterpretable(f"statement %{i}: the types of the literals in the returned "
                                               f"constant {node.val} are not in the IR"))
    if rng is None and type(node.val) is V.SSAValue:
        rng = _returned_const(b, node.val, i)
    r = b.const((node.val, "returned"), rng) if rng is not None else \
        b.reg(node.val, pre, i, _return_hint(b, node.val, i))
    unsure = rng is None and type(node.val) is V.SSAValue and _shown_untyped(b, node.val)

    def term(regs, _at=i):
        for p in pre:
            p(regs)
        if unsure and _maybe_misread(regs[r]):
            raise NotInterpretable(f"statement %{i}: the types of the literals in the returned constant "
                                   f"%{node.val.id} are not in the IR")
        regs[0] = regs[r]
        return 0
    return term


def _const_of(b: _Builder, v: V.SSAValue):
    """The `Const(…)` (or `MaybeUndef(Const(…))`) lattice element register `v`'s statement shows, or None."""
    if not 1 <= v.id <= b.n:
        return None
    stmt = b.fn.positional[v.id - 1]
    typ = stmt.node.typ if type(stmt.node) is N.PiNode else stmt.type
    if type(typ) is TypeCall and is_lattice_element(typ) and typ.head.name == "MaybeUndef" and typ.args:
        typ = typ.args[0]
    ok = type(typ) is TypeCall and is_lattice_element(typ) and typ.head.name == "Const" and typ.args
    return typ if ok else None


def _untyped(v) -> bool:
    """A constant shown with literals whose type the print does not tell: `0`, `0.0`, `(2,)`."""
    return hints.width_unshown(v)


def _shown_untyped(b: _Builder, v: V.SSAValue) -> bool:
    """Whether `return %k` returns a constant with literals printed untyped whose types neither the print nor its
    return type tells (IRCode has none; `Tuple{Any}` does not say): `%k = π (%116, Const((2,), false))`, where
    `(2,)` came from a ϒ of the literal `(2,)` (an Int128 one, or an Int64 one: the print does not tell)."""
    if b.fn.form is Form.LOWERED:
        return False
    c = _const_of(b, v)
    return c is not None and _untyped(c.args[0]) and _typed_return(b, c.args[0]) is None


def _typed_return(b: _Builder, shown):
    """A returned constant `shown` with its untyped literals typed by the function's return type, or None."""
    if b.fn.return_type is None:
        return None
    t = type_text(b.fn.return_type)
    return hints.typed_constant(shown, t) if hints.untyped_literals(shown) else hints.typed_scalar(shown, t)


def _maybe_misread(value) -> bool:
    """Whether a returned value holds what an untyped literal reads as (an Int64, a Float64 zero): then it may be
    another type's literal read so; an element of a sized type came from typed code."""
    if type(value) is tuple:
        return any(_maybe_misread(x) for x in value)
    return type(value) is int or (type(value) is float and value == 0)


def _returned_const(b: _Builder, v: V.SSAValue, i: int):
    """The value of `return %k` where inference proved `%k` a constant whose literals print untyped
    (`%220 = π (%212, Core.Compiler.Const((-1,), false))` in a `=> Tuple{Int128}` function; `%64 = φ (…)::
    Const(0, false)` in a `=> Int128` one, inference's return type being the type of what it returns): the
    constant, its literals typed by the return type, as a returned constant is; None where the print shows no
    return type (IRCode: the register's value is returned, as the values that reached it say, `_shown_untyped`)
    or the value is no such constant."""
    if b.fn.form is Form.LOWERED or not 1 <= v.id <= b.n:
        return None
    stmt = b.fn.positional[v.id - 1]
    typ = stmt.node.typ if type(stmt.node) is N.PiNode else stmt.type
    if not (type(typ) is TypeCall and is_lattice_element(typ) and typ.head.name == "Const" and typ.args
            and _untyped(typ.args[0])):
        return None
    return _typed_return(b, typ.args[0])


def _return_hint(b: _Builder, val, i: int) -> str | None:
    """The integer type of a returned decimal literal, where the print proves it: the one integer type of the
    return type, else the source's literal (lowered, `optimize=false` code: lowering reads a decimal as an Int64).
    The return type is inference's join of what every `return` returns (`typeinf_local`'s `bestguess`, tmerge in
    Julia 1.5.3's compiler/abstractinterpretation.jl), so a returned literal's type is one of its concrete
    members: `=> Any` or `=> Integer` proves no width (an Int128 `-3` prints `-3`), and is refused.  An IRCode
    print shows no return type, and what the other `return`s return proves nothing of this one (`return 1` and
    `return %5::Int64` are an Int32 and an Int64 of a `Union{Int32, Int64}` function alike): refused.  A returned
    `0.0` likewise: a Float16 in a `=> Float16` function, refused where no type says."""
    if b.fn.form is Form.LOWERED:  # lowered code holds the source's literals
        return None
    known = type_of(b.literals, i, val)
    if known is not None:  # Julia's own answer (`jlir.interp.literal_types`)
        return None if known in ("Int64", "Float64") else known
    if hints.is_float_zero(val):
        return _float_zero_hint(b, val, i)
    if not hints.is_ambiguous(val):
        return None
    t = hints.context_type(type_text(b.fn.return_type)) if b.fn.return_type is not None else None
    if t is not None and hints.integer_type(t):
        return t
    if b.source_literals:  # `optimize=false`: the source's literal, an Int64
        return None
    raise NotInterpretable(f"statement %{i}: the integer type of the returned literal {val.text} is not in the IR")


def _float_zero_hint(b: _Builder, val, i: int) -> str | None:
    """Float16 where the return type is Float16; Float64 where it names Float64 and no Float16; refused otherwise
    (`Union{Float16, Float64}`, `Any`, `Real`, an IRCode print's missing return type)."""
    t = hints.float_zero_type(type_text(b.fn.return_type)) if b.fn.return_type is not None else None
    if t is not None:
        return None if t == "Float64" else t
    if b.source_literals:  # `optimize=false`: the source's literal, a Float64
        return None
    raise NotInterpretable(f"statement %{i}: the float type of the returned {val.text} is not in the IR "
                           "(1.5 prints a Float16 zero as a Float64's)")


def _range_constant(v, return_type):
    """A returned `$(QuoteNode(0:0))` in a function `=> UnitRange{T}`: the range, its fields `start`, `stop` as
    shown (a decimal literal does not say its integer type: only the return type gives it, so only there)."""
    inner = v.value if type(v) is V.QuoteNode else v
    t = type_text(return_type) if return_type is not None else ""
    if type(inner) is not TypeInfix or inner.op != ":" or not (t.startswith("UnitRange{") and t.endswith("}")):
        return None
    elt = hints.integer_type(t[10:-1])
    if elt is None or not all(type(x) is V.Literal and x.kind == "int" for x in (inner.lhs, inner.rhs)):
        return None
    return JStruct(t, (hints.coerce(literal_int(inner.lhs), elt), hints.coerce(literal_int(inner.rhs), elt)),
                   ("start", "stop"), False)


def _struct_constant(v, return_type):
    """A returned struct constant its type's own `show` prints without the type's parameters (range.jl's
    `Base.OneTo(1)`, in `cat_indices(::Float64, ::Int64) => Base.OneTo{Int64}`): the value's type is the return
    type where that names the same struct with its parameters and nothing abstract (`show_default` would have
    printed them; the type of the one value returned is the return type, when that is concrete)."""
    inner = v.value if type(v) is V.QuoteNode else v
    if type(inner) is not TypeCall or type(inner.head) is not TypeName or type(return_type) is not T.TypeApply \
            or return_type.head != inner.head or not all(_concrete_param(p) for p in return_type.params):
        return None
    value = shown_constant(inner)
    if type(value) is not JStruct or "{" in value.type:
        return None
    return JStruct(type_text(return_type), value.fields, value.names, value.mutable, value.module)


def _concrete_param(p) -> bool:
    """A type parameter that is a concrete type or a value (`Int64`, `Array{Float64,1}`, `3`), not a bound."""
    if type(p) is T.TypeApply:
        return all(_concrete_param(q) for q in p.params)
    return type(p) in (TypeName, V.Literal)


def _enter(b, node, i, num, nblocks):
    """Push the handler (catch block, this statement) and note the exception-stack depth for `pop_exception`."""
    H, X, catch, nxt = b.H, b.X, node.catch_dest, num + 1

    def term(regs, _at=i):
        regs[H].append(catch)
        regs[i] = len(regs[X].exceptions)
        return nxt
    return term


_TERMINATORS = {N.GotoNode: _goto, N.GotoIfNot: _gotoifnot, N.ReturnNode: _return, N.EnterNode: _enter}
