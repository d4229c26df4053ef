"""Compiling a function once into closures over a register file: what `jlir.interp.run` executes.

Every value lives in a register of a flat list: register 0 is the return value, registers 1…n the SSA values of the
n positional statements, then the frame's handler stack, the run context, the static parameters, constants,
argument and slot registers, and temporaries for the nested calls of lowered code.  A statement becomes one closure
`op(regs)` (its operands resolved to register numbers here, once), a block its φ moves per predecessor, its ops and
a terminator closure returning the next block (0: return).  Node kinds are dispatched by a table on their class at
compile time, never at run time.  A statement the interpreter has no semantics for compiles to an op raising
`NotInterpretable` when (and only if) it is reached.
"""
from __future__ import annotations

from dataclasses import dataclass

import jlir.interp.calls as calls
import jlir.interp.foreign as foreign
import jlir.interp.heads as heads
from jlir.interp.literal_types import type_of
from jlir.interp.new import new_expr
from jlir.semantics import hints
from jlir.semantics.constants import global_constant, literal, shown_constant, type_text
from jlir.interp.shown_values import decimal_const, name_fields, optimized_print, refuse_untyped_literals, use_type
from jlir.interp.slots import SlotMap, newvar_slot, splat_slot
from jlir.semantics.base_globals import bare_call_module
from jlir.semantics.builtins import KNOWN_STRUCTS
from jlir.semantics.values import UNDEF, JStruct, JuliaException, NotInterpretable, typeof
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.analysis.callee import callee_name
from jlir.edit import is_slot_form


@dataclass(slots=True)
class Block:
    """A compiled basic block: φ moves by predecessor (a closure each), ops, terminator, statement count."""
    phis: dict | None
    ops: tuple
    term: object
    nstmts: int
    pos: dict = None  # op → its index in `ops` (where a frame resumes after a call op, `jlir.interp.frames`)

    def __post_init__(self):
        self.pos = {op: j for j, op in enumerate(self.ops)}


@dataclass(slots=True)
class Code:
    """A compiled function: blocks by number (index 0 unused), the register template and the argument registers."""
    blocks: list
    template: list
    args: tuple  # (register, argument index; -1 for the function itself)
    handlers: int
    ctx: int
    name: str
    catch_pops: bool = False
    sparams: int = 0


def _located(i: int, e: NotInterpretable) -> NotInterpretable:
    return NotInterpretable(f"statement %{i}: {e}")


def _raiser(i: int, e: NotInterpretable):
    def op(regs, _at=i):
        raise e
    return op


