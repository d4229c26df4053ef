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
from jlir.ssa.slots import argument_number, slot_key, slot_of

__all__ = ["slot_order"]


def _run_member(node):
    """The slot a scope's start declares at this statement (`NewvarNode(x)`, `x = Core.Box()`), else None."""
    if type(node) is N.NewvarNode and type(node.slot) is V.SlotNumber:
        return node.slot
    if type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber:
        rhs = node.args[1]
        if type(rhs) is N.Expr and rhs.head == "call" and len(rhs.args) == 1 and type(rhs.args[0]) is V.GlobalRef \
                and rhs.args[0].module == "Core" and rhs.args[0].name == "Box":
            return node.args[0]
    return None


def _runs(code) -> list[tuple[int, list]]:
    """(position of the first statement, slot keys in order) of each maximal run of scope-start statements; a
    `for` loop's variable starts its body's scope, before the run right above it or above the read of the
    iteration slot its store unpacks (`(local i)` comes first)."""
    runs: list = []
    prev = -2
    for idx, node in enumerate(code, 1):
        s = _run_member(node)
        if s is None:
            s = _loop_variable(code, idx)
            if s is None:
                continue
            if idx == prev + 1 or (idx == prev + 2 and _reads_next(code, idx)):
                runs[-1][1].insert(0, slot_key(s))
            else:
                runs.append((idx, [slot_key(s)]))
            prev = -2
            continue
        if idx == prev + 1:
            runs[-1][1].append(slot_key(s))
        else:
            runs.append((idx, [slot_key(s)]))
        prev = idx
    return runs


def _loop_variable(code, idx: int):
    """The slot a `for` loop's body assigns first at statement `idx` (`x = Core.getfield(%9, 1)` followed by
    `%10 = Core.getfield(%9, 2)`: lowering's `expand-for` unpacking `next`), else None.

    The state is an SSA value there (`expand-for`'s `state` is a `make-ssavalue`); a tuple destructuring
    `a, b = t` unpacks alike, but stores its state in a slot (`@_9 = Core.getfield(%16, 2)`, the `st` gensym
    the `(= (tuple …) x)` expansion declares), and starts no scope: its variables are the enclosing scope's."""
    node = code[idx - 1]
    if not (type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber):
        return None
    rhs, nxt = node.args[1], code[idx] if idx < len(code) else None

    def getfield(e, i):
        return type(e) is N.Expr and e.head == "call" and len(e.args) == 3 and type(e.args[0]) is V.GlobalRef \
            and e.args[0].name == "getfield" and type(e.args[1]) is V.SSAValue and e.args[2] == V.Literal(str(i), "int")
    if getfield(rhs, 1) and getfield(nxt, 2) and rhs.args[1] == nxt.args[1]:
        return node.args[0]
    return None


def _reads_next(code, idx: int) -> bool:
    """Whether the statement before the loop variable's store at `idx` is `%t = next` (a slot read), the value
    whose fields that store and the state unpack: `expand-for` builds the body as `(local i)`, then
    `lower-tuple-assignment`'s `(= t next)`, so the scope's `NewvarNode` run ends right above that read."""
    prev, node = code[idx - 2], code[idx - 1]
    rhs = node.args[1]
    return slot_of(prev) is not None and rhs.args[1] == V.SSAValue(idx - 1)


def _assignments(info, code) -> list[int]:
    return [d for d in info.defs if d > 0 and type(code[d - 1]) is not N.NewvarNode]


def _scope_list(run: list, extra: list, at: dict) -> list:
    """One scope's locals in order: `run` (the scope's `NewvarNode`s, an exact order) with the slots of that scope
    not in it (`extra`, in first-assignment order) merged in: a closure object (`#1`) counts as declared (first);
    the others go by first assignment into the end of the run whose first assignments are in order (its
    assigned locals)."""
    k, low = len(run), None
    while k > 0:   # the longest end of the run in assignment order (a slot assigned only in dead code fits)
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
        pos = next((i for i, r in enumerate(assigned) if (at.get(r) or 0) > t), len(assigned))
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
    tree, a value `if`'s store counts where the `if` starts."""
    argnames, slotnames = names
    dead_assignments, dead_loops = dead
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
    runs = _with_try_scopes([(pos, [k for k in keys if k in infos]) for pos, keys in _runs(code)], code, number,
                            _while_bodies(code, cfg))
    in_run = {k for _, keys in runs for k in keys}
    scopes = [(0, [])] + runs
    extra: list = [[] for _ in scopes]
    for k in sorted((k for k in infos if number[k] is None and k not in in_run), key=lambda k: (first[k], str(k))):
        at = max(i for i, (pos, _) in enumerate(scopes) if pos <= first[k])
        if at > 0 and first[k] == len(code) + 1:
            at = 0
        extra[at].append(k)
    if len(scopes) > 1 and not _branch_before(code, scopes[1][0]):
        scopes, extra = [(0, scopes[1][1])] + scopes[2:], [extra[0] + extra[1]] + extra[2:]
    graph = (cfg, dt, (_loops(cfg, dt), dead_loops), _try_regions(code, cfg)) \
        if cfg is not None and dt is not None else None
    ordered = [k for (pos, run), ex in zip(scopes, extra)
               for k in _scope_list(run, ex, _own_text_at((run, ex), infos, code, graph, assigned_at,
                                                          max(pos, 1), dead))]
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
    return [k for _, k in sorted(numbered)]


