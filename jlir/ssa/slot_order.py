"""The order of a function's slots (Julia's slot numbers) where a slot-form print names slots without numbers.

Julia 1.5's `slot2reg` (`construct_ssa!`) places the φ nodes of one block, and the φᶜ/ϒ nodes of a try
region, in slot-number order.  `@code_typed optimize=false` prints a slot by name (`x`) and shows its number
only where names repeat (`x@_5`) or are empty (`@_7`), so the other numbers are lowering's, recovered here from
what lowering leaves in the print (`src/julia-syntax.scm`, checked against 1.5.3's `code_lowered(f).slotnames`):

- the slots are the arguments, then each scope block's locals, scope by scope in source order (the function
  body first, then the loop bodies, `let` and `try` blocks inside it, outer before inner), then the temporaries
  linearization makes (those print as `@_N`);
- within one scope: the variables declared `local` (and a closure's `#1` object) first, then the variables
  assigned there, in the order `find-assigned-vars` lists them in that scope's own text with duplicates
  deleted (`delete-duplicates`: each one's last occurrence in a list of at most 20, its first in a longer one);
- each scope starts with a `NewvarNode` for each of its locals in that order (a boxed local gets its
  `Core.Box()` there instead), dropping those assigned before any branch in the scope.

So a run of `NewvarNode`s and `Box` stores is one scope's locals in slot order, and a `for` loop's variable, a
`while` loop's body, a `try` body and a `catch` block start a scope too; a slot not in a run belongs to the scope that starts last
before its first assignment, and is placed among the run's assigned locals by where `find-assigned-vars`
lists it: at its last assignment in the scope's own text when the scope's list of assignments has at most 20
entries (flisp's `delete-duplicates` keeps a name's last occurrence), at its first past 20 (it keeps the first).
The linear code interleaves nested scopes (where an outer variable is reassigned most), so an assignment in a
loop the scope's start is outside of (a natural loop of the CFG, or the statements up to a jump back inference
found dead) or in a `try` body or `catch` block the start is outside of is no part of the scope's own text; an
assignment inference found dead (printed `Const(:(x = …))`) is.  The run's own members keep their first
assignments, which decide the split of the run: the print does not show whether a variable in a run was
declared `local`, so the run's end whose first assignments are in order counts as assigned.  Numbered slots keep
their numbers; the others take the numbers left, in this order.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ssa.prepare import slot_store
from jlir.ssa.scope_starts import branch_before, natural_loops, runs, try_regions, while_bodies, with_try_scopes
from jlir.ssa.slots import argument_number, slot_key

__all__ = ["slot_order"]


def _assignments(info, code) -> list[int]:
    return [d for d in info.defs if d > 0 and type(code[d - 1]) is not N.NewvarNode]


def _scope_list(run: list, extra: list, at: dict, dead_only: frozenset = frozenset()) -> list:
    """One scope's locals in order: `run` (the scope's `NewvarNode`s, an exact order) with the slots of that scope
    not in it (`extra`, in first-assignment order) merged in: a closure object (`#1`) counts as declared (first);
    the others go by first assignment into the end of the run whose first assignments are in order (its
    assigned locals).  A member only dead code assigns (`dead_only`) splits the run by where lowering saw that
    assignment, but the extras, all assigned before the scope's first branch, go after it: as a `local x`
    declared and assigned on a branch inference found dead it would come first; as an implicit local, it is
    assigned after a branch, so after them.  The print does not say which; it is taken as declared."""
    k, low = len(run), None
    while k > 0:   # the longest end of the run in assignment order
        t = at.get(run[k - 1])
        if t is not None and low is not None and t > low:
            break
        low = t if t is not None else low
        k -= 1
    declared, assigned = list(run[:k]), list(run[k:])
    heads = [x for x in extra if str(x[1]).startswith("#")]
    out_decl = heads + declared
    for x in extra:
        if x in heads:
            continue
        t = at.get(x) or 0
        pos = next((i for i, r in enumerate(assigned) if r not in dead_only and (at.get(r) or 0) > t),
                   len(assigned))
        assigned.insert(pos, x)
    return out_decl + assigned


def _value_if_start(node, infos: dict, cfg, dt, code):
    """Where the text of `x = if … end` starts, for its store `x = @_7` of a temporary assigned in several blocks
    (each branch assigns it): the branch of the blocks' nearest common dominator, not the store after them."""
    if cfg is None or not (type(node) is N.Expr and node.head == "=" and len(node.args) == 2):
        return None
    v = node.args[1]
    info = infos.get(slot_key(v)) if type(v) is V.SlotNumber and v.id is not None else None
    defs = sorted({cfg.block_for_inst(d) for d in _assignments(info, code)}) if info is not None else []
    if len(defs) < 2:
        return None
    common = defs[0]
    for b in defs[1:]:
        common = dt.nearest_common_dominator(common, b)
    return cfg.block(common).last if common else None