class _Builder:
    """Register allocation and statement compilation for one function (a builder, used once)."""

    def __init__(self, fn, slots: SlotMap, structs=frozenset(), globals_=None, arg_types=(), module=None,
                 optimized=None, literals=None):
        self.fn = fn
        # the source's literals (lowered, `optimize=false`: a decimal one is an Int64), or the optimizer's values
        self.source_literals = not optimized_print(fn) if optimized is None else not optimized
        self.literals = None if self.source_literals else literals  # Julia's types of them (`literal_types`)
        self.operators = bare_call_module(module)  # the module a bare operator call names, where not Main's view
        self.arg_types = tuple(arg_types)  # the method instance's argument types (inference's), where known
        self.structs = structs  # the names of the structs the run knows (bare type names in the IR resolve to them)
        self.globals = dict(globals_ or ())  # the user's globals a provider knows (`Main.MyPkg.SCALE` → 3)
        self.slots = slots
        self.n = len(fn.positional)
        self.template = [UNDEF] * (self.n + 4)
        self.H, self.X, self.S = self.n + 1, self.n + 2, self.n + 3
        self.consts: dict = {}
        self.slot_regs: dict = {}
        self.arg_regs: list = []
        self.upsilon_targets = _upsilon_targets(fn.positional)
        # a call compiled inside a terminator cannot be resumed after (frames resume at an op): it runs in place
        self.in_place = False

    def new_reg(self, value=UNDEF) -> int:
        self.template.append(value)
        return len(self.template) - 1

    def const(self, key, value) -> int:
        r = self.consts.get(key)
        if r is None:
            r = self.consts[key] = self.new_reg(value)
        return r

    def slot_reg(self, s: V.SlotNumber) -> tuple[int, bool]:
        """The register of a slot and whether reading it must check it is defined (locals only)."""
        key = self.slots.key(s)
        if key not in self.slot_regs:
            r = self.new_reg()
            arg = self.slots.argument_index(key)
            if arg is not None:
                self.arg_regs.append((r, arg))
            self.slot_regs[key] = (r, arg is None)
        return self.slot_regs[key]

    def reg(self, v, pre: list, i: int, hint: str | None = None) -> int:
        """The register holding operand `v`, compiling nested expressions into `pre` (run before the statement).

        `hint`: the integer type the context gives a bare decimal literal (see `jlir.semantics.hints`)."""
        cls = type(v)
        if cls is V.SSAValue:
            if not 1 <= v.id <= self.n:
                raise NotInterpretable(f"%{v.id} is not a statement of this function")
            return v.id
        if cls is V.SlotNumber:
            if self.slots.is_constant(v):
                return self.const(("global", v.name), global_constant(v.name, None, calls.FUNCTION_NAMES, self.structs))
            r, check = self.slot_reg(v)
            if check:
                # a named slot read before assignment is Julia's UndefVarError, unless it may be an argument the
                # caller did not place (no argnames): then it is refused, not reported as an error of the code
                certain = self.slots.argnames is not None or v.id is not None or self.slots.nargs == 0
                if self.slots.key(v) not in self.slots.assigned and v.id is not None and v.id > 1:
                    certain = None  # never assigned: lowering makes only an argument such a slot (else a global)
                pre.append(_check_defined(r, v.name or f"_{v.id}", i, certain))
            return r
        if cls is V.Argument:
            return self.argument_reg(v.n)
        if cls is V.Literal:
            hint = type_of(self.literals, i, v) or hint
            typed = hints.typed_literal(v, hint)
            if typed is not None:
                return self.const((v, hint), typed)
            return self.const(v, literal(v))
        if cls is V.GlobalRef:
            name = f"{v.module}.{v.name}" if v.module else v.name
            if name in self.globals:
                return self.const(v, self.globals[name])
            return self.const(v, global_constant(name, None, calls.FUNCTION_NAMES, self.structs))
        if cls is V.TypedSlot:
            return self.reg(v.value, pre, i)
        if cls is V.Splat and splat_slot(v) is not v:  # the slot named `kw...` (a slot form has no splat)
            return self.reg(splat_slot(v), pre, i)
        if cls is N.Expr:
            t = self.new_reg()
            pre.extend(self.expr_ops(v, t, None, i))
            return t
        if v is None:
            return self.const("#undef", UNDEF)
        if hint is not None and hint.startswith(("Tuple{", "NamedTuple{")) and cls in (T.TypeTuple, V.QuoteNode):
            typed = hints.typed_constant(v, hint)  # `φ (#1 => (1, 2), …)::Tuple{Int32,Int32}`
            if typed is not None:
                return self.const((v, hint), typed)
        return self.shown(v, pre, i)

    def shown(self, v, pre: list, i: int, exact: bool = False) -> int:
        """The register of a constant the IR shows (`$(QuoteNode(MyMul(2)))`, a functor).  A struct shown as its
        constructor call carries no field names: the run's struct table (a provider's, a live Julia's) names them
        when the code first reads it (`exact`: and types its decimal fields, `shown_values.field_widths`)."""
        r = self.const(v, value := shown_constant(v))
        if type(value) is JStruct and value.names is None and value.type.split("{")[0] not in KNOWN_STRUCTS:
            pre.append(name_fields(value, self.X, i, exact))
        return r

    def static_type(self, v) -> str | None:
        """The integer type of an operand known before running: an SSA value's `::T`, a hex literal's width."""
        if type(v) is V.SSAValue and 1 <= v.id <= self.n:
            return hints.context_type(type_text(self.fn.positional[v.id - 1].type))
        if type(v) is V.Literal and v.kind == "int" and not hints.is_ambiguous(v):
            return hints.integer_type(typeof(literal(v)))
        k = v.n - 2 if type(v) is V.Argument else \
            self.slots.argument_index(self.slots.key(v)) if type(v) is V.SlotNumber else None
        if k is not None and 0 <= k < len(self.arg_types) and not is_slot_form(self.fn):
            return hints.integer_type(self.arg_types[k])  # an argument of a method instance: its concrete type
        return None

    def argument_reg(self, n: int) -> int:
        key = ("arg", n)
        if key not in self.slot_regs:
            r = self.new_reg()
            self.arg_regs.append((r, n - 2))
            self.slot_regs[key] = (r, False)
        return self.slot_regs[key][0]

    def expr_ops(self, e: N.Expr, d: int, typ, i: int) -> list:
        handler = _EXPR_HEADS.get(e.head)
        if handler is None:
            raise NotInterpretable(f"the {e.head} expression")
        pre: list = []
        op = handler(self, e, d, typ, i, pre)
        return pre + ([op] if op is not None else [])

    def statement_ops(self, i: int, stmt) -> list:
        """The ops of positional statement `i` (not φ nodes or terminators), or one raising NotInterpretable."""
        try:
            compile_node = _NODES.get(type(stmt.node), _value_statement)
            return compile_node(self, stmt.node, i, stmt.type)
        except NotInterpretable as e:
            return [_raiser(i, _located(i, e))]


