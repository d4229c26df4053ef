"""The exception-handler stack: which `enter`s are open at each block, solved once with `dataflow.solve`.

Julia's try/catch in IR: `enter #c` (1.5: `$(Expr(:enter, #c))`) ends its
block, falls through into the protected region and names the catch block
`#c`; `$(Expr(:leave, n))` pops `n` handlers (≤1.10; 1.11+ writes
`leave %e…`, one operand per `enter` statement it closes, `nothing` for one
already deleted).  The fact per block is the stack of open handlers, as the
tuple of their catch blocks (innermost last):

* across the fall-through edge of an `enter` block the stack carries the new
  handler.  Across its catch edge it carries it too up to Julia 1.10 (the
  catch block itself starts with `leave 1`, after its φᶜ nodes: see any 1.5
  try/catch), and it does not from 1.11 on (the handler is popped when the
  exception is delivered; `pop_on_catch=True`);
* where paths join with different stacks the fact is `CONFLICT`;
* a block never reached from the entry keeps `None` (Julia does not check
  dead code either).

The verifier reports leaves that pop more than is open and joins in
conflict; slot liveness uses the innermost open handler of a block as its
exceptional successor (`catch_successor`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jlir.analysis.dataflow import Problem, solve
from jlir.analysis.defuse import block_terminator
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V

__all__ = ["CONFLICT", "HandlerStacks", "handler_stacks", "leave_count", "apply_handlers", "pops_on_catch"]

CONFLICT = "conflict"


@dataclass(frozen=True, slots=True)
class HandlerStacks:
    """`ins[b - 1]` / `outs[b - 1]`: the open handlers (catch blocks, innermost last) at block `b`'s start / end."""
    ins: tuple
    outs: tuple
    # False when the function has no `enter` and no `leave`: every stack is `()` or None (nothing to check)
    handlers: bool = field(default=True, compare=False)

    def catch_successor(self, b: int) -> int | None:
        """The catch block an exception raised inside block `b` goes to (None: not in a try region).

        A catch block is not its own: up to 1.10 its handler is still open at its start, until its `leave 1`."""
        stack = self.ins[b - 1]
        if isinstance(stack, tuple) and stack and stack[-1] != b:
            return stack[-1]
        return None


def leave_count(node) -> int | None:
    """How many handlers `node` pops (None: not a leave): `leave n`'s literal, or the operands that name an enter
    (1.11+: `leave %2 %5`; `nothing` for an `enter` already deleted)."""
    if type(node) is not N.Expr or node.head != "leave":
        return None
    if len(node.args) == 1 and type(node.args[0]) is V.Literal and node.args[0].kind == "int":
        return int(node.args[0].text)
    return sum(1 for a in node.args if type(a) is V.SSAValue or _shown_ssa_value(a))


def _shown_ssa_value(a) -> bool:
    """`Core.SSAValue(2)`: a token printed by `show` inside `$(Expr(:leave, …))` (a 1.10 development build)."""
    return type(a) is T.TypeCall and type(a.head) is T.TypeName and a.head.path == ("Core", "SSAValue")


def apply_handlers(stack, nodes, report=None):
    """The stack after `nodes` run from `stack`; `report(i, popped, open)` hears each leave popping more than is open."""
    if not isinstance(stack, tuple):
        return stack
    for i, node in enumerate(nodes):
        if type(node) is N.EnterNode:
            stack = stack + (node.catch_dest,)
            continue
        n = leave_count(node)
        if n is None:
            continue
        if n > len(stack) and report is not None:
            report(i, n, len(stack))
        stack = stack[:max(len(stack) - n, 0)]
    return stack


def pops_on_catch(fn) -> bool:
    """Whether `fn`'s Julia pops a handler when it delivers an exception (1.11+) rather than leaving it to the catch block."""
    return fn.style.lo >= (1, 11)


def _merge(facts):
    seen = {f for f in facts if f is not None}
    if not seen:
        return None
    if len(seen) == 1:
        return seen.pop()
    return CONFLICT


def handler_stacks(cfg, order, statements, pop_on_catch: bool = False, terminators=None) -> HandlerStacks:
    """The handler stacks over `cfg`, reading each block's statements (`order`, `statements` of `statement_layout`).

    `pop_on_catch`: the catch edge drops the handler (Julia 1.11+; see `pops_on_catch`).  `terminators`: each
    block's `block_terminator`, where the caller has them (`DefUse.terminators`)."""
    block_nodes = [[statements[i].node for i in ids] for ids in order]
    enter, expr = N.EnterNode, N.Expr  # (`leave_count(n) is not None`, without its call)
    if not any(type(n) is enter or (type(n) is expr and n.head == "leave") for nodes in block_nodes for n in nodes):
        return _without_handlers(cfg)

    def transfer(b, stack):
        return apply_handlers(stack, block_nodes[b - 1])

    terms = [block_terminator(ids, statements) for ids in order] if terminators is None else terminators

    def edge(src, dst, stack):
        term = terms[src - 1]
        if (pop_on_catch and type(term) is N.EnterNode and term.catch_dest == dst and dst != src + 1
                and isinstance(stack, tuple) and stack):
            return stack[:-1]
        return stack

    sol = solve(cfg, Problem(forward=True, boundary=(), initial=None, merge=_merge, transfer=transfer, edge=edge))
    return HandlerStacks(sol.ins, sol.outs)


def _without_handlers(cfg) -> HandlerStacks:
    """The stacks of a function with no `enter` and no `leave`: `()` wherever control reaches, None elsewhere (the
    fixed point `solve` would reach, without solving: every transfer and edge leaves the stack as it is)."""
    succs = [blk.succs for blk in cfg.blocks] if hasattr(cfg, "blocks") else cfg
    n = len(succs)
    facts: list = [None] * n
    if n:
        facts[0] = ()
        work = [1]
        while work:
            for s in succs[work.pop() - 1]:
                if 1 <= s <= n and facts[s - 1] is None:
                    facts[s - 1] = ()
                    work.append(s)
    facts = tuple(facts)
    return HandlerStacks(facts, facts, handlers=False)
