"""Numbering a dump's statements: pending nodes of an uncompacted IRCode (a line-number column's line table:
`jlir.geometry.linecolumn`)."""
from __future__ import annotations

import re

from jlir.ir.function import Statement


def pending_nodes(printed_ids: list[int | None], rails: list[str] | None = None,
                  inserted: list[bool] | None = None, linenos: list[str] | None = None,
                  bodies: list[str] | None = None) -> list[bool]:
    """Which printed statements are pending new nodes of an uncompacted IRCode.

    Positional statements are numbered 1, 2, … in print order; a pending node
    printed among them either shows an id that breaks that sequence (or one
    the unnumbered rows since the last positional id cannot reach), or is
    unnumbered and surplus: between two numbered anchors `a` and `b` only
    `b - a - 1` statements can be positional.  Julia numbers pending nodes
    after the positional statements (`length(stmts) + k`), so once their count
    is known every id above the count is a pending node even where it happens
    to continue the sequence: the count is refined until it is stable.
    `inserted` marks rows holding what Julia only ever adds as a new node (`inserted_only`): where unnumbered
    rows are surplus, those are the pending ones first.  `linenos`, a line-number column's text per row (1.5's
    `show_ir`): a print group shows its statement's line number on its first row only (the first pending node,
    or the statement), so a row followed by one that shows a line number ends its group and is no pending node.
    `bodies`, the rows' statement texts, show the rows known to be pending whatever the ids say
    (`undef_read_pairs`): they take no position, so the others are numbered without them.
    """
    certain = undef_read_pairs(bodies, rails) if bodies is not None else None
    if certain is not None and any(certain):
        keep = [i for i, c in enumerate(certain) if not c]
        rest = pending_nodes([printed_ids[i] for i in keep], _pick(rails, keep), _pick(inserted, keep),
                             _pick(linenos, keep))
        out = [True] * len(printed_ids)
        for i, p in zip(keep, rest):
            out[i] = p
        return out
    n = len(printed_ids)
    if all(pid is None or pid == i for i, pid in enumerate(printed_ids, 1)):
        return [False] * n  # every printed id is its statement's position: no id breaks the sequence, none is surplus
    pending = _classify(printed_ids, rails, n, inserted, linenos)
    for _ in range(8):
        # the pending ids are the ones after the positional count: the smallest bounds it as well as the rows
        lowest = min((pid for pid, p in zip(printed_ids, pending) if p and pid is not None), default=n + 1)
        again = _classify(printed_ids, rails, min(n - sum(pending), lowest - 1), inserted, linenos)
        if again == pending:
            break
        pending = again
    return pending


def _classify(printed_ids, rails, npositional: int, inserted=None, linenos=None) -> list[bool]:
    """Pending rows when at most `npositional` statements are positional (ids above it are pending nodes).

    Julia prints pending nodes just before their statement, in its block: so an unnumbered surplus row is never
    one a block's `└──` ends, nor one the next block's start follows; among the others those `inserted` marks
    are pending first, then the last."""
    pending = [False] * len(printed_ids)
    anchors = []  # (print index, id) of numbered positional statements
    unnumbered = 0  # rows without an id since the last anchor: the positions it may skip to this one
    for i, pid in enumerate(printed_ids):
        if pid is None:
            unnumbered += 1
            continue
        last = anchors[-1][1] if anchors else 0
        if pid > npositional or pid > i + 1 or pid <= last or pid - last - 1 > unnumbered:
            pending[i] = True
        else:
            anchors.append((i, pid))
            unnumbered = 0
    prev_i, prev_id = -1, 0
    for i, pid in anchors + [(len(printed_ids), None)]:
        unnumbered = [k for k in range(prev_i + 1, i) if printed_ids[k] is None]
        slots = (pid if pid is not None else npositional + 1) - prev_id - 1
        surplus = len(unnumbered) - max(slots, 0)
        if pid is None and surplus <= 0:
            break
        candidates = list(reversed([k for k in unnumbered if _may_pend(rails, k, linenos)]))
        if inserted:
            candidates.sort(key=lambda k: not inserted[k])   # stable: the last first within each kind
        for k in candidates:
            if surplus <= 0:
                break
            pending[k] = True
            surplus -= 1
        prev_i, prev_id = i, pid
    return pending


def _pick(xs, keep):
    return None if xs is None else [xs[i] for i in keep]


