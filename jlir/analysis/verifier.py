"""The IR verifier: Julia 1.5's `verify_ir` (`base/compiler/ssair/verify.jl`) over jlir's model, as diagnostics.

Julia stops at the first problem (`error()`); here every problem found is a
`Diagnostic`, located by statement and block, so a CLI can point at it.
What is checked, with each diagnostic's `kind`:

* `block-boundary`: blocks tile the positional statements: block 1 starts
  at `%1`, each block starts right after the previous one ends, none is
  empty, the last ends at the last statement (Julia: "First statement of BB
  … does not match end of previous");
* `fall-off-end`: the last block, when reachable, ends in a terminator
  (Julia: a fall-through block needs a successor);
* `terminator-mid-block`: `goto`, `goto … if not`, `return`/`unreachable`
  and `enter` end their block (pending nodes counted where printed); as in
  Julia, an `enter` that is its block's first non-φ statement may be followed
  by others (`defuse.block_terminator`);
* `missing-block`: branch and `enter` targets name existing blocks (`enter #0`: no catch block);
* `phi-after-non-phi`: φ and φᶜ nodes only at the top of a block;
* `phi-edge-not-pred`: a φ's edges are predecessors of its block (edge 0 in block 1 allowed, as Julia);
* `phic-operand`: a φᶜ's operands are SSA values naming ϒ statements;
* `ssa-out-of-range`: every `%k` used names a statement (positional or pending);
* `use-before-def`: every use is dominated by its definition: in the same
  block, the definition comes first (a pending node's own uses excepted:
  Julia checks positional statements only, and 1.5 prints a node attached
  after its statement before it); across blocks, the defining block
  dominates the using one; a φ operand is used at the end of its incoming
  block.  Uses in unreachable blocks are not checked (a φ operand's use is
  in its incoming block: an edge from dead code is not checked, where Julia
  skips it only when the defining block is unreachable too), and
  `gc_preserve_end`'s operand is exempt, as in Julia;  statements 1.5's
  CodeInfo keeps after an `$(Expr(:unreachable))` in the same block are dead
  and not checked (`defuse.dead_tail`);
* `ssa-assign`: no assignment to an SSA value (Julia: "SSAValue as assignment LHS");
* `unbalanced-leave`: a `leave` never pops more handlers than are open;
  `unbalanced-enter`: no `return` with a handler still open;
  `handler-mismatch`: paths join with the same open handlers
  (`jlir.analysis.handlers`); Julia checks none of these, its lowering guarantees them;
* `undefined-slot` (warning, slot form): a slot read where, on some path,
  a `Core.NewvarNode` made it undefined and no assignment followed.
  Arguments are never flagged (jlir cannot tell an argument's slot from a
  local's in every display, so a slot only counts as undefined after a
  `NewvarNode`, which lowering emits for locals only); `isdefined` reads are not uses here.
* `non-bool-condition` (warning): a branch's condition whose printed type is a
  concrete type other than `Bool` (valid IR: Julia throws a TypeError there).

Other type checks (Julia's commented-out lattice checks) and line-number presence are not made.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.analysis.conditions import known_not_bool
from jlir.analysis.dataflow import Problem, solve
from jlir.analysis.defuse import DefUse, def_use
from jlir.util.gcpause import paused
from jlir.ir.cfg import compute_cfg, in_range
from jlir.analysis.dominance import dominator_tree
from jlir.analysis.handlers import CONFLICT, apply_handlers, handler_stacks, pops_on_catch
from jlir.analysis.live_ranges import exceptional_successors, slot_effects
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.excerpt import elided_runs, excerpt_reason
from jlir.printer.exprs import ExprPrinter

__all__ = ["Diagnostic", "verify_ir"]

_TERMINATOR_NAMES = {"return": "return", "goto": "goto", "gotoifnot": "conditional goto", "enter": "enter"}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: statement `stmt` (SSA number; None for a block-level problem) in block `block`."""
    stmt: int | None
    block: int | None
    kind: str
    severity: str
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.message} [{self.kind}]"


@dataclass(frozen=True, slots=True)
class _Site:
    """What a message needs to name a place: the statements and line table of the function."""
    statements: dict
    linetable: tuple

    def diag(self, kind: str, stmt, block, text: str, severity: str = "error") -> Diagnostic:
        where = f"%{stmt} in #{block}" if stmt is not None else f"#{block}"
        s = self.statements.get(stmt) if stmt is not None else None
        if s is not None and 1 <= s.loc <= len(self.linetable):
            info = self.linetable[s.loc - 1]
            where += f" ({info.file}:{info.line})"
        return Diagnostic(stmt, block, kind, severity, f"{where}: {text}")


