"""Into SSA: slot form (`@code_lowered`, `optimize=false`) to φ form, as Julia 1.5's `slot2reg` does it.

The steps are Julia's `construct_ssa!` (`base/compiler/ssair/slot2ssa.jl`), so that the result
compacts to what Julia's own SSA construction prints (`fixtures/julia-1.5.3/<case>.ssa.txt`):

1. `convert_to_ircode`'s changes (`jlir.ssa.prepare`), the CFG and dominator tree;
2. per slot that is read: its live-in blocks (`jlir.ssa.slots.compute_live_ins`); a catch block it is
   live into gets a φᶜ and counts as a definition; φ blocks at the iterated dominance frontier of the
   definitions, pruned by liveness (`iterated_dominance_frontier(…, live_in=…)`): pruned SSA, no dead φ;
3. renaming along a depth-first walk of the CFG (Julia's worklist): an assignment `x = v` becomes the
   statement `%i = v` and `x` reads `%i` from then on; a read of a slot undefined on the path becomes
   `throw_undef_if_not(:x, false)` (the statement dropped); a slot that may be read undefined gets an
   `undefcheck` before each read; `x::T` becomes `π (v, T)`; `isdefined(x)` is decided where it can be;
   assignments inside a try region also store a ϒ for the φᶜ of every enclosing catch block that
   reads the slot, and each `enter` stores the slot's value on entry;
4. unreachable blocks emptied, a conditional branch to the next block dropped, then compaction
   (`jlir.edit.IRCode.compact`, Julia's `compact!`).

Types: statement types are kept; a φ or φᶜ gets Julia's type for it, the `tmerge` of its incoming
values' types (`jlir.ssa.phitypes`, `jlir.lattice.tmerge`), untyped where jlir cannot decide a step.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.analysis.dominance import dominator_tree, iterated_dominance_frontier
from jlir.edit import IRCode
from jlir.util.gcpause import paused
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.cfg import compute_cfg
from jlir.ir.errors import JlirError
from jlir.ir.excerpt import refuse
from jlir.ir.function import IR, Block, Form, Function
from jlir.ssa.builder import UNDEF, Builder, Pending, catch_entries, exc_handlers
from jlir.ssa.domsort import domsort, rename_phi, renumber
from jlir.ssa.phitypes import declared_int_types, phi_types
from jlir.lattice.tmerge import const_of
from jlir.ssa.prepare import UNION_BOTTOM, prepare, splat_slot
from jlir.ssa.slot_order import slot_order
from jlir.ssa.slots import argument_number, compute_live_ins, scan_slot_def_use, slot_key
from jlir.ssa.undef import used_undef
from jlir.ssa.undecided import UndecidedType, refuse_undecided_widths, refuse_untyped_pi

__all__ = ["into_ssa", "NotSlotForm", "UndecidedType"]

_MAYBE_UNDEF = T.TypeName(("Core", "Compiler", "MaybeUndef"))
_SLOT2REG_VERSION = (1, 5)  # the Julia whose construct_ssa! this follows


class NotSlotForm(JlirError):
    """into_ssa was given IR that already is in SSA form (it has φ nodes)."""


def _place_phis(b: Builder, entries, order) -> tuple[list, dict]:
    """Julia's idf loop: per read slot, its φᶜ nodes (catch blocks it is live into) and its φ blocks."""
    phi_slots: list = [[] for _ in b.cfg.blocks]
    phicnodes: dict = {exc: [] for _, exc in entries}
    catch_of = {}
    for _, exc in entries:
        catch_of.setdefault(exc, exc)
    for k in order:
        info = b.infos[k]
        if not info.uses or _constant_name(b, info):
            continue
        defs, live_in = compute_live_ins(b.cfg, info)
        for li in live_in:
            if li in catch_of:
                ssa = b.insert(b.first_insert(li), Pending(0, False, "phic", slot=k))
                phicnodes[li].append((k, ssa))
                if li not in defs:
                    defs.append(li)
        for blk in iterated_dominance_frontier(b.cfg, defs, b.dt, live_in=live_in):
            ssa = b.insert(b.first_insert(blk), Pending(0, False, "phi", slot=k))
            phi_slots[blk - 1].append((k, ssa))
    return phi_slots, phicnodes


