"""The state of one SSA construction (Julia 1.5's `construct_ssa!`): the code being renamed, the nodes
inserted into it (`insert_node!`), and the renaming of one statement's slot reads (`fixemup!`,
`fixup_slot!`).  See `jlir.ssa.into_ssa` for the whole algorithm.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ssa.slots import slot_key, slot_of

__all__ = ["Pending", "Builder", "UNDEF", "ANY", "catch_entries", "exc_handlers"]

UNDEF = "#undef"  # Julia's `undef_token`
ANY = T.ANY


@dataclass(slots=True)
class Pending:
    """A node Julia's `insert_node!` would add: before (or after) positional statement `pos`."""
    pos: int
    attach_after: bool
    kind: str            # "phi", "phic", "node"
    node: object = None
    type: object = None
    edges: list = field(default_factory=list)
    values: list = field(default_factory=list)
    slot: tuple | None = None
    delayed: object = None  # a ϒ of an inserted node's value: its type is that node's (Julia's DelayedTyp)


class Builder:
    """The state of one `construct_ssa!` run: the code being renamed and the nodes inserted into it."""

    def __init__(self, prep, cfg, dt, infos, argnames, used_undef):
        self.code = [s.node for s in prep.stmts]
        self.types = [s.type for s in prep.stmts]
        self.cfg, self.dt, self.infos = cfg, dt, infos
        self.argnames = argnames
        self.slotnames = None
        self.slottypes = None         # every slot's type, in slot order, where the input tells them
        self.visited: set = set()
        self.used_undef = used_undef
        self.pending: list[Pending] = []
        self.read_values: dict = {}   # slot key -> values seen at reads (for the used-undef decision)
        self.delayed: dict = {}       # statement -> the inserted node it assigns (its type, once known)
        self.read_types: dict = {}    # inserted node -> the types inference gave the statements reading it whole

    # ------------------------------------------------------------ inserting
    def note_read(self, idx: int, stmt, val) -> None:
        """Statement `idx` read a slot whole (`%7 = x`, `y = x`) and got the inserted node `val`: the type inference
        gave the statement is the slot's there, which is what `show` may leave undecided in the node's inputs (a
        decimal constant `Const(1, false)` of an `Int32`)."""
        rhs = stmt.args[1] if type(stmt) is N.Expr and stmt.head == "=" and len(stmt.args) == 2 else stmt
        if slot_of(rhs) is not None and type(rhs) is not V.TypedSlot and type(val) is V.SSAValue \
                and val.id > len(self.code):
            self.read_types.setdefault(val.id, []).append(self.types[idx - 1])

    def insert(self, pos: int, p: Pending) -> V.SSAValue:
        self.pending.append(p)
        p.pos = pos
        return V.SSAValue(len(self.code) + len(self.pending))

    def first_insert(self, b: int) -> int:
        return self.cfg.block(b).first

    def type_of(self, v):
        if type(v) is V.SSAValue:
            n = len(self.code)
            if 1 <= v.id <= n:
                return self.types[v.id - 1]
            if n < v.id <= n + len(self.pending):
                return self.pending[v.id - n - 1].type
        if type(v) is V.Argument and self.slottypes is not None and 0 < v.n <= len(self.slottypes):
            return self.slottypes[v.n - 1]
        return None

    # ------------------------------------------------------------ renaming one statement
    def fixup_slot(self, idx: int, node, val):
        """Julia's `fixup_slot!`: the value a read of a slot becomes (inserting its checks before `idx`)."""
        s = slot_of(node)
        k = slot_key(s)
        self.read_values.setdefault(k, []).append(val)
        sym = V.Symbol(s.name or "")
        if val is UNDEF:
            self.insert(idx, Pending(idx, False, "node", N.Expr("throw_undef_if_not", (sym, V.FALSE)), ANY))
            return UNDEF
        if k in self.used_undef and type(val) is V.SSAValue:
            self.insert(idx, Pending(idx, False, "node", N.Expr("undefcheck", (sym, val)), ANY))
        if type(node) is V.TypedSlot:
            return self.insert(idx, Pending(idx, False, "node", N.PiNode(val, node.type), node.type))
        return val

    def fixemup(self, idx: int, node, vals: dict):
        """Julia's `fixemup!` with every slot renamed: the statement with its slot reads replaced (`nothing`
        when a read is of an undefined slot)."""
        if slot_of(node) is not None:
            return self.fixup_slot(idx, node, vals[slot_key(slot_of(node))])
        if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
            rhs = self.fixemup(idx, node.args[1], vals)
            return N.Expr("=", (node.args[0], V.NOTHING if rhs is None else rhs))
        if type(node) is N.Expr and node.head == "isdefined" and node.args and slot_of(node.args[0]) is not None:
            return self._isdefined(node, vals)
        if not walk.is_known(node) or not type(node).OPERANDS:
            return node
        return self._operands(idx, node, vals)

    def _operands(self, idx: int, node, vals: dict):
        undef = False

        def f(v):
            nonlocal undef
            if undef or slot_of(v) is None:
                return v
            x = self.fixup_slot(idx, v, vals[slot_key(slot_of(v))])
            if x is UNDEF:
                undef = True
                return v
            return x
        out = walk.map_operands(node, f)
        return V.NOTHING if undef else out

    def _isdefined(self, node, vals: dict):
        """Julia's `fixemup!` of `isdefined(x)`: `true` unless `x` is used undefined, then `false` where it is
        `#undef`, `true` where it is an argument, else `isdefined` of its value.  The read counts towards the
        used-undef decision: inference's `annotate_slot_load!` visits `isdefined`'s slot as any other load, so a
        slot that may be undefined there is `SLOT_USEDUNDEF`."""
        s = slot_of(node.args[0])
        k = slot_key(s)
        val = vals[k]
        self.read_values.setdefault(k, []).append(val)
        if k not in self.used_undef:
            return V.TRUE
        if val is UNDEF:
            return V.FALSE
        if type(val) is not V.SSAValue:
            return V.TRUE
        return N.Expr("isdefined", (val,) + tuple(node.args[1:]))


def catch_entries(code, cfg) -> list[tuple[int, int]]:
    """`(enter block, catch block)` of every `enter`, in statement order (Julia's `catch_entry_blocks`)."""
    out = []
    for idx, node in enumerate(code, 1):
        if type(node) is N.EnterNode and node.catch_dest:
            out.append((cfg.block_for_inst(idx), node.catch_dest))
    return out


def exc_handlers(entries, dt) -> dict:
    """Julia's `exc_handlers`: the block after each `enter` and every block it dominates → (enter block, catch)."""
    out: dict = {}
    n = len(dt.idoms)
    for enter, exc in entries:
        if enter + 1 > n:
            continue
        stack = [enter + 1]
        while stack:
            b = stack.pop()
            out[b] = (enter, exc)
            stack.extend(dt.children(b))
    return out
