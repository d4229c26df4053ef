"""Nesting past the limit by every route is a located ParseError, never a RecursionError.

Brackets are counted as they come; `$(QuoteNode(…))` and `:(…)` contents are read apart (after the statement's
tokens), operators and `where` nest the model without a bracket, and a `Const` whose value does not read is read
again as a shown value: each route once went past Python's stack.
"""
from __future__ import annotations

import pytest

import jlir
from jlir.syntax.errors import ParseError


def _dump(body: str, typ: str = "Int64") -> str:
    return f"CodeInfo(\n1 ─ %1 = {body}::{typ}\n└──      return %1\n) => {typ}\n"


ROUTES = {
    "parentheses": _dump("f(" + "(" * 10000 + "x" + ")" * 10000 + ")"),
    "brackets": _dump("f(" + "[" * 10000 + "x" + "]" * 10000 + ")"),
    "nested Const": _dump("f(x)", "Core.Compiler.Const(" * 300 + "1" + ", false)" * 300),
    "chained where": _dump("f(x)", "Vector{T}" + " where T" * 1000),
    "where in an argument": _dump("f(x::Vector{T}" + " where T" * 1000 + ")"),
    "quoted code": _dump("f(" + ":(" * 3000 + "x" + ")" * 3000 + ")"),
    "QuoteNode contents": _dump("f(" + "$(QuoteNode(" * 3000 + "x" + "))" * 3000 + ")"),
    "assignments": _dump("x" + " = x" * 5000),
    "powers": _dump("x" + "^x" * 5000),
    "unary minus": _dump("-" * 5000 + "x"),
}


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_nesting_past_the_limit_is_a_located_error(route):
    with pytest.raises(ParseError) as e:
        jlir.parse(ROUTES[route])
    assert e.value.line in (2, 4) and "nest deeper" in str(e.value)


def test_nesting_within_the_limit_still_reads_and_prints_back():
    text = _dump("f(" + "[" * 90 + "x" + "]" * 90 + ")", "Core.Compiler.Const(" * 40 + "1" + ", false)" * 40)
    assert jlir.format(jlir.parse(text)) == text
