"""`jlir.ssa.slot_order` against the slot numbers Julia 1.5.3's lowering gave (`CodeInfo.slotnames`).

Each fixture under `fixtures/reference-1.5.3/ssa/` named here is a real oracle record (provenance inside) with
the `slotnames` of the same method's `code_typed(…; optimize=false)`; `slot2reg` places φ nodes in that order,
so jlir's order of the slots the print names must be Julia's.  (`tests/ssa/test_recorded.py` compares the whole
`slot2reg` + `compact!` print of every fixture.)
"""
from __future__ import annotations

import json
from pathlib import Path

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
    ours = slot_order(infos, (argnames, None), code, cfg, dominator_tree(cfg))
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
