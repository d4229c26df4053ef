"""What the interpreter knows of Base beyond the intrinsics: globals the IR names without showing their
value, calls through a value, splatting, varargs, and the Base methods it runs when no dump has them.

The IR below is written as Julia 1.5 prints it; the callees come from `fixtures/julia-1.5.3/callees/` (Julia's
own dumps, per fixture case, recorded by scripts/gen/regen_fixtures.py); the values are Julia's (the Base globals table is checked against Julia itself when one is found).
"""
from __future__ import annotations

import subprocess

import pytest

import jlir
from conftest import NO_JULIA, ROOT, live_julias
from jlir import interp
from jlir.semantics.base_globals import DATA, base_global
from jlir.interp import basemethods
from jlir.interp.basemethods import NO, construct
from jlir.interp.runner import Context
from jlir.semantics.show import julia_repr
from jlir.semantics.values import JFloat, JFunction, JInt, JSymbol, JType, JuliaException

from support.recorded_runs import _Callees  # noqa: E402  (every case's callee dumps, one provider)

CALLEES = _Callees()


def _fn(text: str):
    return jlir.functions(jlir.parse(text))[0]


def _run(text: str, args, **kw):
    return interp.run(_fn(text), args, CALLEES, **kw)


def test_splatting_into_afoldl_adds_as_julias_varargs_plus_does():
    # many_ssa's `a + b + … + z` after inlining: `_apply_iterate(iterate, afoldl, (+, x), rest)`
    r = _run("""CodeInfo(
1 ─ %1 = Core.tuple(Base.:+, x)::Tuple{typeof(+),Float64}
│   %2 = Core.tuple(x, 0.25, x)::Tuple{Float64,Float64,Float64}
│   %3 = Core._apply_iterate(Base.iterate, Base.afoldl, %1, %2)::Float64
└──      return %3
) => Float64
""", [1.5], argnames=["x"])
    assert interp.julia_repr(r.value) == "4.75"


def test_a_function_read_from_a_global_is_called_through_its_ssa_value():
    r = _run("""CodeInfo(
1 ─ %1 = Base.Float32
│   %2 = (%1)(x)
└──      return %2
)
""", [0.1], argnames=["x"])
    assert r.value == JFloat(0.10000000149011612, "Float32")


def test_a_static_parameter_called_as_a_type_converts_as_julia_does():
    text = """CodeInfo(
1 ─ %1 = ($(Expr(:static_parameter, 1)))(x)
└──      return %1
)
"""
    assert _run(text, [100], argnames=["x"], sparams=[JType("Int8")]).value == JInt(100, "Int8")
    assert _run(text, [300], argnames=["x"], sparams=[JType("Int8")]).exception.type_name == "InexactError"


def test_mixed_type_arithmetic_promotes_then_calls_the_dumped_same_type_method():
    # `*(::Int64, ::Float64)` is not dumped; Base promotes to `*(::Float64, ::Float64)`, which is
    r = _run("""CodeInfo(
1 ─ %1 = 2 * x
└──      return %1
)
""", [0.75], argnames=["x"])
    assert (r.value, r.type) == (1.5, "Float64")


def test_base_constants_the_ir_names_have_julias_values():
    assert base_global("Base", "shifttable")[:3] == (JInt(25, "UInt8"),) * 3
    assert len(base_global("Base.Math", "t_log_Float64")) == 129
    assert base_global("Base", "+") == interp.JFunction("Base.+")
    r = _run("""CodeInfo(
1 ─ %1 = Base.shifttable::NTuple{512,UInt8}
│   %2 = Base.getfield(%1, 113, false)::UInt8
└──      return %2
) => UInt8
""", [])
    assert r.value == JInt(14, "UInt8")  # Julia 1.5.3: Base.shifttable[113] == 0x0e


def test_an_unknown_global_is_still_refused_with_its_name():
    with pytest.raises(interp.NotInterpretable, match=r"statement %1: the global Main.secret"):
        _run("CodeInfo(\n1 ─ %1 = Main.secret\n└──      return %1\n)\n", [])


