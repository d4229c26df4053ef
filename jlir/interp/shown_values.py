"""What a constant the IR shows holds, where `show` leaves part of it out: the field names of a struct shown as its
constructor call, and the integer type of a decimal constant.

A struct constant (`$(QuoteNode(MyMul(2)))`) prints its field values, not their names: the run's struct table (a
provider's, a live Julia's `fieldnames`) names them when the code first reads it (`name_fields`).

`show` prints every signed integer in decimal, so a statement typed `Const(1, false)` (a global bound to an `Int32`,
`Main.FLAG::Core.Compiler.Const(1, false)`) says Int64 only by default; its uses say more (`use_type`): a φ of
one concrete integer type takes values of that type (its type is their `tmerge`; a φ typed `Const(7, false)`, or
`MaybeUndef` of it, says no more than the statement), and an intrinsic whose operands share their type
(`or_int(%5, 4)`) gives its other operands' type.

Only the optimizer folds a value into a literal (an `Int16(3)` inlined becomes `3`); lowered and `optimize=false`
code hold the source's literals, a decimal one an Int64 (`optimized_print` tells the two apart).
"""
from __future__ import annotations

from jlir.semantics import hints
from jlir.semantics.constants import type_text
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.analysis.callee import callee_name
from jlir.ir.function import Form
from jlir.semantics.convert import convert_number
from jlir.semantics.values import FLOAT_TYPES, INT_TYPES, JStruct, NotInterpretable, split_params

__all__ = ["decimal_const", "defined_type", "name_fields", "optimized_print", "refuse_untyped_literals", "use_type"]


def decimal_const(typ) -> bool:
    """Whether a statement's type is a `Const` of a decimal integer."""
    return (type(typ) is T.TypeCall and T.is_lattice_element(typ) and typ.head.name == "Const" and bool(typ.args)
            and hints.is_ambiguous(typ.args[0]))


def use_type(stmts, i: int, static_type, _depth: int = 0) -> str | None:
    """The integer type the uses of statement `i` among `stmts` give its value (`static_type(v)`: an operand's
    type known before running), or None where none says: a φ of one integer type, an intrinsic whose operands
    share a type, a `Core.tuple` whose statement type names the element's type (the `tuple` builtin's type is the
    `Tuple` of its arguments' types exactly, `tuple_tfunc`), and through a π, the π's type or its own uses."""
    me = V.SSAValue(i)
    for k, s in enumerate(stmts, 1):
        node = s.node
        if type(node) is N.PhiNode and me in node.values and not decimal_const(defined_type(s.type)):
            t = hints.context_type(type_text(s.type))
            if t not in (None, hints.AMBIGUOUS):
                return t
        elif type(node) is N.PiNode and node.val == me and _depth < 8:
            t = use_type(stmts, k, static_type, _depth + 1) if decimal_const(node.typ) \
                else hints.context_type(type_text(node.typ))   # (a π prints its type inside: `π (%7, Int32)`)
            if t not in (None, hints.AMBIGUOUS):
                return t
        elif type(node) is N.Expr and node.head == "call" and me in node.args[1:] \
                and (named := callee_name(node.args[0])) is not None:
            if named.name == "tuple" and named.module in ("Core", None):
                t = _tuple_element(s.type, node.args[1:].index(me))
                if t is not None:
                    return t
            elif named.name in hints.SAME_TYPE:
                for a in node.args[1:]:
                    t = static_type(a) if a != me and not (type(a) is V.SSAValue and _decimal_stmt(stmts, a)) else None
                    if t is not None and t != hints.AMBIGUOUS:
                        return t
    return None


def _tuple_element(typ, j: int) -> str | None:
    """The concrete integer type of element `j` of a `Tuple{…}` (or `PartialStruct(Tuple{…}, …)`) statement type."""
    text = type_text(typ) if typ is not None else None
    if text is None or not text.startswith("Tuple{") or not text.endswith("}"):
        return None
    params = split_params(text[6:-1])
    return hints.integer_type(params[j]) if j < len(params) else None


def defined_type(typ):
    """`T` of `MaybeUndef(T)` (a φ with an `#undef` edge), else `typ`."""
    if type(typ) is T.TypeCall and T.is_lattice_element(typ) and typ.head.name == "MaybeUndef" and typ.args:
        return typ.args[0]
    return typ


def _decimal_stmt(stmts, v: V.SSAValue) -> bool:
    return 1 <= v.id <= len(stmts) and decimal_const(stmts[v.id - 1].type)


def name_fields(value, X: int, i: int, exact: bool = False):
    """The op that gives a shown struct constant its field names (and mutability) from the run's struct table,
    once: they are its type's.  `exact` (a constant the code calls, whose method computes with its fields): its
    decimal fields get their declared widths (`field_widths`)."""
    key = value.type.split("{")[0]

    def op(regs, _at=i):
        if value.names is None:
            found = regs[X].struct_of(key, key)
            if found is not None:
                value.names, value.mutable = found
        if exact:   # (once typed, the constant has no decimal field left: later runs find nothing to do)
            value.fields = field_widths(value, regs[X].provider)
    return op


