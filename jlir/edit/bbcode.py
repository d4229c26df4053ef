"""BBCode: IR whose blocks and statements have IDs that never change (Mooncake's `BBCode`).

In an `IRCode`, inserting a statement or a block renumbers everything after
it, so a transform that keeps references across edits must chase numbers.
Here every statement and every block gets an ID when the BBCode is made, and
edits never renumber: an inserted statement gets a fresh ID, a moved block
keeps its own.  Numbers come back only in `to_function`.

IDs live in the same node classes as numbers do: inside a BBCode, an operand
`SSAValue(k)` names the statement whose ID is `k`, and a branch target or φ
edge `b` names the block whose ID is `b` (Mooncake spells these `ID`,
`IDPhiNode`, `IDGotoNode`, `IDGotoIfNot`; reusing jlir's node classes keeps
one operand traversal for both).  IDs come from one counter per BBCode: the
statements of the source get `1..n` (so `%k` still means statement k until
something moves) and its blocks `n+1..n+m`; new IDs continue from there.
Conversion is deterministic, and lossless: `BBCode(fn).to_function() == fn`
for every compacted function.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from jlir.edit.base import NEAR, located
from jlir.edit.ircode import EMPTY_BLOCK, EditError, map_values
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.excerpt import refuse
from jlir.ir.cfg import renumbered_catch_entry
from jlir.ir.function import IR, Block, Function, Statement



@dataclass(slots=True)
class BBlock:
    """A basic block with a stable `id`: its statements and their IDs, in order."""
    id: int
    ids: list[int] = field(default_factory=list)
    stmts: list[Statement] = field(default_factory=list)

    def terminator(self):
        """The node that ends the block's control flow: a `$(Expr(:unreachable))` wherever it stands (1.5
        CodeInfo keeps dead statements after it), else the last node when it is a terminator, else an `enter`
        that is the block's first non-φ statement, else None (the block falls through)."""
        for s in self.stmts:  # `N.is_unreachable`, inlined: this runs for every statement of every block, often
            node = s.node
            if type(node) is N.Expr and node.head == "unreachable":
                return node
        if self.stmts and N.is_terminator(self.stmts[-1].node):
            return self.stmts[-1].node
        for s in self.stmts:  # an `enter` Julia inserted statements after still ends the block (see verify_ir)
            if type(s.node) is N.EnterNode:
                return s.node
            if type(s.node) is not N.PhiNode:
                break
        return None

    def dead_tail(self) -> int:
        """How many statements follow the block's `$(Expr(:unreachable))` (never executed)."""
        for k, s in enumerate(self.stmts):
            if N.is_unreachable(s.node):
                return len(self.stmts) - k - 1
        return 0


def _block_id(block_id: dict, b: int, i: int) -> int:
    """The ID of block `b`, which statement %`i` names; a text that names a block it lacks (a truncated excerpt
    such as corpus 0007's `goto 4` of three blocks) is refused here rather than as a KeyError."""
    try:
        return block_id[b]
    except KeyError:
        raise EditError(f"statement %{i} names block #{b}, but the function has {len(block_id) - 1} blocks") from None


