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
`inlining` and `type_lift` stage prints), `inlining_order` gives Julia's order from the print, where the print
tells whether a split was made by this inlining or inlined from a callee's optimized code (`made_here`,
`made_here_compacted`).

What the print does not show: the order of a block's predecessors after `slot2reg`'s `domsort_ssa!`
renumbered the blocks (it keeps each list in the order of the blocks' numbers before sorting, which the
print no longer holds); and, once `compact!` has run after inlining, whether some splits were made here:
scripts/gen/split_order_pair.jl has Julia 1.5.3 print two functions' type_lift IR as the same bytes while
their `ir.cfg`s list the split's successors in the two orders.  A finished IRCode (`@code_typed`,
`inflate_ir`) has its CFG recomputed by `compute_basic_blocks`, so `compute_cfg`'s order is Julia's there.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.cfg import CFG, BasicBlock

__all__ = ["inlining_order", "is_union_split_test", "made_here", "made_here_compacted", "split_tests"]

_CONST = T.TypeName(("Core", "Compiler", "Const"))


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


def _test_run_start(stmts, first: int, last: int) -> int:
    """The first statement (1-based) of the run of `(isa)` / `and_int` tests that ends block `first..last` before
    its branch (`last`)."""
    k = last - 1
    while k >= first and (_is_isa_object_call(stmts[k - 1].node) or _is_and_int_object_call(stmts[k - 1].node)):
        k -= 1
    return k + 1


def made_here(stmts, first: int, last: int) -> bool:
    """Whether the union split whose first test ends block `first..last` was made by this function's inlining:
    its tests follow a row of this function's own code that no inlined callee's optimized code holds: a
    `nothing` (a statement inlining emptied: `compact!` removed the callee's), a value typed
    `Core.Compiler.Const(…)` (the called function, as inference typed the caller's statement) or a
    `static_parameter` (inlining puts a callee's values in its place).  Tests at a block's start, or after any
    other statement, were more likely made in a callee (a φ, a `getfield` of the callee's): the print cannot
    tell (the oracle's edge-order rule)."""
    start = _test_run_start(stmts, first, last)
    if start <= first:
        return False
    s = stmts[start - 2]
    return s.node == V.NOTHING or (type(s.type) is T.TypeCall and s.type.head == _CONST) \
        or (type(s.node) is N.Expr and s.node.head == "static_parameter")


def _split_join(fn, cfg: CFG, tests: dict, head: int) -> int | None:
    """The join block of the union split whose first test ends block `head`: `cfg_inline_unionsplit!` puts it
    right after the split's fallback block (the last test's branch target)."""
    b, seen = head, set()
    while b in tests and b not in seen:
        seen.add(b)
        b = tests[b]
    return b + 1 if b < len(cfg.blocks) else None


def _after_join(fn, cfg: CFG, join: int):
    """The blocks from the join block on, as far as they would be a callee's: reached by a fall-through or a
    conditional branch (only a callee's returns leave it, as gotos), each once, as the walk reaches them."""
    stmts = fn.positional
    todo, seen = [join], {join}
    while todo:
        b = todo.pop()
        yield b
        blk = cfg.blocks[b - 1]
        if type(stmts[blk.last - 1].node) in (N.GotoNode, N.ReturnNode):
            continue
        for s in blk.succs:
            if s not in seen:
                seen.add(s)
                todo.append(s)


def _goes_on_as_caller(fn, cfg: CFG, join: int, line: int) -> bool:
    """Whether the code from the join block on (`_after_join`) holds a `return` or a row printed on another
    line than the split's: then it is the function's own code.  A `nothing` does not count: a callee's row
    `simple_dce!` emptied keeps no line, and inlining gives it a line of the caller's."""
    stmts = fn.positional
    for b in _after_join(fn, cfg, join):
        blk = cfg.blocks[b - 1]
        if any(stmts[k - 1].loc != line and stmts[k - 1].node != V.NOTHING for k in blk.stmts):
            return True
        term = stmts[blk.last - 1].node
        if type(term) is N.ReturnNode and term.val is not None:
            return True
    return False


def _split_goes_on_as_caller(fn, cfg: CFG, tests: dict, head: int) -> bool:
    """`_goes_on_as_caller` from the join block of the split whose first test ends block `head`, on its line."""
    blk = cfg.blocks[head - 1]
    join = _split_join(fn, cfg, tests, head)
    start = _test_run_start(fn.positional, blk.first, blk.last)
    return join is not None and _goes_on_as_caller(fn, cfg, join, fn.positional[start - 1].loc)


def _split_region(fn, cfg: CFG, tests: dict, head: int) -> list[int]:
    """The blocks a split and the code after it hold as far as a callee's would: its case and fallback blocks
    (between its first test and its join) and the join's blocks (`_after_join`)."""
    join = _split_join(fn, cfg, tests, head)
    return [] if join is None else [*range(head + 1, join), *_after_join(fn, cfg, join)]


