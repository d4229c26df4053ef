"""`jlir.ssa.slot_order` against the slot numbers Julia 1.5.3's lowering gave (`CodeInfo.slotnames`).

Each fixture under `fixtures/reference-1.5.3/ssa/` named here is a real oracle record (provenance inside) with
the `slotnames` of the same method's `code_typed(…; optimize=false)`; `slot2reg` places φ nodes in that order,
so jlir's order of the slots the print names must be Julia's.  (`tests/ssa/test_recorded.py` compares the whole
`slot2reg` + `compact!` print of every fixture.)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.analysis.dominance import dominator_tree
from jlir.ir.cfg import compute_cfg
from jlir.ir.function import IR, Block, Function
from jlir.ssa.prepare import prepare
from jlir.ssa.slot_order import slot_order
from jlir.ssa.slots import scan_slot_def_use

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "reference-1.5.3" / "ssa"


def _orders(name: str) -> tuple[list, list]:
    """(jlir's slot order, the same slots in Julia's slot-number order) for fixture `name`."""
    record = json.loads((FIXTURES / f"{name}.json").read_text())
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    argnames = tuple(record["argnames"])
    prep = prepare(fn.positional, [(b.first, b.last) for b in fn.blocks])
    cfg = compute_cfg(Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks), fn.linetable),
                                  fn.display))
    code = [s.node for s in prep.stmts]
    infos = scan_slot_def_use(code, None, argnames)
    ours = slot_order(infos, (argnames, None), code, cfg, dominator_tree(cfg),
                      (prep.dead_loops, prep.dead_nodes))
    slotnames = record["slotnames"]
    number = {k: k[1] if k[0] == "id" else slotnames.index(k[1]) + 1 for k in ours}
    return ours, sorted(ours, key=number.get)


def test_a_destructured_tuples_state_slot_starts_no_loop_scope():
    # `args, ks, rows = f(…)` in a while loop (SparseArrays' `_broadcast_zeropres!`): its first element's store
    # is followed by the iteration state's, `@_9 = getfield(%16, 2)`, a slot store; `expand-for`'s state is an
    # SSA value.  Julia numbers ks with the for loop's locals, before the destructuring's `@_9` and args.
    ours, julias = _orders("slot_order_destructured_tuple_in_loop")
    assert ours == julias
    assert [k[1] for k in ours].index("ks") < [k[1] for k in ours].index("args")


def test_a_loop_variable_leads_the_newvarnode_run_above_its_iteration_read():
    # `for i in …` whose body's locals v1, v2, v3 print as `NewvarNode`s before `%t = @_4` and `i = getfield(%t, 1)`:
    # `(local i)` is the body scope's first local, so i is numbered before the inner loop's `@_6`.
    ours, julias = _orders("slot_order_loop_variable_after_run")
    assert ours == julias


def test_a_while_loops_body_is_a_scope_numbered_after_the_enclosing_ones():
    # `while x < t; a, b = …; if …; y = b; b = …; end; …; end; y = 2`: `expand-forms` makes the body a
    # `scope-block`, so its locals (the destructuring's `@_5`, a, b) follow the function body's x and y, though b
    # is assigned before y; y and b both get a φ at the `if`'s join (their order is Julia's print's).
    ours, julias = _orders("slot_order_while_body_scope")
    assert ours == julias
    names = [k[1] for k in ours]
    assert names.index("y") < names.index("b")


def test_a_loop_variable_leads_its_run_above_the_copies_of_the_outer_loop_variables():
    # `for i7 in …, j8 in …`: expand-for copies i7 into the innermost body (`i7@_22 = %88`, a `let`'s
    # `local-def`, numbered after that scope's other locals) between the body's NewvarNode run and j8's store;
    # `(local j8)` still comes first (16, before u15 at 17).  acc2, assigned only in a dead `while` body, holds
    # 10 though no live statement names it.
    ours, julias = _orders("slot_order_copied_loop_variable_and_dead_only_slot")
    assert ours == julias


SMALL = Path(__file__).resolve().parents[1] / "data" / "ssa" / "slot-order-1.5.3"


def _small_orders(name: str) -> tuple[list, list]:
    """(jlir's slot order, Julia's) for a function of `SMALL/programs.jl`: its `optimize=false` print and the
    `slotnames` Julia 1.5.3 gave it (`scripts/gen/gen_slot_order_cases.jl`)."""
    lines = (SMALL / f"{name}.slotnames").read_text().splitlines()
    slotnames, argnames = lines[:-1], tuple(lines[-1][len("ARGS "):].split(","))
    fn = jlir.functions(jlir.parse((SMALL / f"{name}.typed-unoptimized.txt").read_text()))[0]
    prep = prepare(fn.positional, [(b.first, b.last) for b in fn.blocks])
    cfg = compute_cfg(Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks), fn.linetable),
                                  fn.display))
    code = [s.node for s in prep.stmts]
    ours = slot_order(scan_slot_def_use(code, None, argnames), (argnames, None), code, cfg, dominator_tree(cfg),
                      (prep.dead_loops, prep.dead_nodes))
    number = {k: k[1] if k[0] == "id" else slotnames.index(k[1]) + 1 for k in ours}
    return ours, sorted(ours, key=number.get)


@pytest.mark.parametrize("name, what", [
    ("f1", "`for i in …, j in …`: j's `local` before the body's own u, c, k; the copy of i after them"),
    ("f2", "the same with a try/catch in the body"),
    ("f4", "three iteration specs: the copies of i and j"),
    ("g1", "a `finally` block is a scope of its own: `a = a` there does not move a in the body's list"),
    ("g2", "try/catch/finally with a closure"),
    ("g3", "a `while` whose condition `s < n && (… ? … : …)` spans blocks: its body's t after the body's u"),
])
def test_slot_order_of_a_small_program_is_julias(name, what):
    ours, julias = _small_orders(name)
    assert ours == julias, what