def _check_defined(r: int, name: str, i: int, certain: bool | None = True):
    """The check before a read of slot register `r`; `certain`: an unset slot is Julia's UndefVarError (True), may be
    an argument the caller did not place (False), or is one (None: a numbered slot no statement assigns, which
    Julia's lowering makes only of an argument, a name never assigned being a global)."""
    def op(regs, _at=i):
        if regs[r] is UNDEF:
            if certain is None:
                raise NotInterpretable(f"`{name}` is an argument (no statement assigns it) and no value was given "
                                       "for it: give the arguments (`--args`)")
            if not certain:
                raise NotInterpretable(f"`{name}` is read before any assignment: an argument? pass argnames")
            raise JuliaException("UndefVarError", f"{name} not defined")
    return op


def _upsilon_targets(stmts) -> dict:
    """upsilon statement number → the φᶜ statements listing it (an upsilon writes its value straight into them)."""
    out: dict = {}
    for j, s in enumerate(stmts, 1):
        if type(s.node) is N.PhiCNode:
            for v in walk.operands(s.node):
                if type(v) is V.SSAValue:
                    out.setdefault(v.id, []).append(j)
    return out


# ---- statements by node class ------------------------------------------------------------------------------

def _value_statement(b: _Builder, node, i: int, typ) -> list:
    """`%3 = Main.NaN::Const(NaN)`, `nothing::Nothing`, `%2 = xs`: a constant goes into the template, no op."""
    if type(node) is V.GlobalRef:
        name = f"{node.module}.{node.name}" if node.module else node.name  # a user's global: the provider's value
        value = b.globals[name] if name in b.globals else global_constant(name, typ, calls.FUNCTION_NAMES, b.structs)
        hint = use_type(b.fn.positional, i, b.static_type) if type(value) is int and decimal_const(typ) else None
        b.template[i] = hints.coerce(value, hint) if hint not in (None, "Int64") else value
        return []
    pre: list = []
    if type(node) is V.QuoteNode:
        r = b.shown(node, pre, i)
        return pre + [_move(i, r, i)]
    hint = use_type(b.fn.positional, i, b.static_type) if decimal_const(typ) else None
    r = b.reg(node, pre, i, hint or hints.context_type(type_text(typ)))
    return pre + [_move(i, r, i)]


