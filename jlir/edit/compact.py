"""Compaction: Julia's `compact!` (`IncrementalCompact`, `base/compiler/ssair/ir.jl`) on an edited `IRCode`.

What Julia 1.5's `compact!` does without CFG transforms, and so what this does:

* pending nodes take their places (before their position; `attach_after`
  ones after it), and every statement is renumbered in order;
* in SSA form, a statement that is `nothing` is dropped and its uses read
  `nothing`; a statement that is a bare value (`%3`, a literal, `_2`, a quoted
  value; not a `GlobalRef`, which may throw) is dropped and its uses read that
  value; a `π` of an SSA value whose type is the type of that value is
  dropped and its uses read the value (a `π` of a constant is kept: see `_trivial_pi`); a `φ` with one edge in a block with one predecessor is
  dropped and its uses read its value;
* a block left empty gets a `nothing::Nothing` placeholder, so the CFG keeps its shape;
* blocks removed with `remove_block` are dropped and the others renumbered
  (Julia does this only with CFG transforms on; it never happens otherwise).

Then, as Julia's `finish` does, `simple_dce!` (`jlir.edit.simple_dce`) turns
the unused statements it proves effect-free into `nothing` (the next
`compact!` removes them); what it proves depends on the arguments' types,
which `IRCode(fn, argtypes=…)` gives where the caller knows the signature.

In slot form (lowered code, `optimize=false`) Julia never compacts; here only
statements deleted through the editor are dropped, and nothing is folded.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.edit.base import EMPTY_BLOCK, EditError, located
from jlir.edit.revisits import Revisits, fresh_each_visit
from jlir.edit.simple_dce import simple_dce
from jlir.lattice import typeset as S
from jlir.lattice.tmerge import Undecided, is_const, is_partial, signed_hint, typeof_value
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.walk import map_values
from jlir.ir.cfg import renumbered_catch_entry
from jlir.ir.function import IR, Block, Function, Statement

_KEEP = object()
_ARGUMENT_TYPE = T.TypeName(("Core", "Compiler", "Argument"))
_SYMBOL_TYPE = T.TypeName(("Symbol",))
_TYPE = T.TypeName(("Type",))
_PLUS, _MINUS = V.GlobalRef(None, "+"), V.GlobalRef(None, "-")


# `IRCode` (jlir.edit.ircode) is named in annotations only: it calls this module, so this one does not import it.
def compact(code: IRCode) -> Function:
    """`code` placed, folded and renumbered as Julia's `compact!` would; `code` itself is unchanged."""
    entries = _placed(code)
    cfg = code.cfg()
    preds = [tuple(p for p in b.preds if p not in code.removed_blocks) for b in cfg.blocks]
    dropped: dict[int, object] = {}
    revisits = Revisits(cfg, entries)
    kept: list[tuple[int, Statement, int]] = []
    leaked: list[V.SSAValue] = []
    typeofs = _folded_typeofs(entries)
    for old_id, s, b in entries:
        folded = _fold(code, old_id, s, b, preds, dropped, revisits)
        if folded is _KEEP and old_id in typeofs:
            folded = s.node
        if folded is _KEEP:
            kept.append((old_id, s, b))
        else:
            dropped[old_id] = folded
            if type(s.node) in (N.PiNode, N.PhiNode) and type(folded) is V.SSAValue:
                leaked.append(folded)
    bb_rename = _block_numbers(code)
    stmts, blocks, resolve = _renumber(code, kept, dropped, bb_rename)
    if not code.slot_form:
        # Julia's `process_node!` counts (`renumber_ssa2!`) the operand of a π or one-edge φ before it folds the
        # node away, and never takes the count back: `simple_dce!` keeps what only such a node read
        extra = [resolve(v) for v in leaked]
        stmts = simple_dce(stmts, code.argtypes, code.sptypes,
                           tuple(v.id for v in extra if type(v) is V.SSAValue))
    return code.source.with_ir(IR(tuple(stmts), tuple(blocks), code.linetable,
                                  renumbered_catch_entry(code.catch_entry, bb_rename.get)))


