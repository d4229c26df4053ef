"""The control-flow graph: one type for every CFG jlir meets.

`CFG` is Julia's `CFG` (`blocks` of `BasicBlock`s plus `index`): the printer
reads its predecessors for the `┄` marker, the `ir.cfg` listing reader builds
one from the printed successors, the live session builds one from Julia's own
objects, and `jlir.analysis` builds on it.  Numbering is Julia's throughout:
blocks are 1-based, statements are Julia's positional statement numbers
(1-based), and predecessor 0 is Julia's extra edge into a catch block (the
edge from "outside" that `compute_basic_blocks` adds for each `enter`).

`compute_cfg` derives the graph from a function's blocks and terminators the
way Julia's `compute_basic_blocks` does: the block ranges are the model's, the
edges come from each block's last statement plus fall-through.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from jlir.ir import nodes as N
from jlir.ir import values as V


@dataclass(frozen=True, slots=True)
class BasicBlock:
    """Julia's `BasicBlock`: statements `first..last` (1-based, inclusive), predecessors and successors in Julia's order."""
    first: int
    last: int
    preds: tuple[int, ...] = ()
    succs: tuple[int, ...] = ()

    @property
    def stmts(self) -> range:
        """The block's statement numbers (Julia's `StmtRange`), 1-based."""
        return range(self.first, self.last + 1)


@dataclass(frozen=True, slots=True)
class CFG:
    """Julia's `CFG`: `blocks[b - 1]` is block `b`."""
    blocks: tuple[BasicBlock, ...]
    # computed once: `block_for_inst` is called per statement by the SSA passes (a tuple per call was quadratic)
    _index: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_index", tuple(b.first for b in self.blocks[1:]))

    def __len__(self) -> int:
        return len(self.blocks)

    def block(self, b: int) -> BasicBlock:
        """Block `b` by Julia's 1-based number."""
        if not 1 <= b <= len(self.blocks):
            raise IndexError(f"no block #{b} (the CFG has {len(self.blocks)})")
        return self.blocks[b - 1]

    def succs(self, b: int) -> tuple[int, ...]:
        return self.block(b).succs

    def preds(self, b: int) -> tuple[int, ...]:
        return self.block(b).preds

    @property
    def index(self) -> tuple[int, ...]:
        """Julia's `cfg.index`: the first statement of every block after the first."""
        return self._index

    def block_for_inst(self, i: int) -> int:
        """The block holding positional statement `i` (Julia's `block_for_inst`)."""
        return bisect_right(self._index, i) + 1

    def to_json(self) -> dict:
        """`{"blocks": [{"stmts": [first, last], "preds": […], "succs": […]}, …]}`, the shape `jlir fetch --form cfg --json` writes."""
        return {"blocks": [{"stmts": [b.first, b.last], "preds": list(b.preds), "succs": list(b.succs)}
                           for b in self.blocks]}

    @classmethod
    def from_json(cls, data: dict) -> "CFG":
        return cls(tuple(BasicBlock(b["stmts"][0], b["stmts"][-1], tuple(b["preds"]), tuple(b["succs"]))
                         for b in data["blocks"]))


def terminator_successors(term, b: int, nblocks: int) -> list[int]:
    """Successors of block `b` ending in `term`, in Julia's order (branch target first, then fall-through)."""
    succs: list[int] = []
    falls = True
    kind = N.flow_kind(term)
    if kind == "return":
        falls = False
    elif kind == "goto":
        succs.append(term.label)
        falls = False
    elif kind == "gotoifnot":
        if term.dest != b + 1:
            succs.append(term.dest)
    elif kind == "enter" and term.catch_dest:
        succs.append(term.catch_dest)
    if falls and b + 1 <= nblocks:
        succs.append(b + 1)
    return succs


def block_exit(stmts, first: int, last: int, *, inflated: bool = True):
    """The statement that decides where control leaves the block `first..last` (positional, 1-based).

    Its last statement, read as Julia's IR has it: 1.5 CodeInfo's `$(Expr(:unreachable))` is
    `inflate_ir`'s `ReturnNode()`, so it ends control (a `ReturnNode`, no successor).  A block whose last
    statement is no terminator but whose first statement other than φ nodes and `nothing` is an `enter` ends
    in that `enter`: `compute_basic_blocks` gives an `enter` a block of its own, `slot2reg` puts its ϒ nodes
    after the `enter` in the same block and its φ nodes before, and Julia's `ir.cfg` keeps the edge to the
    catch block (its `verify_ir` accepts the `enter` there, and only there); the inliner and `compact!` leave
    `nothing` where they emptied a node of that block.
    `inflated=False` reads the block as Julia's printer does, where `$(Expr(:unreachable))` falls through.
    """
    n = len(stmts)
    if not 1 <= last <= n:
        return None
    term = stmts[last - 1].node
    if inflated and N.is_unreachable(term):
        return N.ReturnNode(None)
    if N.flow_kind(term) is not None:
        return term
    for i in range(max(first, 1), last):
        node = stmts[i - 1].node
        if type(node) is N.EnterNode:
            return node
        if type(node) is not N.PhiNode and node != V.NOTHING:
            break
    return term


