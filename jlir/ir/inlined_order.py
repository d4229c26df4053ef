"""The edge order of Julia's `ir.cfg` right after inlining, where the print shows it.

`compute_cfg` lists a conditional branch's successors as `compute_basic_blocks` does: the branch target,
then the fall-through.  After 1.5's `ssa_inlining_pass!` the CFG is not recomputed: `batch_inline!`
builds it edge by edge (`cfg_inline_item!`, `cfg_inline_unionsplit!`, `finish_cfg_inline!` in
ssair/inlining.jl), and `compact!` and `type_lift_pass!` keep it.  Every branch keeps its order but the
ones a union split adds: `cfg_inline_unionsplit!` gives each test block the block of its case first and
the next test's block second, the reverse of `compute_basic_blocks`.  Those tests are visible in the print:
`ir_inline_unionsplit!` branches on an `isa` of the function object itself (printed `(isa)(%3, T)`, where
a call a program makes prints `(%3 isa T)` or `Core.isa(…)`), or on `(Core.Intrinsics.and_int)(…)` of such
tests when several arguments are tested.  So for an IRCode printed between inlining and the end of the optimizer (the
`inlining` and `type_lift` stage prints), `inlining_order` gives Julia's order from the print alone.

What the print does not show: the order of a block's predecessors after `slot2reg`'s `domsort_ssa!`
renumbered the blocks (it keeps each list in the order of the blocks' numbers before sorting, which the
print no longer holds).  A finished IRCode (`@code_typed`, `inflate_ir`) has its CFG recomputed by
`compute_basic_blocks`, so `compute_cfg`'s order is Julia's there.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.cfg import CFG, BasicBlock

__all__ = ["inlining_order", "is_union_split_test"]


def _is_isa_object_call(node) -> bool:
    """`(isa)(x, T)`: a call of the function object `isa`, as `ir_inline_unionsplit!` inserts it."""
    return type(node) is N.Expr and node.head == "call" and len(node.args) == 3 \
        and type(node.args[0]) is V.SlotNumber and node.args[0].name == "isa" and node.args[0].id is None


def _is_and_int_object_call(node) -> bool:
    """`(Core.Intrinsics.and_int)(a, b)`: the intrinsic object itself, as `ir_inline_unionsplit!` calls it
    (a program's `a & b` on `Bool`s prints `Base.and_int(a, b)`)."""
    return type(node) is N.Expr and node.head == "call" and len(node.args) == 3 \
        and type(node.args[0]) is T.TypeName and node.args[0].path == ("Core", "Intrinsics", "and_int")


def is_union_split_test(fn, cond) -> bool:
    """Whether the branch condition `cond` is a union split's type test: `(isa)(…)`, or `and_int` of tests
    whose last is one (`ir_inline_unionsplit!` folds the tests of several arguments left to right)."""
    stmts = fn.positional
    seen = 0
    while type(cond) is V.SSAValue and 1 <= cond.id <= len(stmts) and seen < len(stmts):
        node = stmts[cond.id - 1].node
        if _is_isa_object_call(node):
            return True
        if not _is_and_int_object_call(node):
            return False
        cond, seen = node.args[2], seen + 1
    return False


def inlining_order(fn, cfg: CFG) -> CFG:
    """`cfg` (`compute_cfg` of `fn`) with the successors listed as 1.5's inliner built them: a union split's
    test block lists its case's block before the next test's.  Predecessor lists are unchanged."""
    stmts = fn.positional
    blocks = list(cfg.blocks)
    for b, blk in enumerate(cfg.blocks):
        if len(blk.succs) != 2 or not 1 <= blk.last <= len(stmts):
            continue
        term = stmts[blk.last - 1].node
        if type(term) is N.GotoIfNot and is_union_split_test(fn, term.cond):
            blocks[b] = BasicBlock(blk.first, blk.last, blk.preds, blk.succs[::-1])
    return CFG(tuple(blocks))