def _folded_typeofs(entries) -> frozenset:
    """The statements that print like a global but are the type object a folded `typeof` left.

    A type object and a global bound to it print alike (`Distributed.Worker`), and `compact!` drops the
    object (uses read it in place) but keeps the global, which may be undefined.  The inliner puts the
    object where a call inference folded to a `Const` stood, most often `typeof(x)` inside an inlined
    `setproperty!(x, f, v)` (`fieldtype(typeof(x), f)`), whose only use is that `fieldtype` of a field not
    known by number.  Lowering puts a global there too, but with a field index (`new` in a constructor:
    `fieldtype(%1, 1)`), and a global written in the source stays in its call (`fieldtype(Foo, :a)`).  So a
    name typed `Const` of itself and read only as `fieldtype`'s type, of a field not given by number, is that
    object.
    """
    cand = {i for i, s, _ in entries if object_like_global(s) is not None}
    if not cand:
        return frozenset()
    ok: dict[int, bool] = {}
    for _, s, _b in entries:
        n = s.node
        for u in walk.ssa_uses(n):
            if u in cand:
                as_type = (type(n) is N.Expr and n.head == "call" and len(n.args) == 3 and n.args[1] == V.SSAValue(u)
                           and type(n.args[0]) is V.GlobalRef and n.args[0].name == "fieldtype"
                           and not (type(n.args[2]) is V.Literal and n.args[2].kind == "int"))
                ok[u] = ok.get(u, True) and as_type
    return frozenset(u for u, good in ok.items() if good)


def object_like_global(s: Statement, *, typed_type: bool = False) -> T.TypeName | None:
    """The name, as an object, of a statement that prints like a global typed `Const` of itself
    (`Base.UUID::Core.Compiler.Const(Base.UUID, false)`; `typed_type`: or `Type` of itself,
    `Base.UUID::Type{Base.UUID}`), which may be that global or the object itself; None for any other."""
    node = s.node
    if type(node) is not V.GlobalRef or node.module is None:
        return None
    name = T.TypeName((*node.module.split("."), node.name))
    if is_const(s.type) and s.type.args[0] == name or typed_type and s.type == T.TypeApply(_TYPE, (name,)):
        return name
    return None


def _placed(code: IRCode) -> list[tuple[int, Statement, int]]:
    """(old id, statement, old block) in Julia's compaction order, removed blocks left out."""
    before: dict[int, list] = {}
    after: dict[int, list] = {}
    for nn in code.new_nodes:
        (after if nn.attach_after or _upsilon(nn.stmt, code.stmts[nn.pos - 1]) else before).setdefault(nn.pos, []).append(nn.stmt)
    out = []
    for b, (first, last) in enumerate(code.blocks, 1):
        if b in code.removed_blocks:
            continue
        for i in range(first, last + 1):
            out += [(s.new_id, s, b) for s in before.get(i, ())]
            out.append((i, code.stmts[i - 1], b))
            out += [(s.new_id, s, b) for s in after.get(i, ())]
    return out


def _upsilon(s: Statement, at: Statement) -> bool:
    """Whether a pending ϒ (`s`, printed before positional statement `at`) is attached after `at`.

    1.5's `show` prints every pending node before its statement, so a print of that era cannot say which are
    attached after it; 1.5's two makers of ϒ nodes can.  `slot2reg` inserts its ϒ nodes with
    `attach_after=true`, into the try region an `enter` opens or after the store they copy; `type_lift_pass!`
    inserts each `Bool` ϒ it lifts before the (by then positional) ϒ it mirrors, without `attach_after`.
    """
    return type(s.node) is N.UpsilonNode and type(at.node) is not N.UpsilonNode


def _fold(code: IRCode, old_id: int, s: Statement, b: int, preds, dropped, revisits) -> object:
    """What the statement becomes: `_KEEP`, or the value its uses read instead (it is dropped)."""
    node = s.node
    if code.slot_form:
        return V.NOTHING if old_id in code.deleted else _KEEP
    cls = type(node)
    if node == V.NOTHING:
        return V.NOTHING
    if cls is V.SSAValue:
        return node
    if cls is N.PiNode:
        return node.val if _trivial_pi(code, node, dropped, revisits, s.new_id is not None) else _KEEP
    if cls is N.PhiNode:
        if len(node.edges) == 1 and node.values[0] is not None and len(preds[b - 1]) == 1:
            return node.values[0]
        return _KEEP
    if cls in (V.Literal, V.QuoteNode, V.Argument, V.Symbol) or isinstance(node, T.Shown):
        return node
    if cls is V.SlotNumber and node.id is None:  # SSA IR has no slots: a bare name is an object shown (`Any`)
        return node
    if cls is V.GlobalRef and node.module is None:  # an operator shown bare (`+`): the function object itself,
        return T.TypeName((node.name,))              # which a call shows in parentheses (`(==)()`, show_call)
    if _printed_const(s):
        return node
    if _mutable_object_shown(s):
        return node
    if _shown_object(s):   # the object, as the reader takes a value shown in place (`(Core.Intrinsics.bitcast)(…)`)
        return object_like_global(s) if cls is V.GlobalRef else node
    return _KEEP


