"""Definitions and uses of SSA values: where each `%k` is defined and which statements read it.

Numbering is Julia's: positional statement `k` defines `%k`, and a pending
new node of an uncompacted IRCode defines `%new_id` (ids after the
positional ones, as Julia's `ir.new_nodes`).  A pending node is handled, not
refused: it sits where it is printed, in the block of its anchor, the
positional statement printed after it (before it when `attach_after`), as
Julia's `insert_node!` places it at compaction.

Where a use happens:

* a φ operand `#e => %v` is a use of `%v` at the END of block `e` (the
  incoming block), not in the φ's own block: that is where the value must be
  available (Julia's `verify_ir` checks it as a use just past `e`'s last
  statement);
* every other operand, nested ones included (`walk.ssa_uses`), is a use in
  the user's own block, at the user's place;
* a φᶜ's operands name the ϒ statements feeding it: they are recorded as uses
  (they are references), in the φᶜ's block, and `jlir.analysis.live_ranges`
  decides what they mean for liveness (see its docstring).

`DefUse.order[b - 1]` lists block `b`'s statement ids in execution (print)
order, pending nodes included: the one statement layout every analysis here reads.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import nodes as N
from jlir.ir import walk
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.types import UNION_EMPTY

__all__ = ["DefUse", "def_use", "statement_layout", "block_terminator", "dead_tail"]


@dataclass(frozen=True, slots=True)
class DefUse:
    """Def-use chains of one function.

    `defs[id]`: the block defining `%id` (every statement defines its id;
    statements outside every block are left out).  `uses[id]`: the ids of the
    statements reading `%id`, one entry per reading (a φ reading it on two
    edges appears twice), in execution order of the users; `use_blocks[id]`
    the block of each of those uses (the incoming block for a φ operand).
    `uses` also holds ids that are never defined (the verifier reports them).
    `statements[id]` is the statement with that id; `order[b - 1]` block `b`'s ids.
    """
    defs: dict
    uses: dict
    use_blocks: dict
    statements: dict
    order: tuple

    def users(self, id: int) -> tuple[int, ...]:
        """The statements reading `%id` (empty when none)."""
        return self.uses.get(id, ())


def statement_layout(fn) -> tuple[dict, tuple]:
    """`(statements, order)`: every statement by id and each block's ids in execution order (see `DefUse`)."""
    stmts = fn.stmts
    positional_ids: list[int] = []
    k = 0
    for s in stmts:
        if s.new_id is None:
            k += 1
        positional_ids.append(k)
    block_of = _block_index(fn.blocks)
    statements: dict = {}
    order: list[list[int]] = [[] for _ in fn.blocks]
    for i, s in enumerate(stmts):
        if s.new_id is None:
            sid, anchor = positional_ids[i], positional_ids[i]
        else:
            sid = s.new_id
            anchor = positional_ids[i] if s.attach_after else positional_ids[i] + 1
            anchor = max(1, min(anchor, k))
        statements[sid] = s
        b = block_of.get(anchor)
        if b is not None:
            order[b - 1].append(sid)
    return statements, tuple(tuple(o) for o in order)


def _block_index(blocks) -> dict[int, int]:
    """Positional statement -> block number (the first block claiming it, when ranges overlap in broken IR)."""
    out: dict[int, int] = {}
    for b, blk in enumerate(blocks, 1):
        for i in range(blk.first, blk.last + 1):
            out.setdefault(i, b)
    return out


def def_use(fn) -> DefUse:
    """The def-use chains of `fn` (a `jlir.ir.function.Function`, any form)."""
    statements, order = statement_layout(fn)
    defs: dict[int, int] = {}
    uses: dict[int, list[int]] = {}
    use_blocks: dict[int, list[int]] = {}
    for b, ids in enumerate(order, 1):
        for sid in ids:
            defs[sid] = b
            for v, where in operand_sites(statements[sid].node, b):
                uses.setdefault(v, []).append(sid)
                use_blocks.setdefault(v, []).append(where)
    return DefUse(defs, {k: tuple(v) for k, v in uses.items()}, {k: tuple(v) for k, v in use_blocks.items()},
                  statements, order)