def has_catch_entry(entry, block: int) -> bool:
    """Whether catch block `block` has Julia's extra predecessor 0, by `IR.catch_entry` (one flag for every
    catch block, or the tuple of the catch blocks that have it)."""
    return entry if type(entry) is bool else block in entry


def renumbered_catch_entry(entry, number):
    """`IR.catch_entry` with its blocks renumbered by `number(old)` (None: the block is gone)."""
    if type(entry) is bool:
        return entry
    return tuple(sorted(n for b in entry if (n := number(b)) is not None))


def compute_cfg(f, *, branch_edges: bool = True) -> CFG:
    """The CFG of a function's positional statements, as Julia's `compute_basic_blocks` builds it.

    The IR Julia computes with: the block ranges are the model's (see `jlir.analysis.inflate` for a CodeInfo
    print whose block goes on after an `unreachable`), and each block's successors come from its
    `block_exit`, so `unreachable` ends control and an `enter` followed by ϒ nodes keeps its catch edge.

    Predecessor 0 goes to each catch block `f.catch_entry` says has it (see `IR.catch_entry`).
    `branch_edges=False` leaves out the taken edge of a conditional branch
    from the predecessor lists, as Julia 1.0 does for CodeInfo (its branches
    are still `Expr(:gotoifnot)` and escape `compute_basic_blocks`; only the
    fall-through counts).  Successor lists are unaffected.
    """
    stmts = f.positional
    blocks = f.blocks
    nblocks = len(blocks)
    entry = getattr(f, "catch_entry", True)  # Julia's extra edge into a catch block (see IR.catch_entry)
    succ_lists = []
    preds: list[list[int]] = [[] for _ in range(nblocks)]
    for b, block in enumerate(blocks, 1):
        term = block_exit(stmts, block.first, block.last)
        kind = N.flow_kind(term)
        succs = terminator_successors(term, b, nblocks) if kind else ([b + 1] if b < nblocks else [])
        succ_lists.append(succs)
        for s in succs:
            if not branch_edges and kind == "gotoifnot" and s != b + 1:
                continue
            if 1 <= s <= nblocks:
                preds[s - 1].append(b)
                if kind == "enter" and s == term.catch_dest and has_catch_entry(entry, s):
                    preds[s - 1].append(0)
    return CFG(tuple([BasicBlock(blk.first, blk.last, tuple(p), tuple(s))
                      for blk, p, s in zip(blocks, preds, succ_lists)]))


def in_range(cfg: CFG) -> CFG:
    """`cfg` without the successors that name no block (broken IR: a branch past the last block), for the
    analyses that go on to report it (the verifier, liveness); `cfg` itself when every edge is in range.
    The graph algorithms are given the CFG as it is, and refuse such an edge (`EdgeOutOfRange`)."""
    n = len(cfg.blocks)
    if all(1 <= s <= n for blk in cfg.blocks for s in blk.succs):
        return cfg
    return CFG(tuple(BasicBlock(blk.first, blk.last, blk.preds, tuple(s for s in blk.succs if 1 <= s <= n))
                     for blk in cfg.blocks))


def predecessor_counts(f, *, branch_edges: bool = True) -> list[int]:
    """How many predecessors each block has in `compute_cfg(f, branch_edges=…)` (index 0 is block 1).

    What the printer needs (the `┄` of a block with several), without building the CFG: the same edges,
    counted (the extra catch edge counts where the IR holds it, as Julia's printer counts it).
    """
    stmts = f.positional
    nblocks = len(f.blocks)
    entry = getattr(f, "catch_entry", True)
    counts = [0] * nblocks
    for b, block in enumerate(f.blocks, 1):
        term = block_exit(stmts, block.first, block.last, inflated=False)
        kind = N.flow_kind(term)
        if kind is None:
            if b < nblocks:
                counts[b] += 1
            continue
        for s in terminator_successors(term, b, nblocks):
            if not branch_edges and kind == "gotoifnot" and s != b + 1:
                continue
            if 1 <= s <= nblocks:
                counts[s - 1] += 2 if kind == "enter" and s == term.catch_dest and has_catch_entry(entry, s) else 1
    return counts


def cfg_from_successors(ranges, succs) -> CFG:
    """A CFG from block ranges `(first, last)` and successor lists, predecessors derived (as a printed `ir.cfg` gives)."""
    preds: list[list[int]] = [[] for _ in ranges]
    for b, ss in enumerate(succs, 1):
        for s in ss:
            if 1 <= s <= len(ranges):
                preds[s - 1].append(b)
    return CFG(tuple(BasicBlock(first, last, tuple(p), tuple(s))
                     for (first, last), p, s in zip(ranges, preds, succs)))