def _constant_name(b: Builder, info) -> bool:
    """Whether a slot-like name is a constant the print shows bare (`(_module = Base)`: the module object a macro
    spliced in): never assigned, no argument, no numbered slot.  It is no slot, so Julia gives it no φ or ϒ."""
    s = info.slot
    return s.id is None and b.argnames is not None and info.defs in ([], [0]) and not info.any_newvar \
        and argument_number(s, b.argnames, b.slotnames) is None


def _initial_values(b: Builder) -> dict:
    vals = {}
    for k, info in b.infos.items():
        if 0 in info.defs:
            n = argument_number(info.slot, b.argnames, b.slotnames)
            vals[k] = V.Argument(n) if n is not None else info.slot
        else:
            vals[k] = UNDEF  # (Julia: `SSAValue(-2)` for a slot with a NewvarNode, never read before it)
    return vals


def _store(b: Builder, idx: int, item: int, stmt, vals: dict, handlers, phicnodes) -> None:
    """An assignment `x = v`: `%idx = v` and `x` reads `%idx`; ϒ stores for the enclosing catch blocks' φᶜs."""
    k = slot_key(stmt.args[0])
    val = stmt.args[1]
    typ = b.type_of(val) if type(val) is V.SSAValue else _copyast_type(val) or b.types[idx - 1]
    if typ is None:  # (`@code_warntype` prints no type for an assignment): Julia's `typ_for_val`
        typ = const_of(val) if type(val) is V.Literal else b.type_of(val)
    if val is not UNDEF:
        b.code[idx - 1] = val
        b.types[idx - 1] = typ
        if _delayed(b, val) is not None or type(val) is V.SSAValue and val.id in b.delayed:
            # Julia's DelayedTyp: the statement's type is the node's, once typed (through a statement that
            # assigned one: `typ_for_val` of it is its DelayedTyp)
            b.delayed[idx] = val
        vals[k] = V.SSAValue(idx)
    else:
        b.code[idx - 1] = V.NOTHING
        vals[k] = UNDEF
    eidx, seen = item, set()
    while eidx in handlers and eidx not in seen:
        seen.add(eidx)
        eidx, exc = handlers[eidx]
        for slot, phic in phicnodes.get(exc, ()):
            if slot == k:
                undef = vals[k] is UNDEF
                node = N.UpsilonNode(None if undef else vals[k])
                ut = T.TypeCall(_MAYBE_UNDEF, (UNION_BOTTOM,)) if undef else typ
                # a stored inserted node (`x = φ`) types the ϒ when it is typed (Julia's `DelayedTyp`)
                late = None if undef else (_delayed(b, node.val) or (node.val if idx in b.delayed else None))
                b.pending[phic.id - len(b.code) - 1].values.append(
                    b.insert(idx, Pending(idx, True, "node", node, ut, delayed=late)))
                break


def _copyast_type(val):
    """Julia's `typ_for_val` of a `copyast` of a quoted expression: the `Const` of that expression (not the
    `Expr` inference gave the assignment).  Lowering (`julia-syntax.scm`) emits `copyast` only for a quoted
    `Expr`, so whatever the reader made of the quoted text (`:(frame.inferred)` reads as a `GlobalRef`), it is
    that `Expr`, and its `Const` prints as the same `:(…)`."""
    if type(val) is N.Expr and val.head == "copyast" and len(val.args) == 1 and type(val.args[0]) is V.QuoteNode:
        quoted = val.args[0].value
        if type(quoted) is T.TypeQuote:   # an `:(…)` the reader keeps as text
            return const_of(quoted)
        return const_of(T.TypeQuote(quoted))
    return None


def _delayed(b: Builder, v):
    """`v` when it is an inserted node (a ϒ of it takes its type at the end: Julia's `DelayedTyp`), else None."""
    return v if type(v) is V.SSAValue and v.id > len(b.code) else None


