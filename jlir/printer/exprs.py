"""Statement, value and type text, following Julia's `show_unquoted` / `show` rules.

Two contexts, as in Julia: *unquoted* (a statement as the IR printer shows
it) and *shown* (an argument of `$(Expr(…))` or the content of a `QuoteNode`,
where `%3` shows as `:(%3)` and a Symbol as `:x`).  Infix printing, parentheses
and operator spacing come from `jlir.semantics.operators`, the one operator table.
"""
from __future__ import annotations
import re
from itertools import islice

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.semantics.operators import (CHAINABLE, PAREN_QUOTED, SYMBOL_PAREN_QUOTED, PREC_ASSIGN, PREC_DECL, UNARY_OPS,
                               WORD_OPS, is_operator, op_spacing, precedence, shown_infix,
                               shown_prefix)
from jlir.semantics.names import is_identifier, is_symbol_word, var_quoted
from jlir.ir.style import Style
from jlir.ir.walk import UnknownKind, scanned_uses
from jlir.geometry import rails
from jlir.geometry.labels import LABEL_TEXT
from jlir.printer.batched import joined
from jlir.printer.typeshapes import is_dict_show as _is_dict_show, is_union_head as _union_head

_MEMO_LIMIT = 1 << 12  # the GlobalRefs whose text `ExprPrinter.globalref` memoises: the first met (a dump's few)


