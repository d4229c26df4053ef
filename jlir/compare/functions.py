"""Diffing two prints of one function: statements, CFG, return type, warntype header; style apart from change."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace as dc_replace

import jlir
from jlir.compare.align import Entry, align, entries
from jlir.compare.blocks import block_diff
from jlir.compare.canonical import RULES, Canonicalizer
from jlir.compare.header import slot_names, value_diff, variables_diff
from jlir.compare.judge import Judge, derive
from jlir.compare.closures import renamed, renames
from jlir.compare.orders import reorder
from jlir.compare.model import BlockDiff, FunctionDiff, FunctionSide, StatementDiff, StatementSide, StyleNote, ValueDiff
from jlir.ir import nodes as N
from jlir.ir.function import Form, Function, Statement, WarntypeHeader
from jlir.ir.walk import used_ids
from jlir.printer.exprs import ExprPrinter
from jlir.printer.forms import format_function

_TYPED_SLOTS_REMOVED = (1, 11)  # Julia 1.11 removed TypedSlot (#50943)


def diff_functions(fa: Function, fb: Function, index: int = 1) -> FunctionDiff:
    """Diff two prints of one function: statements paired modulo SSA and block renumbering, the CFGs under
    the block map, return types and warntype headers; printing-style differences reported as style.

    Line info is not compared: line tables and location lines differ between any two Julia builds.  Orders
    Julia's semantics do not depend on (φ or φᶜ nodes at a block's start, ϒ nodes in a row, a φᶜ's operands:
    `jlir.compare.orders`) are not differences: where A reordered so is the same IR as B, the diff is that of
    the reordered A, and `orders` says what was reordered.
    """
    d = _diff(fa, fb, index)
    if not d.different or not any(type(s.node) in _ORDERLESS for s in fa.stmts):
        return d
    found = reorder(fa, fb, lambda f: not _diff(f, fb, index).different, limit=64)
    if found is None:
        return d
    moved, what = found
    return dc_replace(_diff(moved, fb, index), identical=False, orders=what)


_ORDERLESS = (N.PhiNode, N.PhiCNode, N.UpsilonNode)


def _diff(fa: Function, fb: Function, index: int) -> FunctionDiff:
    if fa == fb:  # the same model prints the same text: no need to print either
        return _identical(fa, fb, index)
    text_a, text_b = jlir.format(fa), jlir.format(fb)
    if text_a == text_b:
        return _identical(fa, fb, index)
    closures = renames(text_a, text_b)
    if closures:
        fa = renamed(fa, text_a, closures)
    # one side surely prints no TypedSlot (1.11+, or lowered code), the other may: their `x::T` is style
    straddles = max(fa.style.lo, fb.style.lo) >= _TYPED_SLOTS_REMOVED > min(fa.style.hi, fb.style.hi)
    canon = Canonicalizer(strip_typed_slots=straddles or Form.LOWERED in (fa.form, fb.form))
    xs, ys = entries(fa, canon), entries(fb, canon)
    alignment = align(xs, ys)
    pairs = [(i, j) for i, j in alignment if i is not None and j is not None]
    mapping = derive(xs, ys, pairs, {**slot_names(fb.header), **slot_names(fa.header)})
    labels = any(s.label for s in fa.stmts) and any(s.label for s in fb.stmts)
    show_a, show_b = _Shower(fa), _Shower(fb)
    statements = _statements(xs, ys, alignment, Judge(mapping, canon, labels), show_a, show_b)
    ta, tb = _returns(fa), _returns(fb)
    return_type = value_diff(ta, tb, canon, show_a.type, show_b.type)
    variables, header_rules = variables_diff(fa.header, fb.header, canon, show_a.type, show_b.type)
    rules = Counter(r for s in statements if s.op == "style" for r in s.rules)
    rules.update(r for v in variables if v.op == "style" for r in v.rules)
    rules.update(return_type.rules if return_type and return_type.op == "style" else ())
    rules.update(header_rules)
    if fa.form is fb.form and fa.style != fb.style:
        same = [ys[j].stmt for (_, j), s in zip(alignment, statements) if s.op == "same"]
        rules["spelling"] += sum(show_a.line(s) != show_b.line(s) for s in same)
        rules["spelling"] += ta is not None and ta == tb and show_a.type(ta) != show_b.type(tb)
    return FunctionDiff(index, _function_side(fa), _function_side(fb), False,
                        tuple(statements), block_diff(fa, fb, xs, ys, pairs, mapping), return_type,
                        _instance(fa.header, fb.header), variables,
                        tuple(StyleNote(r, rules[r]) for r in RULES if rules[r]), _ignored(fa, fb), _notes(fa, fb),
                        tuple(sorted((xs[i].id, ys[j].id) for i, j in pairs)), renames=closures)


def _identical(fa: Function, fb: Function, index: int) -> FunctionDiff:
    """The diff of two prints that are the same text, without aligning anything: every statement pairs with
    the one at its place (what the alignment would find, at a fraction of its cost: `jlir diff` of a file with
    itself is linear in its size)."""
    show = _Shower(fa)
    xs = entries(fa, _NO_CANON)
    statements = tuple(StatementDiff("same", side, side) for side in map(show, xs))
    n = len(fa.blocks)
    blocks = BlockDiff(n, n, tuple((b, b) for b in range(1, n + 1)), (), (), (), (), ())
    return FunctionDiff(index, _function_side(fa), _function_side(fb), True, statements, blocks, None, None, (),
                        (), (), (), tuple(sorted((x.id, x.id) for x in xs)))


class _NoCanon:
    """Stands in for the canonicalizer where no statement is compared (identical prints)."""
    @staticmethod
    def statement(s):
        return None


_NO_CANON = _NoCanon()


def _statements(xs, ys, alignment, judge: Judge, show_a, show_b) -> list[StatementDiff]:
    out = []
    for i, j in alignment:
        x = xs[i] if i is not None else None
        y = ys[j] if j is not None else None
        if x is None or y is None:
            out.append(StatementDiff("removed" if y is None else "added", show_a(x), show_b(y)))
            continue
        v = judge.judge(x, y)
        operands = judge.rewired(x, y) if "operands" in v.aspects else ()
        out.append(StatementDiff(v.kind, show_a(x), show_b(y), v.aspects, tuple(sorted(v.rules)), operands))
    return out


def _instance(ha: WarntypeHeader | None, hb: WarntypeHeader | None) -> ValueDiff | None:
    """The `MethodInstance for …` lines (1.7+ warntype) when both sides print one and they differ."""
    if ha is None or hb is None or not ha.instance or not hb.instance or ha.instance == hb.instance:
        return None
    return ValueDiff("changed", ha.instance, hb.instance)


def _function_side(f: Function) -> FunctionSide:
    return FunctionSide(f.form, f.style, len(f.stmts), len(f.blocks))


class _Shower:
    """A side's statements and types as Julia prints them (the one printer, `ExprPrinter`)."""

    def __init__(self, f: Function):
        self.printer = ExprPrinter(f.style, ircode=f.form is Form.IRCODE)
        self.printer.nested_codeinfo = format_function  # `$(Expr(:thunk, CodeInfo(…)))`, as the printer shows it
        self.show_types = f.form is not Form.LOWERED  # lowered code prints no `::T`
        self.warntype = f.form is Form.WARNTYPE
        self.used = used_ids(f.stmts)

    def __call__(self, e: Entry | None) -> StatementSide | None:
        if e is None:
            return None
        _, _, bare, typed = self.printer.statement_line(e.stmt, self.show_types)
        used = e.id in self.used
        text = bare if self.warntype and not used else typed
        shown = e.stmt.type is not None and text != bare
        return StatementSide(e.id, e.block, text, used, self.type(e.stmt.type) if shown else None)

    def type(self, t) -> str:
        return self.printer.type(t)

    def line(self, s: Statement) -> str:
        """`s` as this side's Julia would print it, with its type: to see where two versions spell alike IR apart."""
        return self.printer.statement_line(s, self.show_types)[3]


