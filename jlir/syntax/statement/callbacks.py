"""The Lark reduce callbacks: each grammar rule's value in jlir's model, built as the parser reduces.

Lark (or jlir's lean driver, jlir.syntax.statement.driver) calls a `_Build` method per
reduction with the rule's children; no parse tree is built.  The arguments of
`$(Expr(…))` come in `show` form and are unwrapped by jlir.syntax.statement.shown.
"""
from __future__ import annotations

import copy
import re

from lark import Token, Transformer

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.semantics.names import is_identifier, var_quoted
from jlir.semantics.operators import WORD_OPS, is_operator, shown_parenthesized
from jlir.syntax.errors import Refused
from jlir.syntax.statement.lexer import IDENT
from jlir.syntax.statement.opcalls import OperatorCalls
from jlir.syntax.statement.sharing import SHARED_KINDS, Shared, keep, split_globalref
from jlir.syntax.statement.shown import check_callee, dict_pairs_elided
from jlir.syntax.statement.shown import symbol_name as _symbol_name, unquote_shown as _unquote_shown

_ARG_RX = re.compile(r"_([0-9]{1,18})$")
_SLOTNUM_RX = re.compile(r"(.*)@_([0-9]{1,18})$")


def _tokens(children):
    return [c for c in children if not isinstance(c, Token)]


def _as_type(v):
    """A statement-level value used as a type head (`Vector` in `Vector{Float64}`)."""
    if isinstance(v, V.SlotNumber) and v.id is None:
        return T.TypeName((v.name,))
    if isinstance(v, V.GlobalRef):
        return T.TypeName(tuple(v.module.split(".")) + (var_quoted(v.name),) if v.module else (v.name,))
    return v


