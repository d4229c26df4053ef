"""The type-stability report against Julia's own verdicts.

Reference: `@code_warntype` of Julia 1.5.3 on every fixture case.  The
uncoloured fixtures show which types Julia flags (upper-cased);
`tests/data/stability-warntype-colors-1.5.3.json` (made by
`scripts/gen/gen_warntype_colors.py` from Julia's coloured print of the same
cases) shows in which colour.  jlir judges the lower-case types itself (the
upper-cased ones are Julia's verdict), so a wrongly flagged or missed value,
or a wrong colour, fails here.  The hand-picked reports were checked by
reading the IR of the fixtures.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.lattice import concrete
from jlir.analysis.type_stability import SGR, BoxUse, DynamicCall, Flag, render_text, stability
from jlir.ir import types as T
from jlir.ir.style import Style

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
COLOURS = json.loads((Path(__file__).resolve().parents[1] / "data" / "stability-warntype-colors-1.5.3.json").read_text())
CASES = sorted(p.name.split(".")[0] for p in FIXTURES.glob("*.warntype.txt"))
STYLE_15 = Style.for_version("1.5.3")


def fn(case: str, form: str):
    return jlir.functions(jlir.parse_file(FIXTURES / f"{case}.{form}.txt"))[0]


def severities(report, keep=lambda f: True) -> dict:
    return {f.value: f.severity for f in report.flags if keep(f)}


def test_reference_covers_every_warntype_fixture_and_both_colours():
    assert sorted(COLOURS) == CASES and len(CASES) == len(list((FIXTURES.parent / "cases").glob("*.jl")))
    colours = [c for values in COLOURS.values() for c in values.values()]
    assert colours.count("red") == 33 and colours.count("yellow") == 37


@pytest.mark.parametrize("case", CASES)
def test_coloured_reference_flags_the_values_the_fixture_upper_cased(case):
    """The two prints of Julia agree: a value is coloured red/yellow exactly where the plain print upper-cased it."""
    f = fn(case, "warntype")
    upper = {name for _, entries in f.header.sections for name, _, t in entries if type(t) is T.TypeHighlighted}
    upper |= {f"%{i}" for i, s in enumerate(f.positional, 1) if type(s.type) is T.TypeHighlighted}
    upper |= {"return"} if type(f.header.body_type) is T.TypeHighlighted else set()
    assert upper == set(COLOURS[case])


@pytest.mark.parametrize("case", CASES)
def test_warntype_report_flags_exactly_the_values_julia_coloured(case):
    """Slots, used SSA values and the body type: no lower-case type flagged, every colour as Julia's."""
    assert severities(stability(fn(case, "warntype"))) == COLOURS[case]


@pytest.mark.parametrize("case", CASES)
def test_unoptimized_typed_print_flags_the_ssa_values_julia_coloured(case):
    """The typed print of the same unoptimized code: jlir judges every type itself (none is upper-cased)."""
    typed_in_warntype = {f"%{i}" for i, s in enumerate(fn(case, "warntype").positional, 1) if s.type is not None}
    report = stability(fn(case, "typed-unoptimized"), version="1.5.3")
    got = severities(report, lambda f: f.kind == "return" or f.value in typed_in_warntype)
    assert got == {v: c for v, c in COLOURS[case].items() if v == "return" or v.startswith("%")}


def test_boxed_closure_optimized_report():
    """counter_sum: `count` is captured and reassigned, so it lives in a Core.Box; the closure call is an invoke."""
    r = stability(fn("boxed_closure", "typed"))
    assert r.flags == (Flag("%2", "ssa", 2, "Core.Box", "red", "Core.Box: a captured variable that is reassigned"),
                       Flag("%31", "ssa", 31, "Any", "red", "abstract type Any"),
                       Flag("return", "return", None, "Any", "red", "abstract type Any"))
    assert r.boxes == (BoxUse(2, "new", "%2", "%new(%1)"),
                       BoxUse(3, "setfield!", "%2", "Core.setfield!(%2, :contents, 0)"),
                       BoxUse(27, "isdefined", "%2", "Core.isdefined(%2, :contents)"),
                       BoxUse(31, "getfield", "%2", "Core.getfield(%2, :contents)"))
    assert r.dynamic_calls == () and r.optimized and r.severity == "red"
    assert r.unknown == ('var"#551#552"',) and r.return_type == "Any" and r.return_concrete is False


BOXED_SLOT_USES = [(1, "new", "count@_4"), (2, "setfield!", "count@_4"), (19, "isdefined", "count@_4"),
                   (24, "getfield", "count@_4")]


