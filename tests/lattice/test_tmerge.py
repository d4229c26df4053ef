"""`jlir.lattice.tmerge` is Julia 1.5.3's `tmerge`: checked against Julia's own results.

`fixtures/julia-1.5.3/tmerge-pairs.tsv` was written by `scripts/gen/gen_tmerge_pairs.jl` running
`Core.Compiler.tmerge` in Julia 1.5.3 on every ordered pair of 57 lattice elements (constants, small
unions, arrays, tuples, abstract types, `Type{T}`, PartialStruct, MaybeUndef) and 12 pairs of NTuples
(Tuples of 4 or more equal types, as 1.5 shows them): 3,133 rows.  Where jlir's tmerge answers, its answer must be Julia's (as a type AST read back by jlir's parser); it declines (None)
on 14 rows, all with a supertype that has parameters (`AbstractArray{Int64,1}`): the name tables know a
type's supertype by name only, not how its parameters map.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.lattice.tmerge import signed_hint, tmerge

ROOT = Path(__file__).resolve().parents[2]
PAIRS = ROOT / "fixtures" / "julia-1.5.3" / "tmerge-pairs.tsv"


def _types(texts: list[str]) -> list:
    """Read shown types with jlir's own parser, as the `::T` of statements of one CodeInfo."""
    w = len(str(len(texts) + 1))
    body = "".join(f"│   %{str(i).ljust(w)} = f()::{t}\n" for i, t in enumerate(texts, 1))
    text = "CodeInfo(\n1 ─ " + body[4:] + f"└──  {' ' * w}    return %{len(texts)}\n) => Any\n"
    return [s.type for s in jlir.functions(jlir.parse(text))[0].positional[:len(texts)]]


@pytest.fixture(scope="module")
def rows():
    raw = [line.split("\t") for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    flat = _types([t for row in raw for t in row])
    return [(tuple(row), tuple(flat[3 * i:3 * i + 3])) for i, row in enumerate(raw)]


def test_tmerge_equals_julias_own_wherever_it_answers_and_declines_only_parametric_supertypes(rows):
    answers = [(text, tmerge(a, b), want) for text, (a, b, want) in rows]
    wrong = [(text, got) for text, got, want in answers if got is not None and got != want]
    declined = [text for text, got, _ in answers if got is None]
    assert (len(rows), wrong, len(declined)) == (3133, [], 14)
    assert all("AbstractArray{Int64,1}" in " ".join(t[:2]) for t in declined)


def test_the_table_covers_unions_past_the_limit_wrappers_and_partial_structs(rows):
    """The table is not trivial: it has Julia's widenings to Any, to a type name's wrapper, to a Vararg
    Tuple, and merged PartialStructs among its answers."""
    answers = {text[2] for text, _ in rows}
    assert {"Tuple", "Tuple{Vararg{Real,N} where N}", "Tuple{Union{Real, String},Int64}"} <= answers
    assert {"Any", "Array", "Union{Float64, Int64, String}",
            "Core.Compiler.PartialStruct(Tuple{Int64,Int64}, Any[Core.Compiler.Const(1, false), Int64])",
            "Core.Compiler.MaybeUndef(Union{Float64, Int64})", "Tuple{Real,Union{Float64, Int64}}"} <= answers


def test_a_constant_widens_to_its_type_and_a_fourth_union_member_to_any():
    c0, c1, i64, u3, ch = _types(["Core.Compiler.Const(0, false)", "Core.Compiler.Const(1, false)", "Int64",
                                  "Union{Float64, Int64, String}", "Char"])
    assert tmerge(c0, c1) == i64
    assert tmerge(c0, i64) == i64
    assert tmerge(u3, ch) == T.ANY


def test_a_decimal_constant_is_an_int64_unless_the_phi_typing_hints_another_width():
    """`show` prints an `Int32(0)` as `0`: φ typing passes the one signed type among a φ's inputs as the
    hint (the static_params case); without one, the constant is Julia's default Int64, as in the table."""
    c0, i32, f64, u = _types(["Core.Compiler.Const(0, false)", "Int32", "Float64", "Union{Int32, Int64}"])
    assert tmerge(c0, i32) == u
    assert tmerge(c0, i32, int_hint=signed_hint([i32])) == i32
    assert tmerge(c0, f64) == _types(["Union{Float64, Int64}"])[0]


def test_what_the_facts_cannot_decide_is_none_not_a_guess():
    """A supertype with parameters (`AbstractArray{Int64,1}`) is beyond the name tables: no answer."""
    a, b = _types(["Array{Int64,1}", "AbstractArray{Int64,1}"])
    assert tmerge(a, b) is None


def test_a_bare_tuple_takes_in_tuples_of_any_length_and_a_version_string_is_no_string():
    """Two mistakes the Base corpus's φs showed (Julia 1.5.3's answers: `Tuple` both ways, `VersionNumber`):
    a bare `Tuple` is no subtype of `Tuple{}`; `v"0.0.0"` is a VersionNumber (Base's `show` writes it so), no
    String."""
    tup, u, vn, v0 = _types(["Tuple", "Union{Tuple{}, Tuple{String}}", "VersionNumber",
                             'Core.Compiler.Const(v"0.0.0", false)'])
    assert tmerge(tup, u) == tmerge(u, tup) == tup
    assert tmerge(vn, v0) == vn


def test_a_singleton_of_core_sorts_first_beside_a_type_the_tables_do_not_list():
    """`union_sort_cmp` puts singletons first and compares two by module name: `Nothing` (Core) comes before a
    `LibGit2` type whether that type is a singleton, isbits or neither, so the order is decided without its facts
    (Julia's φ of `LibGit2.nothing` and a `GitAnnotated`, in its slot2reg print of LibGit2's `var"#157#158"`).
    Two such types of one module are not ordered: which is a singleton decides."""
    c_nothing, ann, want, mine = _types(["Core.Compiler.Const(nothing, false)", "LibGit2.GitAnnotated",
                                         "Union{Nothing, LibGit2.GitAnnotated}", "Main.MyType"])
    assert tmerge(c_nothing, ann) == want
    assert tmerge(ann, c_nothing) == want
    assert tmerge(ann, _types(["LibGit2.GitReference"])[0]) is None


def test_a_version_number_shown_as_its_string_macro_is_a_version_number():
    """`show(::VersionNumber)` writes `v"0.0.0"` (version.jl): Julia's slot2reg types SuiteSparse's
    `CHOLMOD.__init__` φ `φ (#3 => %17, #4 => v"0.0.0")` `VersionNumber`; a prefix Base does not show stays undecided."""
    const_v, vn, const_x = _types(['Core.Compiler.Const(v"0.0.0", false)', "VersionNumber",
                                   'Core.Compiler.Const(x"0.0.0", false)'])
    assert tmerge(const_v, vn) == vn
    assert tmerge(const_x, vn) is None


def test_float16_nan_and_inf_shown_bare_are_float16():
    """Julia 1.5 `show`s a Float16 NaN or infinity as `NaN16`, `Inf16`, `-Inf16` (`NaN32` likewise a Float32)."""
    from jlir.ir import values as V
    from jlir.lattice.shown import typeof_value
    assert {t: typeof_value(V.Literal(t, "float")).path for t in ("NaN16", "Inf16", "-Inf16", "NaN32", "NaN")} == {
        "NaN16": ("Float16",), "Inf16": ("Float16",), "-Inf16": ("Float16",), "NaN32": ("Float32",),
        "NaN": ("Float64",)}
