"""Every expression head Julia's `show` can put in printed IR, on Julia 1.5.3's real prints.

`tests/data/heads-1.5.3/` is the output of `scripts/gen/gen_expr_heads.jl` (Julia 1.5.3): `c<NN>-<head>.*` show one
Expr of each head `show_unquoted` (base/show.jl) prints, as a `Core.Compiler.Const(:(…), false)` inside a
`PartialStruct` and as a `$(QuoteNode(…))`; `h<name>.*` the same heads returned by a function (`$(Expr(:copyast,
…))`), and the values that print specially: `Ptr{T} @0x…`, array and matrix constants, quoted operators (`:>`,
`:(::)`), string and char escapes, non-ASCII local names (`x̂`, `a⁺`, `ẋ`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir.walk import values

DATA = Path(__file__).resolve().parents[1] / "data" / "heads-1.5.3"
FILES = sorted(p.name for p in DATA.glob("*.txt"))


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", FILES)
def test_each_head_julia_prints_reads_and_prints_back_byte_for_byte(name):
    text = _read(name)
    assert jlir.format(jlir.parse(text)) == text


def _shown(name: str):
    """Every shown value (types included) of the first function of `name`, flattened."""
    f = jlir.parse(_read(name)).items[0]
    out = []

    def walk(v):
        out.append(v)
        for field in getattr(v, "__slots__", ()):
            x = getattr(v, field, None)
            for y in (x if isinstance(x, tuple) else (x,)):
                if hasattr(y, "__slots__"):
                    walk(y)
    for st in f.ir.stmts:
        walk(st.node)
        if st.type is not None:
            walk(st.type)
    return out


def test_a_line_number_comment_quoted_in_a_type_is_a_quote_of_its_text():
    assert T.TypeQuote(T.TypeOpaque("#= file:3 =#")) in _shown("c17-LineNumberNode.unopt.txt")


def test_a_matrix_literal_quoted_in_a_type_is_kept_as_shown():
    assert T.TypeQuote(T.TypeOpaque("[1 2; 3 4]")) in _shown("c04-vcat.unopt.txt")


def test_a_quoted_call_in_a_type_stays_structured():
    quotes = [v for v in _shown("c43-call.unopt.txt") if type(v) is T.TypeQuote]
    assert quotes and all(type(q.inner) is not T.TypeOpaque for q in quotes)


def test_a_quote_block_shown_over_several_lines_inside_a_type_reads_as_its_text():
    assert T.TypeOpaque("quote\n    #= a file.jl:1 =#\n    x\nend") in _shown("c51-block.unopt.txt")


def test_a_matrix_constant_is_kept_as_shown():
    assert T.TypeOpaque("[1 2; 3 4]") in _shown("matrix.typed.txt")


def test_a_vector_constant_reads_as_an_array_of_its_elements():
    vects = [v for v in _shown("arrayconst.typed.txt") if type(v) is T.TypeVect]
    assert vects and vects[0].eltype is None and len(vects[0].items) == 3


def test_pointers_in_a_tuple_constant_read_with_their_address():
    noted = [v for v in _shown("kptrs.typed.txt") if type(v) is T.TypeNoted]
    assert [n.note for n in noted] == ["@0x0000000000000000", "@0x0000000000000010"]


def test_non_ascii_local_names_with_combining_marks_read_as_slots():
    f = jlir.parse(_read("names.unopt.txt")).items[0]
    names = {getattr(v, "name", None) for st in f.ir.stmts for v in values(st.node)}
    assert {"x̂", "ẋ", "a⁺", "x′", "𝐱", "ħ", "éà"} <= names
