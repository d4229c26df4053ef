"""Closures in the slot forms: `Core.apply_type` builds the closure's type, `%new` the closure, and a call of the
closure value runs its method's IR from the provider, keyed as Julia prints that method instance
(`(::var"#3001#3003"{Int64})(::Int64)`), with the closure as `#self#`.

The case is `fixtures/cases/closure_capture.jl`; its closure methods were dumped by Julia 1.5.3
(`scripts/gen/regen_fixtures.py`, `jlir/live/julia/closures.jl`) into `fixtures/julia-1.5.3/callees/closure_capture/`,
and Julia's own results are in `runs.tsv`.  The apply_type expectations are what Julia 1.5.3 answers.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import jlir
from conftest import NO_JULIA, ROOT, julia_1_5, live_julias
from jlir import interp
from jlir.interp import basemethods
from jlir.interp.runner import Context
from jlir.semantics.values import JStruct, JType

FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
DUMPS = FIXTURES / "callees" / "closure_capture"
ADD = 'var"#3001#3003"'          # `add = y -> y + k`, as Julia's typeof prints it
TWICE = 'var"#3002#3004"'        # `twice = y -> add(add(y))`
# Julia 1.5.3: apply_offset(3, 4), (0, 0), (-5, 2), (typemax(Int), 1)
CALLS = [((3, 4), 44), ((0, 0), 0), ((-5, 2), -2), ((9223372036854775807, 1), -9223372036854775807)]


def _function(form: str):
    return jlir.functions(jlir.parse_file(FIXTURES / f"closure_capture.{form}.txt"))[0]


def _context(provider=None):
    return Context(provider if provider is not None else interp.DumpProvider(DUMPS), 200)


@pytest.mark.parametrize("form", ["lowered", "typed-unoptimized"])
def test_the_slot_forms_build_and_call_the_closures_as_julia_does(form):
    for args, want in CALLS:
        r = interp.run(_function(form), list(args), interp.DumpProvider(DUMPS), argnames=["x", "k"])
        assert (r.value, r.type) == (want, "Int64"), (form, args)


def test_apply_type_of_a_closure_struct_gives_the_concrete_type_the_provider_knows():
    ctx = _context()
    got = basemethods.fallback(ctx, "Core.apply_type", [JType(ADD), JType("Int64")])
    assert got == JType(f"{ADD}{{Int64}}")
    nested = basemethods.fallback(ctx, "Core.apply_type", [JType(TWICE), got])
    assert nested == JType(f"{TWICE}{{{ADD}{{Int64}}}}")
    # no parameters: the type itself (Julia: `Core.apply_type(T) === T`)
    assert basemethods.fallback(ctx, "Core.apply_type", [JType(ADD)]) == JType(ADD)


def test_apply_type_of_tuple_and_of_a_type_without_parameters_follow_julia():
    ctx = _context()
    assert basemethods.fallback(ctx, "Core.apply_type", [JType("Tuple"), JType("Int64"), JType("Int64")]) == \
        JType("Tuple{Int64,Int64}")
    # Julia 1.5.3: TypeError(Symbol("Type{...} expression"), "", UnionAll, Int64)
    with pytest.raises(interp.JuliaException) as e:
        basemethods.fallback(ctx, "Core.apply_type", [JType("Int64"), JType("Int64")])
    assert e.value.type_name == "TypeError"
    assert e.value.value.fields[2:] == (JType("UnionAll"), JType("Int64"))


def test_apply_type_refuses_a_parametric_type_the_run_does_not_know():
    ctx = _context()
    with pytest.raises(interp.NotInterpretable, match=r'var"#3001#3003"\{Float64\} is not a type this run knows'):
        basemethods.fallback(ctx, "Core.apply_type", [JType(ADD), JType("Float64")])


def test_apply_type_of_a_base_struct_without_bounds_takes_any_parameters():
    """generator.jl's `struct Generator{I,F}` bounds neither parameter: `map(f, v)`'s `Generator(f, v)` builds
    `Generator{Array{UInt64,1},var"#2#3"}` (a generated program's `map` of a closure) without asking Julia; a
    count other than the declaration's is still refused, as is a struct jlir knows no declaration of."""
    ctx = _context()
    got = basemethods.fallback(ctx, "Core.apply_type", [JType("Generator"), JType("Array{UInt64,1}"), JType(ADD)])
    assert got == JType(f"Generator{{Array{{UInt64,1}},{ADD}}}")
    assert basemethods.fallback(ctx, "Core.apply_type", [JType("Base.Some"), 3]) == JType("Base.Some{3}")
    with pytest.raises(interp.NotInterpretable):
        basemethods.fallback(ctx, "Core.apply_type", [JType("Generator"), JType("Int64")])
    with pytest.raises(interp.NotInterpretable):
        basemethods.fallback(ctx, "Core.apply_type", [JType("Base.Iterators.Zip"), JType("Tuple{Int64}")])


def test_apply_type_of_ptr_takes_any_parameter():
    """boot.jl's `primitive type Ptr{T} <: Ref{T}` bounds nothing: lowered `Core.apply_type(Base.Ptr, Base.UInt8)`
    (Base's `repeat(::Char, ::Int64)`, `unsafe_convert(Ptr{UInt8}, p)`) is `Ptr{UInt8}`, as Julia 1.5.3 prints it."""
    ctx = _context()
    assert basemethods.fallback(ctx, "Core.apply_type", [JType("Ptr"), JType("UInt8")]) == JType("Ptr{UInt8}")
    with pytest.raises(interp.NotInterpretable):
        basemethods.fallback(ctx, "Core.apply_type", [JType("Ptr"), JType("UInt8"), JType("UInt8")])


def test_a_parametric_constructor_is_asked_of_julia_by_its_qualified_name():
    from jlir.live.provider import julia_callee
    assert julia_callee(f"Generator{{Array{{UInt64,1}},{ADD}}}") == f"Base.Generator{{Array{{UInt64,1}},{ADD}}}"
    assert julia_callee("Base.#string#336") == 'Base.var"#string#336"'


def test_a_struct_value_is_called_through_the_provider_by_its_type_with_itself_as_self():
    provider = interp.DumpProvider(DUMPS)
    assert provider.lookup(f"(::{ADD}{{Int64}})", ("Int64",)) is not None
    assert provider.argnames(f"(::{ADD}{{Int64}})", ("Int64",)) == ("y",)
    ctx = _context(provider)
    add = JStruct(f"{ADD}{{Int64}}", (4,), ("k",), False)
    assert ctx.call_value(add, [3]) == 7
    twice = JStruct(f"{TWICE}{{{ADD}{{Int64}}}}", (add,), ("add",), False)
    assert ctx.call_value(twice, [3]) == 11


def test_a_slot_form_run_takes_the_closure_method_in_its_own_form(tmp_path):
    """With only the optimized dumps the closures still run (their typed IR), in fewer steps: the slot-form
    dumps are the ones a slot-form run takes when it has them."""
    typed_only = tmp_path / "typed"
    typed_only.mkdir()
    for dump in DUMPS.glob("*.txt"):
        if "# form: " not in dump.read_text(encoding="utf-8"):
            shutil.copy(dump, typed_only / dump.name)
    provider = interp.DumpProvider(DUMPS)
    assert provider.lookup_form(f"(::{ADD}{{Int64}})", ("Int64",), "lowered") is not None
    full = interp.run(_function("lowered"), [3, 4], provider, argnames=["x", "k"])
    typed = interp.run(_function("lowered"), [3, 4], interp.DumpProvider(typed_only), argnames=["x", "k"])
    assert full.value == typed.value == 44
    assert full.steps != typed.steps


def test_a_closure_method_missing_from_the_provider_is_one_located_refusal(tmp_path):
    for dump in DUMPS.glob("*.txt"):
        if not dump.read_text(encoding="utf-8").startswith("# MethodInstance for (::"):
            shutil.copy(dump, tmp_path / dump.name)
    with pytest.raises(interp.NotInterpretable) as e:
        interp.run(_function("lowered"), [3, 4], interp.DumpProvider(tmp_path), argnames=["x", "k"])
    message = str(e.value)
    assert "\n" not in message
    assert message == (f'statement %11: call to (::{TWICE}{{{ADD}{{Int64}}}})(::Int64): no provider has its IR '
                       "(`--julia auto` would ask a Julia for it, `--callees DIR` read it from dumps)")


def test_jlir_run_prints_julias_result_for_the_lowered_closures():
    out = subprocess.run([sys.executable, "-m", "jlir", "run", str(FIXTURES / "closure_capture.lowered.txt"),
                          "--argnames", "x,k", "--args", "3", "4", "--callees", str(DUMPS)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (out.returncode, out.stdout, out.stderr) == (0, "44\n", "")


# ------------------------------------------------------------------ the same through a live Julia
JULIAS = live_julias()
live = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)


julia = julia_1_5("the closure fixtures are Julia 1.5.3's")


@live
def test_the_dumps_by_signature_print_what_code_typed_and_code_lowered_of_the_closure_print():
    """The typeinf_code path (no closure object at hand) against Julia's own `code_typed(closure, types)` and
    `code_lowered(closure, types)` of a closure it made."""
    from jlir.live.locate import find_julia
    code = f"""include({str(ROOT / 'jlir' / 'live' / 'jlir.jl')!r})
    add = (k -> (y -> y + k))(4)
    sig = Tuple{{typeof(add), Int}}
    for (form, want) in (("typed", sprint(show, code_typed(add, (Int,))[1])),
                         ("typed-unoptimized", sprint(show, code_typed(add, (Int,); optimize=false)[1])),
                         ("lowered", sprint(show, code_lowered(add, (Int,))[1])))
        got = JlirLive.callable_dump(sig, form)
        println(form, " ", endswith(got, want * "\\n"), " ", occursin("# argnames: y\\n", got))
    end
    """.replace("'", '"')
    out = subprocess.run([*find_julia(JULIAS[0]).argv, "-e", code], capture_output=True, text=True, timeout=300)
    assert out.stdout.split("\n")[:3] == ["typed true true", "typed-unoptimized true true", "lowered true true"], \
        out.stderr


@live
def test_jlir_run_with_a_live_julia_asks_it_for_the_closures(julia, tmp_path):
    from jlir.live.provider import LiveProvider
    order = [line.strip() for line in (ROOT / "fixtures" / "cases" / "order.txt").read_text(encoding="utf-8")
             .splitlines() if line.strip() and not line.startswith("#")]  # a case's rank, as regen_fixtures reads it
    source = (ROOT / "fixtures" / "cases" / "closure_capture.jl").read_text(encoding="utf-8")
    julia.load_case(source, "closure_capture", order.index("closure_capture") + 1)
    provider = LiveProvider(julia, cache=tmp_path)
    for form in ("lowered", "typed-unoptimized"):
        for args, want in CALLS:
            r = interp.run(_function(form), list(args), provider, argnames=["x", "k"])
            assert (r.value, r.type) == (want, "Int64"), (form, args)
    assert provider.lookup_form(f"(::{ADD}{{Int64}})", ("Int64",), "lowered") is not None
    cached = [f.read_text(encoding="utf-8") for f in tmp_path.rglob("*.txt")]
    assert not [t for t in cached if t.startswith("# MethodInstance for (::")]  # the user's code: never cached


@live
def test_jlir_run_julia_runs_the_closures_of_code_julia_just_lowered(tmp_path):
    """The whole user path: `jlir fetch --form lowered` of the case's call, then `jlir run --julia --defs` on that
    print (a fresh Julia numbers the closures `#1#3`, `#2#4`): Julia's answers (runs.tsv)."""
    env = {**os.environ, "JLIR_JULIA_CACHE": str(tmp_path / "cache")}
    defs = ROOT / "fixtures" / "cases" / "closure_capture.jl"
    lowered = tmp_path / "lowered.txt"
    fetch = [sys.executable, "-m", "jlir", "fetch", "--backend", "subprocess", "--julia", JULIAS[0], "--defs",
             str(defs), "--form", "lowered", "--bare", "-o", str(lowered), "apply_offset(3, 4)"]
    subprocess.run(fetch, check=True, capture_output=True, cwd=ROOT, env=env, timeout=300)
    assert 'Main.:(var"#1#3")' in lowered.read_text(encoding="utf-8")
    for args, want in CALLS[::3]:
        out = subprocess.run([sys.executable, "-m", "jlir", "run", str(lowered), "--argnames", "x,k", "--args",
                              *map(str, args), "--julia", JULIAS[0], "--defs", str(defs)],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
        assert (out.returncode, out.stdout, out.stderr) == (0, f"{want}\n", "")
