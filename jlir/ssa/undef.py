"""Which slots `slot2reg` treats as used undefined: Julia's `SLOT_USEDUNDEF`, which inference sets
(`typeinfer.jl`: `annotate_slot_load!`, `visit_slot_load!`) where a load it reached may find the slot undefined;
`fixup_slot!` then puts an `undefcheck` before each read, and `fixemup!` keeps `isdefined` of it.

jlir decides it from the renaming (`jlir.ssa.into_ssa`): a read that sees `#undef`, or a φ (φᶜ) with an `#undef`
edge through φs.  Inference follows no branch a constant condition rules out (`goto #d if not c` with `c` typed
`Const(true)`), so neither is such an edge counted.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.lattice.tmerge import is_const
from jlir.ssa.builder import UNDEF, Builder

__all__ = ["used_undef"]


def used_undef(b: Builder) -> set:
    """The slots some read of which may find them undefined: Julia's `SLOT_USEDUNDEF` (set by inference),
    decided here from the renaming: a read of `#undef`, or of a φ that has (through φs) an `#undef` edge that
    inference takes (`_inferred_edges`: it follows no branch its condition's constant rules out)."""
    n = len(b.code)
    maybe = set()
    live = _inferred_edges(b)

    def undef(v) -> bool:
        return v is None or (type(v) is V.SSAValue and v.id in maybe)

    def phi_undef(p) -> bool:
        blk = b.cfg.block_for_inst(p.pos)
        return any(undef(v) for e, v in zip(p.edges, p.values) if (e, blk) in live)

    def stored_undef(u) -> bool:  # a φᶜ's value: the ϒ that stores it, `ϒ (#undef)` or of a maybe-undefined φ
        return type(u) is V.SSAValue and u.id > n and undef(b.pending[u.id - n - 1].node.val)
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(b.pending, n + 1):
            if i not in maybe and ((p.kind == "phi" and phi_undef(p))
                                   or (p.kind == "phic" and any(map(stored_undef, p.values)))):
                maybe.add(i)
                changed = True
    return {k for k, seen in b.read_values.items()
            if any(v is UNDEF or (type(v) is V.SSAValue and v.id in maybe) for v in seen)}


def _inferred_edges(b: Builder) -> set:
    """The CFG edges `(from, to)` inference's `typeinf_local` follows: from the entry, every edge but a
    `goto #d if not c`'s branch its condition rules out (`c` the literal `true`/`false`, a statement typed
    `Const(true)`/`Const(false)`, or a slot read so typed, `@_14::Const(true, false)`: the type inference gave
    the condition), so a slot is used-undef only by what inference reached undefined."""
    live, seen, work = set(), {1}, [1]
    while work:
        bb = work.pop()
        blk = b.cfg.block(bb)
        node = b.code[blk.last - 1]
        known = _constant_condition(b, node.cond) if type(node) is N.GotoIfNot else None
        for succ in blk.succs:
            if known is not None and type(node) is N.GotoIfNot and node.dest != bb + 1 \
                    and (succ == node.dest) == known:
                continue   # `goto #d if not true` never jumps; `goto #d if not false` always does
            live.add((bb, succ))
            if succ not in seen:
                seen.add(succ)
                work.append(succ)
    return live


def _constant_condition(b: Builder, cond) -> bool | None:
    if cond in (V.TRUE, V.FALSE):
        return cond == V.TRUE
    t = None
    if type(cond) is V.SSAValue and 1 <= cond.id <= len(b.types):
        t = b.types[cond.id - 1]
    elif type(cond) is V.SSAValue and cond.id > len(b.code):
        t = b.pending[cond.id - len(b.code) - 1].type   # a typed slot `@_14::Const(true)` renamed: its π
    if t is not None and is_const(t) and t.args[0] in (V.TRUE, V.FALSE):
        return t.args[0] == V.TRUE
    return None