class ExprPrinter:
    """Prints model values as one Julia version family does (`style`); results are memoised per object."""

    def __init__(self, style: Style, *, ircode: bool = False):
        self.style = style
        self.bare_return_nothing = style.bare_return_nothing and not ircode  # ≤1.5 CodeInfo: `return` (IRCode's: no)
        self._curly_sep, self._block, self._arg = style.curly_sep, style.block_prefix, style.argument_prefix
        self._statements: dict[int, tuple[object, str]] = {}
        self._uses: dict[int, tuple[object, tuple[int, ...]]] = {}
        self._suffix: dict[object, bool] = {}
        self.line_memo: dict[int, tuple] = {}  # `statement_line` by id(s) * 2 + show_types (read inline by the printer)
        self._ssa_columns: dict[int, dict[int, str]] = {}
        self._rails: dict[int, str] = {}
        self._globalrefs: dict[int, tuple[object, str]] = {}
        self._seen: set[int] = set()  # `line_memo` keys of the statements printed once (see `statement_line`)
        # prints a CodeInfo nested in a statement (`$(Expr(:thunk, CodeInfo(…)))`): set by jlir.printer.forms,
        # which prints functions (this module is below it)
        self.nested_codeinfo = None

    # ------------------------------------------------------------------ statements (memoised per object)
    def statement(self, node, typed: bool) -> str:
        """`node` as a statement line shows it (`typed`: a `::T` suffix follows, so infix operands bind tighter).

        Memoised by identity, like `type`: the parser shares one node object per distinct statement text, so a
        document's repeated statements are printed once.
        """
        key = id(node) * 2 + typed
        hit = self._statements.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        text = self.unquoted(node, PREC_DECL if typed else 0)
        self._statements[key] = (node, text)
        return text

    def statement_line(self, s, show_types: bool) -> tuple:
        """`(s, uses, bare, typed)`: the SSA ids `s` uses (None while not memoised: `used_ids` reads them), its text
        after the SSA column without and with `::T` (1.12's label included).  Memoised by identity from its second
        print on (a Statement printed once costs only its id in `_seen`; memory on huge inputs)."""
        key = id(s) * 2 + show_types
        hit = self.line_memo.get(key)
        if hit is not None and hit[0] is s:
            return hit
        again = key in self._seen
        if not again:
            self._seen.add(key)
        node = s.node
        show_type = show_types and self.takes_type_suffix(node)
        text = self.statement(node, show_type) if again else self.unquoted(node, PREC_DECL if show_type else 0)
        if s.label:
            if s.label.endswith("invoke") and text.startswith("invoke "):
                text = text[len("invoke "):]
            text = LABEL_TEXT[s.label] + text
        typed = f"{text}::{self.type(s.type)}" if show_type and s.type is not None else text  # (one copy of `text`)
        if not again:  # (its uses are read by `used_ids`, off the memo: not needed here)
            return s, None, text, typed
        entry = self.line_memo[key] = (s, self.uses(node), text, typed)
        return entry

    def used_ids(self, stmts, show_types: bool) -> set[int]:
        """The SSA ids the statements use (`uses`), read off their memoised lines where printed before."""
        memo, used = self.line_memo, set()
        for s in stmts:
            hit = memo.get(id(s) * 2 + show_types)
            used.update(hit[1] if hit is not None and hit[0] is s else scanned_uses(s.node))
        return used

    def start_rail(self, block: int, W: int, merge: bool) -> str:
        """`jlir.geometry.rails.start_rail`, memoised (a document's functions share their first blocks' rails)."""
        key = (block * 2 + merge) * 64 + W
        text = self._rails.get(key)
        if text is None:
            text = self._rails[key] = rails.start_rail(block, W, merge)
        return text

    def ssa_columns(self, width: int) -> dict[int, str]:
        """The memo of `ssa_column` for one width (`sid → text`), for a caller's own lookups."""
        cols = self._ssa_columns.get(width)
        if cols is None:
            cols = self._ssa_columns[width] = {}
        return cols

    def ssa_column(self, sid: int, width: int) -> str:
        """`jlir.geometry.rails.ssa_column` (`%sid = ` padded to `width` digits), memoised per width."""
        cols = self._ssa_columns.get(width)
        if cols is None:
            cols = self._ssa_columns[width] = {}
        text = cols.get(sid)
        if text is None:
            text = rails.ssa_column(sid, width)
            if sid < 4096:  # the ids a document's functions share; a huge function's own are not kept (memory)
                cols[sid] = text
        return text

    def takes_type_suffix(self, node) -> bool:
        """`jlir.ir.nodes.takes_type_suffix`, memoised by node class (and head, for an Expr)."""
        key = (N.Expr, node.head) if type(node) is N.Expr else type(node)
        hit = self._suffix.get(key)
        if hit is None:
            hit = self._suffix[key] = N.takes_type_suffix(node)
        return hit

    def uses(self, node) -> tuple[int, ...]:
        """The SSA ids Julia's printer counts as used by `node` (`jlir.ir.walk.scanned_uses`), memoised by identity."""
        key = id(node)
        hit = self._uses.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        ids = scanned_uses(node)
        self._uses[key] = (node, ids)
        return ids

    # ------------------------------------------------------------------ names
    def globalref(self, g: V.GlobalRef) -> str:
        if g.module is None:
            return g.name
        hit = self._globalrefs.get(id(g))  # memoised by identity: templates share their GlobalRefs
        if hit is not None and hit[0] is g:
            return hit[1]
        text = f"{g.module}.{self.qualified_name(g.name)}"
        if len(self._globalrefs) < _MEMO_LIMIT:  # (distinct GlobalRefs, one per argument of a call, gain nothing)
            self._globalrefs[id(g)] = (g, text)
        return text

    def qualified_name(self, name: str) -> str:
        """`add_int`, `:+`, `:(==)`, `:(var"#f#1")` (1.3+) or `:(#f#1)` (≤1.2) after `Module.`; the postfix
        operator `'` as `:var"'"` (1.3+: `show_globalref` quotes an operator without parentheses, and `show_sym`
        writes `'` alone of the operators as `var"'"`, base/show.jl)."""
        if is_identifier(name):
            return name
        if name == "'" and self.style.hi > (1, 2):
            return ':var"\'"'
        if is_operator(name):
            return f":({name})" if name in PAREN_QUOTED else f":{name}"
        if self.style.hi <= (1, 2):
            return f":({name})"
        return f':(var"{name}")'

    def symbol(self, name: str) -> str:
        """A Symbol in `show` form: `:x`, `:+`, `:(==)`, `Symbol("a b")`."""
        if name in SYMBOL_PAREN_QUOTED:
            return f":({name})"
        if is_symbol_word(name) or is_operator(name) or name in _BARE_SYMBOLS or _VAR_NAME.fullmatch(name) \
                or (name.startswith(".") and is_operator(name[1:])):  # dotted operators: `:.=`, `:.<:`
            return ":" + name
        return 'Symbol("' + name.replace("\\", "\\\\").replace('"', '\\"') + '")'

    @staticmethod
    def slot(s: V.SlotNumber) -> str:
        if s.name is None:
            return f"_{s.id}"
        if s.id is None:
            return s.name
        return f"{s.name}@_{s.id}"

    # ------------------------------------------------------------------ unquoted
    def unquoted(self, v, prec: int = 0, quoted: bool = False) -> str:
        """`v` as it appears in a statement; `prec` is the surrounding precedence, `quoted` inside `:(…)`."""
        cls = type(v)
        if cls is V.SSAValue:
            return f"%{v.id}"
        if cls is V.Literal:
            return v.text
        if cls is V.SlotNumber:
            return self.slot(v)
        if cls is V.Argument or cls is V.NamedArgument:  # `_2`; 0.7-DEV: `%%2`, `%%x` (later: `x`)
            return f"{self._arg}{v.n}" if cls is V.Argument else ("%%" if self.style.dev_0_7 else "") + v.name
        if cls is V.GlobalRef:
            return self.globalref(v)
        if cls is N.Expr:
            return self.expr(v, prec, quoted)
        if cls is V.QuoteNode:
            inner = v.value
            if v.interpolated:
                return f"$({self.shown(inner)})"
            if type(inner) is V.Symbol:
                return self.symbol(inner.name)
            return f"$(QuoteNode({self.shown(inner)}))"
        if cls is V.Symbol:
            return v.name
        if cls is V.Splat:
            return self.unquoted(v.value, 0, quoted) + "..."
        if cls is V.TypedSlot:
            return f"{self.unquoted(v.value, PREC_DECL, quoted)}::{self.type(v.type)}"
        rule = _NODE_RULES.get(cls)
        if rule is not None:
            return rule(self, v, "%" if quoted else self._block, quoted)
        if isinstance(v, T.Shown):
            return self.type(v)
        raise UnknownKind(f"no printing rule for {cls.__module__}.{cls.__qualname__} in a statement")

    def node(self, n, quoted: bool = False) -> str:
        """A control-flow or SSA node; inside a quote, targets are statement numbers (`%9`)."""
        rule = _NODE_RULES.get(type(n))
        if rule is None:
            raise UnknownKind(f"not a node with a printing rule: {type(n).__qualname__}")
        return rule(self, n, "%" if quoted else self._block, quoted)

    # one rule per control-flow or SSA node kind: (printer, node, block prefix, quoted) → text
    def _goto(self, n: N.GotoNode, prefix: str, quoted: bool) -> str:
        return f"goto {prefix}{n.label}"

    def _goto_if_not(self, n: N.GotoIfNot, prefix: str, quoted: bool) -> str:
        return f"goto {prefix}{n.dest} if not {self.unquoted(n.cond, 0, quoted)}"

    def _return(self, n: N.ReturnNode, prefix: str, quoted: bool) -> str:
        if n.val is None:
            return "unreachable"
        if n.val == V.NOTHING and self.bare_return_nothing:
            return "return"
        return "return " + self.unquoted(n.val, 0, quoted)

    def _phi(self, n: N.PhiNode, prefix: str, quoted: bool) -> str:
        edges = ", ".join(f"{prefix}{e} => {'#undef' if v is None else self.unquoted(v, 0, quoted)}"
                          for e, v in zip(n.edges, n.values))
        return f"φ ({edges})"

    def _phic(self, n: N.PhiCNode, prefix: str, quoted: bool) -> str:
        return "φᶜ (" + ", ".join(self.unquoted(v, 0, quoted) for v in n.values) + ")"

    def _upsilon(self, n: N.UpsilonNode, prefix: str, quoted: bool) -> str:
        return "ϒ (" + ("#undef" if n.val is None else self.unquoted(n.val, 0, quoted)) + ")"

    def _pi(self, n: N.PiNode, prefix: str, quoted: bool) -> str:
        return f"π ({self.unquoted(n.val, 0, quoted)}, {self.type(n.typ)})"

    def _enter(self, n: N.EnterNode, prefix: str, quoted: bool) -> str:
        if self.style.enter_as_expr:  # quoted (a dead statement 1.5 shows in a `Const`), the bare number it holds
            return f"$(Expr(:enter, {'' if quoted else self._block}{n.catch_dest}))"
        scope = "" if n.scope is None else " with scope " + self.unquoted(n.scope, 0, quoted)
        return f"enter #{n.catch_dest}{scope}"

    def _newvar(self, n: N.NewvarNode, prefix: str, quoted: bool) -> str:
        return f"Core.NewvarNode({self.shown(n.slot)})"

    def expr(self, e: N.Expr, prec: int, quoted: bool) -> str:
        head, args = e.head, e.args
        if head == "call":
            return self.call(args, prec, quoted)
        if head == "invoke" and len(args) >= 2:
            return "invoke " + self.invoke(e, quoted)
        if head in ("new", "splatnew"):
            return joined(", ", (self.unquoted(a, 0, quoted) for a in args), len(args), f"%{head}(", ")")
        if head == "gotoifnot" and len(args) == 2 and type(args[1]) is V.Literal:
            # ≤1.5 `Expr(:gotoifnot)`, shown: `unless %5 goto %16` (the IR printer shows a GotoIfNot node instead)
            return f"unless {self.unquoted(args[0], 0, quoted)} goto %{args[1].text}"
        if head in N.DECLARATION_HEADS and args:
            return f"{head} " + ", ".join(self.unquoted(a, 0, quoted) for a in args)
        if head == "=" and len(args) == 2:
            text = f"{self.unquoted(args[0], PREC_ASSIGN, quoted)} = {self.unquoted(args[1], PREC_ASSIGN, quoted)}"
            return f"({text})" if PREC_ASSIGN <= prec else text
        return "$(Expr(" + ", ".join([self.symbol(head)] + [self.shown(a) for a in args]) + "))"

    def invoke(self, e: N.Expr, quoted: bool = False) -> str:
        """`Main.g(%1::Int64, x)` (without the `invoke ` word): arguments annotated from the instance's signature."""
        mi, callee, args = e.args[0], e.args[1], e.args[2:]
        types = mi.arg_types if isinstance(mi, N.MethodInstance) else ()
        parts = []
        for i, a in enumerate(args):
            text = self.unquoted(a, 0, quoted)
            if i < len(types):
                text += "::" + self.type(types[i])
            parts.append(text)
        return f"{self.unquoted(callee, 0, quoted)}(" + ", ".join(parts) + ")"

    def callee(self, f, quoted: bool) -> str:
        """Julia's `show_call`: a GlobalRef or curly callee prints bare, anything else in parentheses."""
        if type(f) is V.GlobalRef and f.module is not None and not self.style.paren_globalref_callee:
            return self.globalref(f)
        if type(f) is V.GlobalRef and f.module is None:  # `in(…)`, but `(*)(…)`; 0.7-DEV: `*(…)`, never infix
            return f.name if f.name in WORD_OPS or self.style.dev_0_7 else f"({f.name})"
        if type(f) is V.Symbol and f.name != ":":  # top-level code's `rand(%1)`; Julia's `show_sym` (1.3+)
            return f.name if self.style.hi <= (1, 2) else var_quoted(f.name)
        return f"({self.unquoted(f, 0, quoted)})"

    def call(self, e_args: tuple, prec: int, quoted: bool) -> str:
        """A call's text from its Expr's args, the callee first (never sliced off: memory on huge inputs)."""
        f, n = e_args[0], len(e_args) - 1
        name = f.name if type(f) is V.GlobalRef and f.module is None else None  # `Base.:(==)(x, 1)` stays prefix
        if name is not None and (is_operator(name) or name in WORD_OPS) and not self.style.dev_0_7:
            args = e_args[1:]
            op_prec = precedence(name)
            if shown_infix(name, len(args), any(type(a) is V.Splat for a in args)):
                if len(args) == 1:
                    arg = args[0]
                    inner = self.unquoted(arg, op_prec or PREC_DECL, quoted)
                    if type(arg) is N.Expr and arg.head == "call":
                        inner = f"({self.unquoted(arg, 0, quoted)})"
                    return name + inner
                text = op_spacing(name).join(self.unquoted(a, op_prec, quoted) for a in args)
                return f"({text})" if op_prec <= prec else text
            if shown_prefix(name, len(args), any(type(a) is V.Splat for a in args)):
                return joined(", ", (self.unquoted(a, 0, quoted) for a in args), n, name + "(", ")")
        return joined(", ", (self.unquoted(a, 0, quoted) for a in islice(e_args, 1, None)), n,
                      self.callee(f, quoted) + "(", ")")

    # ------------------------------------------------------------------ shown
    def shown(self, v) -> str:
        """`v` in `show` form, as inside `$(Expr(…))` and `$(QuoteNode(…))`."""
        cls = type(v)
        if cls is V.Literal:
            return v.text
        if cls is V.Symbol:
            return self.symbol(v.name)
        if cls is V.Argument:
            return f"{self.style.argument_show_prefix}({v.n})"
        if cls is N.Expr and v.head not in ("call", "invoke", "new", "splatnew", "="):
            return f":({self.expr(v, 0, True)})"
        if cls in (V.SSAValue, V.SlotNumber, V.GlobalRef, V.QuoteNode, V.TypedSlot, N.Expr) or cls in _NODE_RULES:
            return f":({self.unquoted(v, 0, True)})"
        return self.type(v)

    # ------------------------------------------------------------------ types
    def type(self, t) -> str:
        """A type or shown constant.  Not memoised: a memo by object held a text per distinct type (each line's
        `::Val{k}`: 2–4× the input) and printed no faster over Base's IR (memory on huge inputs)."""
        cls = type(t)
        if cls is T.TypeName:
            return ".".join(t.path)
        if cls is T.TypeApply:
            sep = ", " if _union_head(t.head) else self._curly_sep
            return joined(sep, (self.type(p) for p in t.params), len(t.params), self.type(t.head) + "{", "}")
        if cls is T.TypeCall:
            sep = self.style.dict_pair_sep if _is_dict_show(t) else ", "
            args = t.args[:-1] if t.args and t.args[-1] == T.ELIDED else t.args  # a Dict's `…` follows its 10th pair
            return joined(sep, (self.type(a) for a in args), len(args), self.type(t.head) + "(",
                          ",)" if t.trailing_comma else "…)" if args is not t.args else ")")
        if cls is T.TypeWhere:
            return f"{self.type(t.body)} where {self.type(t.var)}"
        if cls is T.TypeTuple:
            return joined(", ", (self.type(i) for i in t.items), len(t.items), "(", ",)" if len(t.items) == 1 else ")")
        if cls is T.TypeVect:
            head = "" if t.eltype is None else self.type(t.eltype)
            items = ", ".join(self.type(i) for i in t.items).replace(", …, ", "  …  ")
            return head + "[" + items + "]"
        if cls is T.TypeInfix:
            sep = t.op if t.op in ("<:", ">:", ":", "::") else f" {t.op} "
            rhs = self.type(t.rhs)
            if t.op in ("<:", ">:") and type(t.rhs) is T.TypeWhere or sep[-1] == ":" == rhs[:1]:
                rhs = f"({rhs})"  # a UnionAll bound: `_A<:(AbstractArray{Bool,N} where N)`; `0:(:ccall)`, not `0::ccall`
            return self.type(t.lhs) + sep + rhs
        if cls is T.TypePrefix:
            neg_number = t.op == "-" and type(t.arg) is V.Literal and t.arg.text[:1].isdigit()  # `-2` is a literal
            return f"-({t.arg.text})" if neg_number else t.op + self.type(t.arg)
        if cls is T.TypeComment:
            return t.text
        if cls is T.TypeOpaque or cls is T.TypeHighlighted:
            return t.text
        if cls is T.TypeNoted:
            return f"{self.type(t.value)} {t.note}"
        if cls is T.TypeQuote:
            return f":({self.unquoted(t.inner, 0, True)})"
        if cls is T.NestedCodeInfo:
            if t.code is None:
                return f"CodeInfo({t.quote})"
            if self.nested_codeinfo is None:
                raise UnknownKind("a CodeInfo nested in a statement is printed by jlir.printer.forms")
            return self.nested_codeinfo(t.code)
        if isinstance(t, T.Shown):  # a type kind without a rule here: `unquoted` would hand it back
            raise UnknownKind(f"no printing rule for the type {cls.__qualname__}")
        return self.unquoted(t)


_VAR_NAME = re.compile(r'var"[^"\\]*"')  # `:var"#f#1"` reads as a symbol named so: it prints back as read
_BARE_SYMBOLS = frozenset({"...", "\x24", "->", "&&", "||", "."})  # shown after a bare `:`, not callable operators
# The printing rule of each node kind but Expr (printed by `unquoted`); an excerpt's `Elided`: what the author wrote.
_NODE_RULES = {N.GotoNode: ExprPrinter._goto, N.GotoIfNot: ExprPrinter._goto_if_not, N.ReturnNode: ExprPrinter._return,
               N.PhiNode: ExprPrinter._phi, N.PhiCNode: ExprPrinter._phic, N.UpsilonNode: ExprPrinter._upsilon,
               N.PiNode: ExprPrinter._pi, N.EnterNode: ExprPrinter._enter, N.NewvarNode: ExprPrinter._newvar,
               N.Elided: lambda self, n, prefix, quoted: n.marker}
