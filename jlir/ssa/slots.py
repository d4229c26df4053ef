"""The slots of slot-form IR as Julia 1.5's `slot2reg` sees them: which are arguments, where each is
defined and used, and in which blocks it is live in.

A slot is keyed by how it prints: `("id", n)` for `x@_n`, `_n`, `@_n`; `("name", x)` for a bare `x`
(Julia prints the number only when names clash, and consistently within one function).

Arguments: Julia's `scan_slot_def_use` gives slots `1..nargs+1` a definition at statement 0 (the
entry).  Julia's lowering never assigns an argument slot (a reassigned argument is copied into a new
local slot first: `b@_5 = b@_3`), so a slot that is never assigned and never `NewvarNode`d is an
argument here (or a bare constant name such as `Int64`, which is never renamed either way); with
`argnames` (the method's argument names, `#self#` left out) a named slot is placed exactly.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.analysis.live_ranges import slot_of
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.cfg import CFG

__all__ = ["SlotInfo", "slot_key", "slot_of", "scan_slot_def_use", "compute_live_ins", "argument_number"]


def slot_key(s: V.SlotNumber) -> tuple:
    """The printed identity of a slot: `("id", n)` when printed with its number, else `("name", x)`."""
    return ("id", s.id) if s.id is not None else ("name", s.name)


@dataclass(slots=True)
class SlotInfo:
    """Julia's `SlotInfo`: statements defining the slot (0: the entry), statements using it, any `NewvarNode`."""
    slot: V.SlotNumber
    defs: list
    uses: list
    any_newvar: bool = False


def _entry(infos: dict, s: V.SlotNumber) -> SlotInfo:
    k = slot_key(s)
    if k not in infos:
        infos[k] = SlotInfo(s, [], [])
    return infos[k]


def _scan_entry(infos: dict, idx: int, node) -> None:
    """Julia's `scan_entry!`: an assignment defines its slot; the slots among the direct operands are used."""
    if type(node) is N.NewvarNode:
        info = _entry(infos, node.slot)
        info.any_newvar = True
        info.defs.append(idx)
        return
    if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
        if type(node.args[0]) is V.SlotNumber:
            _entry(infos, node.args[0]).defs.append(idx)
        node = node.args[1]
    s = slot_of(node)
    if s is not None:
        _entry(infos, s).uses.append(idx)
        return
    if walk.is_known(node):
        for op in walk.operands(node):
            s = slot_of(op)
            if s is not None:
                _entry(infos, s).uses.append(idx)


def argument_number(s: V.SlotNumber, argnames, slotnames=None) -> int | None:
    """Julia's slot number of a slot where the text tells it: its printed number, `#self#`, its place in
    `argnames` (the argument names without `#self#`) or in `slotnames` (every slot's name in order, Julia's
    `ci.slotnames`, as 1.5's `@code_warntype` lists them under `Variables`)."""
    if s.id is not None:
        return s.id
    if s.name == "#self#":
        return 1
    if argnames is not None and s.name in argnames:
        return list(argnames).index(s.name) + 2
    if slotnames is not None and s.name in slotnames:
        return list(slotnames).index(s.name) + 1
    return None


def scan_slot_def_use(stmts, nargs: int | None = None, argnames=None) -> dict:
    """Julia's `scan_slot_def_use` over the statement nodes `stmts` (1-based positions): slot key → `SlotInfo`.

    Argument slots get the definition 0 first, as Julia gives slots `1..nargs+1`.
    """
    infos: dict = {}
    for idx, node in enumerate(stmts, 1):
        _scan_entry(infos, idx, node)
    if nargs is None and argnames is not None:
        nargs = len(argnames)   # a numbered slot past them (`@_8`) is a local, even one never assigned
    for info in infos.values():
        if _is_argument(info, nargs, argnames):
            info.defs.insert(0, 0)
    return infos


def _is_argument(info: SlotInfo, nargs: int | None, argnames) -> bool:
    s = info.slot
    if s.id is not None and nargs is not None:
        return s.id <= nargs + 1
    if s.id is None and argnames is not None and (s.name in argnames or s.name == "#self#"):
        return True
    return not info.defs


def compute_live_ins(cfg: CFG, info: SlotInfo) -> tuple[list, list]:
    """Julia 1.5's `compute_live_ins`: `(def_bbs, live_in_bbs)` of one slot, both in Julia's order.

    A block is a use block when a use comes before any definition in it (uses and definitions taken in
    statement order, a use before a definition at the same statement); the live-in blocks are those plus
    every predecessor reached backwards from them through blocks that do not define the slot.
    """
    ordered = sorted([(x, True) for x in info.uses] + [(x, False) for x in info.defs], key=lambda t: t[0])
    bb_defs: list = []
    bb_uses: list = []
    last_bb = last_def_bb = 0
    for x, is_use in ordered:
        bb = cfg.block_for_inst(x)
        if bb != last_bb and is_use:
            bb_uses.append(bb)
        last_bb = bb
        if last_def_bb != bb and not is_use:
            bb_defs.append(bb)
            last_def_bb = bb
    defs = set(bb_defs)
    uses = set(bb_uses)
    extra: list = []
    seen: set = set()
    work = [p for bb in bb_uses for p in cfg.block(bb).preds if p != 0 and p not in defs]
    while work:
        elem = work.pop()
        if elem in uses or elem in seen:
            continue
        seen.add(elem)
        extra.append(elem)
        work.extend(p for p in cfg.block(elem).preds if p != 0 and p not in defs)
    return bb_defs, bb_uses + sorted(extra)
