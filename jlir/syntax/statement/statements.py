"""A statement's text (label, body, `::T`) to a `Statement`, read once per document wherever it stands.

Two memo levels: whole statement texts (`Context.statements`), and, for the
one-pass reading of plain dumps, templates of whole texts with their SSA and
block numbers taken out (`Context.line_templates`, jlir.syntax.statement.templates),
filled with each text's numbers.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir.function import Statement
from jlir.syntax.rows.context import Context
from jlir.syntax.errors import ParseError
from jlir.syntax.statement.grammar import BodyError
from jlir.syntax.rows.nested import fill_nested, has_nested, read_nested
from jlir.syntax.statement.toplevel import as_symbol_call
from jlir.syntax.statement.templates import compile_filler, numbers, second_sighting, template, template_text, worth_keeping
from jlir.syntax.rows.text import is_highlighted, split_type_suffix


def memo_key(label: str | None, body: str, stmt_typed: bool, typed: bool):
    """The key of a statement text in its memo table (the table is per (typed, warntype)): the body alone in
    the common case, where the label is absent and the statement's typing is the dump's."""
    return body if label is None and stmt_typed == typed else (label, body, stmt_typed)


def read_statement(ctx: Context, body: str, typed: bool, warntype: bool, index: int, body_col: int,
                   templates: bool = True):
    """(node, type) of a statement's text at line `index`, column `body_col`; a located ParseError if it does
    not read.  `typed`: the text may end in `::T` (after the last `::` outside brackets); `templates`: the
    parser may read it through its template (False: the caller's own templates have just declined it)."""
    parser = ctx.parser
    nested = None
    if has_nested(body):  # `$(Expr(:thunk, CodeInfo(` … `)))`: each nested CodeInfo read as a dump of its own
        body, nested = read_nested(ctx, body, index, body_col)
    text, type_text = split_type_suffix(body) if typed else (body, None)
    try:
        node = parser.parse_stmt(text, templates)
    except BodyError as e:
        raise ctx.error(f"cannot read this statement: {e}", index, body_col + e.column, e.expected) from None
    if nested:
        node = fill_nested(node, nested)
    if not typed and not warntype:
        node = as_symbol_call(node)
    if type_text is None:
        return node, None
    if not N.takes_type_suffix(node):
        # `return z::Core.Compiler.Const(1, false)`: the `::` belongs to the statement.
        try:
            return parser.parse_stmt(body), None
        except BodyError:
            pass
    try:
        typ = T.TypeHighlighted(type_text) if warntype and is_highlighted(type_text) \
            else parser.parse_type(type_text)
    except BodyError as e:
        raise ctx.error(f"cannot read this type: {e}", index, body_col + len(text) + 2 + e.column,
                        e.expected) from None
    return node, typ


def templated_statement(ctx: Context, text: str, typed: bool, warntype: bool):
    """(node, type) of a statement's text (body and `::T`) through its template: the text with its SSA and
    block numbers taken out (`jlir.syntax.statement.templates`), read once per document and filled with each text's
    numbers.  None when the text has no template, or its template does not read (the text itself is then
    read, and any error located) or has numbers in its `::T` (types are read from their own text)."""
    shape = template(text)
    if shape is None:
        return None
    key, pieces = shape
    fillers = ctx.line_templates.setdefault((typed, warntype), {})
    filler = fillers.get(key)
    if filler is None:
        if not second_sighting(ctx.seen, key):
            return None
        placeholders = template_text(pieces)
        filler = fillers[key] = False
        type_part = split_type_suffix(placeholders)[1] if typed else None
        if type_part is None or ("%-" not in type_part and "#-" not in type_part):
            try:
                pair = read_statement(ctx, placeholders, typed, warntype, 0, 0)
            except ParseError:
                return None
            f = compile_filler(pair)
            filler = fillers[key] = (lambda nums: pair) if f is None else f
    return filler(numbers(pieces)) if filler else None


def read_plain_statement(ctx: Context, memo: dict, label: str | None, body: str, stmt_typed: bool, typed: bool,
                    warntype: bool, index: int, body_col: int) -> Statement | None:
    """The Statement of a plain dump's line not found in `memo` (read through its template, then memoised); None
    when it does not read (the line-by-line reading then reports the first error, in its order of checks)."""
    pair = templated_statement(ctx, body, stmt_typed, warntype)
    if pair is None:
        try:
            pair = read_statement(ctx, body, stmt_typed, warntype, index, body_col, templates=False)
        except ParseError:
            return None
    st = Statement(pair[0], pair[1], 0, label)
    if worth_keeping(ctx.seen, body):
        memo[memo_key(label, body, stmt_typed, typed)] = st
    return st
