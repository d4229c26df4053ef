"""One generic worklist data-flow solver, forward or backward, shaped like Bril's `examples/df.py`.

Every analysis of `jlir.analysis` that propagates facts over the CFG
(liveness of SSA values and slots, the `enter`/`leave` handler stack, slot
definedness) states itself as a `Problem` and lets `solve` iterate, so there
is one loop to get right.  A problem gives:

* `forward`: facts flow along edges (True) or against them (False);
* `boundary`: the fact entering the function (forward: at block 1's start)
  or leaving it (backward: at the end of a block without successors);
* `initial`: every other block's starting fact before iteration (the
  lattice's optimistic value: empty set for a union, everything for an
  intersection, a "not seen" marker for a state);
* `merge(facts)`: combines the facts arriving over several edges;
* `transfer(b, fact)`: the fact at the other end of block `b` (forward: out
  from in; backward: in from out);
* `edge(src, dst, fact)` (optional): the fact as it crosses one edge, for
  facts that differ per edge (the catch edge of an `enter` leaves its
  handler behind; a φ reads its operand on its own incoming edge).  For a
  backward problem `src` is the block whose out-fact is being computed and
  `dst` its successor, so edges keep their direction in both cases.

Blocks are Julia's 1-based numbers; predecessor 0 (Julia's extra catch-block
edge) is not a block and is ignored.  The loop is a plain worklist (no
recursion): a block whose output changes puts its neighbours back on it, so
any monotone problem over a finite lattice terminates.  Every block is
queued once at the start, so a block whose output never leaves `initial`
is still read by its neighbours.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable

__all__ = ["Problem", "Solution", "solve"]


@dataclass(frozen=True, slots=True)
class Problem:
    """A data-flow problem for `solve` (see the module docstring for each part)."""
    forward: bool
    boundary: object
    initial: object
    merge: Callable
    transfer: Callable
    edge: Callable | None = None


@dataclass(frozen=True, slots=True)
class Solution:
    """The fixed point: `ins[b - 1]` holds at block `b`'s start, `outs[b - 1]` at its end (in execution order)."""
    ins: tuple
    outs: tuple


def solve(succs, problem: Problem) -> Solution:
    """The fixed point of `problem` over a graph given as successor lists (`succs[b - 1]`: block `b`'s successors).

    `succs` may be a `jlir.ir.cfg.CFG` (its blocks' `succs` are used) or any
    sequence of sequences of block numbers; successors outside `1..n` are ignored.
    """
    if hasattr(succs, "blocks"):
        succs = [blk.succs for blk in succs.blocks]
    n = len(succs)
    if n == 1 and not any(1 <= s <= 1 for s in succs[0]):  # one block, no edge: one visit (most functions)
        fact = problem.merge([problem.boundary])
        new = problem.transfer(1, fact)
        if new == problem.initial:  # (kept as the loop below keeps it)
            new = problem.initial
        return Solution((fact,), (new,)) if problem.forward else Solution((new,), (fact,))
    fwd = [tuple(s for s in ss if 1 <= s <= n) for ss in succs]
    bwd: list[list[int]] = [[] for _ in range(n)]
    for b, ss in enumerate(fwd, 1):
        for s in ss:
            bwd[s - 1].append(b)
    # `sources[b-1]`: where block b's input fact comes from; `sinks[b-1]`: who reads its output.
    sources, sinks = (bwd, fwd) if problem.forward else (fwd, bwd)
    edge = problem.edge
    inputs = [problem.initial] * n
    outputs = [problem.initial] * n
    order = range(1, n + 1) if problem.forward else range(n, 0, -1)
    work = deque(order)
    queued = set(order)
    while work:
        b = work.popleft()
        queued.discard(b)
        arriving = []
        for o in sources[b - 1]:
            fact = outputs[o - 1]
            if edge is not None:
                fact = edge(o, b, fact) if problem.forward else edge(b, o, fact)
            arriving.append(fact)
        if _is_boundary(b, sources[b - 1], problem.forward):
            arriving.append(problem.boundary)
        inputs[b - 1] = problem.merge(arriving)
        new = problem.transfer(b, inputs[b - 1])
        if new != outputs[b - 1]:
            outputs[b - 1] = new
            for s in sinks[b - 1]:
                if s not in queued:
                    queued.add(s)
                    work.append(s)
    if problem.forward:
        return Solution(tuple(inputs), tuple(outputs))
    return Solution(tuple(outputs), tuple(inputs))


def _is_boundary(b: int, sources, forward: bool) -> bool:
    """Block 1 takes the entry fact (forward); a block without successors takes the exit fact (backward)."""
    return b == 1 if forward else not sources