def _move(d: int, r: int, i: int):
    def op(regs, _at=i):
        regs[d] = regs[r]
    return op


def _pi(b: _Builder, node: N.PiNode, i: int, typ) -> list:
    pre: list = []
    return pre + [_move(i, b.reg(node.val, pre, i, hints.context_type(type_text(node.typ))), i)]


def _upsilon(b: _Builder, node: N.UpsilonNode, i: int, typ) -> list:
    pre: list = []
    r = b.reg(node.val, pre, i, hints.context_type(type_text(typ)))
    dsts = tuple(b.upsilon_targets.get(i, ()))

    def op(regs, _at=i):
        v = regs[r]
        for d in dsts:
            regs[d] = v
    return pre + [op]


def _newvar(b: _Builder, node: N.NewvarNode, i: int, typ) -> list:
    r, _ = b.slot_reg(newvar_slot(node))

    def op(regs, _at=i):
        regs[r] = UNDEF
    return [op]


def _expr_statement(b: _Builder, node: N.Expr, i: int, typ) -> list:
    return b.expr_ops(node, i, typ, i)


def _enter_inside(b: _Builder, node: N.EnterNode, i: int, typ) -> list:
    """An `enter` that is not its block's last statement (Julia's `slot2reg` puts the ϒs of the slots live into
    the catch block right after it): push the handler as the terminator form does; the statements after it run
    inside the `try`, and the block goes on to the next one."""
    H, X, catch = b.H, b.X, node.catch_dest

    def op(regs, _at=i):
        regs[H].append(catch)
        regs[i] = len(regs[X].exceptions)
    return [op]


_NODES = {N.PiNode: _pi, N.UpsilonNode: _upsilon, N.NewvarNode: _newvar, N.Expr: _expr_statement,
          N.PhiCNode: lambda b, node, i, typ: [], N.EnterNode: _enter_inside}


# ---- expressions by head ------------------------------------------------------------------------------------

def _assign(b: _Builder, e: N.Expr, d: int, typ, i: int, pre: list):
    target, value = splat_slot(e.args[0]), e.args[1]
    if type(target) is not V.SlotNumber:
        raise NotInterpretable(f"assignment to {target!r}")
    r, _ = b.slot_reg(target)
    if type(value) is N.Expr:
        pre.extend(b.expr_ops(value, r, typ, i))
        return _move(d, r, i)
    src = b.reg(value, pre, i, hints.context_type(type_text(typ)))

    def op(regs, _at=i):
        regs[r] = regs[d] = regs[src]
    return op


def _call(b: _Builder, e: N.Expr, d: int, typ, i: int, pre: list):
    callee, *args = walk.operands(e)
    if type(callee) is V.GlobalRef and callee.module is None and b.operators is not None:
        callee = V.GlobalRef(b.operators, callee.name)  # `a => b` of Core.Compiler's code: its own `=>`
    rt = type_text(typ)
    named = callee_name(callee)
    name = named.name if named is not None else None
    if name == "tuple" and any(hints.width_unshown(a) for a in args):
        # `Core.tuple(%1, 5)::Tuple{UInt16,Int128}`: a tuple's type is its elements' types, each literal's too
        regs_ = tuple(b.reg(a, pre, i, h) for a, h in zip(args, hints.tuple_hints(typ, len(args))))
        return calls.call_op(callee, regs_, d, rt, i, b.slots, b.X, None, b.in_place)
    if not b.source_literals:  # optimized code: a literal of a dynamic call, or that setfield! stores, unproven
        refuse_untyped_literals(args, calls.dynamic(callee, b.slots), name, typ, lambda a: type_of(b.literals, i, a))
    hint, positions = hints.call_literals(name, args, b.static_type, rt)
    if positions is not None and name in ("===", "!=="):
        folded = hints.inferred_bool(typ)
        if folded is not None:  # `(x === 5)::Const(false, false)`: inference decided it (`egal_tfunc`)
            for a in args:
                b.reg(a, pre, i)
            return lambda regs, _at=i: regs.__setitem__(d, folded)
        if is_slot_form(b.fn):
            positions = None  # lowered code holds the source's literals: a decimal one is an Int64
    wrap = None if positions is None else \
        (lambda fn: hints.coerce_like(fn, positions, name in ("===", "!==")))  # noqa: E731
    if name == "getfield" and args and _reads_self(b, args[0]):
        wrap = calls.own_field
    per_arg = hint if type(hint) is tuple else (hint,) * len(args)
    regs_ = tuple(b.reg(a, pre, i, h) for a, h in zip(args, per_arg))
    if b.slots.is_value_callee(callee):
        return calls.value_call_op(b.reg(callee, pre, i), regs_, d, rt, i, b.X, b.in_place)
    return calls.call_op(callee, regs_, d, rt, i, b.slots, b.X, wrap, b.in_place)


