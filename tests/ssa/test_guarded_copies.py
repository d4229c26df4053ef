"""Out of SSA, a copy of a value that may be undefined is guarded (`jlir.ssa.guarded_copies`): it leaves its slot
undefined where the value is, and never reads an undefined slot, which in slot form is an `UndefVarError` where
the φ form threw nothing.  The case: tests/data/ssa/maybe-undef-in-try.jl, Julia 1.5.3's `optimize=false` print of
a local assigned on some iterations of a loop whose body is a `try` (a ϒ of a maybe-undefined value, and its φᶜ
in the catch block).  Unguarded, the catch block's copy threw before its `leave`, landed in its own catch block
and ran until the step limit; a generated program (seed 4, `main_774`) showed it, 107 runs of 500 programs."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.ir import nodes as N
from jlir.oracle.interp import transformed
from jlir.ssa.guarded_copies import maybe_undefined
from jlir.analysis.verifier import verify_ir

DATA = Path(__file__).resolve().parents[1] / "data" / "ssa" / "maybe-undef-in-try-1.5.3.txt"
# Julia 1.5.3's answers (tests/data/ssa/maybe-undef-in-try.jl prints them)
JULIA = {1: ("exception", "UndefVarError"), 3: ("value", "Int64", "3"), 6: ("value", "Int64", "6")}


def _fn():
    return jlir.functions(jlir.parse(DATA.read_text(encoding="utf-8")))[0]


def _run(fn, n):
    return interp.run(fn, [n], interp.BaseProvider(), argnames=["n"], max_steps=100_000, optimized=False).outcome


@pytest.mark.parametrize("n", sorted(JULIA))
def test_out_of_ssa_of_ssa_gives_julias_answer(n):
    out = transformed(_fn(), {"argnames": ["n"]}, ("ssa", "out-of-ssa"))
    assert _run(out, n) == JULIA[n]


@pytest.mark.parametrize("n", sorted(JULIA))
def test_the_print_and_its_ssa_give_julias_answer_too(n):
    fn = _fn()
    assert _run(fn, n) == JULIA[n]
    assert _run(transformed(fn, {"argnames": ["n"]}, ("ssa",)), n) == JULIA[n]


def test_every_copy_of_the_local_is_guarded_and_the_result_verifies():
    ssa = transformed(_fn(), {"argnames": ["n"]}, ("ssa",))
    assert maybe_undefined(ssa.positional), "the local is undefined on the first iterations"
    out = transformed(ssa, {"argnames": ["n"]}, ("out-of-ssa",))
    stmts = out.positional
    reads = {s.node.args[0].name for s in stmts if type(s.node) is N.Expr and s.node.head == "isdefined"}
    copies = [s.node for s in stmts if type(s.node) is N.Expr and s.node.head == "="
              and type(s.node.args[1]).__name__ == "SlotNumber" and s.node.args[1].name in reads]
    assert copies, "a copy of the maybe-undefined slot stands behind an isdefined"
    assert [d for d in verify_ir(out) if d.severity == "error"] == []


def test_a_function_with_no_undefined_value_gets_no_guard():
    text = ("CodeInfo(\n1 ─      goto #3 if not _2\n2 ─      goto #4\n3 ─      nothing::Nothing\n"
            "4 ┄ %4 = φ (#2 => 1, #3 => 2)::Int64\n└──      return %4\n) => Int64\n")
    fn = jlir.functions(jlir.parse(text))[0]
    assert maybe_undefined(fn.positional) == set()
    out = transformed(fn, {}, ("out-of-ssa",))
    assert not any(type(s.node) is N.Expr and s.node.head == "isdefined" for s in out.positional)
