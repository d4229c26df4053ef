"""Random control-flow graphs for property tests, plus the plain set-based oracles they are checked against.

`cfgs()` draws Julia-shaped CFGs: each block ends in a return (or
`unreachable`: no successors), a `goto`, a `gotoifnot` (target, then
fall-through), an `enter` (catch target, then fall-through, and Julia's extra
predecessor 0 on the catch block), a plain fall-through, or occasionally a
three-way branch no Julia prints (the analyses must not care).  Targets are
drawn freely, so the graphs include self-loops, irreducible cycles,
unreachable blocks, several exits and blocks that can never reach an exit.
Predecessors are derived in Julia's order (by source block, 0 right after
an `enter` edge), as `compute_cfg` does.

The oracles are the textbook definitions, deliberately slow and obvious:
iterative data flow over sets, frontiers by definition, backward reachability.
"""
from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from conftest import FIXTURES

from jlir.ir.cfg import CFG, BasicBlock

KINDS = ("return", "goto", "cond", "enter", "fall", "switch")


def cfg_from_succs(succs: list[list[int]], catch_edges: frozenset[tuple[int, int]] = frozenset()) -> CFG:
    """A CFG with one statement per block (`BasicBlock(i, i, preds, succs)`), preds derived in Julia's order.

    An edge in `catch_edges` (`(enter block, catch block)`) also gives the
    catch block Julia's predecessor 0, right after the real predecessor.
    """
    preds: list[list[int]] = [[] for _ in succs]
    for b, ss in enumerate(succs, 1):
        for s in ss:
            preds[s - 1].append(b)
            if (b, s) in catch_edges:
                preds[s - 1].append(0)
    return CFG(tuple(BasicBlock(i, i, tuple(p), tuple(s))
                     for i, (p, s) in enumerate(zip(preds, succs), 1)))


def julia_shaped(kinds: list[str], targets: list[int], switches: list[list[int]]) -> CFG:
    """The CFG whose block b ends as `kinds[b - 1]` with branch target `targets[b - 1]` (or `switches[b - 1]`)."""
    n = len(kinds)
    succs: list[list[int]] = []
    catch: set[tuple[int, int]] = set()
    for b, (kind, dest, switch) in enumerate(zip(kinds, targets, switches), 1):
        falls = [b + 1] if b < n else []
        if kind == "return":
            ss = []
        elif kind == "goto":
            ss = [dest]
        elif kind == "fall":
            ss = falls
        elif kind == "switch":
            ss = sorted(set(switch))
        else:
            ss = [dest] + [f for f in falls if f != dest]
            if kind == "enter":
                catch.add((b, dest))
        succs.append(ss)
    return cfg_from_succs(succs, frozenset(catch))


@st.composite
def cfgs(draw, min_blocks: int = 1, max_blocks: int = 24) -> CFG:
    """A random Julia-shaped CFG of `min_blocks..max_blocks` blocks."""
    n = draw(st.integers(min_blocks, max_blocks))
    target = st.integers(1, n)
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=n, max_size=n))
    targets = draw(st.lists(target, min_size=n, max_size=n))
    switches = [draw(st.lists(target, min_size=1, max_size=3)) if k == "switch" else [] for k in kinds]
    return julia_shaped(kinds, targets, switches)


def random_cfg(rng, n: int) -> CFG:
    """The same family drawn from a seeded `random.Random` (for batches sent to a real Julia)."""
    kinds = [rng.choice(KINDS) for _ in range(n)]
    targets = [rng.randint(1, n) for _ in range(n)]
    switches = [[rng.randint(1, n) for _ in range(rng.randint(1, 3))] for _ in range(n)]
    return julia_shaped(kinds, targets, switches)


def def_sets(cfg: CFG):
    """Non-empty lists of blocks (repeats allowed, any order), as variable definition sites."""
    return st.lists(st.integers(1, len(cfg.blocks)), min_size=1, max_size=6)


# ---------------------------------------------------------------- oracles

def real_preds(cfg: CFG, b: int) -> list[int]:
    """The predecessors of `b` that are blocks (Julia's catch-edge 0 dropped)."""
    return [p for p in cfg.blocks[b - 1].preds if p != 0]


def closure(starts, edges) -> set[int]:
    """Every node reachable from `starts` by `edges(node)` (including the starts)."""
    seen = set(starts)
    todo = list(seen)
    while todo:
        for s in edges(todo.pop()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def reference_reachable(cfg: CFG) -> set[int]:
    return closure([1], lambda b: cfg.blocks[b - 1].succs) if cfg.blocks else set()


def _set_dataflow(nodes: set[int], roots: set[int], into) -> dict[int, set[int]]:
    """Dom(b) = {b} ∪ ⋂ Dom(p) over `into(b)` ∩ nodes, Dom(root) = {root}: the greatest fixpoint."""
    dom = {b: ({b} if b in roots else set(nodes)) for b in nodes}
    changed = True
    while changed:
        changed = False
        for b in sorted(nodes - roots):
            ins = [dom[p] for p in into(b) if p in nodes]
            new = set.intersection(*ins) | {b} if ins else {b}
            if new != dom[b]:
                dom[b] = new
                changed = True
    return dom


def reference_dominators(cfg: CFG) -> dict[int, set[int]]:
    """Dominator sets of the reachable blocks (unreachable blocks are absent)."""
    return _set_dataflow(reference_reachable(cfg), {1}, lambda b: real_preds(cfg, b))


def reference_postdominators(cfg: CFG) -> dict[int, set[int]]:
    """Post-dominator sets of the blocks that reach an exit (a block without successors)."""
    exits = {b for b in range(1, len(cfg.blocks) + 1) if not cfg.blocks[b - 1].succs}
    nodes = closure(exits, lambda b: real_preds(cfg, b))
    return _set_dataflow(nodes, exits, lambda b: cfg.blocks[b - 1].succs)


def immediate(doms: dict[int, set[int]], n: int) -> list[int]:
    """idoms[b - 1] from dominator sets: the strict dominator dominated by all others (0 if none / absent)."""
    out = [0] * n
    for b, ds in doms.items():
        strict = ds - {b}
        if strict:
            out[b - 1] = max(strict, key=lambda d: len(doms[d]))
    return out


# ---------------------------------------------------------------- real CFGs

@lru_cache(maxsize=1)
def fixture_cfgs() -> tuple[tuple[str, CFG], ...]:
    """`(file#function, cfg)` for every function of the Julia 1.5.3 `@code_typed` and IRCode fixtures."""
    from jlir.ir.cfg import compute_cfg
    from support.parsed import functions_of
    out = []
    for path in sorted(FIXTURES.glob("julia-1.5.3/*.txt")):
        if not path.name.endswith((".typed.txt", ".ircode.txt")):
            continue
        for i, f in enumerate(functions_of(path)):
            out.append((f"{path.name}#{i + 1}", compute_cfg(f)))
    return tuple(out)