def _enter_upsilons(b: Builder, item: int, entries, phicnodes, vals: dict) -> None:
    """An `enter` block stores each φᶜ slot's value on entry to the try region."""
    for enter, exc in entries:
        if enter != item:
            continue
        for k, phic in phicnodes[exc]:
            ival = vals[k]
            undef = ival is UNDEF
            node = N.UpsilonNode(None if undef else ival)
            ut = T.TypeCall(_MAYBE_UNDEF, (UNION_BOTTOM,)) if undef else b.type_of(ival)
            pos = b.first_insert(item)
            # a statement that assigned an inserted node (`x = φ`) has its type once the node is typed, and so
            # has this ϒ (Julia's `typ_for_val` of that statement is its `DelayedTyp`)
            late = None if undef else (_delayed(b, ival) or (ival if type(ival) is V.SSAValue and ival.id in b.delayed
                                                             else None))
            b.pending[phic.id - len(b.code) - 1].values.append(
                b.insert(pos, Pending(pos, True, "node", node, ut, delayed=late)))
        break


def _rename_block(b: Builder, item: int, vals: dict, handlers, phicnodes) -> None:
    blk = b.cfg.block(item)
    for idx in blk.stmts:
        stmt = b.code[idx - 1]
        if type(stmt) is N.NewvarNode:
            vals[slot_key(stmt.slot)] = UNDEF
            b.code[idx - 1] = V.NOTHING
            continue
        new = b.fixemup(idx, stmt, vals)
        b.note_read(idx, stmt, new.args[1] if type(new) is N.Expr and new.head == "=" and len(new.args) == 2 else new)
        if new is UNDEF:  # a bare read of an undefined slot: its throw_undef_if_not stands before it
            new = V.NOTHING
        if new == V.NOTHING and type(stmt) in (N.ReturnNode, N.GotoIfNot) and idx == blk.last:
            new = N.ReturnNode(None)  # preserve the CFG
        b.code[idx - 1] = new
        if type(new) is N.Expr and new.head == "=" and type(new.args[0]) is V.SlotNumber:
            _store(b, idx, item, new, vals, handlers, phicnodes)


def _rename(b: Builder, phi_slots, phicnodes, entries, handlers) -> set:
    """Julia's renaming worklist (a stack of (block, predecessor, values)); the blocks it visited."""
    work = [(1, 0, _initial_values(b))]
    visited: set = set()
    while work:
        item, pred, vals = work.pop()
        for k, ssa in phi_slots[item - 1]:
            p = b.pending[ssa.id - len(b.code) - 1]
            p.edges.append(pred)
            p.values.append(None if vals[k] is UNDEF else vals[k])
            vals[k] = ssa
        if item in visited:
            continue
        for k, ssa in phicnodes.get(item, ()):
            vals[k] = ssa
        _enter_upsilons(b, item, entries, phicnodes, vals)
        visited.add(item)
        _rename_block(b, item, vals, handlers, phicnodes)
        for succ in b.cfg.block(item).succs:
            work.append((succ, item, dict(vals)))
    return visited


def _finish_code(b: Builder, visited: set) -> None:
    """Unreachable blocks emptied (terminators become `unreachable`); a branch to the next block dropped."""
    for bb, blk in enumerate(b.cfg.blocks, 1):
        for idx in blk.stmts:
            node = b.code[idx - 1]
            if bb not in visited:
                b.code[idx - 1] = N.ReturnNode(None) if type(node) in (N.GotoNode, N.GotoIfNot, N.ReturnNode) \
                    else V.NOTHING
            elif type(node) is N.GotoIfNot and node.dest == bb + 1:
                b.code[idx - 1] = node.cond


def _construct(fn: Function, prep, names, nargs, used_undef) -> Builder:
    argnames, slotnames, slottypes = names
    stmts_fn = Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks), fn.linetable), fn.display)
    cfg = compute_cfg(stmts_fn)
    dt = dominator_tree(cfg)
    infos = scan_slot_def_use([s.node for s in prep.stmts], nargs, argnames)
    b = Builder(prep, cfg, dt, infos, argnames, used_undef)
    b.slotnames = slotnames
    b.slottypes = slottypes
    entries = catch_entries(b.code, cfg)
    handlers = exc_handlers(entries, dt)
    dead = (prep.dead_loops, prep.dead_nodes)
    phi_slots, phicnodes = _place_phis(b, entries, slot_order(infos, (argnames, b.slotnames), b.code, cfg, dt, dead))
    visited = _rename(b, phi_slots, phicnodes, entries, handlers)
    _finish_code(b, visited)
    b.visited = visited
    return b