def operand_sites(node, block: int):
    """`(id, block)` for every SSA value `node` reads: a φ operand in its incoming block, others in `block`."""
    if type(node) is N.PhiNode:
        for e, v in zip(node.edges, node.values):
            if v is not None:
                for i in walk.ssa_uses(v):
                    yield i, e
        return
    for i in walk.ssa_uses(node):
        yield i, block


def block_terminator(ids, statements):
    """The node that decides where control leaves a block (`ids`: its statements in execution order).

    Mostly the last statement; but a pending node printed last (an
    uncompacted IRCode's inserted `goto`/`return`) is the block's end, 1.5
    CodeInfo's `$(Expr(:unreachable))` never falls through, wherever it
    stands in the block (it is IRCode's `unreachable`, a `ReturnNode`, and
    1.5's CodeInfo keeps dead statements after it: see `dead_tail`), and an `enter` that is the block's first
    non-φ statement ends it even with statements after it (Julia's
    `verify_ir` allows them "until we can do proper CFG manipulations during compaction").
    """
    if not ids:
        return None
    if dead_tail(ids, statements) or never_returns(statements[ids[-1]]):
        return N.ReturnNode(None)
    last = statements[ids[-1]].node
    if N.is_terminator(last):
        return last
    for sid in ids:
        node = statements[sid].node
        if type(node) is N.EnterNode:
            return node
        if type(node) is not N.PhiNode:
            break
    return last


def dead_tail(ids, statements) -> tuple[int, ...]:
    """The statements of a block after its first statement that `never_returns`: never executed.

    Julia 1.5's CodeInfo does not end a block there, and leaves what
    inference cut off after it (`φ ()`, more `unreachable`s, `meta`).
    """
    for i, sid in enumerate(ids):
        if never_returns(statements[sid]):
            return tuple(ids[i + 1:])
    return ()


def never_returns(stmt) -> bool:
    """Control never passes `stmt`: 1.5 CodeInfo's `$(Expr(:unreachable))`, or an expression whose inferred type
    is `Union{}` (it always throws; Julia's `convert_to_ircode` puts an `unreachable` after it, and 1.5's
    `optimize=false` print keeps inference's dead `Const(:(…))` statements there instead), or one of those."""
    node = stmt.node
    if type(node) is not N.Expr:  # each case is an Expr: the common answer without three calls
        return False
    t = stmt.type
    return node.head == "unreachable" or (type(t) is _TYPE_APPLY and t == UNION_EMPTY) or is_inference_dead(node)


_CONST = V.GlobalRef("Core.Compiler", "Const")
_FALSE = V.Literal("false", "bool")
_DEAD_FORMS = (T.TypeQuote, N.NewvarNode, V.Literal, T.TypeTuple)  # a tuple constant shows bare: `Const((:quote,), false)`
_TYPE_APPLY = type(UNION_EMPTY)


def is_inference_dead(node) -> bool:
    """A statement inference never reached: 1.5's `type_annotate!` stores it as `Const(stmt)`, printed as
    `Core.Compiler.Const(:(stmt), false)`; a statement that is no expression shows as itself
    (`Core.Compiler.Const(Core.NewvarNode(:(x)), false)`, `Core.Compiler.Const(true, false)`,
    `Core.Compiler.Const((:quote,), false)`).  Control never
    gets there (the `@code_warntype` print, which shows no `::Union{}` on the call before it, has only this to
    say so)."""
    return (type(node) is N.Expr and node.head == "call" and len(node.args) == 3 and node.args[0] == _CONST
            and type(node.args[1]) in _DEAD_FORMS and node.args[2] == _FALSE)