def test_boxed_closure_lowered_report_has_boxes_but_judges_no_type():
    r = stability(fn("boxed_closure", "lowered"))
    assert not r.has_types and r.flags == () and r.return_type is None and r.severity == "ok"
    assert [(b.stmt, b.op, b.box) for b in r.boxes] == BOXED_SLOT_USES
    assert any("no types" in n for n in r.notes)


def test_boxed_closure_warntype_report_has_the_boxed_slot():
    r = stability(fn("boxed_closure", "warntype"))
    assert [(b.stmt, b.op, b.box) for b in r.boxes] == BOXED_SLOT_USES
    assert ("count@_4", "CORE.BOX", "red") in [(f.value, f.type, f.severity) for f in r.flags]


def test_dynamic_dispatch_report_finds_the_one_generic_call():
    """describe_all over a Vector{Any}: `describe(x)` stays a `call` after the isa-split for Float64 and Int64;
    `(isa)(…)`, the intrinsics, `Base.arrayset` and the invokes are static."""
    r = stability(fn("dynamic_dispatch", "typed"))
    assert r.dynamic_calls == (DynamicCall(29, "%29", "Main.describe", "Main.describe(%21)"),)
    assert severities(r) == {"%11": "red", "%16": "red", "%21": "red", "%60": "red", "%64": "red"}
    assert r.return_type == "String" and r.return_concrete and r.boxes == ()


def test_invokelatest_splat_and_untyped_operator_are_dynamic():
    """outer(x): `Base.invokelatest` leaves `(%18)(inner_fast, %4)` with `%18 = Core._apply_latest`, and its Any
    result makes `%3 + %19` a generic call; addall(args...) is splatted through `Core._apply_iterate`;
    `Core.tuple`, the intrinsics and `invoke Main.inner_slow` are static."""
    r = stability(fn("noinline_invoke", "typed"))
    assert [(d.stmt, d.callee, d.text) for d in r.dynamic_calls] == [(19, "%18", "(%18)(inner_fast, %4)"),
                                                                     (22, "+", "%3 + %19")]
    splat = stability(fn("varargs", "typed")).dynamic_calls
    assert [(d.stmt, d.text) for d in splat] == [(32, "Core._apply_iterate(Base.iterate, Main.addall, %5)")]


def test_union_split_report_flags_the_unions_not_the_narrowed_pi_nodes():
    """unstable(n): φs and π of Union{Float64, Int64[, String]} are flagged; the π nodes to String, Int64 and
    Float64 after the isa-split are concrete.  Julia ≤1.8 colours a Union without Nothing/Missing red."""
    r = stability(fn("type_unstable", "typed"))
    assert severities(r) == {"%5": "red", "%9": "red", "%15": "red", "%29": "red", "%30": "red", "return": "red"}
    assert {f.value: f.type for f in r.flags}["%9"] == "Union{Float64, Int64, String}"
    assert r.dynamic_calls == ()


def test_union_colour_follows_the_julia_version():
    """halve's return Union{Float64, Int64}: red in 1.5 (no Nothing/Missing), yellow in 1.9+; unversioned
    text fits both, so the report follows the newest and notes the difference."""
    f = fn("multi_method", "typed-unoptimized")
    assert severities(stability(f, version="1.5.3")) == {"return": "red"}
    assert severities(stability(f, version="1.10.0")) == {"return": "yellow"}
    unversioned = stability(f)
    assert severities(unversioned) == {"return": "yellow"}
    assert any("≤1.8 shows return in another colour" in n for n in unversioned.notes)


def test_unoptimized_code_reports_no_dynamic_call():
    r = stability(fn("dynamic_dispatch", "typed-unoptimized"))
    assert not r.optimized and r.dynamic_calls == () and any("unoptimized" in n for n in r.notes)


def test_render_text_colours_as_julia_15_does():
    """The SGR codes Julia 1.5.3 printed for `code_warntype(IOContext(io, :color => true), g, (Vector{Any},))`:
    `Body\\e[91m\\e[1m::Any\\e[22m\\e[39m`; a Union with Nothing: `\\e[33m\\e[1m…\\e[22m\\e[39m`."""
    assert SGR["red"] == ("\x1b[91m\x1b[1m", "\x1b[22m\x1b[39m")
    assert SGR["yellow"] == ("\x1b[33m\x1b[1m", "\x1b[22m\x1b[39m")
    r = stability(fn("boxed_closure", "typed-unoptimized"), version="1.5.3")
    coloured = render_text(r, color=True)
    assert "\x1b[91m\x1b[1m::Any\x1b[22m\x1b[39m" in coloured
    assert "\x1b[33m\x1b[1m::Union{Nothing, Tuple{Int64,Int64}}\x1b[22m\x1b[39m" in coloured
    plain = render_text(r, color=False)
    assert "\x1b" not in plain and plain.startswith("stability: RED (3 red, 2 yellow, ")
    assert "  %24       stmt 24  ::Any  red: abstract type Any\n" in plain