def excerpt_diagnostics(fn) -> list[Diagnostic]:
    """The verifier's answer for an excerpt (`jlir.ir.excerpt`): one error saying what the text left out, since
    nothing can be checked about statements it did not show; [] for a whole function."""
    reason = excerpt_reason(fn)
    if reason is None:
        return []
    first = elided_runs(fn.stmts)[0][0]
    return [Diagnostic(first, None, "excerpt", "error", reason)]


@paused
def verify_ir(fn, domtree=None, du=None, cfg=None) -> list[Diagnostic]:
    """Every problem found in `fn` (empty: valid), in the order of the checks above.

    `domtree` (optional) is `fn`'s dominator tree over `compute_cfg(fn)`, `du` its
    `def_use`, `cfg` that flow CFG, for callers that already have them (the memoising
    facade); by default they are computed here.
    """
    refused = excerpt_diagnostics(fn)
    if refused:
        return refused
    full = def_use(fn) if du is None else du
    cfg = in_range(compute_cfg(fn)) if cfg is None else cfg
    site = _Site(full.statements, fn.linetable)
    # What runs: each block without the dead statements 1.5's CodeInfo keeps after an `unreachable`.
    du = DefUse(full.defs, full.uses, full.use_blocks, full.statements, full.running, full.terminators,
                full.running)  # (`dataclasses.replace(full, order=full.running)`, without its field walk)
    stacks = handler_stacks(cfg, du.order, du.statements, pops_on_catch(fn), du.terminators)
    reachable = frozenset(b for b in range(1, len(cfg) + 1) if stacks.ins[b - 1] is not None)
    out = _check_blocks(fn, full, reachable, site)
    out += _check_placement(du, site, len(fn.blocks))
    out += _check_handlers(du, stacks, cfg, site)
    out += _check_phis(du, cfg, reachable, site)
    out += _check_uses(du, dominator_tree(cfg) if domtree is None else domtree, reachable, site)
    out += _check_slots(fn, du, cfg, reachable, site)
    out += _check_conditions(du, site)
    return out


def _check_conditions(du, site) -> list[Diagnostic]:
    """A warning where a branch's condition is known not to be a `Bool`: valid IR, but Julia throws a
    TypeError there when it runs."""
    out = []
    def type_of(k):
        s = du.statements.get(k)
        return None if s is None else s.type
    for b, ids in enumerate(du.order, 1):
        for sid in ids:
            node = du.statements[sid].node
            if type(node) is N.GotoIfNot:
                other = known_not_bool(node.cond, type_of)
                if other is not None:
                    out.append(site.diag("non-bool-condition", sid, b, f"the condition is a {other}, not a Bool "
                                         "(Julia throws a TypeError here)", "warning"))
    return out


def _check_blocks(fn, du, reachable, site) -> list[Diagnostic]:
    """Blocks tile `1..n` in order, none empty, and the last one, when reachable, ends in a terminator.

    (1.5's CodeInfo may end in an unreachable block holding only `$(Expr(:meta, :noinline))`.)"""
    out = []
    n = len(fn.positional)
    expected = 1
    for b, blk in enumerate(fn.blocks, 1):
        if blk.first != expected:
            prev = f"#{b - 1} ends at %{expected - 1}" if b > 1 else "the first block must start at %1"
            out.append(site.diag("block-boundary", None, b, f"starts at %{blk.first}, but {prev}"))
        if blk.last < blk.first:
            out.append(site.diag("block-boundary", None, b, f"is empty (%{blk.first} to %{blk.last})"))
        expected = blk.last + 1
    if fn.blocks and fn.blocks[-1].last != n:
        out.append(site.diag("block-boundary", None, len(fn.blocks),
                             f"ends at %{fn.blocks[-1].last}, but the last statement is %{n}"))
    ids = du.order[-1] if du.order else ()
    if ids and len(fn.blocks) in reachable and not N.is_terminator(du.terminators[-1]):
        out.append(site.diag("fall-off-end", ids[-1], len(fn.blocks),
                             "the last block does not end in a terminator (control falls off the end)"))
    return out


