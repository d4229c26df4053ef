"""The frame loop: Julia calls run on a stack of frames this module keeps, not on Python's stack.

A call op does not run its callee: it raises `Push` (the callee's compiled code and arguments, and the register
its value goes to), and `execute` saves the caller (its registers, block and the op after the call) and starts
the callee in the same loop; a `return` pops back into the caller.  So the depth a run reaches is bounded by
`max_depth` (Julia's `StackOverflowError` beyond it), never by Python's recursion limit.  An exception a frame
does not catch unwinds to the nearest frame with a handler, as Julia's does.

What Python code calls (a Base method run natively that calls back into Julia: `afoldl`, mixed-type `+`)
starts a nested loop: those are a few levels, not one per Julia call.
"""
from __future__ import annotations

import sys
import time

from jlir.semantics.values import JFunction, JuliaException, NotInterpretable


class Push(Exception):
    """A call to run in a new frame: raised by a call op, caught by `execute` (the op's statement is `at`)."""

    def __init__(self, code, args, sparams, self_value, callee: str, types: tuple):
        self.code, self.args, self.sparams, self.self_value = code, args, sparams, self_value
        self.callee, self.types = callee, types
        self.op = self.dest = self.at = None

    @property
    def label(self) -> str:
        return f"{self.callee}({', '.join('::' + t for t in self.types)})"


class Stopped(NotInterpretable):
    """A run stopped by its step or time limit (not located: the limit is the run's, not a statement's)."""


def _frame(code, args: list, ctx, sparams: tuple, self_value):
    """A new frame's registers and handler list."""
    regs = code.template.copy()
    for r, k in code.args:
        if k == -1:
            regs[r] = JFunction(code.name or "#self#") if self_value is None else self_value
        elif 0 <= k < len(args):
            regs[r] = args[k]
        else:
            raise NotInterpretable(f"the function reads argument slot {k + 2} but was given {len(args)} argument(s)")
    handlers: list = []
    regs[code.handlers] = handlers
    regs[code.ctx] = ctx
    regs[code.sparams] = sparams
    return regs, handlers


def next_limit(ctx, steps: int) -> float:
    """The local step count at which the loop looks again; `Stopped` when the run is past a limit."""
    total = ctx.steps + steps
    if ctx.max_steps is not None and total > ctx.max_steps:
        raise Stopped(f"stopped after {ctx.max_steps} steps (--max-steps)")
    if ctx.deadline is not None and time.monotonic() > ctx.deadline:
        raise Stopped(f"stopped after {ctx.timeout:g} s (--timeout)")
    nxt = steps + 100_000 if ctx.deadline is not None else float("inf")
    if ctx.max_steps is not None:
        nxt = min(nxt, ctx.max_steps - ctx.steps)
    return nxt


def execute(code, args: list, ctx, sparams: tuple = (), self_value=None):
    """Run compiled `code` on `args` and every Julia call it makes; the return value, or the JuliaException no
    frame caught.  `#self#` is `self_value` when given (a closure), else the function by name."""
    base, stack = ctx.depth, []
    regs, handlers = _frame(code, args, ctx, sparams, self_value)
    ctx.depth += 1
    blocks, b, pred, k, steps = code.blocks, 1, 0, 0, 0
    limit = next_limit(ctx, 0)
    counts = ctx.counts if base == 0 else None   # how often the run's own blocks are entered (`run(counts=)`)
    try:
        while True:
            blk = blocks[b]
            if k == 0:
                steps += blk.nstmts
                if steps > limit:
                    limit = next_limit(ctx, steps)
                if counts is not None and not stack:
                    counts[b] = counts.get(b, 0) + 1
            try:
                if k == 0:
                    if blk.phis is not None:
                        move = blk.phis.get(pred)
                        if move is None:
                            raise NotInterpretable(f"block #{b} entered from #{pred}, an edge its φ nodes do not know")
                        move(regs)
                    for op in blk.ops:
                        op(regs)
                else:
                    ops = blk.ops
                    for j in range(k, len(ops)):
                        ops[j](regs)
                    k = 0
                nxt = blk.term(regs)
            except Push as p:
                stack.append((code, regs, handlers, b, pred, blk.pos[p.op] + 1, p))
                code, (regs, handlers) = p.code, _frame(p.code, p.args, ctx, p.sparams, p.self_value)
                ctx.depth += 1
                blocks, b, pred, k = code.blocks, 1, 0, 0
                continue
            except JuliaException as e:
                code, regs, handlers, b = _catch(e, ctx, stack, code, regs, handlers)
                blocks, pred, k = code.blocks, 0, 0
                continue
            except NotInterpretable as e:
                raise e if type(e) is Stopped else _unwound(_locate(e, sys.exc_info()[2]), stack) from None
            if nxt == 0:
                v = regs[0]
                if not stack:
                    return v
                code, regs, handlers, b, pred, k, p = stack.pop()
                ctx.depth -= 1
                regs[p.dest], blocks = v, code.blocks
                continue
            b, pred = nxt, b
    finally:
        ctx.steps += steps
        ctx.depth = base


def _catch(e, ctx, stack: list, code, regs, handlers):
    """`(code, regs, handlers, catch block)` of the innermost frame with a handler open, the frames above it
    dropped; `e` raised on when no frame has one."""
    while not handlers:
        if not stack:
            raise e
        code, regs, handlers, *_ = stack.pop()
        ctx.depth -= 1
    ctx.exceptions.append(e)
    # Julia ≤1.10 enters the catch block with its handler still pushed (the block's `leave 1` pops it); from 1.11
    # (`leave %enter` tokens) catching pops it.
    return code, regs, handlers, (handlers.pop() if code.catch_pops else handlers[-1])


def _unwound(e: NotInterpretable, stack: list) -> NotInterpretable:
    """The refusal as the callers see it: each names the statement that called and the callee."""
    msg = str(e)
    for *_, p in reversed(stack):
        msg = f"statement %{p.at}: in {p.label}: {msg}"
    return NotInterpretable(msg)


def _locate(e: NotInterpretable, tb) -> NotInterpretable:
    """The error with the statement it came from (an op's `_at`), unless it names one already."""
    if str(e).startswith("statement %"):
        return e
    at = None
    while tb is not None:
        at = tb.tb_frame.f_locals.get("_at", at)
        tb = tb.tb_next
    return NotInterpretable(f"statement %{at}: {e}") if at is not None else e
