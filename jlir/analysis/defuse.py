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
from itertools import repeat

from jlir.ir import nodes as N
from jlir.ir import walk
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.types import UNION_EMPTY

__all__ = ["DefUse", "def_use", "statement_layout", "block_terminator", "dead_tail"]


@dataclass(frozen=True, slots=True)
class DefUse:
    """Def-use chains of one function, and the per-block facts every analysis of it reads.

    `defs[id]`: the block defining `%id` (every statement defines its id;
    statements outside every block are left out).  `uses[id]`: the ids of the
    statements reading `%id`, one entry per reading (a φ reading it on two
    edges appears twice), in execution order of the users; `use_blocks[id]`
    the block of each of those uses (the incoming block for a φ operand).
    `uses` also holds ids that are never defined (the verifier reports them).
    `statements[id]` is the statement with that id; `order[b - 1]` block `b`'s ids.

    Read off the same scan, so that the verifier, liveness and the handler stacks do not each scan again:
    `terminators[b - 1]` is block `b`'s `block_terminator`, and `running[b - 1]` its ids without the `dead_tail`
    (the statements that run; the same tuple as `order[b - 1]` where nothing is dead).
    """
    defs: dict
    uses: dict
    use_blocks: dict
    statements: dict
    order: tuple
    terminators: tuple
    running: tuple

    def users(self, id: int) -> tuple[int, ...]:
        """The statements reading `%id` (empty when none)."""
        return self.uses.get(id, ())


def statement_layout(fn) -> tuple[dict, tuple]:
    """`(statements, order)`: every statement by id and each block's ids in execution order (see `DefUse`)."""
    stmts = fn.stmts
    tiled = _tiling(fn.blocks, len(stmts))
    if tiled is not None and not any(s.new_id is not None for s in stmts):
        return dict(zip(range(1, len(stmts) + 1), stmts)), tiled  # (the common case, at C speed)
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


def _tiling(blocks, n: int):
    """Each block's statement ids when the blocks tile `1..n` in order (an empty block allowed), else None."""
    expected = 1
    for blk in blocks:
        if blk.first != expected or blk.last < expected - 1:
            return None
        expected = blk.last + 1
    if expected != n + 1:
        return None
    return tuple([tuple(range(blk.first, blk.last + 1)) for blk in blocks])


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
    ssa_uses = walk.ssa_uses
    phi = N.PhiNode
    for b, ids in enumerate(order, 1):
        defs.update(dict.fromkeys(ids, b))
        for sid in ids:
            node = statements[sid].node
            if type(node) is phi:
                sites = [(i, e) for e, v in zip(node.edges, node.values) if v is not None for i in ssa_uses(v)]
            else:  # every use in the user's own block (pairs made at C speed)
                sites = zip(ssa_uses(node), repeat(b))
            for v, where in sites:
                users = uses.get(v)
                if users is None:
                    uses[v] = [sid]
                    use_blocks[v] = [where]
                else:
                    users.append(sid)
                    use_blocks[v].append(where)
    terminators, running = _block_ends(order, statements)
    return DefUse(defs, {k: tuple(v) for k, v in uses.items()}, {k: tuple(v) for k, v in use_blocks.items()},
                  statements, order, terminators, running)


def _block_ends(order, statements) -> tuple[tuple, tuple]:
    """`(terminators, running)` of `DefUse`: each block's `block_terminator` and its ids without the `dead_tail`."""
    terminators = []
    running = []
    expr = N.Expr
    for ids in order:
        k = next((i for i, sid in enumerate(ids) if type(statements[sid].node) is expr
                  and never_returns(statements[sid])), None)
        running.append(ids if k is None else ids[:k + 1])
        terminators.append(_terminator(ids, statements, k is not None))
    return tuple(terminators), tuple(running)


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
    return _terminator(ids, statements, bool(dead_tail(ids, statements)) or never_returns(statements[ids[-1]])
                       if ids else False)


def _terminator(ids, statements, stops: bool):
    """`block_terminator`, told whether a statement of the block never returns (`stops`)."""
    if not ids:
        return None
    if stops:
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
        s = statements[sid]
        if type(s.node) is N.Expr and never_returns(s):  # (the test `never_returns` starts with, without its call)
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
    return (type(node) is N.Expr and node.head == "call" and len(node.args) == 3
            and type(node.args[1]) in _DEAD_FORMS and node.args[0] == _CONST and node.args[2] == _FALSE)
