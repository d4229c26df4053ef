"""Calls on the interpreter's own frame stack, `Core.Box`, and `jlir run`'s limits, checks and argument literals.

Julia 1.5.3's results are in `fixtures/julia-1.5.3/runs.tsv` (cases `closure_box`: a closure reassigning a
captured variable, which lowering puts in a `Core.Box`; `deep_recursion`: 5,000 calls deep, and a recursion
without end, Julia's StackOverflowError; `vector_grow`: push!, pop! and pushfirst!, the runtime's array
functions behind them; `string_walk`: a String iterated by Char, compared with ==, its sizeof and a codeunit,
Base reading its memory through jl_value_ptr, pointerref and memcmp; `dict_tally`: a Dict (its slots zeroed by
memset), copy (jl_array_copy), copyto! (memmove) and a missing key's KeyError).
"""
from __future__ import annotations

import json
import sys

import pytest

from support.recorded_runs import CALLEES, FIXTURES, FORMS, ROOT, RUNS, _arguments, _Callees, _function, _outcome, _want

from jlir import interp
from jlir.cli.literals import argument
from jlir.semantics.values import JArray, JChar, JSymbol
from support.cli import run_jlir


def _rows(case: str) -> list[dict]:
    return [r for r in RUNS if r["case"] == case]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("case", ["closure_box", "deep_recursion", "vector_grow", "string_walk", "dict_tally", "range_product"])
def test_every_form_gives_julias_result(case, form):
    rows = _rows(case)
    assert rows
    if case == "closure_box" and form == "typed":  # `Core.setfield!(%2, :contents, 0)::Const(0, false)`: the boxed
        with pytest.raises(interp.NotInterpretable, match="setfield! stores"):  # 0's width is not in the print
            interp.run(_function(case, form), _arguments(rows[0]["args"]), _Callees(), argnames=["n"])
        return
    for row in rows:
        r = interp.run(_function(case, form), _arguments(row["args"]), _Callees(), argnames=row["argnames"].split(","))
        assert _outcome(r) == _want(row), (form, row["call"])


def test_calls_thousands_deep_use_no_python_recursion():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # far below the 5,000 Julia frames: a Python frame per call would fail
    try:
        r = interp.run(_function("deep_recursion", "typed"), [5000], _Callees(), argnames=["n"])
    finally:
        sys.setrecursionlimit(limit)
    assert (r.value, r.type) == (12502500, "Int64")  # Julia 1.5.3: depth_sum(5000)


def test_a_box_read_before_it_is_set_is_julias_undef_ref_error():
    import jlir
    fn = jlir.functions(jlir.parse("CodeInfo(\n1 ─ %1 = Core.Box::Type{Core.Box}\n│   %2 = %new(%1)::Core.Box\n"
                                   "│   %3 = Core.isdefined(%2, :contents)::Bool\n"
                                   "│   %4 = Core.getfield(%2, :contents)::Any\n└──      return %4\n) => Any\n"))[0]
    r = interp.run(fn, [])
    assert r.exception.type_name == "UndefRefError"


def jlir_run(*args, timeout=120):
    return run_jlir("run", *args, text=True)


LOOP = "CodeInfo(\n1 ─      nothing::Nothing\n2 ┄      goto #2\n) => Union{}\n"


def test_a_loop_without_exit_stops_at_max_steps_with_exit_2(tmp_path):
    (tmp_path / "loop.txt").write_text(LOOP)
    out = jlir_run(str(tmp_path / "loop.txt"), "--max-steps", "5000")
    assert out.returncode == 2 and "stopped after 5000 steps" in out.stderr and "Traceback" not in out.stderr


def test_a_loop_without_exit_stops_at_the_timeout_with_exit_2(tmp_path):
    (tmp_path / "loop.txt").write_text(LOOP)
    out = jlir_run(str(tmp_path / "loop.txt"), "--max-steps", "0", "--timeout", "0.5", timeout=60)
    assert out.returncode == 2 and "stopped after 0.5 s" in out.stderr


def test_a_branch_to_a_missing_block_is_a_located_verify_error_not_a_traceback(tmp_path):
    (tmp_path / "bad.txt").write_text("CodeInfo(\n1 ─ %1 = Base.slt_int(x, 1)::Bool\n└──      goto #7 if not %1\n"
                                      "2 ─      return 1\n) => Int64\n")
    out = jlir_run(str(tmp_path / "bad.txt"), "--args", "3")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "bad.txt:3:10: error: " in out.stderr and "branch to #7" in out.stderr and "^" in out.stderr


