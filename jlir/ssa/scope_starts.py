"""Where lowering's scope blocks start in a slot-form print (`jlir.ssa.slot_order` numbers each scope's locals).

Julia 1.5's lowering (`src/julia-syntax.scm`) starts a scope with a `NewvarNode` for each of its locals (`runs`),
makes a `for` loop's body, a `while` loop's body (`while_bodies`), a `try` body, a `catch` block and a `finally`
block (`try_regions`) each a scope, and lays them out in recognisable shapes; these read the shapes back.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ssa.slots import slot_key, slot_of

__all__ = ["runs", "loop_variable", "try_regions", "natural_loops", "while_bodies", "with_try_scopes",
           "branch_before"]


def run_member(node):
    """The slot a scope's start declares at this statement (`NewvarNode(x)`, `x = Core.Box()`), else None."""
    if type(node) is N.NewvarNode and type(node.slot) is V.SlotNumber:
        return node.slot
    if type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber:
        rhs = node.args[1]
        if type(rhs) is N.Expr and rhs.head == "call" and len(rhs.args) == 1 and type(rhs.args[0]) is V.GlobalRef \
                and rhs.args[0].module == "Core" and rhs.args[0].name == "Box":
            return node.args[0]
    return None


def runs(code) -> list[tuple[int, list]]:
    """(position of the first statement, slot keys in order) of each maximal run of scope-start statements; a
    `for` loop's variable starts its body's scope, before the run right above it or above the read of the
    iteration slot its store unpacks (`(local i)` comes first)."""
    runs: list = []
    prev = -2
    for idx, node in enumerate(code, 1):
        s = run_member(node)
        if s is None:
            s = loop_variable(code, idx)
            if s is None:
                continue
            if idx == prev + 1 or (idx >= prev + 2 and reads_next(code, idx) and copies(code, prev + 1, idx - 2)):
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


def loop_variable(code, idx: int):
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


def copies(code, first: int, last: int) -> bool:
    """Whether statements `first`..`last` are all `expand-for`'s copies of an outer loop's variable into the
    innermost body (`for i in a, j in b`: `(= i i)`, a `let` binding, `i@_10 = %14` after `%14 = i@_4`): the
    copies lie between the body scope's `NewvarNode` run and the read its loop variable's store unpacks, and
    declare nothing before that variable (a `let`'s `local-def` is numbered after the scope's other locals)."""
    for idx in range(first, last + 1):
        node = code[idx - 1]
        if not (type(node) is N.Expr and node.head == "=" and len(node.args) == 2
                and type(node.args[0]) is V.SlotNumber and node.args[0].id is not None
                and type(node.args[1]) is V.SSAValue and 0 < node.args[1].id <= len(code)):
            return False
        read = slot_of(code[node.args[1].id - 1])
        if read is None or read.name != node.args[0].name:
            return False
    return True


def reads_next(code, idx: int) -> bool:
    """Whether the statement before the loop variable's store at `idx` is `%t = next` (a slot read), the value
    whose fields that store and the state unpack: `expand-for` builds the body as `(local i)`, then
    `lower-tuple-assignment`'s `(= t next)`, so the scope's `NewvarNode` run ends right above that read."""
    prev, node = code[idx - 2], code[idx - 1]
    rhs = node.args[1]
    return slot_of(prev) is not None and rhs.args[1] == V.SSAValue(idx - 1)


def try_regions(code, cfg) -> list:
    """The statement ranges of each `try` body, `catch` block and `finally` block (each a scope-block of its own):
    linearization lays `try` out as `enter L; body; leave; goto J; L: catch; J:`, so the body is what lies between
    the `enter` and `L`, the catch block what lies between `L` and `J` (where the body ends in that jump), and a
    `finally` block what follows `J` up to its tag's first test (`finally_end`)."""
    out = []
    for e, node in enumerate(code, 1):
        if type(node) is not N.EnterNode or not 1 <= node.catch_dest <= len(cfg.blocks):
            continue
        first = cfg.block(node.catch_dest).first
        out.append((e + 1, first - 1))
        jump = code[first - 2] if first >= 2 else None
        if type(jump) is N.GotoNode and 1 <= jump.label <= len(cfg.blocks) and cfg.block(jump.label).first > first:
            after = cfg.block(jump.label).first
            out.append((first, after - 1))
            end = finally_end(code, e, after)
            if end is not None:
                out.append((after, end))
    return out


def finally_end(code, enter: int, start: int) -> int | None:
    """Where the `finally` block starting at `start` ends, for the `try` whose `enter` is at `enter`; None when
    that `try` has none.  `expand-try` makes a `finally` block a `scope-block` of its own, and linearization
    lays `try … finally` out as `enter L; tag = -1; body; leave; goto J; L: leave; tag = 2; J: finally;
    if tag === 2 rethrow …`: so the block runs from `J` to the first test of the tag."""
    tag = code[enter] if enter < len(code) else None
    if not (type(tag) is N.Expr and tag.head == "=" and len(tag.args) == 2 and type(tag.args[0]) is V.SlotNumber
            and tag.args[1] == V.Literal("-1", "int")):
        return None
    key = slot_key(tag.args[0])
    for p in range(start, len(code) + 1):
        node = code[p - 1]
        if type(node) is N.Expr and node.head == "call" and len(node.args) == 3 \
                and getattr(node.args[0], "name", None) == "===" and slot_of(node.args[1]) is not None \
                and slot_key(slot_of(node.args[1])) == key:
            return p - 1
    return None


def natural_loops(cfg, dt) -> list:
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


def while_bodies(code, cfg) -> list[int]:
    """Where each `while` loop's body starts: `expand-forms` makes the body a `scope-block`, and linearization
    lays the loop out as `top: cond; goto exit if not cond; body; goto top; exit:` (`_while`), so a conditional
    exit whose target block follows right after a jump back to a block at or above the exit, with a body between
    (a `for` loop's latch `goto exit if not …; goto top` has none: its body is above it; its guard before the loop
    jumps back to no block above it).  The condition may span blocks (`c && d`, a ternary: `top` starts them)."""
    if cfg is None:
        return []
    starts = []
    for idx, node in enumerate(code, 1):
        if type(node) is not N.GotoIfNot or not 1 < node.dest <= len(cfg.blocks):
            continue
        back_at = cfg.block(node.dest).first - 1
        back = code[back_at - 1]
        if back_at > idx + 1 and type(back) is N.GotoNode and 1 <= back.label <= len(cfg.blocks) \
                and cfg.block(back.label).first <= idx:
            starts.append(idx + 1)
    return starts


def with_try_scopes(runs: list, code, number: dict, bodies: list = ()) -> list:
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
        if later and not any(assigns_unnumbered(code[i - 1], number) for i in range(p, min(later))):
            continue
        out.append((p, []))
    return sorted(out, key=lambda r: r[0])


def assigns_unnumbered(node, number: dict) -> bool:
    return type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber \
        and number.get(slot_key(node.args[0])) is None


def branch_before(code, pos: int) -> bool:
    """Whether a branch or label comes before statement `pos` (the run is not the function body's start)."""
    return any(type(node) in (N.GotoNode, N.GotoIfNot, N.EnterNode, N.ReturnNode) for node in code[:pos - 1])