def undef_read_pairs(bodies: list[str], rails: list[str] | None = None) -> list[bool]:
    """The rows that are slot2reg's pending `throw_undef_if_not(x, false)` by the statement they stand before.

    1.5's `fixemup!` makes a statement that reads a slot never assigned on the way `nothing` and inserts
    `throw_undef_if_not(x, false)` before it (`fixup_slot!`), so an uncompacted print shows the two together; a
    compacted one never does: `compact!` drops every `nothing` statement (`process_node!`) but an empty block's
    placeholder, and `simple_dce!` keeps what is typed `Union{}`.  A statement that is the bare read becomes
    the read's value, slot2reg's `undef_token` (`Core.Compiler.UndefToken()`, which `compact!` never keeps:
    only renaming makes it).  So such a row followed in its block by a `nothing` or an `UndefToken()` row is a
    pending node even where no printed id shows the print uncompacted."""
    out = [False] * len(bodies)
    for k in range(len(bodies) - 1):
        if (_UNDEF_READ.match(bodies[k]) and _UNDEF_VALUE.match(bodies[k + 1])
                and not (rails and (rails[k] == "end" or rails[k + 1] == "start"))):
            out[k] = True
    return out


# A slot's name as `show` writes a Symbol among an Expr's arguments: `:x`, or `Symbol("")` for a name that is no
# identifier (an unnamed slot's, `Symbol("#temp#")`).
_NAME = r"(?::.*|Symbol\(\".*\"\))"
_UNDEF_READ = re.compile(r"^\$\(Expr\(:throw_undef_if_not, " + _NAME + r", false\)\)::Any$")
# What the statement reading the undefined slot becomes: `nothing` (an assignment of it, `rename_uses!`'s store)
# or the read's value itself, slot2ssa's `undef_token`.
_UNDEF_VALUE = re.compile(r"^(?:nothing|Core\.Compiler\.UndefToken\(\))(?:::.*)?$")

# What slot2reg adds with `insert_node!` and nothing puts in a statement's place (1.5's `fixup_slot!`): a read
# of a slot that is never assigned, `throw_undef_if_not(x, false)`, and a read that may be, `undefcheck`.
# (`type_lift_pass!` rewrites a statement into `throw_undef_if_not(x, %c)`: its condition is no literal `false`.)
_INSERTED_ONLY = re.compile(r"^\$\(Expr\(:(?:throw_undef_if_not, " + _NAME + r", false|undefcheck, " + _NAME + r", .*)\)\)::Any$")


def inserted_only(body: str) -> bool:
    """Whether a statement line's text is one Julia's slot2reg only ever inserts as a new (pending) node."""
    return _INSERTED_ONLY.match(body) is not None


def _may_pend(rails, k: int, linenos=None) -> bool:
    if linenos is not None and k + 1 < len(linenos) and linenos[k + 1]:
        return False
    return not rails or (rails[k] != "end" and k + 1 < len(rails) and rails[k + 1] != "start")


def number_pending(stmts: list[Statement], npositional: int) -> list[Statement]:
    """Give unnumbered pending nodes ids after the positional ones (`length(stmts) + k`), skipping printed ids."""
    if not any(s.new_id == -1 for s in stmts):
        return stmts
    taken = {s.new_id for s in stmts if s.new_id is not None and s.new_id > 0}
    next_id = npositional + 1
    out = []
    for s in stmts:
        if s.new_id == -1:
            while next_id in taken:
                next_id += 1
            s = Statement(s.node, s.type, s.loc, s.label, next_id, s.attach_after)
            taken.add(next_id)
        out.append(s)
    return out


def unfaithful_rail(rails: list[str], stmts, blocks) -> int | None:
    """Index of the first row whose rail (`start`, `mid`, `end`) Julia would not print for it, given which rows are
    pending nodes and which of those attach after their statement; None when every rail fits.

    Julia prints a statement as one print group (`show_ir_stmt`; 1.5's `show_ir` alike): the pending nodes
    inserted before it, the statement, the nodes attached after it.  The group's first row shows the block's start
    rail when the statement starts a block; nodes before the statement are never final (`│`); the statement is
    final unless nodes attach after it; a final row of a block's last statement shows `└──`.  jlir's printer
    forms the same groups, so a rail this refuses (a duplicated `└──` line read as a pending node) would print
    back otherwise.
    """
    groups: list[tuple[int, list[list]]] = []  # (positional index, [[row, final], …])
    before: list[int] = []
    pos = 0
    for r, s in enumerate(stmts):
        if s.new_id is not None and s.attach_after and groups and not before:
            rows = groups[-1][1]
            if stmts[rows[-1][0]].new_id is None:
                rows[-1][1] = False
            rows.append([r, True])
        elif s.new_id is not None:
            before.append(r)
        else:
            pos += 1
            groups.append((pos, [[b, False] for b in before] + [[r, True]]))
            before = []
    if before and groups:
        rows = groups[-1][1]
        rows[-1][1] = False
        rows.extend([b, True] for b in before)
    starts, lasts = {b.first for b in blocks}, {b.last for b in blocks}
    for idx, rows in groups:
        for j, (r, final) in enumerate(rows):
            expected = "start" if j == 0 and idx in starts else "end" if final and idx in lasts else "mid"
            if rails[r] != expected:
                return r
    return None
