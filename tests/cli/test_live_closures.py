"""`jlir run --julia auto --defs FILE` runs a user's closure that reassigns a captured variable (a `Core.Box`) and a
keyword call, in every form, though the dump names the closure after another session's counters
(`var"#3751#3752"`: `jlir.live.gensyms` maps it to the live Julia's name by printing the same function there).
Expected values: Julia 1.5.3's recorded calls (fixtures/julia-1.5.3/runs.tsv) and its `kw_caller(2.0)`, 19.5.
Skipped without Julia."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import NO_JULIA, live_julias
from support.cli import run_jlir

from jlir.live.gensyms import defined_names, number_map

ROOT = Path(__file__).resolve().parents[2]
FIXTURES, CASES = ROOT / "fixtures" / "julia-1.5.3", ROOT / "fixtures" / "cases"
FORMS = ("typed", "typed-unoptimized", "lowered")


def test_texts_alike_but_for_gensym_numbers_map_them_and_block_references_must_agree():
    ours = '%4 = %new(var"#3751#3752"{Int64}, n)\n#3751 = %4\ngoto #3'
    assert number_map(ours, '%4 = %new(var"#1#2"{Int64}, n)\n#1 = %4\ngoto #3') == {"#3751": "#1", "#3752": "#2"}
    assert number_map(ours, '%4 = %new(var"#1#2"{Int64}, n)\n#1 = %4\ngoto #4') is None  # a block, not a name
    assert number_map(ours, '%4 = %new(var"#1#2"{Int64}, x)\n#1 = %4\ngoto #3') is None
    assert defined_names("function scale(x; k=2)\nend\nkw_caller(x) = scale(x)\n") == ["scale", "kw_caller"]


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
@pytest.mark.parametrize("case,arg,want", [("closure_box", "3", "6"), ("closure_box", "-7", "-14"),
                                           ("kwcall", "2.0", "19.5")])
@pytest.mark.parametrize("form", FORMS)
def test_a_boxed_closure_and_a_keyword_call_run_with_a_live_julia_and_the_defs(case, arg, want, form):
    out = run_jlir("run", FIXTURES / f"{case}.{form}.txt", "--args", arg, "--julia", "auto", "--defs",
                   CASES / f"{case}.jl", text=True)
    if (case, form) == ("closure_box", "typed"):  # the box's `0` is a folded Const: its width is not in the print
        assert out.returncode == 2 and "the type of the literal 0 setfield! stores is not in the IR" in out.stderr
        return
    assert (out.returncode, out.stdout, out.stderr) == (0, want + "\n", "")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_refusal_with_a_live_julia_does_not_recommend_asking_one():
    out = run_jlir("run", FIXTURES / "deep_recursion.typed.txt", "--args", "3", "--julia", "auto", text=True)
    assert out.returncode == 2 and "--julia auto` would" not in out.stderr and "--defs FILE" in out.stderr


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_closure_whose_type_takes_no_parameters_is_called_by_its_quoted_name(k):
    """`%new(Main.:(var"#1#2"), box)` (no `apply_type`: the closure captures only a box) makes a value Julia's
    `typeof` names `var"#1#2"`, the name its method is asked by (tests/data/cli/closure-plain.jl: Julia says 3.5)."""
    data = ROOT / "tests" / "data" / "cli"
    out = run_jlir("run", data / "closure-plain-1.5.3.txt", "--function", str(k), "--args", "2.0", "--julia", "auto",
                   "--defs", data / "closure-plain.jl", text=True)
    assert (out.returncode, out.stdout, out.stderr) == (0, "3.5\n", "")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
@pytest.mark.parametrize("k,arg,want", [(1, "[1, 2, 3]", "6"), (2, "3.0", "7.5")])
def test_a_keyword_sorters_instance_called_as_shown_runs(k, arg, want):
    """`(Base.var"#foldl##kw"())(%2, …)` and the user's `(var"#scaled##kw"())(%2, …)`, their keywords built by
    `(NamedTuple{(:init,),T} where T<:Tuple)(%1)` (tests/data/cli/kw-sorter.jl: Julia says 6 and 7.5)."""
    data = ROOT / "tests" / "data" / "cli"
    out = run_jlir("run", data / "kw-sorter-1.5.3.txt", "--function", str(k), "--args", arg, "--julia", "auto",
                   "--defs", data / "kw-sorter.jl", text=True)
    assert (out.returncode, out.stdout, out.stderr) == (0, want + "\n", "")