@pytest.mark.parametrize("form", ["typed-unoptimized", "lowered"])  # typed: its boxed `0` is refused (above)
def test_jlir_run_of_a_boxed_closure_prints_julias_result(form):
    row = _rows("closure_box")[0]
    out = jlir_run(str(FIXTURES / f"closure_box.{form}.txt"), "--args", "3", "--callees", str(CALLEES / "closure_box"))
    assert (out.returncode, out.stdout) == (0, row["repr"] + "\n"), out.stderr


def test_too_many_arguments_say_so():
    out = jlir_run(str(FIXTURES / "closure_box.typed-unoptimized.txt"), "--args", "1", "2", "3")
    assert out.returncode == 2 and "given 3 arguments, but the IR reads one argument, n" in out.stderr


def test_a_missing_callee_says_what_would_provide_it():
    out = jlir_run(str(FIXTURES / "deep_recursion.typed.txt"), "--args", "10")  # `depth_sum`'s callee, not given
    assert out.returncode == 2 and "no provider has its IR (`--julia auto` would ask a Julia for it" in out.stderr


def test_a_vector_argument_literal_runs_as_julia_ran_it():
    row = next(r for r in RUNS if r["call"] == "findfirst_neg([3, -1, 2])")
    out = jlir_run(str(FIXTURES / "early_return.typed.txt"), "--args", "[3, -1, 2]", "--callees",
                   str(CALLEES / "early_return"))
    assert (out.returncode, out.stdout) == (0, row["repr"] + "\n"), out.stderr


def test_argument_literals_read_as_julia_reads_them():
    assert argument("[1, 2, 3]").items == [1, 2, 3] and argument("[1, 2, 3]").eltype == "Int64"
    assert argument("[1, 2.5]").items == [1.0, 2.5] and argument("[1, 2.5]").eltype == "Float64"  # promotion
    assert argument("Float64[]").eltype == "Float64" and argument("[]").eltype == "Any"
    assert argument("(1, 2.0)") == (1, 2.0) and argument("(5,)") == (5,) and argument("(5)") == 5
    assert argument('("a, b", :x, \'c\')') == ("a, b", JSymbol("x"), JChar.of("c"))
    assert argument("nothing") is None and argument("()") == ()
    assert type(argument("[[1], [2]]")) is JArray and argument("[[1], [2]]").eltype == "Array{Int64,1}"
    with pytest.raises(ValueError, match="Julia promotes"):
        argument("[1, nothing]")  # Julia: a Union{Nothing, Int64} vector, not modelled


def test_an_element_allocated_and_never_written_is_refused_not_guessed():
    import jlir
    fn = jlir.functions(jlir.parse(
        "CodeInfo(\n1 ─ %1 = $(Expr(:foreigncall, :(:jl_alloc_array_1d), Array{Int64,1}, svec(Any, Int64), 0, "
        ":(:ccall), Array{Int64,1}, 2, 2))::Array{Int64,1}\n│   %2 = Base.arrayref(true, %1, 1)::Int64\n"
        "└──      return %2\n) => Int64\n"))[0]
    with pytest.raises(interp.NotInterpretable, match="never written"):
        interp.run(fn, [])


def test_llvm_pow_runs_only_where_every_libm_agrees():
    from jlir.interp.foreign import foreign
    pow_ = foreign("llvm.pow.f64")
    assert pow_(2.0, 10.0) == 1024.0 and pow_(9.0, 0.5) == 3.0 and pow_(0.0, 0.5) == 0.0  # exact
    with pytest.raises(interp.NotInterpretable, match="rounded"):
        pow_(2.0, 0.3)


def test_calling_a_number_is_julias_method_error_only_where_julia_says_no_method_matches():
    # a method may make any type callable (`(x::Int64)(y) = x * y`): without the provider's word, refused
    import jlir
    fn = jlir.functions(jlir.parse("CodeInfo(\n1 ─ %1 = (f)(1)::Any\n└──      return %1\n) => Any\n"))[0]
    with pytest.raises(interp.NotInterpretable, match=r"\(::Int64\)\(::Int64\)"):
        interp.run(fn, [0], argnames=["f"])
    told = interp.DumpProvider()
    told.add("# MethodInstance for (::Int64)(::Int64)\n# no method\n")   # the live Julia's `callable` answer
    r = interp.run(fn, [0], told, argnames=["f"])   # Julia 1.5.3: `(0)(1)` throws MethodError
    assert r.exception.type_name == "MethodError"


@pytest.mark.parametrize("form", FORMS)
def test_a_range_loop_runs_with_no_callee_ir_at_all(form):
    # `:`, `iterate` of a UnitRange, `*` and `<` of two Int64s: Base methods the interpreter runs itself
    for row in _rows("range_product"):
        r = interp.run(_function("range_product", form), _arguments(row["args"]), None, argnames=["n"])
        assert _outcome(r) == _want(row), (form, row["call"])