def into_ssa(fn: Function, *, argnames=None, nargs: int | None = None, slotnames=None, slottypes=None,
             compact: bool = True, argtypes: tuple = (), sptypes: tuple = ()) -> Function:
    """`fn` (slot form) in SSA form, as Julia 1.5's `slot2reg` builds it, printed as an IRCode.

    `argnames` (the method's argument names without `#self#`) or `nargs` say which slots are arguments
    where the text does not (see `jlir.ssa.slots`); `slotnames` (every slot's name in order, as 1.5's
    `@code_warntype` lists them) numbers the slots printed by name; `slottypes` (every slot's type in
    order, the same list's types) types the arguments a φ reads.  An argument whose number is known
    reads `_n`; φ nodes of one block are in slot-number order, as Julia places them.
    `compact=False` leaves the inserted nodes pending, as `slot2reg` returns them.  `argtypes` and
    `sptypes` (the arguments' and static parameters' types, as Julia's `IRCode` holds them: see
    `jlir.edit.IRCode`) let the compaction's `simple_dce!` prove what Julia proves from them.
    """
    return into_ssa_with_names(fn, argnames=argnames, nargs=nargs, slotnames=slotnames, slottypes=slottypes,
                               compact=compact, argtypes=argtypes, sptypes=sptypes)[0]


@paused
def into_ssa_with_names(fn: Function, *, argnames=None, nargs: int | None = None, slotnames=None,
                        slottypes=None, compact: bool = True, argtypes: tuple = (),
                        sptypes: tuple = ()) -> tuple[Function, dict]:
    """`into_ssa(fn, …)` and the source variable of each φ it made: `{φ id: slot name}` (φs of slots without
    a usable name, `@_4` or `#temp#`, left out).  `jlir.ssa.out_of_ssa(…, names=…)` names its slots so."""
    refuse(fn, NotSlotForm, "no SSA conversion: ")
    if fn.display.wrapper == "thunk":  # `x = %2` sets a global there: made a slot, the assignment would vanish
        raise NotSlotForm("a top-level thunk (`Meta.lower`): its bare names are globals or slots alike in the text, "
                          "and slot2reg must leave globals alone")
    if any(type(s.node) in (N.PhiNode, N.PhiCNode) for s in fn.stmts):
        raise NotSlotForm("the function already has φ nodes: it is in SSA form")
    symbol_call = next((i for i, s in enumerate(fn.stmts, 1) if _calls_a_symbol(s.node)), None)
    if symbol_call is not None:  # (its IRCode print, `rand(%1)`, would read back as a constant `show` printed)
        raise NotSlotForm(f"statement %{symbol_call} calls a bare name (top-level code's global): Julia resolves it "
                          "to a GlobalRef of the thunk's module before slot2reg, and the module is not in the text")
    if fn.display.envelope == "cthulhu":  # its line table is rebuilt from a gutter: no files for slot2reg's print
        raise NotSlotForm("a Cthulhu view: its line info is a gutter with no files, which no CodeInfo print shows")
    if any(type(s.node) is N.NewvarNode and type(splat_slot(s.node).slot) is not V.SlotNumber for s in fn.stmts):
        raise NotSlotForm("a `NewvarNode` of something that is no slot (Julia's always names one): no slot to convert")
    prep = prepare(fn.positional, [(blk.first, blk.last) for blk in fn.blocks])
    names = (argnames, slotnames, slottypes)
    b = _construct(fn, prep, names, nargs, frozenset())
    undef = used_undef(b)
    if undef:
        b = _construct(fn, prep, names, nargs, frozenset(undef))
    phi_types(b, slottypes, declared_int_types(fn.positional))
    found: dict = {}
    return _to_function(fn, prep, b, compact, found, (argtypes, sptypes)), found


def _calls_a_symbol(node) -> bool:
    """`rand(%1)` (or `x = rand(%1)`) in lowered top-level code: a call whose callee is a Symbol."""
    if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
        node = node.args[1]
    return type(node) is N.Expr and node.head == "call" and bool(node.args) and type(node.args[0]) is V.Symbol


def _kept_pending(b: Builder, ds) -> list:
    """The inserted nodes domsort keeps.  A node in a block domsort drops (one the dominator tree does not
    reach) goes with it: only dropped code and φ edges from dropped blocks (which `rename_phi` leaves out)
    can refer to it.  (Julia's own input never has one: inference has made the statements of unreachable
    blocks constants, so they assign no slot.)"""
    n = len(b.code)
    return [p for i, p in enumerate(b.pending, 1) if n + i in ds.inst_rename]


