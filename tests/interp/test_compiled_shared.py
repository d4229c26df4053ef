"""Runs that share a provider compile each callee once (`jlir.interp.compiled`): the oracle's interpreter row runs
every instance's prints several times against one provider, and compiling Base's callees again for each run was
a third of its time.  Sharing must not change an answer."""
from __future__ import annotations

import jlir
from jlir import interp
from jlir.interp import blocks, runner
from jlir.interp.builtin import BaseProvider

CALLER = ("CodeInfo(\n1 ─ %1 = invoke Base.cat_indices(_2::Float64, 1::Int64)::Base.OneTo{Int64}\n"
          "│   %2 = Base.getfield(%1, :stop)::Int64\n└──      return %2\n) => Int64\n")


def _counting(monkeypatch) -> list:
    made: list = []
    real = blocks.compile_function

    def counted(fn, *a, **k):
        made.append(k.get("name") or (a[2] if len(a) > 2 else ""))
        return real(fn, *a, **k)
    monkeypatch.setattr(runner, "compile_function", counted)
    return made


def test_a_callee_is_compiled_once_for_runs_sharing_a_provider(monkeypatch):
    made = _counting(monkeypatch)
    fn, p = jlir.functions(jlir.parse(CALLER))[0], BaseProvider()
    answers = [interp.run(fn, [x], p, argnames=["x"]).outcome for x in (0.5, 2.5, -1.0)]
    assert answers == [("value", "Int64", "1")] * 3
    assert made.count("Base.cat_indices") == 1


def test_another_provider_compiles_again(monkeypatch):
    made = _counting(monkeypatch)
    fn = jlir.functions(jlir.parse(CALLER))[0]
    for _ in range(2):
        interp.run(fn, [0.5], BaseProvider(), argnames=["x"])
    assert made.count("Base.cat_indices") == 2