def slot_order(infos: dict, names, code, cfg=None, dt=None, dead=((), ())) -> list:
    """The slot keys of `infos` (`jlir.ssa.slots.scan_slot_def_use`) in Julia's slot-number order, as far as the
    print tells it (see the module docstring); `names` is `(argnames, slotnames)`; with the CFG and its dominator
    tree, a value `if`'s store counts where the `if` starts; `dead`, `(dead_loops, dead_nodes)` of
    `jlir.ssa.prepare.Prepared`: code inference found unreachable, which lowering saw and numbered."""
    argnames, slotnames = names
    dead_loops, dead_nodes = dead
    dead_assignments = [(p, n) for p, n in dead_nodes if slot_store(n)]
    lowered = list(code)   # the code as lowering made it: unreachable statements as themselves, not `nothing`
    for pos, node in dead_nodes:
        if 0 < pos <= len(lowered):
            lowered[pos - 1] = node
    dead = {}
    for pos, assignment in dead_assignments:
        dead.setdefault(slot_key(assignment.args[0]), []).append(pos)
    number = {k: argument_number(info.slot, argnames, slotnames) for k, info in infos.items()}
    taken = {n for n in number.values() if n is not None}
    if argnames is not None:
        taken |= set(range(1, len(argnames) + 2))  # an unnamed argument (`::typeof(f)`) holds its number too
    first = {k: (min(a) if (a := _assignments(i, code)) else len(code) + 1) for k, i in infos.items()}
    assigned_at = {k: (min(min(p, _value_if_start(code[p - 1], infos, cfg, dt, code) or p) for p in a)
                       if (a := _assignments(i, code)) else None) for k, i in infos.items()}
    dead_only = frozenset(k for k in dead if k in infos and assigned_at[k] is None)
    for k, ps in dead.items():   # lowering listed the assignments inference later found dead where they stand
        if k in assigned_at:
            assigned_at[k] = min(p for p in [*ps, assigned_at[k]] if p is not None)
    ghosts, ghost_ids = _dead_only(dead_nodes, infos)
    taken |= ghost_ids
    for k, p in ghosts.items():
        number[k], first[k], assigned_at[k] = None, p, p
    found = [(pos, [k for k in keys if k in infos or k in ghosts]) for pos, keys in runs(lowered)]
    starts = with_try_scopes(found, code, number, while_bodies(code, cfg) + [top for top, _ in dead_loops])
    in_run = {k for _, keys in starts for k in keys}
    scopes = [(0, [])] + starts
    extra: list = [[] for _ in scopes]
    for k in sorted((k for k in [*infos, *ghosts] if number[k] is None and k not in in_run),
                    key=lambda k: (first[k], str(k))):
        at = max(i for i, (pos, _) in enumerate(scopes) if pos <= first[k])
        if at > 0 and first[k] == len(code) + 1:
            at = 0
        extra[at].append(k)
    if len(scopes) > 1 and not branch_before(code, scopes[1][0]):
        scopes, extra = [(0, scopes[1][1])] + scopes[2:], [extra[0] + extra[1]] + extra[2:]
    graph = (cfg, dt, (natural_loops(cfg, dt), dead_loops), try_regions(code, cfg)) \
        if cfg is not None and dt is not None else None
    ordered = [k for (pos, run), ex in zip(scopes, extra)
               for k in _scope_list(run, ex, _own_text_at((run, ex), infos, code, graph, assigned_at,
                                                          max(pos, 1), dead), dead_only)]
    ordered += [k for k in infos if number[k] is not None and k not in in_run]
    ordered = list(dict.fromkeys(ordered))   # a slot a second scope start declares again keeps its first place
    counter, numbered = 1, []
    for k in ordered:
        n = number[k]
        if n is None:
            while counter in taken:
                counter += 1
            n = counter
            taken.add(n)
        numbered.append((n, k))
    return [k for _, k in sorted(numbered) if k in infos]