class _Build(OperatorCalls, Transformer):
    """Reduce callbacks: each returns a model value (see jlir.ir)."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self._parenthesized: set[int] = set()
        self.shared = Shared()  # one TypeName / GlobalRef per distinct name (jlir.syntax.statement.sharing)
        self.parse_shown = self.parse_quoted = None  # readers of `$(…)`, `:(…)`: set by the StatementParser

    # --- statement nodes
    def goto(self, c):
        return N.GotoNode(c[1])

    def goto_if_not(self, c):
        return N.GotoIfNot(c[3], c[1])

    def unless_goto(self, c):
        # `show` of a ≤1.5 `Expr(:gotoifnot, cond, dest)` (statement vectors): kept an Expr, not a GotoIfNot node
        return N.Expr("gotoifnot", (c[1], V.Literal(str(c[3]), "int")))

    def return_value(self, c):
        value = c[1]
        return N.ReturnNode(V.GlobalRef(None, str(value)) if isinstance(value, Token) else value)

    def return_bare(self, c):
        return N.ReturnNode(V.NOTHING)

    def unreachable(self, c):
        return N.ReturnNode(None)

    def phi(self, c):
        edges = [x for x in c[2:-1] if isinstance(x, tuple)]
        return N.PhiNode(tuple(e for e, _ in edges), tuple(v for _, v in edges))

    def phi_edge(self, c):
        value = c[2]
        if isinstance(value, Token):  # `#undef`, or an operator function value (`#5 => ==`)
            value = None if value.type == "UNDEF" else V.GlobalRef(None, str(value))
        return (c[0], value)

    def target(self, c):  # `#3`, `%3`; 0.7-DEV's bare `3`
        return int(c[0]) if c[0].type == "INT" else int(c[0][1:])

    def phic(self, c):
        return N.PhiCNode(tuple(x for x in _tokens(c[2:-1]) if x is not None))

    def upsilon(self, c):
        v = c[2]
        return N.UpsilonNode(None if isinstance(v, Token) else v)

    def pi(self, c):
        return N.PiNode(c[2], c[4])

    def enter(self, c):
        return N.EnterNode(c[1], c[3] if len(c) > 3 else None)

    def invoke(self, c):
        callee, args = c[1], c[3] or ()
        arg_types, values = [], []
        for a in args:
            # Julia annotates a leading run of the arguments (the instance's signature): an `x::T` after an
            # unannotated argument is that argument's own expression, and stays one (so it prints back as read).
            if isinstance(a, V.TypedSlot) and len(arg_types) == len(values):
                values.append(a.value)
                arg_types.append(a.type)
            else:
                values.append(a)
        return N.Expr("invoke", (N.MethodInstance(tuple(arg_types)), callee, *values))

    def declare(self, c):
        """`global x` (lowered top-level code): `Expr(:global, x)`, likewise `const` and `local`."""
        return N.Expr(str(c[0]), tuple(x for x in c[1:] if not isinstance(x, Token)))

    # --- expressions
    def assign(self, c):  # (an operator function assigned, `x = %`, is a token: the function, shown bare)
        if str(c[1]) != "=":  # `a ~ b`: a call of an operator of assignment's precedence
            return N.Expr("call", (self.shared.operator(str(c[1])), c[0], c[2]))
        return N.Expr("=", (c[0], V.GlobalRef(None, str(c[2])) if isinstance(c[2], Token) else c[2]))

    def where_expr(self, c):
        """`(NamedTuple{(:a,),T} where T<:Tuple)`: a UnionAll constant, parenthesized as a callee."""
        t = _as_type(c[1])
        for var in c[3:-1:2]:
            t = T.TypeWhere(t, var)
        return t

    def vect(self, c):
        """`UInt32[0x40000001]`: an array constant."""
        return T.TypeVect(_as_type(c[0]), c[2] or ())

    def vect_items(self, c):
        return tuple(T.ELIDED if isinstance(x, Token) and x.type == "ELISION" else x
                     for x in c if not (isinstance(x, Token) and x.type == "COMMA") and x is not None)

    t_vect_items = vect_items

    def where_arg(self, c):
        t = _as_type(c[0])
        for var in c[2::2]:
            t = T.TypeWhere(t, var)
        return t

    def op_typed(self, c):
        return V.TypedSlot(V.GlobalRef(None, str(c[0])), c[2])

    def typed(self, c):
        return V.TypedSlot(c[0], c[2])

    def splat(self, c):
        return V.Splat(c[0])

    def call(self, c):
        callee, args = c[0], c[2] or ()
        if isinstance(callee, V.GlobalRef) and callee.module == "Core" and callee.name == "NewvarNode" and len(args) == 1:
            return N.NewvarNode(_unquote_shown(args[0]))
        if type(callee) is V.SlotNumber and callee.id is None and callee.name in WORD_OPS \
                and id(callee) not in self._parenthesized:
            return N.Expr("call", (V.GlobalRef(None, callee.name), *args))  # `in(x, %1, ===)`: prefix `in`
        if (type(callee) is V.SlotNumber and callee.id is None or type(callee) in (T.TypeApply, T.TypeName)) \
                and id(callee) not in self._parenthesized:
            # `Float16(0.5)`, `var"#1#2"()`, `Val{2}()`: a constant shown by `show`, not a call
            # (Julia parenthesizes every callee that is not a GlobalRef: `(f)(x)`).
            return T.TypeCall(_as_type(callee), tuple(args), type(args) is _TrailingComma)
        if type(args) is _TrailingComma:  # no call prints a trailing comma: a shown value
            return T.TypeCall(_as_type(callee), tuple(args), True)
        check_callee(callee, self._parenthesized, c[1], args)  # `((a, b))(x)`, never `(a, b)(x)`; no `#undef`
        if isinstance(callee, V.GlobalRef) and id(callee) in self._parenthesized and (
                callee.module is not None or not shown_parenthesized(callee.name, len(args), V.Splat in map(type, args))):
            callee = _as_type(callee)  # `(Core.Intrinsics.add_int)(…)`, `(-)(%4, 1)`, `(-)(a, b, c)`: a function constant
        return N.Expr("call", (callee,) + args)  # (not `(callee, *args)`: a list, then the tuple; memory on huge inputs)

    def curly(self, c):
        return T.TypeApply(_as_type(c[0]), tuple(c[2] or ()))

    def args(self, c):
        if c and isinstance(c[-1], Token):  # `CartesianIndex(1,)`
            return _TrailingComma(x for x in c if x is not None and not isinstance(x, Token))
        return tuple(x for x in c if x is not None and not isinstance(x, Token))

    tparams = targs = args

    def targs_elided(self, c):
        """An AbstractDict's pairs, `show` cut after the 10th under `:limit`: the `…` stands last (`T.ELIDED`)."""
        return dict_pairs_elided(tuple(x for x in c if x is not None and not isinstance(x, Token)), c[-1])

    def ssa(self, c):
        return V.SSAValue(int(c[0][1:]))

    def argref(self, c):  # 0.7-DEV: `%%2` an argument by number, `%%x` by name
        return V.Argument(int(c[0][2:])) if c[0][2:].isdigit() else V.NamedArgument(str(c[0])[2:])

    def slotnum(self, c):
        m = _SLOTNUM_RX.match(c[0])
        return V.SlotNumber(m.group(1), int(m.group(2)))

    def name(self, c):
        text = str(c[0])
        if (hit := self.shared.names.get(text)) is not None:
            return hit
        m = _ARG_RX.match(text)
        return keep(self.shared.names, text, V.Argument(int(m.group(1))) if m else V.SlotNumber(text))

    def globalref(self, c):
        text = str(c[0])
        hit = self.shared.globalrefs.get(text)
        if hit is not None:
            return hit
        if '.var"' in text:
            # Julia prints a GlobalRef to a non-identifier as `Mod.:(var"…")`; `Mod.var"…"` is a shown
            # name (a type or a function object), so a constant.
            return T.TypeName(tuple(_split_path(text)))
        ref = split_globalref(text)
        quoted = '.:(var"' in text or ".:" in text and is_operator(ref.name) or text.endswith('.:var"\'"')
        if not quoted and not is_identifier(ref.name):
            # Julia prints such a name `Mod.:(var"…")`: written bare it would not print back as it reads
            raise Refused(f"`{ref.name}` is no identifier: Julia prints it `{ref.module}.:(var\"{ref.name}\")`",
                          c[0].start_pos or 0)
        return keep(self.shared.globalrefs, text, ref)

    def quoted_symbol(self, c):
        return V.QuoteNode(V.Symbol(_symbol_name(str(c[0]))))

    def paren(self, c):
        inner = c[1]
        if type(inner) in SHARED_KINDS:  # its own object: the shared one stands unparenthesized elsewhere
            inner = copy.copy(inner)
        self._parenthesized.add(id(inner))
        return inner

    def tuple(self, c):
        return T.TypeTuple(tuple(_tokens(c)))

    def op_value(self, c):
        self._parenthesized.add(id(ref := V.GlobalRef(None, str(c[1]))))  # `(-)`: its own object, see `call`
        return ref

    def op_value_bare(self, c):
        return V.GlobalRef(None, str(c[0]))

    def op_value_stmt(self, c):  # `%1 = ==::Const(==, false)`: the function object, as `(==)(…)` is once compacted
        return _as_type(V.GlobalRef(None, str(c[0])))

    def any_op(self, c):
        return c[0]

    def new(self, c):
        return N.Expr("new", tuple(c[1] or ()))

    def splatnew(self, c):
        return N.Expr("splatnew", tuple(c[1] or ()))

    def quote(self, c):  # `:(…)`, captured whole: read as a statement where it is one (`:(%3)`, `:(goto %7)`)
        return self.parse_quoted(str(c[0]))

    def kept(self, c):  # kept as shown: a matrix constant `[1 2; 3 4]`, JuliaInterpreter's SSAValue `%J5`, and
        return T.TypeOpaque(str(c[0]))  # `quote` … `end` (`show` of a `:block` Expr, surface Julia over lines)

    # --- literals
    def int_literal(self, c):
        return V.Literal(str(c[0]), "int")

    def float_literal(self, c):
        return V.Literal(str(c[0]), "float")

    def string_literal(self, c):
        return V.Literal(str(c[0]), "string")

    def char_literal(self, c):
        return V.Literal(str(c[0]), "char")

    def bool_literal(self, c):
        return V.TRUE if c[0] == "true" else V.FALSE

    def nothing_literal(self, c):
        return V.NOTHING

    # --- interpolations: `$(Expr(:head, …))`, `$(QuoteNode(…))`
    def expr_interp(self, c):
        head = str(c[1])[1:]
        args = tuple(_unquote_shown(x) for x in c[2:] if not isinstance(x, Token))
        if head == "enter" and len(args) == 1 and isinstance(args[0], BlockRef):
            return N.EnterNode(args[0].block)
        if head == "enter" and len(args) == 1 and type(args[0]) is V.Literal and args[0].text.isdigit():
            return N.EnterNode(int(args[0].text))  # 0.7-DEV printed the EnterNode's block as a bare number
        ref = next((a for a in args if isinstance(a, BlockRef)), None)
        if ref is not None:  # no node of the model holds a bare block number anywhere else
            raise Refused(f"a block number `#{ref.block}` is read only in `$(Expr(:enter, #N))`", ref.column)
        return N.Expr(head, args)

    def quotenode_interp(self, c):  # `$(QuoteNode(v))`, or `$(v)` (VI_CONTENT: shown interpolated)
        return V.QuoteNode(_unquote_shown(self.parse_shown(str(c[0]))), c[0].type == "VI_CONTENT")

    def block_ref(self, c):
        return BlockRef(int(c[0][1:]), c[0].start_pos or 0)

    # --- shown values / types
    def t_where(self, c):
        return T.TypeWhere(c[0], c[2])

    def t_where_bound(self, c):
        return T.TypeWhere(c[0], T.TypeInfix(str(c[3]), c[2], c[4]))

    def t_infix(self, c):
        return T.TypeInfix(str(c[1]), c[0], c[2])

    def t_infix_decl(self, c):
        return T.TypeInfix("::", c[0], c[2])

    def t_prefix(self, c):
        return T.TypePrefix(str(c[0]), c[1])

    def t_apply(self, c):
        return T.TypeApply(c[0], tuple(c[2] or ()))

    def t_call(self, c):
        return T.TypeCall(c[0], tuple(c[2] or ()), type(c[2]) is _TrailingComma)

    def t_vect(self, c):
        return T.TypeVect(c[0], c[2] or ())

    def t_array(self, c):
        return T.TypeVect(None, c[1] or ())

    def t_name(self, c):
        text = str(c[0])
        hit = self.shared.type_names.get(text)
        return hit if hit is not None else keep(self.shared.type_names, text, self._t_name(text, c[0].type))

    def _t_name(self, text: str, kind: str):
        if ".:" in text:
            module, _, name = text.partition(".:")
            return T.TypeName(tuple(module.split(".")) + (":" + name,))
        if kind == "OPPATH":  # `Core.Compiler.<=`: the operator after the last dot of the module path
            module, op = _OPPATH_SPLIT.match(text).groups()
            return T.TypeName(tuple(_split_path(module)) + (op,))
        return T.TypeName(tuple(_split_path(text)))

    def t_symbol(self, c):
        return V.Literal(str(c[0]), "symbol")

    def t_ssa(self, c):
        return V.SSAValue(int(c[0][1:]))

    def t_slotnum(self, c):
        return self.slotnum(c)

    def t_hash_name(self, c):
        return T.TypeName((str(c[0]),))  # `∂(#3)`: a closure's name as `show` prints it

    def t_kwarg(self, c):
        return T.TypeInfix("=", T.TypeName((str(c[0]),)), c[2])

    def hash_name(self, c):
        return V.SlotNumber(str(c[0]))  # a slot named `#201` (a closure variable)

    def t_noted(self, c):
        return T.TypeNoted(c[0], str(c[1]))

    def t_opname(self, c):
        return T.TypeName((str(c[0]),))

    def t_comment(self, c):
        return T.TypeComment(str(c[0]))

    def t_undef(self, c):
        return T.TypeName((str(c[0]),))  # `#undef` (`undef_ref_str`), kept as written

    def t_tuple(self, c):
        return T.TypeTuple(tuple(_tokens(c)))

    def t_paren(self, c):
        return c[1]


class BlockRef:
    """`#4` inside `$(Expr(:enter, #4))`: only lives until the callback turns the Expr into an EnterNode."""
    __slots__ = ("block", "column")

    def __init__(self, block: int, column: int):
        self.block, self.column = block, column


_PATH_SPLIT = re.compile(r'var"[^"\\]*+(?:\\.[^"\\]*+)*+"|[^.]+')


class _TrailingComma(tuple):
    """Arguments written with a trailing comma, `(1,)`: only `show` of a value prints them so."""


_OPPATH_SPLIT = re.compile(r"(" + IDENT + r"(?:\." + IDENT + r")*)\.(.+)$")


def _split_path(text: str) -> list[str]:
    return _PATH_SPLIT.findall(text)