# flisp's `delete-duplicates` (`src/flisp/system.lsp`): a list longer than 20 goes through a table that keeps each
# element's first occurrence; a shorter one keeps each element's last.
_SHORT_LIST = 20


def _own_text_at(keys: tuple, infos: dict, code, graph, assigned_at: dict, start: int, dead: dict) -> dict:
    """Where lowering lists each slot of the scope that starts at statement `start` (`keys`: `(run, others)`, the
    slots its `NewvarNode` run declares and the others): `assigned_at` (the first assignment), except that with at
    most 20 assignments in the scope's own text (`_SHORT_LIST`) a slot outside the run goes by its last one there
    (a value `if`'s store where the `if` starts): `group = nothing` first and `group = if … end` after a loop
    that assigns it too, the later counts.  Not the scope's own text: a loop the start is outside of, a `try` body
    or `catch` block (`_try_regions`) or a loop whose jump back inference found dead the start is outside of.
    `graph`: `(cfg, dt, (loops, dead loops' position ranges), try regions)`, None without a CFG (then
    `assigned_at`); `dead`: slot key → positions of its assignments inference found unreachable
    (`jlir.ssa.prepare.Prepared.dead_assignments`), which lowering saw and count."""
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


def _try_regions(code, cfg) -> list:
    """The statement ranges of each `try` body and `catch` block (each a scope-block of its own): linearization
    lays `try` out as `enter L; body; leave; goto J; L: catch; J:`, so the body is what lies between the `enter`
    and `L`, the catch block what lies between `L` and `J` (where the body ends in that jump)."""
    out = []
    for e, node in enumerate(code, 1):
        if type(node) is not N.EnterNode or not 1 <= node.catch_dest <= len(cfg.blocks):
            continue
        first = cfg.block(node.catch_dest).first
        out.append((e + 1, first - 1))
        jump = code[first - 2] if first >= 2 else None
        if type(jump) is N.GotoNode and 1 <= jump.label <= len(cfg.blocks) and cfg.block(jump.label).first > first:
            out.append((first, cfg.block(jump.label).first - 1))
    return out


def _loops(cfg, dt) -> list:
    """The blocks of each natural loop: a back edge `u → h` (`h` dominates `u`) with the blocks that reach `u`
    without passing through `h`, one set per header."""
    bodies: dict = {}
    for u, blk in enumerate(cfg.blocks, 1):
        for h in blk.succs:
            if not (dt.in_tree(u) and dt.in_tree(h) and dt.dominates(h, u)):
                continue
            body, stack = bodies.setdefault(h, {h}), [u]
            body.add(u)
            while stack:
                x = stack.pop()
                if x == h:
                    continue
                for q in cfg.block(x).preds:
                    if q > 0 and q not in body:
                        body.add(q)
                        stack.append(q)
    return [frozenset(b) for b in bodies.values()]


def _while_bodies(code, cfg) -> list[int]:
    """Where each `while` loop's body starts: `expand-forms` makes the body a `scope-block`, and linearization
    lays the loop out as `top: cond; goto exit if not cond; body; goto top; exit:` (`_while`), so a conditional
    exit whose target block follows right after a jump back to the block that exit ends, with a body between
    (a `for` loop's latch `goto exit if not …; goto top` has none: its body is above it)."""
    if cfg is None:
        return []
    starts = []
    for idx, node in enumerate(code, 1):
        if type(node) is not N.GotoIfNot or not 1 < node.dest <= len(cfg.blocks):
            continue
        back_at = cfg.block(node.dest).first - 1
        back = code[back_at - 1]
        if back_at > idx + 1 and type(back) is N.GotoNode and 1 <= back.label <= len(cfg.blocks) \
                and cfg.block(back.label).last == idx:
            starts.append(idx + 1)
    return starts


def _with_try_scopes(runs: list, code, number: dict, bodies: list = ()) -> list:
    """`runs` and the scopes that start without one: a `try` body (after its `enter`), a `catch` block (at
    `err = the_exception`) and a `while` loop's body (`bodies`), unless a run starts there (nothing but numbered
    temporaries assigned before it)."""
    starts = list(bodies)
    members = {pos + i for pos, keys in runs for i in range(len(keys))}
    for idx, node in enumerate(code, 1):
        if type(node) is N.EnterNode:
            starts.append(idx + 1)
        elif type(node) is N.Expr and node.head == "=" and len(node.args) == 2 \
                and type(node.args[1]) is N.Expr and node.args[1].head == "the_exception" and idx - 1 not in members:
            starts.append(idx)
    out = list(runs)
    for p in sorted(starts):
        later = [pos for pos, _ in runs if pos >= p]
        if later and not any(_assigns_unnumbered(code[i - 1], number) for i in range(p, min(later))):
            continue
        out.append((p, []))
    return sorted(out, key=lambda r: r[0])


def _assigns_unnumbered(node, number: dict) -> bool:
    return type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber \
        and number.get(slot_key(node.args[0])) is None


def _branch_before(code, pos: int) -> bool:
    """Whether a branch or label comes before statement `pos` (the run is not the function body's start)."""
    return any(type(node) in (N.GotoNode, N.GotoIfNot, N.EnterNode, N.ReturnNode) for node in code[:pos - 1])