def test_trailing_arguments_are_packed_for_a_vararg_callee():
    # `+(a, b, c, xs...)` dumped for 5 arguments: xs = (Float32, Float16)
    r = _run("""CodeInfo(
1 ─ %1 = invoke Main.:+(x::Float64, x::Float64, x::Float64, 1.0f0::Float32, Float16(0.5)::Float16)::Float64
└──      return %1
) => Float64
""", [1.0], argnames=["x"])
    assert r.value == 4.5


def test_a_callee_dumped_under_its_module_qualified_type_is_found():
    # the dump says `iterate(::Base.OneTo{Int64})`, the value's type prints `OneTo{Int64}`
    assert CALLEES.lookup("Base.iterate", ("OneTo{Int64}",)) is not None


def test_undefcheck_throws_when_the_phi_took_its_undef_edge():
    text = """CodeInfo(
1 ─       goto #3 if not c
2 ─       nothing::Nothing
3 ┄ %3  = φ (#2 => 1, #1 => #undef)::Int64
│         $(Expr(:undefcheck, :y, :(%3)))::Any
└──       return %3
) => Int64
"""
    assert _run(text, [True], argnames=["c"]).value == 1
    assert _run(text, [False], argnames=["c"]).exception.type_name == "UndefVarError"


def test_an_enter_followed_by_upsilons_in_its_block_still_catches():
    r = _run("""CodeInfo(
1 ─       $(Expr(:enter, #3))
│   %2  = ϒ (0)::Int64
│   %3  = Base.checked_sdiv_int(1, x)::Int64
│   %4  = ϒ (%3)::Int64
│         $(Expr(:leave, 1))
└──       return %3
2 ─       nothing::Nothing
3 ─ %8  = φᶜ (%2, %4)::Int64
│         $(Expr(:leave, 1))
└──       return %8
) => Int64
""", [0], argnames=["x"])
    assert r.value == 0


JULIAS = live_julias()