def _shown_object(s: Statement) -> bool:
    """A constant the inliner put in place of a call inference folded (`quoted(val)`: a `Number` or a `Function`
    stands bare), which `compact!` drops like any constant, where its print tells it from a global or a call:

    * an intrinsic function, `Core.Intrinsics.bitcast::Const(Core.Intrinsics.bitcast, false)`: `show` prints an
      `IntrinsicFunction` as `Core.Intrinsics.` and its name wherever it is bound, while a global prints the
      module that binds it, and code names an intrinsic through Base's or Core's binding (`Base.add_int`);
    * a complex number, `(1 + 2im)::Const(1 + 2im, false)`: `show_unquoted` of a `Complex` prints its parts
      joined by `+` or `-`, the imaginary one suffixed `im`, while a call's complex operand prints whole,
      `(1 + (0 + 2im))`, so no call has an operand `2im`.
    """
    node = s.node
    if type(node) is V.GlobalRef:
        return node.module == "Core.Intrinsics" and object_like_global(s) is not None
    return (type(node) is N.Expr and node.head == "call" and len(node.args) == 3
            and node.args[0] in (_PLUS, _MINUS) and all(type(a) is V.Literal for a in node.args[1:])
            and node.args[2].text.endswith("im") and not node.args[1].text.endswith("im"))


def _mutable_object_shown(s: Statement) -> bool:
    """A mutable object `show` prints as its constructor call, standing as a statement: `Core.Box("")::
    Core.Compiler.Const(Core.Box(""), false)` (a `$(QuoteNode(Core.Box("")))` lowering put in place, inferred).
    A call of a mutable type's constructor allocates a new object each time, so inference never makes it a `Const`;
    a statement typed `Const` of the very object its text shows is that object, a constant that `compact!` puts in
    its uses (`process_node!`: "Constant assign, replace uses of this ssa value with its result")."""
    node, typ = s.node, s.type
    if type(node) is not N.Expr or node.head != "call" or not node.args or type(node.args[0]) is not V.GlobalRef:
        return False
    if not (is_const(typ) and len(typ.args) == 2):
        return False
    val = typ.args[0]
    callee = node.args[0]
    if not (type(val) is T.TypeCall and type(val.head) is T.TypeName and callee.module is not None
            and val.head.path == (*callee.module.split("."), callee.name) and val.args == node.args[1:]):
        return False
    facts = S.facts(".".join(val.head.path))
    return facts is not None and "m" in facts[2]


def _printed_const(s: Statement) -> bool:
    """An object of the compiler's own printed like a call: `Core.Compiler.Const(:(…), false)::Union{}`,
    `Core.Compiler.UndefToken()::Union{}`.

    Inference leaves `Const` objects in dead code, and `slot2reg` puts the `UndefToken` object where a slot is
    read before any definition.  Julia `show`s a struct as its constructor call, but the type `Union{}` says it is
    the object (a call of one of the compiler's constructors returns the struct; it cannot be typed bottom): a
    bare value, which Julia's `compact!` drops like any other constant.
    """
    node = s.node
    if type(node) is not N.Expr or node.head != "call" or not node.args or s.type != T.UNION_EMPTY:
        return False
    callee = node.args[0]
    return (type(callee) is V.GlobalRef and callee.module == "Core.Compiler" and callee.name[:1].isupper()
            and all(type(a) is not V.SSAValue for a in node.args[1:]))


