"""`handler_stacks` of a function without `enter` or `leave` is read off reachability without solving: the same
stacks the solver reaches, on every fixture function and on random CFGs with unreachable blocks and cycles."""
from __future__ import annotations

import random
from pathlib import Path

import jlir
from jlir.analysis import handlers as H
from jlir.analysis.dataflow import Problem, solve
from jlir.analysis.defuse import statement_layout
from jlir.ir.cfg import compute_cfg

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def _solved(cfg) -> H.HandlerStacks:
    sol = solve(cfg, Problem(forward=True, boundary=(), initial=None, merge=H._merge, transfer=lambda b, s: s))
    return H.HandlerStacks(sol.ins, sol.outs)


def test_without_handlers_the_stacks_are_what_the_solver_reaches_on_every_fixture():
    seen = 0
    for path in sorted(FIX.glob("*.txt")):
        try:
            fns = jlir.functions(jlir.parse_file(path))
        except jlir.ParseError:
            continue
        for f in fns:
            cfg = compute_cfg(f)
            statements, order = statement_layout(f)
            if len(order) != len(cfg.blocks):
                continue
            got = H.handler_stacks(cfg, order, statements)
            if not any(type(s.node).__name__ == "EnterNode" or H.leave_count(s.node) is not None for s in f.stmts):
                assert got == _solved(cfg), (path.name, f)
                seen += 1
    assert seen > 100


def test_without_handlers_the_stacks_follow_reachability_on_random_graphs():
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 12)
        succs = [tuple(rng.randint(0, n + 1) for _ in range(rng.randint(0, 2))) for _ in range(n)]
        assert H._without_handlers(succs) == _solved(succs), succs