@pytest.mark.skipif(not JULIAS, reason=NO_JULIA)
def test_the_base_globals_table_is_what_julia_writes():
    from jlir.live.locate import find_julia
    argv = list(find_julia(JULIAS[0]).argv)
    version = subprocess.run([*argv, "-e", "print(VERSION)"], capture_output=True, text=True, timeout=120).stdout
    if version != "1.5.3":
        pytest.skip(f"the table is Julia 1.5.3's (found {version})")
    out = subprocess.run([*argv, str(ROOT / "scripts" / "gen" / "gen_base_globals.jl")], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    assert out == DATA.read_text(encoding="utf-8")


def test_fieldtype_reads_a_struct_line_with_field_types(tmp_path):
    # `setproperty!` in slot-form code asks `fieldtype(T, :n)` before converting; a dump directory may say it
    (tmp_path / "structs.txt").write_text("# mutable struct Main.Counter{Int64}: n::Int64\n")
    text = """CodeInfo(
1 ─ %1 = Base.fieldtype($(Expr(:static_parameter, 1)), :n)
└──      return %1
)
"""
    provider = interp.DumpProvider(tmp_path)
    r = interp.run(_fn(text), [], provider, sparams=[JType("Counter{Int64}")])
    assert r.value == JType("Int64")
    (tmp_path / "none").mkdir()   # a dump directory without the struct line: refused
    with pytest.raises(interp.NotInterpretable, match="Base.fieldtype"):
        interp.run(_fn(text), [], interp.DumpProvider(tmp_path / "none"), sparams=[JType("Counter{Int64}")])


def test_a_main_global_resolves_only_through_what_main_takes_from_base():
    """`Main.Int` is Int64 and `Main.zero` is Base's `zero` (a fresh Main's `using Base`, recorded by Julia in
    base_globals.tsv), but `Main.shifttable` is not: Base does not export it, so Julia's Main has no such name."""
    from jlir.semantics.constants import global_constant
    from jlir.semantics.values import JFunction, JType
    assert global_constant("Main.Int") == JType("Int64")
    assert global_constant("Main.Cvoid") == JType("Nothing")
    assert global_constant("Main.zero") == JFunction("Base.zero")
    with pytest.raises(interp.NotInterpretable):
        global_constant("Main.shifttable")


# Julia 1.5.3's `repr` of each constructed exception (run: `repr(DomainError(-1.0))` …); `DomainError(1, 2)` is a
# MethodError in Julia (msg::AbstractString), refused here.
@pytest.mark.parametrize("type_name, args, want", [
    ("DomainError", [-1.0], 'DomainError(-1.0, "")'),
    ("DomainError", [3, "bad"], 'DomainError(3, "bad")'),
    ("InexactError", [JSymbol("trunc"), JType("Int64"), JFloat(float("nan"), "Float32")],
     "InexactError(:trunc, Int64, NaN32)"),
    ("InexactError", [JSymbol("Int8"), JType("Int8"), 200], "InexactError(:Int8, Int8, 200)"),
])
def test_core_exceptions_with_untyped_fields_are_built_as_julia_builds_them(type_name, args, want):
    assert julia_repr(construct(type_name, args)) == want


@pytest.mark.parametrize("type_name, args", [("DomainError", [1, 2]), ("InexactError", [1, 2, 3]),
                                             ("DomainError", [])])
def test_exception_constructors_julia_would_reject_are_refused(type_name, args):
    assert construct(type_name, args) is NO


def test_a_bare_struct_name_the_provider_declares_is_its_type():
    # setproperty!(::Wallet, …) in struct_mutable's dumps reads `Base.fieldtype(Wallet, f)`: the type object, bare
    text = ("CodeInfo(\n1 ─ %1 = Base.fieldtype(Wallet, :moves)::Core.Compiler.Const(Int64, false)\n"
            "└──      return %1\n) => Type{Int64}\n")
    assert _run(text, [], argnames=[]).value == JType("Int64")
    with pytest.raises(interp.NotInterpretable, match="the global Wallet"):
        interp.run(_fn(text), [], None, argnames=[])


def test_a_bare_function_name_main_sees_is_bases_function():
    # throw_overflowerr_binaryop (Base.Checked) passes `string` to Core._apply_latest: Main's `string` is Base's
    text = "CodeInfo(\n1 ─ %1 = string\n└──      return %1\n) => typeof(string)\n"
    assert _run(text, [], argnames=[]).value == JFunction("Base.string")


def test_string_concatenates_print_forms_as_julia_does():
    # Julia 1.5.3: string(1, " ", :a, Int64, 0x03, true, Tuple{Int64,String}) == "1 aInt643trueTuple{Int64,String}"
    args = [1, " ", JSymbol("a"), JType("Int64"), JInt(3, "UInt8"), True, JType("Tuple{Int64,String}")]
    assert basemethods.fallback(None, "Base.string", args) == "1 aInt643trueTuple{Int64,String}"
    assert basemethods.fallback(None, "Base.string", [1.5]) is NO  # a float's print form: not modelled, refused


def test_overflow_message_is_built_through_apply_latest_and_string():
    # Base.Checked.throw_overflowerr_binaryop's dump: `Core._apply_latest(string, (x, " ", op, …))`, then
    # `Base.Checked.OverflowError(msg)`; Julia 1.5.3's checked_mul(typemax(Int), 2) throws this very value
    ctx = Context(CALLEES, 200)
    with pytest.raises(JuliaException) as e:
        ctx.call("Base.Checked.throw_overflowerr_binaryop", None, [JSymbol("*"), 9223372036854775807, 2])
    assert julia_repr(e.value.value) == 'OverflowError("9223372036854775807 * 2 overflowed for type Int64")'


def test_core_compilers_own_types_are_not_mains():
    """Julia 1.5.3: `Core.Compiler.KeyError !== KeyError` and `Core.Compiler.Missing !== Missing` (every other
    type name the interpreter knows is the same object in both); `Core.Compiler.Int64` is Int64."""
    from jlir.semantics.constants import global_constant
    for name in ("KeyError", "Missing"):
        with pytest.raises(interp.NotInterpretable, match="Core.Compiler's own"):
            global_constant(f"Core.Compiler.{name}")
        assert global_constant(f"Main.{name}") == JType(name)
    assert global_constant("Core.Compiler.Int64") == JType("Int64")