def _check_placement(du, site, nblocks: int) -> list[Diagnostic]:
    """Terminators last in their block, φ nodes first, branch targets existing, no SSA value assigned to."""
    out = []
    phis = (N.PhiNode, N.PhiCNode)
    expr, literal, terminator_heads = N.Expr, V.Literal, N.TERMINATOR_EXPR_HEADS
    statements = du.statements
    for b, ids in enumerate(du.order, 1):
        last = ids[-1] if ids else None
        allowed = du.terminators[b - 1]
        after_non_phi = None
        for sid in ids:
            node = statements[sid].node
            cls = type(node)
            if cls in phis:
                if after_non_phi is not None:
                    out.append(site.diag("phi-after-non-phi", sid, b,
                                         f"φ node after the non-φ statement %{after_non_phi}"))
            elif after_non_phi is None and not (cls is literal and _is_placeholder(node)):  # (only a Literal is)
                after_non_phi = sid
            # `N.is_terminator(node)`, without its call
            ends = node.head in terminator_heads if cls is expr else getattr(cls, "TERMINATOR", False)
            if ends and sid != last and node is not allowed:
                name = _TERMINATOR_NAMES.get(N.flow_kind(node), "terminator")
                out.append(site.diag("terminator-mid-block", sid, b,
                                     f"{name} in the middle of the block (#{b} ends at %{last})"))
            if cls.TARGETS:  # (`_check_targets` answers [] for every other node)
                out += _check_targets(node, sid, b, nblocks, site)
            if cls is expr and node.head == "=" and node.args and type(node.args[0]) is V.SSAValue:
                out.append(site.diag("ssa-assign", sid, b, f"assignment to the SSA value %{node.args[0].id}"))
    return out


def _is_placeholder(node) -> bool:
    """A deleted statement's `nothing`: Julia leaves it in place of removed nodes, between φs too."""
    return node == V.NOTHING


def _check_targets(node, sid, b, nblocks, site) -> list[Diagnostic]:
    if type(node) is N.PhiNode or not type(node).TARGETS:
        return []
    out = []
    for t in walk.targets(node):
        if type(node) is N.EnterNode and t == 0:
            continue
        if not 1 <= t <= nblocks:
            out.append(site.diag("missing-block", sid, b, f"branch to #{t}, but the function has {nblocks} blocks"))
    return out


def _check_handlers(du, stacks, cfg, site) -> list[Diagnostic]:
    """Leaves within the open handlers, none open at a return; paths joining with the same handlers open."""
    out = []
    if not stacks.handlers:  # no enter, no leave: every stack stays `()`, nothing pops or stays open
        return out
    for b, ids in enumerate(du.order, 1):
        stack = stacks.ins[b - 1]
        if stack is None:
            continue
        if stack == CONFLICT:
            if all(stacks.outs[p - 1] != CONFLICT for p in cfg.preds(b) if p):
                out.append(site.diag("handler-mismatch", None, b,
                                     "paths join here with different try/catch handlers open"))
            continue

        def report(i, popped, open_, ids=ids, b=b):
            out.append(site.diag("unbalanced-leave", ids[i], b, f"leaves {_handlers(popped)}, "
                                 f"but only {open_} {'is' if open_ == 1 else 'are'} open"))
        nodes = [du.statements[i].node for i in ids]
        end = apply_handlers(stack, nodes, report)
        if nodes and type(nodes[-1]) is N.ReturnNode and nodes[-1].val is not None and end:
            out.append(site.diag("unbalanced-enter", ids[-1], b,
                                 f"returns with {_handlers(len(end))} still open (no leave)"))
    return out


def _handlers(n: int) -> str:
    return f"{n} try/catch handler{'s' * (n != 1)}"


def _check_phis(du, cfg, reachable, site) -> list[Diagnostic]:
    """φ edges are predecessors; φᶜ operands name ϒ statements."""
    out = []
    for b, ids in enumerate(du.order, 1):
        if b not in reachable:
            continue
        preds = cfg.preds(b)
        for sid in ids:
            node = du.statements[sid].node
            if type(node) is N.PhiNode:
                for e in node.edges:
                    if e not in preds and not (e == 0 and b == 1):
                        have = ", ".join(f"#{p}" for p in preds if p) or "none"
                        out.append(site.diag("phi-edge-not-pred", sid, b,
                                             f"φ edge #{e} is not a predecessor of #{b} (predecessors: {have})"))
            elif type(node) is N.PhiCNode:
                out += _check_phic(node, sid, b, du, site)
    return out