class BBCode:
    """A function's blocks in order, each with stable IDs (see the module docstring)."""

    def __init__(self, fn: Function):
        if any(s.new_id is not None for s in fn.stmts):
            raise EditError("BBCode needs compacted IR: this function has pending nodes (compact it first)")
        refuse(fn, EditError, "cannot edit: ")
        self.source = fn
        stmts = fn.positional
        n = len(stmts)
        self._next = n + len(fn.blocks)
        block_id = {b: n + b for b in range(1, len(fn.blocks) + 1)}
        block_id[0] = 0  # `enter #0` (no catch block) and the catch edge keep 0
        self.blocks: list[BBlock] = []
        for b, blk in enumerate(fn.blocks, 1):
            ids = list(blk.stmts)
            body = [_retarget(stmts[i - 1], lambda t, _i=i: _block_id(block_id, t, _i)) for i in ids]
            self.blocks.append(BBlock(block_id[b], ids, body))
        self.fallthrough = {self.blocks[k].id: self.blocks[k + 1].id for k in range(len(self.blocks) - 1)}

    # ------------------------------------------------------------------ IDs
    def new_id(self) -> int:
        """A fresh ID, never used in this BBCode before."""
        self._next += 1
        return self._next

    def block(self, block_id: int) -> BBlock:
        for blk in self.blocks:
            if blk.id == block_id:
                return blk
        raise EditError(f"no block with ID {block_id}")

    def find(self, stmt_id: int) -> tuple[BBlock, int]:
        """The block holding statement `stmt_id` and its index there."""
        for blk in self.blocks:
            if stmt_id in blk.ids:
                return blk, blk.ids.index(stmt_id)
        raise EditError(f"no statement with ID {stmt_id}")

    # ------------------------------------------------------------------ editing
    def insert(self, block_id: int, index: int, node, type=None, loc: int | None = None) -> V.SSAValue:
        """`node` as a new statement at `index` of block `block_id`; returns its value (`SSAValue(new ID)`).

        Unless `loc` is given it takes the location of the statement it goes before, as Julia's `insert_node!`
        does; at the end of a block, that of the statement printed before it (see `jlir.edit.base.located`).
        """
        blk = self.block(block_id)
        if not 0 <= index <= len(blk.stmts) or (N.is_terminator(node) and index != len(blk.stmts)):
            raise EditError(f"cannot insert at {index} in block {block_id} ({len(blk.stmts)} statements)")
        if index == len(blk.stmts) and blk.terminator() is not None:
            raise EditError(f"block {block_id} ends in a terminator: insert before it")
        if loc is None:
            loc = blk.stmts[index].loc if index < len(blk.stmts) else NEAR
        sid = self.new_id()
        blk.ids.insert(index, sid)
        blk.stmts.insert(index, Statement(node, type, loc))
        return V.SSAValue(sid)

    def insert_before(self, stmt_id: int, node, type=None, loc: int | None = None) -> V.SSAValue:
        """`node` as a new statement just before statement `stmt_id`, with its line info unless `loc` is given."""
        blk, k = self.find(stmt_id)
        return self.insert(blk.id, k, node, type, blk.stmts[k].loc if loc is None else loc)

    def remove(self, stmt_id: int) -> None:
        """Remove statement `stmt_id`; its uses must be gone first (`replace_uses`)."""
        blk, k = self.find(stmt_id)
        if any(stmt_id in walk.ssa_uses(s.node) for b in self.blocks for s in b.stmts):
            raise EditError(f"statement {stmt_id} is still used")
        del blk.ids[k], blk.stmts[k]

    def replace_uses(self, old: V.SSAValue, new) -> None:
        """Every use of `old` (a statement ID's value) reads `new` instead."""
        for blk in self.blocks:
            blk.stmts = [replace(s, node=map_values(s.node, lambda v: new if v == old else v)) for s in blk.stmts]

    def add_block(self, after: int, stmts=()) -> int:
        """A new block after block `after` (in layout order) holding `stmts` (nodes or Statements); returns its ID.

        A bare node takes the location of the statement printed before it (see `jlir.edit.base.located`)."""
        k = self.blocks.index(self.block(after))
        blk = BBlock(self.new_id())
        for s in stmts:
            s = s if isinstance(s, Statement) else Statement(s, None, NEAR)
            blk.ids.append(self.new_id())
            blk.stmts.append(s)
        self.blocks.insert(k + 1, blk)
        return blk.id

    # ------------------------------------------------------------------ control flow by ID
    def falls_to(self, blk: BBlock) -> int | None:
        """The block `blk` falls through to: the one recorded when it was made, else the next in layout."""
        if blk.id in self.fallthrough:
            return self.fallthrough[blk.id]
        k = self.blocks.index(blk)
        return self.blocks[k + 1].id if k + 1 < len(self.blocks) else None

    def successors(self, blk: BBlock) -> tuple[int, ...]:
        """Successor block IDs of `blk`, in Julia's order (branch target or catch block first, then fall-through)."""
        term = blk.terminator()
        kind = N.flow_kind(term)
        if kind == "return" or N.is_unreachable(term):
            return ()
        if kind == "goto":
            return (term.label,)
        nxt = self.falls_to(blk)
        out = []
        if kind == "gotoifnot" and term.dest != nxt:
            out.append(term.dest)
        elif kind == "enter" and term.catch_dest:
            out.append(term.catch_dest)
        if nxt is not None:
            out.append(nxt)
        return tuple(out)

    def predecessors(self) -> dict[int, list[int]]:
        """Block ID → the IDs of the blocks with an edge into it, in layout order (no catch-edge 0)."""
        preds: dict[int, list[int]] = {blk.id: [] for blk in self.blocks}
        for blk in self.blocks:
            for s in self.successors(blk):
                preds.setdefault(s, []).append(blk.id)
        return preds

    def catch_blocks(self) -> set[int]:
        """The IDs of the blocks some `enter` names as its catch block."""
        return {b.terminator().catch_dest for b in self.blocks
                if N.flow_kind(b.terminator()) == "enter" and b.terminator().catch_dest}

    def retarget(self, blk: BBlock, old: int, new: int) -> None:
        """`blk`'s terminator branches to block `new` where it branched to `old`."""
        term = blk.terminator()
        if term is not None:
            blk.stmts[-1] = _retarget(blk.stmts[-1], lambda b: new if b == old else b)

    def rename_phi_edges(self, blk: BBlock, old: int, new) -> None:
        """In `blk`'s φs, the edge from block `old` comes from `new` instead (a tuple: from each of several)."""
        news = new if isinstance(new, tuple) else (new,)
        for k, s in enumerate(blk.stmts):
            node = s.node
            if type(node) is N.PhiNode and old in node.edges:
                edges, values = [], []
                for e, v in zip(node.edges, node.values):
                    for x in (news if e == old else (e,)):
                        edges.append(x)
                        values.append(v)
                blk.stmts[k] = replace(s, node=N.PhiNode(tuple(edges), tuple(values)))

    def number(self, block_id: int) -> int:
        """Julia's number of block `block_id` in the function this BBCode was made from (its position now otherwise)."""
        n = len(self.source.positional)
        if n < block_id <= n + len(self.source.blocks):
            return block_id - n
        return self.blocks.index(self.block(block_id)) + 1

    # ------------------------------------------------------------------ back to numbers
    def to_function(self) -> Function:
        """The function with IDs turned back into Julia's numbers (a placeholder `nothing` in an empty block)."""
        self._check_fallthrough()
        number: dict[int, int] = {}
        block_number = {0: 0}
        order: list[Statement] = []
        ranges: list[Block] = []
        for b, blk in enumerate(self.blocks, 1):
            block_number[blk.id] = b
            first = len(order) + 1
            items = list(zip(blk.ids, blk.stmts)) or [(None, EMPTY_BLOCK)]
            for sid, s in items:
                order.append(s)
                if sid is not None:
                    number[sid] = len(order)
            ranges.append(Block(first, len(order)))

        def ssa(v):
            if type(v) is not V.SSAValue:
                return v
            if v.id not in number:
                raise EditError(f"a statement uses ID {v.id}, which is no statement of this BBCode")
            return V.SSAValue(number[v.id])

        def target(b):
            if b not in block_number:
                raise EditError(f"a branch or φ edge names block ID {b}, which is no block of this BBCode")
            return block_number[b]
        out = [_retarget(s, target, ssa) for s in located(order)]
        src = self.source.positional
        if len(src) == len(out):  # unchanged statements stay the source's own objects (display columns follow them)
            out = [a if a == b else b for a, b in zip(src, out)]
        n = len(src)   # a source block's ID is n + its number
        entry = renumbered_catch_entry(self.source.catch_entry, lambda b: block_number.get(n + b))
        return self.source.with_ir(IR(tuple(out), tuple(ranges), self.source.linetable, entry))

    def _check_fallthrough(self) -> None:
        """A block that falls through must still be followed by the block it fell through to."""
        for k, blk in enumerate(self.blocks):
            term = blk.terminator()
            if term is not None and (N.flow_kind(term) in ("goto", "return") or N.is_unreachable(term)):
                continue
            want = self.fallthrough.get(blk.id)
            if want is None:
                continue  # a new block, or the last: falls into whatever follows
            got = self.blocks[k + 1].id if k + 1 < len(self.blocks) else None
            if got != want:
                raise EditError(f"block {blk.id} falls through to block {want}, which no longer follows it: "
                                f"end it with a goto")


def _retarget(s: Statement, block, ssa=None) -> Statement:
    """`s` with its block numbers (and SSA operands) mapped; `s` itself when nothing changed (statement identity
    is what keeps per-statement display columns attached, see `Function.with_ir`)."""
    node = s.node if ssa is None else map_values(s.node, ssa)
    node = walk.map_targets(node, block)
    return s if node == s.node else replace(s, node=node)