def test_to_json_is_plain_sorted_data():
    data = stability(fn("dynamic_dispatch", "typed")).to_json()
    assert list(data) == sorted(data)
    assert json.loads(json.dumps(data)) == data
    assert data["dynamic_calls"] == [{"callee": "Main.describe", "stmt": 29, "text": "Main.describe(%21)",
                                      "value": "%29"}]
    assert data["counts"] == {"red": 5, "yellow": 0, "dynamic_calls": 1, "boxes": 0, "unknown": 0}


def test_ircode_print_has_no_return_type_to_judge():
    r = stability(fn("dynamic_dispatch", "ircode"))
    assert r.return_type is None and "no return type printed" in r.notes
    assert [d.callee for d in r.dynamic_calls] == ["Main.describe"]


def name(*path):
    return T.TypeName(path)


def apply(head, *params):
    return T.TypeApply(head if isinstance(head, T.TypeName) else name(head), params)


ONE = jlir.ir.values.Literal("1", "int")


@pytest.mark.parametrize("t, flagged", [
    # each verified in Julia 1.5.3 with isconcretetype/Base.isdispatchelem
    (apply("Array", name("Any"), ONE), False),                              # Vector{Any} is concrete
    (apply("Tuple", name("Any"), name("Int64")), True),                      # a Tuple is covariant
    (apply("Tuple", name("DataType")), False),
    (apply("Tuple", apply("Type", name("Int64"))), True),
    (apply("Type", name("Int64")), False),                                    # a dispatch element
    (apply("NamedTuple", T.TypeTuple((jlir.ir.values.Symbol("a"),)), apply("Tuple", name("Any"))), False),
    (apply("Tuple", apply("Union")), False),
    (apply("Union"), False),
    (name("DataType"), True),                                                 # a kind
    (name("Core", "Box"), True),
    (name("Array"), True),                                                    # the UnionAll
    (apply("AbstractArray", name("Int64"), ONE), True),
    (name("Base", "AbstractCartesianIndex"), True),
    (name("Function"), True),
    (T.TypeWhere(apply("Vararg", name("Any"), name("N")), name("N")), True),
    (T.TypeCall(name("Core", "Compiler", "Const"), (ONE, jlir.ir.values.FALSE)), False),
])
def test_judge_matches_julias_isdispatchelem(t, flagged):
    assert concrete.judge(t, STYLE_15).flagged is flagged


def test_unknown_names_are_taken_as_concrete_and_reported():
    v = concrete.judge(apply(name("Interval"), name("Any")), STYLE_15)
    assert not v.flagged and v.unknown == ("Interval",)


def test_table_holds_julias_facts():
    t = concrete.table()
    assert t.julia == "1.5.3"
    assert t.types["Integer"] == ("abstract", 0) and t.types["Base.AbstractCartesianIndex"] == ("abstract", 1)
    assert t.types["DataType"][0] == "kind" and t.types["Array"] == ("concrete", 2)
    for callee in ("Core.tuple", "Base.add_int", "Core.getfield", "===", "isa", "typeof", "Base.Math.sqrt_llvm"):
        assert concrete.is_builtin_callee(callee), callee
    assert not concrete.is_builtin_callee("Base.getproperty")  # a generic function, unlike Core.getproperty


def test_judge_agrees_with_julia_on_every_type_printed_in_fixtures_and_base():
    """5660 distinct types printed by Julia 1.5.3 (the fixtures and `@code_typed` of Base), each with the colour
    Julia's `warntype_type_printer` gives it (scripts/gen/gen_type_verdicts.py): none unless
    `!isdispatchelem(T) || T == Core.Box`, yellow for an `is_expected_union`, else red.  jlir's verdict on the
    printed text must be Julia's, for every one."""
    reference = json.loads((Path(__file__).resolve().parents[1] / "data" / "stability-type-verdicts-1.5.3.json").read_text())
    texts = sorted(reference)
    doc = "".join(f"CodeInfo(\n1 ─     return 1\n) => {t}\n\n" for t in texts)
    functions = jlir.functions(jlir.parse(doc))
    assert len(functions) == len(texts) == 5660
    assert [list(reference.values()).count(c) for c in (None, "yellow", "red")] == [2779, 642, 2239]
    wrong = [t for t, f in zip(texts, functions) if concrete.judge(f.return_type, STYLE_15).severity != reference[t]]
    assert wrong == []