def _returns(f: Function):
    """The `=> T` of a CodeInfo pair, or a warntype's `Body::T` (None: neither is printed)."""
    if f.return_type is not None:
        return f.return_type
    return f.header.body_type if f.header is not None else None


def _ignored(fa: Function, fb: Function) -> tuple[str, ...]:
    """What differs between the two prints but is not compared, for the verdict's message."""
    out = []
    if fa.linetable != fb.linetable or (fa.linetable and [s.loc for s in fa.stmts] != [s.loc for s in fb.stmts]):
        out.append("line info")
    if fa.header and fb.header and fa.header.source and fb.header.source and fa.header.source != fb.header.source:
        out.append("method location")
    if fa.title != fb.title:
        out.append("title")
    if fa.costs != fb.costs:
        out.append("statement costs")
    if fa.escapes != fb.escapes:
        out.append("escape information")
    return tuple(out)


def _notes(fa: Function, fb: Function) -> tuple[str, ...]:
    out = []
    if fa.form is not fb.form:
        out.append(f"different displays: {fa.form.value} vs {fb.form.value}; types are compared only where "
                   "both sides print one")
    if (fa.header is None) != (fb.header is None) and Form.WARNTYPE in (fa.form, fb.form):
        out.append("only one side is a @code_warntype print: its variables are not compared")
    return tuple(out)
