"""The statement reader: a statement's text (label, body, `::T`) to a `Statement`, once per document.

`StatementReader` holds the only statement memo of a document.  Each row is
decided alone: a text met before is a lookup; a body that differs from one
met before only in its SSA and block numbers is filled from that body's
template (jlir.syntax.statement.templates: compiled on its second sighting,
so a body met once leaves only a hash behind); any other text, or one whose
template does not read, is read as itself, and its error located in it.

The memo's key holds all a statement's reading depends on: the label, the
text, whether the text may end in `::T` and whether the dump is
`@code_warntype`'s (which keeps highlighted types as text).  Nothing else of
the document or of earlier dumps changes what a text reads as.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Statement
from jlir.ir.walk import values
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.multiline import cut_values as cut_multiline, fill_values, has_values
from jlir.syntax.statement.constvalues import cut_values
from jlir.syntax.rows.nested import fill_nested, has_nested, read_nested
from jlir.syntax.statement.toplevel import as_symbol_call
from jlir.syntax.rows.text import is_highlighted, split_type_suffix
from jlir.syntax.statement.grammar import BodyError, StatementParser
from jlir.syntax.statement.templates import compile_filler, numbers, second_sighting, template, template_text, \
    worth_keeping


class StatementReader:
    """The statements of one document, each text read once.

    `statement(ctx, label, body, typed, warntype, index, body_col)` is the Statement of a row's text (its label
    apart), or a located ParseError.  `typed`: the text may end in `::T` (after the last `::` outside brackets);
    `warntype`: a highlighted type is kept as text.  `clear` forgets the tables when the document is read.
    """
    __slots__ = ("parser", "_memo", "_fillers", "_seen")

    def __init__(self, parser: StatementParser | None = None):
        self.parser = parser if parser is not None else StatementParser()
        self._memo: dict = {}     # (typed, warntype) → body, or (label, body) → Statement
        self._fillers: dict = {}  # template key → function of the numbers giving the node (False: no template)
        self._seen: set = set()   # hashes of template keys and long texts met once (templates.second_sighting)

    def clear(self) -> None:
        self._memo.clear()
        self._fillers.clear()
        self._seen.clear()
        self.parser.clear()

    def statement(self, ctx: Context, label: str | None, body: str, typed: bool, warntype: bool, index: int,
                  body_col: int) -> Statement:
        memo = self._memo.get((typed, warntype))
        if memo is None:
            memo = self._memo[(typed, warntype)] = {}
        key = body if label is None else (label, body)
        st = memo.get(key)
        if st is None:
            node, typ = self.read(ctx, body, typed, warntype, index, body_col)
            st = Statement(node, typ, 0, label)
            if worth_keeping(self._seen, body):
                memo[key] = st
        return st

    def read(self, ctx: Context, body: str, typed: bool, warntype: bool, index: int, body_col: int):
        """(node, type) of a statement's text at line `index`, column `body_col` (not memoised); a located
        ParseError if it does not read."""
        parser = self.parser
        nested = shown = None
        if has_nested(body):  # `$(Expr(:thunk, CodeInfo(` … `)))`: each nested CodeInfo read as a dump of its own
            body, nested = read_nested(ctx, body, index, body_col)
        elif has_values(body):  # a regex's pattern, `ENV`, shown over several lines: each kept as its text
            body, shown = cut_multiline(body)
        text, type_text = split_type_suffix(body) if typed else (body, None)
        # a typed slot's `Const` whose value does not read back by itself (jlir.syntax.statement.constvalues)
        text, consts = cut_values(text, parser.reads) if "Const(" in text else (text, None)
        try:
            node = fill_values(parser.parse_stmt(text), consts) if consts else self._node(text)
        except BodyError as e:
            raise ctx.error(f"cannot read this statement: {e}", index, body_col + e.column, e.expected) from None
        if nested:
            node = fill_nested(node, nested)
        if shown:
            node = fill_values(node, shown)
        if not typed and not warntype:
            node = as_symbol_call(node)
        if "%" in body and _constant_holding_ssa(node):
            raise ctx.error("`Name(…)` here is a constant `show` printed (a call's callee prints as a GlobalRef, "
                            "`Base.f(…)`, or in parentheses, `(f)(…)`), and no constant holds an SSA value: a line "
                            "was edited", index, body_col)
        if type_text is None:
            return node, None
        if not N.takes_type_suffix(node):
            # `return z::Core.Compiler.Const(1, false)`: the `::` belongs to the statement.
            try:
                node = self._node(body)
                return (fill_values(node, shown) if shown else node), None
            except BodyError:
                pass
        try:
            typ = T.TypeHighlighted(type_text) if warntype and is_highlighted(type_text) \
                else parser.parse_type(type_text)
        except BodyError as e:
            raise ctx.error(f"cannot read this type: {e}", index, body_col + len(text) + 2 + e.column,
                            e.expected) from None
        return node, (fill_values(typ, shown) if shown else typ)

    def _node(self, body: str):
        """The node of a statement body: through its template when the body's shape was met before and its
        template reads, else parsed as itself (BodyError located in `body`)."""
        shape = template(body)
        if shape is None:
            return self.parser.parse_stmt(body)
        key, pieces = shape
        filler = self._fillers.get(key)
        if filler is None:
            if not second_sighting(self._seen, key):
                return self.parser.parse_stmt(body)
            try:
                parsed = self.parser.parse_stmt(template_text(pieces))
            except BodyError:  # the placeholders read otherwise than the numbers: each body read as itself
                filler = self._fillers[key] = False
            else:
                f = compile_filler(parsed)
                filler = self._fillers[key] = (lambda nums: parsed) if f is None else f
        return filler(numbers(pieces)) if filler else self.parser.parse_stmt(body)


def _constant_holding_ssa(node) -> bool:
    """Whether a shown constant `Name(…)` among the statement's operands has an SSA value for an argument: no
    value Julia's `show` prints holds one (lowered code's `rand(%1)`, a call of the Symbol, is a call by then)."""
    return any(type(v) is T.TypeCall and any(type(a) is V.SSAValue for a in v.args) for v in values(node))