def _dead_only(dead_nodes, infos: dict) -> tuple[dict, set]:
    """The slots only code inference found dead assigns or declares (`Core.Compiler.Const(:(acc = …), false)`,
    `Core.Compiler.Const(Core.NewvarNode(:(u4)), false)`): lowering numbered them like any other local, so they
    hold numbers the print does not show.  `(unnumbered slot key → its first dead assignment (else its
    declaration), numbers of the numbered ones)`."""
    stores = [(p, n.args[0]) for p, n in dead_nodes if slot_store(n)]
    declared = [(p, n.slot) for p, n in dead_nodes if type(n) is N.NewvarNode and type(n.slot) is V.SlotNumber]
    ghosts: dict = {}
    ids: set = set()
    for pos, slot in stores + declared:
        k = slot_key(slot)
        if k in infos:
            continue
        if slot.id is not None:
            ids.add(slot.id)
        else:
            ghosts.setdefault(k, pos)
    return ghosts, ids


# flisp's `delete-duplicates` (`src/flisp/system.lsp`): a list longer than 20 goes through a table that keeps each
# element's first occurrence; a shorter one keeps each element's last.
_SHORT_LIST = 20


def _own_text_at(keys: tuple, infos: dict, code, graph, assigned_at: dict, start: int, dead: dict) -> dict:
    """Where lowering lists each slot of the scope that starts at statement `start` (`keys`: `(run, others)`, the
    slots its `NewvarNode` run declares and the others): `assigned_at` (the first assignment), except that with at
    most 20 assignments in the scope's own text (`_SHORT_LIST`) a slot outside the run goes by its last one there
    (a value `if`'s store where the `if` starts): `group = nothing` first and `group = if … end` after a loop
    that assigns it too, the later counts.  Not the scope's own text: a loop the start is outside of, a `try` body
    or `catch` block (`try_regions`) or a loop whose jump back inference found dead the start is outside of.
    `graph`: `(cfg, dt, (loops, dead loops' position ranges), try regions)`, None without a CFG (then
    `assigned_at`); `dead`: slot key → positions of its assignments inference found unreachable
    (the assignments among `jlir.ssa.prepare.Prepared.dead_nodes`), which lowering saw and count."""
    if graph is None:
        return assigned_at
    cfg, dt, (loops, dead_loops), tries = graph
    home = cfg.block_for_inst(start)
    nested = [body for body in loops if home not in body]
    regions = [(a, z) for a, z in (*dead_loops, *tries) if not a <= start <= z]

    def in_nested(p: int) -> bool:
        return any(a <= p <= z for a, z in regions) or any(cfg.block_for_inst(p) in body for body in nested)
    run, extra = keys
    owns = {k: [p for p in _assignments(infos[k], code) + [d for d in dead.get(k, ()) if d <= len(code)]
                if not in_nested(p)] for k in run + extra if k in infos}
    if sum(map(len, owns.values())) > _SHORT_LIST:
        return assigned_at   # a long list: `delete-duplicates` keeps each name's first occurrence
    out = dict(assigned_at)
    for k, ps in owns.items():
        if ps and k in extra:
            out[k] = max(min(p, _value_if_start(code[p - 1], infos, cfg, dt, code) or p) for p in ps)
    return out