def _trivial_pi(code: IRCode, pi: N.PiNode, dropped, revisits, pending: bool = True) -> bool:
    """Julia drops a π whose type is (`===`) the type of what it narrows.

    A π of an SSA value is judged by that value's type.  For an argument Julia compares `typeof` of the IR
    node itself (`Core.Compiler.Argument`, which only such a π's type can be).  For a literal, `typeof` of the
    value as its text reads (`1`: `Int64`, `1.0`: `Float64`): `π (1, Int64)` is dropped, `π (0,
    Core.Compiler.Const(0, false))` kept (on all of Base's stage prints Julia dropped all 71 of the first
    kind).  `show` prints every signed integer in decimal, so `1` may be an `Int32(1)`; but a π asserts that its
    value is of its type, and a concrete type holds no other values: `π (-2, Int8)` (an `Int8` local's constant,
    boxed after inlining) is the `Int8` -2 and dropped, as Julia drops it; so is `π (-0.0, Float16)` (1.5's
    `show` prints a Float16 zero as `-0.0`) the Float16 zero.  A value `show` prints as its
    constructor's call is of that type (`π (Float16(100.0), Float16)`, dropped; `typeof_value`).  A
    quoted value is judged by the value's type (`isa(pi_val, QuoteNode) ? typeof(pi_val.value)`): `π (:pass,
    Symbol)`, which the inliner leaves from a `getfield` of a constant field name, is dropped.
    """
    val = pi.val
    while type(val) is V.SSAValue and val.id in dropped:
        val = dropped[val.id]
    if type(val) is V.Argument:
        return pi.typ == _ARGUMENT_TYPE
    if type(val) is V.QuoteNode:   # `typeof(pi_val.value)`: a quoted Symbol's is Symbol
        val = val.value
        if type(val) is V.Symbol:
            return pi.typ == _SYMBOL_TYPE
    if type(val) is V.Literal and val.kind == "int" and val.text.lstrip("-").isdigit() \
            and type(pi.typ) is T.TypeName and signed_hint([pi.typ]) == pi.typ:
        return True   # a decimal integer under a π of a signed integer type is of that type (see above)
    if type(val) is V.Literal and val.text in ("0.0", "-0.0") and type(pi.typ) is T.TypeName \
            and pi.typ.path[-1] == "Float16":
        return True   # 1.5 prints a Float16 zero as a Float64's: under a π of Float16 it is that Float16 zero
    if type(val) in (V.Literal, T.TypeCall):   # `Float16(100.0)`: `show` prints an instance as its constructor call
        try:
            return typeof_value(val) == pi.typ
        except Undecided:
            return False
    if type(val) is V.SSAValue:
        try:
            target = code.stmt(val.id)
        except EditError:
            return False
        # a π's own type is its `typ` (Julia's result type for it), printed in the node, not after it.  Julia
        # compares with `===`: two equal `PartialStruct`s, each with its own fields `Vector`, differ.  They do in
        # slot2reg's (pending) π where inference built the value's type afresh on a later visit (a tuple, a %new
        # in a loop: `jlir.edit.revisits`), and in a π standing in the IR (not pending), which an earlier
        # `compact!` kept so: nothing makes them one object again
        same = (target.node.typ if type(target.node) is N.PiNode else target.type) == pi.typ
        distinct = not pending or fresh_each_visit(target.node) and revisits(val.id) and not revisits.retyped(val.id)
        return same and not (is_partial(pi.typ) and distinct)
    return False


def _block_numbers(code: IRCode) -> dict[int, int]:
    """Old block number → new one, removed blocks left out (0, the catch edge and `enter #0`, maps to itself)."""
    out, n = {0: 0}, 0
    for b in range(1, len(code.blocks) + 1):
        if b not in code.removed_blocks:
            n += 1
            out[b] = n
    return out


def _renumber(code: IRCode, kept, dropped, bb_rename) -> tuple[list[Statement], list[Block], object]:
    """The kept statements renumbered, with empty blocks given a placeholder, the new block ranges, and the
    function giving an old SSA value's value after compaction."""
    new_id: dict[int, int] = {}
    by_block: dict[int, list] = {}
    for old_id, s, b in kept:
        by_block.setdefault(b, []).append((old_id, s))
    order: list[tuple[int | None, Statement]] = []
    blocks: list[Block] = []
    for b in range(1, len(code.blocks) + 1):
        if b in code.removed_blocks:
            continue
        items = by_block.get(b) or [(None, EMPTY_BLOCK)]
        first = len(order) + 1
        for old_id, s in items:
            order.append((old_id, s))
            if old_id is not None:
                new_id[old_id] = len(order)
        blocks.append(Block(first, len(order)))
    resolve = _resolver(dropped, new_id)

    def block(x: int) -> int:
        if x not in bb_rename:
            raise EditError(f"a branch or φ edge names block #{x}, which was removed")
        return bb_rename[x]
    renumbered = bb_rename != {x: x for x in bb_rename}
    out = []
    for _, s in order:
        node = map_values(s.node, lambda v: resolve(v) if type(v) is V.SSAValue else v)
        if renumbered:
            node = walk.map_targets(node, block)
        # an equal node keeps its statement object: a display's per-statement columns (costs, escapes) stay with
        # statements compaction did not change (`Function.with_ir`)
        out.append(s if (node is s.node or node == s.node) and s.new_id is None else
                   replace(s, node=node, new_id=None, attach_after=False))
    return located(out), blocks, resolve


def _resolver(dropped: dict[int, object], new_id: dict[int, int]):
    """The function giving each old SSA value its value after compaction (following chains of dropped statements)."""
    cache: dict[int, object] = {}

    def resolve(v: V.SSAValue):
        k = v.id
        if k in cache:
            return cache[k]
        seen = []
        while type(v) is V.SSAValue and v.id in dropped:
            if v.id in seen:
                raise EditError(f"%{k} is defined through itself ({' → '.join('%' + str(x) for x in seen)})")
            seen.append(v.id)
            v = dropped[v.id]
        if type(v) is V.SSAValue:
            if v.id not in new_id:
                raise EditError(f"a statement uses %{v.id}, which does not exist")
            v = V.SSAValue(new_id[v.id])
        cache[k] = v
        return v
    return resolve