_NUMBERS = frozenset(INT_TYPES) | frozenset(FLOAT_TYPES)


def field_widths(value, provider) -> tuple:
    """The fields of a shown struct constant with each decimal number as its field's declared type: `show` prints
    `Fn5(-56)` for an `Int8` field and an `Int64` one alike (Julia's default struct `show` prints each field's
    value by its own `show`), so the struct's field types (a provider's `field_types`: a live Julia's, a
    `# struct` line's) decide; where they are not known, or a field's type is not a concrete number type (an
    `Integer` field holds any integer), `NotInterpretable`: the run would otherwise compute with the wrong width."""
    if any(_holds_decimal(f) for f in value.fields if type(f) in (tuple, JStruct)):
        raise NotInterpretable(f"a field of the constant {value.type}(…) holds a decimal number inside a tuple or a "
                               "struct, whose width is not in the IR")
    ambiguous = [k for k, f in enumerate(value.fields) if type(f) in (int, float)]
    if not ambiguous:
        return value.fields
    ask = getattr(provider, "field_types", None)
    types = ask(value.type) if ask is not None else None
    if types is None or len(types) != len(value.fields):
        raise NotInterpretable(f"the field types of the constant {value.type}(…) are not in the IR (`show` prints "
                               "an Int8 field and an Int64 one alike)")
    fields = list(value.fields)
    for k in ambiguous:
        t = types[k]
        if t not in _NUMBERS:
            raise NotInterpretable(f"field {k + 1} of the constant {value.type}(…) is a {t}: which number it holds "
                                   "is not in the IR")
        fields[k] = convert_number(t, fields[k])
    return tuple(fields)


def _holds_decimal(v) -> bool:
    """Whether `v` (a shown constant's value) is or holds a number `show` printed without its width."""
    if type(v) in (int, float):
        return True
    if type(v) is tuple:
        return any(map(_holds_decimal, v))
    return type(v) is JStruct and any(map(_holds_decimal, v.fields))


def optimized_print(fn) -> bool:
    """Whether `fn` shows the optimizer's marks (Julia 1.5.3's `run_passes`, compiler/optimize.jl): IRCode, or
    `slot2reg`'s φ, φᶜ, ϒ, π, or calling by `invoke` (inlining's resolved calls).  Julia prints none of them in
    slot form, so slot form holding one (`invoke`, left by jlir's out-of-ssa of a typed print) is the optimizer's
    code too.  An `optimize=false` print (`type_annotate!` only) holds the source's literals; a print with no mark
    is taken as one (a caller knowing the form says it: `run`'s `optimized`, `jlir run --optimized`, a
    `# optimized: true` heading)."""
    if fn.form is Form.IRCODE:
        return True
    if fn.form is not Form.TYPED:
        return False
    return any(type(s.node) in _SSA_NODES or (type(s.node) is N.Expr and s.node.head == "invoke")
               or (type(s.node) is N.Expr and s.node.head == "=" and type(s.node.args[1]) is N.Expr
                   and s.node.args[1].head == "invoke") for s in fn.positional)


_SSA_NODES = (N.PhiNode, N.PhiCNode, N.UpsilonNode, N.PiNode)


def refuse_untyped_literals(args, dynamic: bool = True, name: str | None = None, typ=None, known=None) -> None:
    """A dynamic call's literal argument printed without its type (`Main.mod(3, %22)::Any`): optimized code
    holds the values inlining and constant folding made (g3_923's `Int16(3)` became `3`), and a dynamic call's
    signature is not printed, so its width is unknown (slot forms hold the source's literals: Int64).  Likewise
    the literal a `setfield!` stores where its statement type does not prove it (`stored_literal_type`).
    `known(a)`: the type Julia gave literal `a` (`jlir.interp.literal_types`), None where not known."""
    known = known or (lambda a: None)
    if not dynamic:
        if name == "setfield!" and len(args) == 3 and known(args[2]) is None:
            stored_literal_type(args[2], typ)
        return
    for a in args:
        if known(a) is not None:
            continue
        if hints.width_unshown(a):
            raise NotInterpretable(f"the type of the literal {getattr(a, 'text', a)} passed to a dynamic call "
                                   "is not in the IR")


def stored_literal_type(v, typ) -> str | None:
    """The type of a literal `setfield!` stores (`Core.setfield!(%5, :contents, -0.0)`, a captured variable's
    `Core.Box`, whose field is `Any`): the statement's type `typ`, since `setfield!` returns the value it stores
    (`setfield!_tfunc` in Julia 1.5.3's compiler/tfuncs.jl); a `Const(-0.0, false)` shows only the value again, and
    optimized code holds folded values of any width (main_998's Float16 `-0.0`): refused then."""
    if not hints.width_unshown(v):
        return None
    rt = "" if typ is None or T.is_lattice_element(typ) else type_text(typ)
    if (hints.is_float_zero(v) and rt in ("Float16", "Float64")) or (hints.is_ambiguous(v) and hints.integer_type(rt)):
        return rt  # (`hints.call_literals` gives it)
    raise NotInterpretable(f"the type of the literal {getattr(v, 'text', v)} setfield! stores is not in the IR")
