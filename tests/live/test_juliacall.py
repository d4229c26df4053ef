"""The juliacall backend: runs whenever juliacall imports and starts a Julia, and is skipped with the reason otherwise.

(On jlir's build machines it is skipped: juliacall needs Julia 1.10.3+ and
PythonCall.jl from the Julia package server, which they cannot reach.)
"""
from __future__ import annotations

import os

import pytest

import jlir
from conftest import FIXTURES, live_julias
from jlir.live import Julia, JuliaError, JuliaNotFound


@pytest.fixture(scope="module")
def jl():
    try:
        return Julia(backend="juliacall")
    except JuliaNotFound as e:
        pytest.skip(f"the juliacall backend cannot start here: {e}")


def test_juliacall_runs_julia_in_this_process(jl):
    assert jl.backend == "juliacall"
    assert jl.pid == os.getpid()
    assert "typed" in jl.forms


def test_juliacall_prints_ir_that_jlir_reads_back(jl):
    f = jl.code_typed("jc_add(1, 2.0)", defs="jc_add(x, y) = x + y\n", defs_name="jc.jl")
    assert f.return_type is not None
    assert jlir.format(f.document) == f.text


def test_an_error_in_julia_through_juliacall_leaves_the_session_usable(jl):
    with pytest.raises(JuliaError) as e:
        jl.code_typed("jc_missing(1)")
    assert e.value.stage == "target"
    assert jl.code_typed("identity(1)").text.startswith("CodeInfo(")


def test_juliacall_prints_what_the_subprocess_backend_prints(jl):
    loops = (FIXTURES / "cases" / "loops.jl").read_text()
    mine = jl.fetch("sum_loop(::Vector{Float64})", "typed", defs=loops, defs_name="loops.jl").text
    committed = FIXTURES / f"julia-{jl.version}" / "loops.typed.txt"
    if committed.exists():
        assert mine == committed.read_text()
    for spec in live_julias():
        with Julia(spec, backend="subprocess") as other:
            if other.version == jl.version:
                assert other.fetch("sum_loop(::Vector{Float64})", "typed", defs=loops, defs_name="loops.jl").text == mine