def _to_function(fn: Function, prep, b: Builder, compact: bool, names: dict, types: tuple = ((), ())) -> Function:
    """The renamed code, domsorted, as an IRCode-form Function with the inserted nodes pending (or compacted)."""
    # construct_ssa! gives the statements it leaves as they were (an assignment to a global, `leave`) type Any
    stmts = [replace(s, node=node, type=(T.ANY if type(node) is N.Expr and node.head == "=" else typ)
                     if N.takes_type_suffix(node) else None)
             for s, node, typ in zip(prep.stmts, b.code, b.types)]
    ds = domsort(stmts, b.cfg, b.dt, [p.pos for p in b.pending])
    # The IR is Julia 1.5's slot2reg's: printed as 1.5 prints it (no blank last line, `Core.Compiler.Argument`)
    # unless the input shows it came from a later Julia.
    display = replace(fn.display, form=Form.IRCODE, return_type=None, header=None, wrapper="codeinfo",
                      costs=None, escapes=None, title=None, style=fn.style.narrowed(hi=_SLOT2REG_VERSION))
    # slot2reg's domsort keeps only the edges between blocks: a catch block loses its extra entry (predecessor 0)
    base = Function.of(IR(ds.stmts, tuple(Block(f, l) for f, l in ds.blocks), fn.linetable, catch_entry=False),
                       display)
    code = IRCode(base, *types)
    kept = _kept_pending(b, ds)
    if fn.display.form is not Form.WARNTYPE:   # (whose assignments print no type: its φs are untyped anyway)
        refuse_untyped_pi(b, kept)
    ids = []
    for p in kept:
        if p.kind == "phi":
            edges, values = rename_phi(p.edges, p.values, b.cfg.block_for_inst(p.pos), ds.result_order,
                                       ds.bb_rename)
            node = N.PhiNode(tuple(edges), tuple(renumber(v, ds.inst_rename) for v in values))
        elif p.kind == "phic":
            node = N.PhiCNode(tuple(renumber(v, ds.inst_rename) for v in p.values))
        else:
            node = renumber(p.node, ds.inst_rename)
        ids.append(code.insert_node(ds.inst_rename[p.pos], node, type=p.type, attach_after=p.attach_after).id)
    out = code.compact() if compact else code.freeze()
    refuse_undecided_widths(out)
    names.update(_phi_names(b, kept, ids, code, out if compact else None))
    # A π's type is its own field, which compaction compares (Julia prints no `::T` after it, so a read π has none).
    return out.with_ir(replace(out.ir, stmts=tuple(replace(s, type=None) if type(s.node) is N.PiNode else s
                                                   for s in out.stmts)))


def _slot_name(b: Builder, key: tuple) -> str | None:
    """The source name of a slot (its CodeInfo slot name where the input lists them), None for `@_4`, `#temp#`."""
    name = key[1] if key[0] == "name" else None
    if key[0] == "id":
        sn = b.slotnames
        name = sn[key[1] - 1] if sn is not None and 0 < key[1] <= len(sn) else b.infos[key].slot.name
    return name if name and not name.startswith(("@", "#")) else None


def _phi_names(b: Builder, kept: list, ids: list, code: IRCode, out) -> dict:
    """`{φ id: source slot name}`: pending ids, or (`out`, compacted) the ids of the φs compaction kept, matched
    in placement order (compaction folds exactly a one-edge φ of a one-predecessor block: `jlir.edit.compact`)."""
    named = [(code.new_nodes[k].pos, k, ids[k], _slot_name(b, p.slot)) for k, p in enumerate(kept) if p.kind == "phi"]
    if out is None:
        return {i: name for _, _, i, name in named if name}
    blocks = code.cfg().blocks
    survivors = []
    for pos, k, _, name in sorted(named):
        node = code.new_nodes[k].stmt.node
        blk = blocks[code.block_of(pos) - 1]
        if not (len(node.edges) == 1 and node.values[0] is not None and len(blk.preds) == 1):
            survivors.append(name)
    phis = [i for i, s in enumerate(out.positional, 1) if type(s.node) is N.PhiNode]
    if len(phis) != len(survivors):
        return {}
    return {i: name for i, name in zip(phis, survivors) if name}