def _holds_lattice_type(fn, cfg: CFG, tests: dict, head: int) -> bool:
    """Whether a row of the split's region (`_split_region`) is typed with an inference-lattice element
    (`Core.Compiler.Const(…)`, `PartialStruct(…)`): 1.5 widens every type of an optimized callee's code before
    it is stored for inlining (`finish(::CodeInfo)` calls `widen_all_consts!`, typeinfer.jl), so such a row
    is this function's own, and a split whose case or code after the join holds one was made here (a π's type
    is widened too)."""
    stmts = fn.positional
    for b in _split_region(fn, cfg, tests, head):
        for k in cfg.blocks[b - 1].stmts:
            s = stmts[k - 1]
            if s.type is not None and T.is_lattice_element(s.type):
                return True
    return False


def made_here_compacted(fn, cfg: CFG, tests: dict, head: int) -> bool:
    """`made_here` for a print `compact!` has run over since inlining (the type_lift stage), where the emptied
    call is gone.  What still tells (each rule is a property of 1.5's inliner, not a count):
    a split made here is the caller's own statement, so the code after its join goes on as the caller's: a
    `return` (an inlined callee's returns are gotos to the block after it), or a row of another line (every row
    of an inlined callee prints the caller's line of the call), in the blocks a callee's code would hold
    (`_goes_on_as_caller`); a row typed with a lattice element in the split's blocks (`_holds_lattice_type`:
    a callee's stored code is widened) or just before its tests is the caller's.  Else a join block ending in
    a `goto` to the next block is a callee's return (slot2reg's domsort leaves the caller no such goto), and
    then a test row on a line of its own is the caller's statement starting.  These decide 2,948 of the 3,620
    splits of all of Base's type_lift prints, all but 1 rightly (the lattice rule is proven by 1.5's source;
    the others are measured: on the inlining prints, where `made_here` decides, `_goes_on_as_caller` tells 13
    more splits made here, none wrongly).
    Where none of them shows, the print does not tell (scripts/gen/split_order_pair.jl makes two functions
    whose type_lift prints are the same bytes, one split made here, one a callee's), and jlir guesses as the
    row before the tests most often goes: made here after a call whose value the first test reads (as 82 of
    107 were), a callee's otherwise (as 468 of 565 were)."""
    stmts = fn.positional
    blk = cfg.blocks[head - 1]
    start = _test_run_start(stmts, blk.first, blk.last)
    prev = stmts[start - 2] if start > blk.first else None
    if prev is not None and ((type(prev.type) is T.TypeCall and prev.type.head == _CONST)
                             or (type(prev.node) is N.Expr and prev.node.head == "static_parameter")):
        return True
    if _split_goes_on_as_caller(fn, cfg, tests, head) or _holds_lattice_type(fn, cfg, tests, head):
        return True
    join = _split_join(fn, cfg, tests, head)
    if join is not None:
        term = stmts[cfg.blocks[join - 1].last - 1].node
        if type(term) is N.GotoNode and term.label == join + 1:
            return False
    if start > 1 and stmts[start - 1].loc != stmts[start - 2].loc:
        return True
    return prev is not None and type(prev.node) is N.Expr and prev.node.head == "call" \
        and stmts[start - 1].node.args[1] == V.SSAValue(start - 1)


def split_tests(fn, cfg: CFG) -> dict[int, int]:
    """The blocks ending in a union split's test (`is_union_split_test`), each with its branch's target: the
    next test's block, or the fallback after the last test."""
    stmts = fn.positional
    tests = {}
    for b, blk in enumerate(cfg.blocks, 1):
        if len(blk.succs) == 2 and 1 <= blk.last <= len(stmts):
            term = stmts[blk.last - 1].node
            if type(term) is N.GotoIfNot and is_union_split_test(fn, term.cond):
                tests[b] = term.dest
    return tests


def inlining_order(fn, cfg: CFG, *, compacted: bool = False) -> CFG:
    """`cfg` (`compute_cfg` of `fn`) with the successors listed as 1.5's inliner built them: the test blocks of
    a union split this function's inlining made list their case's block before the next test's; a split's
    later tests (blocks of tests alone, each the target of the one before) go with its first.  Which splits were
    made here: `made_here` on the print `ssa_inlining_pass!` returns, or the code after its join going on as
    the caller's (`_goes_on_as_caller`); on one `compact!` has run over since (`compacted`: the type_lift stage)
    `made_here_compacted`.  The print does not say which of the two it is.
    Predecessor lists are unchanged."""
    stmts = fn.positional
    tests = split_tests(fn, cfg)
    heads = [b for b in tests if b not in set(tests.values())]
    blocks = list(cfg.blocks)
    for head in heads:
        blk = cfg.blocks[head - 1]
        if not (made_here_compacted(fn, cfg, tests, head) if compacted
                else made_here(stmts, blk.first, blk.last) or _split_goes_on_as_caller(fn, cfg, tests, head)):
            continue
        b, seen = head, set()
        while b in tests and b not in seen:
            seen.add(b)
            x = blocks[b - 1]
            blocks[b - 1] = BasicBlock(x.first, x.last, x.preds, x.succs[::-1])
            b = tests[b]
    return CFG(tuple(blocks))
