"""Values in `show` form: what a quote around a value means, and whether a parsed type prints back to its text.

`show` prints an Expr, an SSA value, a slot or a statement node quoted
(`:(%3)`, `:(goto %7)`); inside `$(Expr(…))` and in statement vectors the
model holds the value itself.  A type is only kept structured when jlir's
printer gives its text back (syntax may import the printer; never the reverse).
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.style import Style
from jlir.syntax.errors import Refused

_UNDEF = ("#undef",)
_SHOWN_ARGUMENT_HEADS = {("Core", "Compiler", "Argument"), ("Core", "Argument")}
# Values whose `show` form is `:(…)`: a TypeQuote around one of them is just that value.  Every operand value and
# statement node of the model (walk.KNOWN) shows quoted, except those `show` prints as themselves: a new node
# kind is quoted by default, with no edit here.
_SHOWN_AS_THEMSELVES = frozenset({V.Symbol, V.Literal, V.Splat, N.EnterNode, N.MethodInstance})
_QUOTED_IN_SHOW = tuple(sorted((c for c in walk.KNOWN if c.__module__ in (V.__name__, N.__name__)
                                and c not in _SHOWN_AS_THEMSELVES), key=lambda c: c.__name__))


def symbol_name(text: str) -> str:
    """`:x` → `x`; `:(=)` → `=`."""
    name = text[1:]
    return name[1:-1] if name.startswith("(") and name.endswith(")") else name


def unquote_shown(v):
    """A value in `show` form as the model holds it: `:(%3)` is `%3`, `Core.Argument(2)` is `_2`."""
    if isinstance(v, T.TypeQuote):
        if isinstance(v.inner, V.Argument):  # `:(_9)` shows a slot; an Argument shows as `Core.Argument(9)`
            return V.SlotNumber(None, v.inner.n)
        if isinstance(v.inner, V.Literal) and v.inner.kind == "int" and v.inner.text.isdigit():
            return V.SlotNumber(v.inner.text)   # `:(253)` shows a slot named by a number (an integer shows bare)
        return v.inner if isinstance(v.inner, _QUOTED_IN_SHOW) else v
    if isinstance(v, T.TypeCall) and isinstance(v.head, T.TypeName) and v.head.path in _SHOWN_ARGUMENT_HEADS \
            and len(v.args) == 1 and isinstance(v.args[0], V.Literal):
        return V.Argument(int(v.args[0].text))
    if isinstance(v, V.Literal) and v.kind == "symbol":
        return V.Symbol(symbol_name(v.text))
    return v


def reprints(value, text: str, every_style: bool = False, printers=None) -> bool:
    """Whether `value` prints back to `text` in the ≤1.5 or the 1.6+ spelling of types (`every_style`: in both,
    as a constant must whose text does not follow the dump's version, like quoted code `:(Tuple{A, B})`)."""
    check = all if every_style else any
    return check(printer.type(value) == text for printer in (printers or shown_printers()))


def shown_printers():
    """The printers of the ≤1.5 and the 1.6+ spelling of types."""
    from jlir.printer.exprs import ExprPrinter
    from jlir.printer.forms import format_function
    printers = ExprPrinter(Style.for_version("1.5")), ExprPrinter(Style.for_version("1.6"))
    for p in printers:
        p.nested_codeinfo = format_function  # a statement holding a CodeInfo (`$(Expr(:thunk, CodeInfo(…)))`)
    return printers


def check_callee(callee, parenthesized: set, at, args: tuple = ()) -> None:
    """Refuse a tuple called with one pair of parentheses, `(a, b)(x)`: `show_call` (base/show.jl) prints a callee
    that is not a name in parentheses around its own print, so Julia shows `((a, b))(x)`, and `(a, b)(x)` would
    read into a call that prints back otherwise.  `parenthesized`: the ids of the values written in parentheses;
    `at`: the token after the callee (its column locates the error).  Refuse `#undef` among a call's `args` too:
    `show` writes it only for an unassigned field or element of a value (`show_default`'s `undef_ref_str`)."""
    if type(callee) is T.TypeTuple and id(callee) not in parenthesized:
        raise Refused("a tuple called: Julia prints a callee that is not a name in parentheses, `((a, b))(x)`",
                      getattr(at, "start_pos", None) or 0)
    if any(type(a) is T.TypeName and a.path == _UNDEF for a in args):
        raise Refused("`#undef` is no argument of a call: `show` writes it only for an unassigned field of a "
                      "value (`show_default`, base/show.jl), `Base.RefValue{Symbol}(#undef)`",
                      getattr(at, "start_pos", None) or 0)


def dict_pairs_elided(items: tuple, at) -> tuple:
    """`items` and `T.ELIDED` last: `show(::AbstractDict)` under `:limit` prints `…` right after its 10th pair and
    stops (base/dict.jl).  No other value's `show` prints a bare `…` before its `)`, so other items are refused."""
    if not all(type(x) is T.TypeInfix and x.op == "=>" for x in items):
        raise Refused("`…` before `)` is `show` of an AbstractDict cut short, whose items are `k => v` pairs",
                      getattr(at, "start_pos", None) or 0)
    return items + (T.ELIDED,)


# What a call's operand is and an element of a Tuple value a unary operator is applied to is not: an SSA value, an
# argument, a slot (`x@_30`, `x::Int64`, or a slot form's bare name: a shown Tuple of functions or types, `(sin,
# Int64)`, reads alike, but `-` of such a value has no method and lowering never builds it).
_RUNTIME_OPERANDS = (V.SSAValue, V.Argument, V.NamedArgument, V.TypedSlot, V.SlotNumber)


def _runtime_operand(x) -> bool:
    return type(x) in _RUNTIME_OPERANDS


def operator_call(op, operand, parenthesized: set):
    """The call a unary operator's print stands for: `-x` is `op` of one operand, but `-(%1, %1, %1)` is `op` of
    three.  `show_unquoted` prints a call of an operator neither infix nor unary as `op(args…)` (`show_call`); a
    Tuple value as the one argument prints alike, but no value holds an SSA value or an argument."""
    if type(operand) is T.TypeTuple and id(operand) not in parenthesized \
            and any(map(_runtime_operand, operand.items)):
        return N.Expr("call", (op, *operand.items))
    return N.Expr("call", (op, operand))
