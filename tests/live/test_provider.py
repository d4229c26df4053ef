"""The interpreter running Base's own math code, its callees' IR fetched from a live Julia (`LiveProvider`).

`foo(x) = sin(x)` runs down through `sin`'s real IR (`paynehanek` for huge arguments, `sin_domain_error` for
Inf): it needs `%new` of structs whose field names only Julia knows (`Base.Math.DoubleFloat64`: the `struct`
request) and each callee's method (argument names, vararg, static parameters: the `method` request).  Every
result is compared with what the same Julia prints for the same call, bit for bit through `repr`.  Julia 1.5
only (the callee IR of other versions has constructs the interpreter may refuse); skipped without Julia.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

import jlir
from conftest import NO_JULIA, ROOT, julia_1_5, live_julias
from jlir import interp
from jlir.live.locate import find_julia

JULIAS = live_julias()
pytestmark = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)

CALLS = ["sin(3.2)", "cos(1.0)", "tan(0.7)", "exp(1.5)", "log(2.5)", "cbrt(2.0)", "asin(0.4)", "log1p(0.2)",
         "sin(1.0e300)", "cos(1.0e22)", "sin(Inf)", "log(0.0)"]


julia = julia_1_5("the live math runs are checked with Julia 1.5")


@pytest.fixture(scope="module")
def julias_answers(julia) -> dict:
    """`repr` of each call, or `throws <exception type>`, as the same Julia binary prints them."""
    code = "for c in ARGS; v = try; repr(eval(Meta.parse(c))); catch e; \"throws \" * string(nameof(typeof(e))); " \
           "end; println(v); end"
    argv = list(find_julia(JULIAS[0]).argv)
    out = subprocess.run([*argv, "-e", code, *CALLS], capture_output=True, text=True, timeout=300,
                         check=True).stdout.splitlines()
    return dict(zip(CALLS, out))


def _outcome(r) -> str:
    return f"throws {r.exception.type_name}" if r.exception is not None else interp.julia_repr(r.value)


def test_base_math_runs_through_julias_own_ir_to_julias_answer(julia, julias_answers, tmp_path):
    from jlir.live.provider import LiveProvider
    provider = LiveProvider(julia, cache=tmp_path)
    got = {}
    for c in CALLS:
        f, arg = c[:-1].split("(")
        fn = julia.code_typed(f"{f}(::Float64)").function
        got[c] = _outcome(interp.run(fn, [float(arg)], provider, argnames=["x"]))
    assert got == julias_answers
    assert julias_answers["sin(3.2)"] == "-0.058374143427580086" and julias_answers["sin(Inf)"] == "throws DomainError"


def test_the_callee_cache_carries_argument_names_varargs_and_static_parameters(julia, tmp_path):
    from jlir.live.provider import LiveProvider
    first = LiveProvider(julia, cache=tmp_path)
    sig = ("Float64", "Float64", "Float64", "Float32")
    assert first.lookup("Base.+", sig) is not None and first.lookup("Base.Math.sin", ("Float64",)) is not None
    again = LiveProvider(julia, cache=tmp_path)
    again.jl = None  # served from the disk cache alone: asking Julia would fail
    assert again.argnames("Base.+", sig) == ("a", "b", "c", "xs") and again.vararg("Base.+", sig) is True
    assert again.sparams("Base.Math.sin", ("Float64",)) == (interp.JType("Float64"),)
    assert again.vararg("Base.Math.sin", ("Float64",)) is False


def test_julia_answers_the_struct_and_method_requests(julia):
    assert julia.struct_info("Base.Math.DoubleFloat64") == (False, (("hi", "Float64"), ("lo", "Float64")))
    assert julia.struct_info("Base.RefValue{Int64}") == (True, (("x", "Int64"),))
    info = julia.method_info("Base.zero(::Type{Int32})")
    assert info["sparams"] == "Int32" and info["vararg"] is False
    from jlir.live.errors import LiveError
    with pytest.raises(LiveError):
        julia.struct_info("Int64")


def test_jlir_run_reaches_sin_through_a_live_julia(julia, julias_answers, tmp_path):
    (tmp_path / "foo.jl").write_text("foo(x) = sin(x)\n")
    (tmp_path / "foo.txt").write_text(julia.code_typed("foo(::Float64)", defs="foo(x) = sin(x)\n").text)
    run = subprocess.run([sys.executable, "-m", "jlir", "run", str(tmp_path / "foo.txt"), "--args", "3.2",
                          "--julia", JULIAS[0], "--defs", str(tmp_path / "foo.jl")], cwd=ROOT,
                         capture_output=True, text=True, timeout=600,
                         env={**__import__("os").environ, "JLIR_JULIA_CACHE": str(tmp_path / "cache")})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == julias_answers["sin(3.2)"]
    assert jlir.functions(jlir.parse((tmp_path / "foo.txt").read_text()))


def test_every_recorded_case_run_agrees_with_a_live_julia_as_the_provider(julia, tmp_path):
    """The first 19 fixture cases with recorded calls (`fixtures/julia-1.5.3/runs.tsv`, Julia's recorded results)
    in all four forms, every callee from the live Julia (the case files defined in its Main): only printing and a
    literal whose type the IR does not show are refused."""
    from jlir.interp.encoding import decode
    from jlir.live.provider import LiveProvider
    from support.recorded_runs import ROWS
    first = ("while_swap", "many_blocks", "many_ssa", "goto_label", "union_nothing", "undef_var", "try_catch",
             "nested_try", "exceptions", "simd", "struct_new", "recursion", "loops", "early_return", "inbounds",
             "perf_tips", "floats", "static_params", "type_unstable")
    provider = LiveProvider(julia, cache=tmp_path)
    agree, refused, differ = 0, set(), []
    for case, _, names, sparams, args, *want in (row for row in ROWS if row[0] in first):
        julia.define((ROOT / "fixtures" / "cases" / f"{case}.jl").read_text(encoding="utf-8"), f"{case}.jl")
        for form in ("typed", "ircode", "typed-unoptimized", "lowered"):
            fn = jlir.functions(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / f"{case}.{form}.txt"))[0]
            try:
                r = interp.run(fn, [decode(a) for a in args.split(" ")], provider, argnames=names.split(","),
                               sparams=[interp.JType(t) for t in sparams.split(",") if t])
            except interp.NotInterpretable as e:
                refused.add(f"{case}.{form}: {e}")
                continue
            got = ("err", r.exception.type_name) if r.exception else ("ok", r.type, interp.julia_repr(r.value))
            agree += got == tuple(want)
            if got != tuple(want):
                differ.append((case, form, args, got, want))
    assert differ == []
    assert {r.split(":")[0] for r in refused} == {f"try_catch.{f}" for f in ("typed", "ircode", "typed-unoptimized",
                                                                           "lowered")} | {"static_params.ircode", "early_return.ircode"}
    assert all("Main.println(" in r or "the integer type of the returned literal 0" in r for r in refused)
    assert agree >= 218  # early_return's IRCode returns a literal 0 whose width no return type proves: refused


def test_a_library_method_specialised_on_a_users_closure_is_not_cached_for_the_next_run(julia, tmp_path):
    """`map(x -> x + 1, v)` and then, in another session, `map(x -> x * 10, v)`: both closures are `var"#1#2"`
    (lowering numbers them afresh per session), and Julia inlines each into `collect_to_with_first!(…,
    ::Generator{Array{Int64,1},var"#1#2"}, …)`.  That instance is the user's code, never cached (the second run
    gave `[10, 3]`, the first closure's `+ 1` read from the cache, where Julia returns `[10, 20]`).  Julia's
    answers are asked of the same Julia."""
    env = {**__import__("os").environ, "JLIR_JULIA_CACHE": str(tmp_path / "cache")}
    for name, body in (("a", "x + 1"), ("b", "x * 10")):
        defs = f"f(v) = map(x -> {body}, v)\n"
        (tmp_path / f"{name}.jl").write_text(defs)
        (tmp_path / f"{name}.txt").write_text(julia.render("f(::Vector{Int64})", "typed-unoptimized", defs=defs)[0])
        argv = list(find_julia(JULIAS[0]).argv)
        want = subprocess.run([*argv, "-e", defs + "print(repr(f([1, 2])))"], capture_output=True, text=True,
                              timeout=300, check=True).stdout
        run = subprocess.run([sys.executable, "-m", "jlir", "run", str(tmp_path / f"{name}.txt"), "--args", "[1, 2]",
                              "--julia", JULIAS[0], "--defs", str(tmp_path / f"{name}.jl")], cwd=ROOT,
                             capture_output=True, text=True, timeout=600, env=env)
        assert (run.returncode, run.stdout.strip()) == (0, want), run.stderr
    from jlir.live.provider import _cacheable
    assert not _cacheable("Base.collect_to_with_first!",
                          ("Array{Int64,1}", "Int64", 'Generator{Array{Int64,1},var"#1#2"}', "Int64"))
    assert not _cacheable("Base.map", ("typeof(myf)", "Array{Int64,1}"))
    assert _cacheable("Base.string", ("Int64", "Vararg{Any,N} where N"))