def _check_phic(node, sid, b, du, site) -> list[Diagnostic]:
    out = []
    for i, v in enumerate(node.values, 1):
        if type(v) is not V.SSAValue:
            out.append(site.diag("phic-operand", sid, b, f"φᶜ operand {i} is not an SSA value"))
        elif v.id in du.statements and type(du.statements[v.id].node) is not N.UpsilonNode:
            out.append(site.diag("phic-operand", sid, b, f"φᶜ operand %{v.id} is not a ϒ node"))
    return out


def _check_uses(du, domtree, reachable, site) -> list[Diagnostic]:
    """Every SSA use names a statement and is dominated by it."""
    out = []
    position: dict = {}
    for ids in du.order:
        position.update(zip(ids, range(len(ids))))  # (a later block's place wins, as it always has)
    count = len(du.statements)
    statements, defs, phi = du.statements, du.defs, N.PhiNode
    for v, users in du.uses.items():
        db = defs.get(v)
        before = position.get(v, len(position))
        for user, where in zip(users, du.use_blocks[v]):
            node = statements[user].node
            ub = defs[user]
            if ub not in reachable or user not in position or type(node) is N.PhiCNode or _exempt(node):
                continue
            if v not in statements:
                out.append(site.diag("ssa-out-of-range", user, ub,
                                     f"uses %{v}, but no statement defines it (the function has {count})"))
                continue
            if db == ub and before < position[user] and type(node) is not phi:
                continue  # defined earlier in the user's block: the first answer of `_dominance_problem`
            problem = _dominance_problem(v, user, ub, where, type(node) is N.PhiNode, du, domtree, reachable,
                                         position)
            if problem:
                out.append(site.diag("use-before-def", user, ub, problem))
    out.sort(key=lambda d: position.get(d.stmt, 0) + (d.block or 0) * 10**9)
    return out


def _exempt(node) -> bool:
    """`gc_preserve_end` may name a token across try/catch blocks: Julia skips its operands."""
    return type(node) is N.Expr and node.head == "gc_preserve_end"


def _dominance_problem(v, user, ub, where, is_phi, du, domtree, reachable, position) -> str | None:
    """Why `%v`'s definition does not dominate its use by `%user` (None: it does)."""
    db = du.defs.get(v)
    if is_phi:
        if db == where or where not in reachable:
            return None
        if db in reachable and domtree.dominates(db, where):
            return None
        return f"φ operand %{v} on edge #{where} is defined in #{db}, which does not dominate #{where}"
    if db == ub:
        # Julia checks the uses of positional statements only, and 1.5 prints a node attached after its
        # statement (slot2reg's ϒ of the value that statement defines) before it: a pending user's order is unknown
        if position.get(v, len(position)) < position[user] or du.statements[user].new_id is not None:
            return None
        return f"uses %{v} before its definition" + ("" if v == user else f" (%{v} comes later in #{ub})")
    if db in reachable and domtree.dominates(db, ub):
        return None
    return f"uses %{v}, defined in #{db}, which does not dominate #{ub}"


def _check_slots(fn, du, cfg, reachable, site) -> list[Diagnostic]:
    """Slots read where a `NewvarNode` may have left them undefined (warnings)."""
    block_nodes = [[du.statements[i].node for i in ids] for ids in du.order]
    if not any(type(n) is N.NewvarNode for nodes in block_nodes for n in nodes):
        return []

    def transfer(b, undef):
        for node in block_nodes[b - 1]:
            undef = _after_slot_effects(node, undef)
        return undef

    succs = exceptional_successors(fn, cfg, du.order, du.statements)
    sol = solve(succs, Problem(forward=True, boundary=frozenset(), initial=frozenset(),
                               merge=lambda fs: frozenset().union(*fs), transfer=transfer))
    out = []
    for b, ids in enumerate(du.order, 1):
        if b not in reachable:
            continue
        undef = sol.ins[b - 1]
        for sid in ids:
            node = du.statements[sid].node
            reads = [] if type(node) is N.Expr and node.head == "isdefined" else slot_effects(node)[0]
            for s in dict.fromkeys(r for r in reads if r in undef):
                out.append(site.diag("undefined-slot", sid, b,
                                     f"reads {ExprPrinter.slot(s)}, which may be undefined here "
                                     f"(Core.NewvarNode on some path, no assignment after it)", "warning"))
            undef = _after_slot_effects(node, undef)
    return out


def _after_slot_effects(node, undef: frozenset) -> frozenset:
    _, written, killed = slot_effects(node)
    if written is None:
        return undef
    return undef | {written} if killed else undef - {written}
