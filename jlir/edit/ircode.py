"""A mutable working copy of a function's IR, edited the way Julia edits an `IRCode`.

Julia's `IRCode` keeps its positional statements fixed while a pass works and
collects inserted statements as *new nodes* (`insert_node!`), each usable at
once as `SSAValue(length(stmts) + k)` and given its place by `compact!`.
`IRCode` here does the same, so an edited function prints exactly as Julia
prints an uncompacted `IRCode` (`freeze`), and `compact` renumbers it exactly
as Julia's `compact!` would (see `jlir.edit.compact`).

Numbering is Julia's: statements are 1-based positional numbers (pending
nodes follow them), blocks are 1-based.  The Function the copy was made from
never changes; `freeze` and `compact` return new Functions.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from operator import itemgetter

from jlir.edit.base import EMPTY_BLOCK, EditError  # noqa: F401  (their home is edit/base; importable here too)
from jlir.edit.compact import compact
from jlir.edit.negation import negated_call, negated_unsigned
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.excerpt import refuse
from jlir.ir.walk import map_values
from jlir.ir.cfg import CFG, compute_cfg, renumbered_catch_entry, terminator_successors
from jlir.ir.function import IR, Block, Form, Function, Statement


# What compaction puts in a block left empty (Julia's `finish_current_bb!`): `nothing::Nothing`, no line.
_first = itemgetter(0)


@dataclass(frozen=True, slots=True)
class NewNode:
    """A pending statement (Julia's `NewNode`): placed before positional statement `pos` (after it with `attach_after`)."""
    pos: int
    attach_after: bool
    stmt: Statement


def is_slot_form(fn: Function) -> bool:
    """Whether `fn` is slot-form IR (lowered, warntype, `optimize=false`): statements assign and read slots."""
    if fn.form in (Form.LOWERED, Form.WARNTYPE):
        return True
    # an assignment to a global (`Base.x = v`) stays in optimized IR: only one to a slot says slot form
    return any(type(s.node) is N.NewvarNode or (type(s.node) is N.Expr and s.node.head == "="
                                                and type(s.node.args[0]) is not V.GlobalRef) for s in fn.stmts)


class IRCode:
    """A working copy of `fn`'s IR: positional statements, pending new nodes, blocks (Julia's `IRCode`).

    Every method edits in place and keeps the block structure consistent; the
    CFG is derived from the blocks and terminators (`cfg()`), so it is always in
    step.  `freeze()` gives the uncompacted Function, `compact()` the compacted one.
    """

    def __init__(self, fn: Function, argtypes: tuple = (), sptypes: tuple = ()):
        """`argtypes`: the arguments' types, `_1` (the function) first, as Julia's `IRCode.argtypes` holds
        them; `sptypes`: the static parameters' (`Const(T)` for a known one, None where unknown).  A print
        shows neither, so () unless the caller knows the method instance."""
        refuse(fn, EditError, "cannot edit: ")
        self.source = fn
        self.argtypes = tuple(argtypes)
        self.sptypes = tuple(sptypes)
        self.stmts: list[Statement] = []
        self.new_nodes: list[NewNode] = []
        self.linetable = fn.linetable
        self.slot_form = is_slot_form(fn)
        self.deleted: set[int] = set()          # positional statements deleted through `delete`
        self.removed_blocks: set[int] = set()   # blocks dropped at compaction (`remove_block`)
        self.catch_entry = fn.catch_entry       # IR.catch_entry, its blocks renumbered with the blocks
        self._new_at: dict[int, int] = {}       # pending node id → its index in new_nodes, where they differ
        pending: list[Statement] = []
        for s in fn.stmts:
            if negated_unsigned(s.node):   # `%224 = -0xc8`: the call `-(0xc8)`, never a value
                s = replace(s, node=negated_call(s.node))
            if s.new_id is None:
                self.stmts.append(s)
                pos = len(self.stmts)
                self.new_nodes += [NewNode(pos, False, p) for p in pending]
                pending = []
            elif s.attach_after and self.stmts:
                self.new_nodes.append(NewNode(len(self.stmts), True, s))
            else:
                pending.append(s)
        if pending:
            raise EditError("a pending node after the last statement has no statement to attach to")
        self.blocks: list[tuple[int, int]] = [(b.first, b.last) for b in fn.blocks]

    # ------------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self.stmts)

    def ssa(self, i: int) -> V.SSAValue:
        """`%i`, checked to name a positional statement or a pending node."""
        self._index(i)
        return V.SSAValue(i)

    def stmt(self, i: int) -> Statement:
        """Statement `%i` (positional, or a pending node's id)."""
        kind, k = self._index(i)
        return self.stmts[k] if kind == "stmt" else self.new_nodes[k].stmt

    def block_of(self, i: int) -> int:
        """The block holding positional statement `i` (for a pending node: the block it will be placed in)."""
        kind, k = self._index(i)
        if kind == "new":
            nn = self.new_nodes[k]
            i = nn.pos
        b = bisect_right(self.blocks, i, key=_first)  # blocks are in statement order: the last starting at or before i
        if b and self.blocks[b - 1][1] >= i:
            return b
        for b, (first, last) in enumerate(self.blocks, 1):  # an empty block starts there too: scan
            if first <= i <= last:
                return b
        raise EditError(f"statement %{i} is in no block")

    def cfg(self) -> CFG:
        """The CFG of the current blocks and terminators (pending nodes are never terminators)."""
        return compute_cfg(self._positional_ir())

    def _positional_ir(self) -> IR:
        return IR(tuple(self.stmts), tuple(Block(f, l) for f, l in self.blocks), self.linetable, self.catch_entry)

    def _index(self, i: int) -> tuple[str, int]:
        n = len(self.stmts)
        if type(i) is not int or i < 1 or i > n + len(self.new_nodes):
            raise EditError(f"no statement %{i} (the IR has {n} statements and {len(self.new_nodes)} pending)")
        if i <= n:
            return "stmt", i - 1
        k = i - n - 1
        if self.new_nodes[k].stmt.new_id != i:  # a print lists pending nodes by position, not by id
            if len(self._new_at) != len(self.new_nodes):
                self._new_at = {nn.stmt.new_id: j for j, nn in enumerate(self.new_nodes)}
            if i not in self._new_at:
                raise EditError(f"no statement %{i}: no pending node has that number")
            k = self._new_at[i]
        return "new", k

    # ------------------------------------------------------------------ editing statements
    def insert_node(self, pos: int, node, type=None, attach_after: bool = False, loc: int | None = None) -> V.SSAValue:
        """A pending `node` before statement `pos` (after it with `attach_after`), like Julia's `insert_node!`.

        Returns its value, `%(n + k)`, usable at once.  It takes statement
        `pos`'s line info unless `loc` says otherwise (Julia copies `ir.lines[pos]`).  `node` may be a
        `Statement` (`jlir.parse_statement("Base.add_int(%3, 1)::Int64")`): its node, and its type unless `type`
        is given (Julia's `NewInstruction(stmt, type)`).
        """
        if isinstance(node, Statement):
            node, type = node.node, node.type if type is None else type
        kind, k = self._index(pos)
        if kind != "stmt":
            raise EditError(f"insert_node takes a positional statement, not the pending node %{pos}")
        if N.is_terminator(node):
            raise EditError("a terminator cannot be inserted as a pending node: use set_terminator")
        at = self.stmts[k].node
        phis = (N.PhiNode, N.PhiCNode)  # (`type` is a parameter here)
        if at.__class__ in phis and not attach_after and node.__class__ not in phis:
            raise EditError(f"%{pos} is a φ node: a statement inserted before it would stand among the φs of "
                            f"block #{self.block_of(pos)}")
        new_id = len(self.stmts) + len(self.new_nodes) + 1
        line = self.stmts[k].loc if loc is None else loc
        self.new_nodes.append(NewNode(pos, attach_after, Statement(node, type, line, None, new_id, attach_after)))
        return V.SSAValue(new_id)

    def set_stmt(self, i: int, node) -> None:
        """Replace the node of `%i` (Julia's `ir[SSAValue(i)] = node`); a block's terminator goes through `set_terminator`.
        A `Statement` (`jlir.parse_statement(…)`) replaces the node and, where it has one, the type too."""
        if isinstance(node, Statement):
            self.set_stmt(i, node.node)
            if node.type is not None:
                self.set_type(i, node.type)
            return
        kind, k = self._index(i)
        if kind == "stmt":
            old = self.stmts[k].node
            if N.is_terminator(old) or N.is_terminator(node):
                if not any(last == i for _, last in self.blocks):
                    raise EditError(f"%{i} is not at the end of a block: a terminator cannot stand there")
                return self.set_terminator(self.block_of(i), node)
            self.stmts[k] = replace(self.stmts[k], node=node)
            self.deleted.discard(i)
        else:
            if N.is_terminator(node):
                raise EditError("a pending node cannot be a terminator")
            nn = self.new_nodes[k]
            self.new_nodes[k] = replace(nn, stmt=replace(nn.stmt, node=node))

    def set_type(self, i: int, typ) -> None:
        """Replace the inferred type of `%i` (a statement Julia prints no type for, like a `goto`, takes none)."""
        kind, k = self._index(i)
        if typ is not None and not N.takes_type_suffix(self.stmt(i).node):
            raise EditError(f"%{i} is a {type(self.stmt(i).node).__name__}: Julia gives it no type")
        if kind == "stmt":
            self.stmts[k] = replace(self.stmts[k], type=typ)
        else:
            nn = self.new_nodes[k]
            self.new_nodes[k] = replace(nn, stmt=replace(nn.stmt, type=typ))

    def delete(self, i: int) -> None:
        """Delete `%i` as Julia does (its statement becomes `nothing`, dropped at compaction, uses read `nothing`)."""
        kind, k = self._index(i)
        stmt = self.stmt(i)
        if N.is_terminator(stmt.node):
            raise EditError(f"%{i} ends block #{self.block_of(i)}: replace it with set_terminator instead")
        if kind == "stmt":
            self.stmts[k] = replace(stmt, node=V.NOTHING)
            self.deleted.add(i)
        else:
            self.new_nodes[k] = replace(self.new_nodes[k], stmt=replace(stmt, node=V.NOTHING))

    def replace_uses(self, old: V.SSAValue, new) -> int:
        """Replace every use of `old` by `new` in every statement and pending node (RAUW); returns how many."""
        count = 0

        def swap(v):
            nonlocal count
            if v == old:
                count += 1
                return new
            return v
        self.stmts = [s if (n := map_values(s.node, swap)) is s.node else replace(s, node=n) for s in self.stmts]
        self.new_nodes = [nn if (n := map_values(nn.stmt.node, swap)) is nn.stmt.node
                          else replace(nn, stmt=replace(nn.stmt, node=n)) for nn in self.new_nodes]
        return count

    # ------------------------------------------------------------------ editing blocks
    def set_terminator(self, b: int, node) -> None:
        """Make `node` the last statement of block `b`, keeping φ edges consistent.

        Successors the block loses lose the φ edges from `b` (Julia's
        `kill_edge!`).  A successor the block gains needs φ edges from `b`
        wherever it has φs: add them with `set_stmt`; the verifier reports any left out.
        """
        first, last = self._block(b)
        old_node = self.stmts[last - 1].node
        nblocks = len(self.blocks)
        before = set(terminator_successors(old_node if N.is_terminator(old_node) else None, b, nblocks))
        after = set(terminator_successors(node if N.is_terminator(node) else None, b, nblocks))
        if any(not 1 <= s <= nblocks for s in after):
            raise EditError(f"the new terminator of block #{b} names a block that does not exist")
        self.stmts[last - 1] = replace(self.stmts[last - 1], node=node)
        for s in sorted(before - after):
            self.kill_edge(b, s)

    def kill_edge(self, src: int, dst: int) -> None:
        """Drop the φ edges from block `src` in block `dst` (its φs then no longer name that predecessor)."""
        first, last = self._block(dst)
        for i in range(first, last + 1):
            node = self.stmts[i - 1].node
            if type(node) is N.PhiNode and src in node.edges:
                keep = [(e, v) for e, v in zip(node.edges, node.values) if e != src]
                phi = N.PhiNode(tuple(e for e, _ in keep), tuple(v for _, v in keep))
                self.stmts[i - 1] = replace(self.stmts[i - 1], node=phi)

    def split_block(self, i: int) -> int:
        """Split the block holding statement `i` before `i`; returns the new block's number (the old one's + 1).

        Blocks after it are renumbered, branch targets and φ edges with them;
        φ edges that named the split block in its successors now name the new
        block, which ends with the old block's terminator.
        """
        b = self.block_of(i)
        first, last = self.blocks[b - 1]
        if i == first:
            raise EditError(f"%{i} already starts block #{b}")
        if any(type(self.stmts[k - 1].node) is N.PhiNode for k in range(i, last + 1)):
            raise EditError(f"splitting block #{b} before %{i} would leave φ nodes in the middle of a block")
        old_succs = self.cfg().blocks[b - 1].succs
        shift = {x: (x + 1 if x > b else x) for x in range(0, len(self.blocks) + 1)}
        self._renumber_blocks(lambda x: shift.get(x, x))
        self.blocks[b - 1:b] = [(first, i - 1), (i, last)]
        for s in old_succs:
            self._rename_phi_edges(shift.get(s, s), b, b + 1)
        return b + 1

    def remove_block(self, b: int) -> None:
        """Drop block `b`, which no live block may branch to, at compaction; its φ edges in successors go now."""
        self.remove_blocks({b})

    def remove_blocks(self, blocks) -> None:
        """Drop several blocks at compaction (an unreachable cycle goes at once); no other live block may branch to them."""
        blocks = set(blocks)
        for b in blocks:
            self._block(b)
        cfg = self.cfg()
        gone = blocks | self.removed_blocks
        for b in sorted(blocks):
            preds = [p for p in cfg.blocks[b - 1].preds if p and p not in gone]
            if preds:
                raise EditError(f"block #{b} still has predecessors {preds}: remove their edges first")
        for b in sorted(blocks):
            for s in cfg.blocks[b - 1].succs:
                if s not in gone:
                    self.kill_edge(b, s)
        self.removed_blocks |= blocks

    def _block(self, b: int) -> tuple[int, int]:
        if type(b) is not int or not 1 <= b <= len(self.blocks):
            raise EditError(f"no block #{b} (the IR has {len(self.blocks)})")
        return self.blocks[b - 1]

    def _renumber_blocks(self, f) -> None:
        self.stmts = [s if (n := walk.map_targets(s.node, f)) is s.node else replace(s, node=n) for s in self.stmts]
        self.removed_blocks = {f(x) for x in self.removed_blocks}
        self.catch_entry = renumbered_catch_entry(self.catch_entry, f)

    def _rename_phi_edges(self, block: int, old: int, new: int) -> None:
        first, last = self.blocks[block - 1]
        for i in range(first, last + 1):
            node = self.stmts[i - 1].node
            if type(node) is N.PhiNode and old in node.edges:
                phi = N.PhiNode(tuple(new if e == old else e for e in node.edges), node.values)
                self.stmts[i - 1] = replace(self.stmts[i - 1], node=phi)

    # ------------------------------------------------------------------ results
    def print_order(self) -> list[Statement]:
        """Positional statements with pending nodes in the places Julia prints them (by position, attach_after last)."""
        before: dict[int, list[Statement]] = {}
        after: dict[int, list[Statement]] = {}
        for nn in self.new_nodes:
            (after if nn.attach_after else before).setdefault(nn.pos, []).append(nn.stmt)
        out: list[Statement] = []
        for i, s in enumerate(self.stmts, 1):
            out += before.get(i, ())
            out.append(s)
            out += after.get(i, ())
        return out

    def freeze(self) -> Function:
        """The edited function, uncompacted: pending nodes print in place, as Julia prints an `IRCode` with new nodes."""
        if self.removed_blocks:
            raise EditError("removed blocks exist only until compaction: call compact()")
        ir = IR(tuple(self.print_order()), tuple(Block(f, l) for f, l in self.blocks), self.linetable,
                self.catch_entry)
        return self.source.with_ir(ir)

    def compact(self) -> Function:
        """The edited function compacted as Julia's `compact!` does (see `jlir.edit.compact`)."""
        return compact(self)