def _reads_self(b: _Builder, v) -> bool:
    """Whether `v` is slot 1, the function itself (`#self#`, `_1`): a closure reading its captured variables."""
    if type(v) is V.Argument:
        return v.n == 1
    return type(v) is V.SlotNumber and b.slots.argument_index(b.slots.key(v)) == -1


def _invoke(b: _Builder, e: N.Expr, d: int, typ, i: int, pre: list):
    mi, callee, *args = e.args
    sig = tuple(type_text(t) for t in mi.arg_types)
    regs_ = tuple(b.reg(a, pre, i, h) for a, h in zip(args, hints.invoke_hints(sig, len(args))))
    if b.slots.is_value_callee(callee):  # `invoke %4()`, a closure the code built; a functor constant: by its type
        f = b.shown(callee, pre, i, exact=True) if type(callee) is V.QuoteNode else b.reg(callee, pre, i)
        return calls.value_call_op(f, regs_, d, type_text(typ), i, b.X, b.in_place)
    return calls.invoke_op(callee, tuple(type_text(t) for t in mi.arg_types), regs_, d, i, b.X, b.in_place)


def _foreigncall(b: _Builder, e: N.Expr, d: int, typ, i: int, pre: list):
    """`$(Expr(:foreigncall, name, rettype, svec(argtypes…), nreq, cconv, args…, roots…))`: the ones
    `jlir.interp.foreign` models; the arguments are the first len(argtypes) values after the convention."""
    name = foreign.foreign_name(e)
    fn = foreign.foreign(name)
    sig = e.args[2] if len(e.args) > 2 else None
    if fn is None or type(sig) is not T.TypeCall:
        raise NotInterpretable(f"foreigncall :{name}")
    types = tuple(type_text(t) for t in sig.args)
    rs = tuple(b.reg(a, pre, i, hints.integer_type(t)) for a, t in zip(e.args[5:5 + len(types)], types))
    if len(rs) != len(types):
        raise NotInterpretable(f"foreigncall :{name} with fewer arguments than its signature")

    def op(regs, _at=i):
        regs[d] = fn(*[regs[r] for r in rs])
    return op


_EXPR_HEADS = {"foreigncall": _foreigncall, "=": _assign, "call": _call, "invoke": _invoke, "new": new_expr, "the_exception": heads.the_exception,
               "leave": heads.leave, "pop_exception": heads.pop_exception,
               "throw_undef_if_not": heads.throw_undef_if_not, "undefcheck": heads.undefcheck,
               "isdefined": heads.isdefined, "unreachable": heads.unreachable,
               "static_parameter": heads.static_parameter, "boundscheck": heads.const_op(True),
               **{h: heads.const_op(None) for h in ("meta", "inbounds", "loopinfo", "gc_preserve_begin",
                                                    "gc_preserve_end", "code_coverage_effect", "aliasscope",
                                                    "popaliasscope", "coverageeffect")}}
