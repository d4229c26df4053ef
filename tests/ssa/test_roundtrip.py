"""Round trips on generated IR: slot form → `into_ssa` → `out_of_ssa` → `into_ssa`, every step verified and
interpreted to the same result as the slot form it started from.

The generator (hypothesis) draws lowered-style slot form with three locals `x`, `y`, `z` over one argument
`n`: blocks of assignments (arithmetic, and the swap `t = x; x = y; y = t` that puts φs reading each other
into SSA form), each ending in a fall-through, a `goto` or a conditional branch to a later block, or a
counted self-loop (a critical edge carrying φ copies; not the entry block, which sets the counter); the last block returns a mix of the three.
Also `sequentialize` against a direct simulation of parallel copies.
"""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from jlir import interp
from jlir.analysis.verifier import verify_ir
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.function import IR, Block, Function, Statement
from jlir.ssa import into_ssa
from jlir.ssa.out_of_ssa import out_of_ssa
from jlir.ssa.parallel_copy import sequentialize

SLOTS = [V.SlotNumber(s, None) for s in ("x", "y", "z")]
N_ARG, C = V.SlotNumber("n", None), V.SlotNumber("c", None)
TEMPLATE = jlir.functions(jlir.parse("CodeInfo(\n1 ─     return 1\n)\n"))[0]


def _call(f, *args):
    return N.Expr("call", (V.GlobalRef("Base", f),) + args)


def _set(slot, value):
    return N.Expr("=", (slot, value))


def _lit(k: int):
    return V.Literal(str(k), "int")


@st.composite
def programs(draw):
    """A list of blocks, each a list of nodes (SSA values refer to positions counted across blocks)."""
    nblocks = draw(st.integers(2, 6))
    blocks = [[_set(SLOTS[0], N_ARG), _set(SLOTS[1], _call("add_int", N_ARG, _lit(1))),
               _set(SLOTS[2], _call("add_int", N_ARG, _lit(2))), _set(C, _call("sub_int", N_ARG, N_ARG))]]
    for b in range(1, nblocks + 1):
        body = blocks[-1] if b == 1 else []
        for _ in range(draw(st.integers(0, 3))):
            kind = draw(st.sampled_from(("op", "swap")))
            a, s1, s2 = (draw(st.sampled_from(SLOTS)) for _ in range(3))
            if kind == "swap" and s1 != s2:
                body += [_set(a, s1), _set(s1, s2), _set(s2, a)] if a not in (s1, s2) else [_set(s1, s2)]
            else:
                body.append(_set(a, _call(draw(st.sampled_from(("add_int", "sub_int", "mul_int"))), s1, s2)))
        if b == nblocks:
            body.append(("return",))
        else:
            how = draw(st.sampled_from(("fall", "goto", "cond", "loop")))
            body.append(("exit", "fall" if how == "loop" and b == 1 else how, draw(st.integers(b + 1, nblocks))))
        if b > 1:
            blocks.append(body)
    return blocks


def _function(blocks) -> Function:
    stmts, ranges = [], []
    for b, body in enumerate(blocks, 1):
        first = len(stmts) + 1
        for node in body:
            if type(node) is not tuple:
                stmts.append(node)
            elif node[0] == "return":
                k = len(stmts)
                stmts += [_call("mul_int", SLOTS[0], _lit(7)), _call("add_int", V.SSAValue(k + 1), SLOTS[1]),
                          _call("mul_int", V.SSAValue(k + 2), _lit(7)), _call("add_int", V.SSAValue(k + 3), SLOTS[2]),
                          N.ReturnNode(V.SSAValue(k + 4))]
            else:
                _, how, target = node
                k = len(stmts)
                if how == "goto":
                    stmts.append(N.GotoNode(target))
                elif how == "cond":
                    stmts += [_call("slt_int", SLOTS[0], SLOTS[1]), N.GotoIfNot(V.SSAValue(k + 1), target)]
                elif how == "loop":
                    stmts += [_set(C, _call("add_int", C, _lit(1))), _call("sle_int", _lit(3), C),
                              N.GotoIfNot(V.SSAValue(k + 2), b)]
        if len(stmts) < first:
            stmts.append(V.NOTHING)
        ranges.append(Block(first, len(stmts)))
    return TEMPLATE.with_ir(IR(tuple(Statement(n) for n in stmts), tuple(ranges)))


def _value(fn, n: int):
    r = interp.run(fn, [n], argnames=["n"])
    assert r.exception is None
    return r.value


def _verified(fn):
    assert [d for d in verify_ir(fn) if d.severity == "error"] == [], jlir.format(fn)
    return fn


@settings(max_examples=150, deadline=None)
@given(programs(), st.integers(-20, 20))
def test_into_and_out_of_ssa_keep_the_result_of_generated_slot_form(blocks, n):
    slot_form = _function(blocks)
    want = _value(slot_form, n)
    phi_form = _verified(into_ssa(slot_form, argnames=["n"]))
    assert _value(phi_form, n) == want
    back, _ = out_of_ssa(phi_form)
    assert _value(_verified(back), n) == want
    again = _verified(into_ssa(back, argnames=["n"]))
    assert _value(again, n) == want


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcdef"), st.one_of(st.sampled_from("abcdefgh"), st.integers(0, 9))),
                max_size=8, unique_by=lambda t: t[0]))
def test_sequentialized_parallel_copies_have_the_parallel_effect_with_at_most_one_temporary_per_cycle(copies):
    names = itertools.count()
    seq = sequentialize(copies, lambda x: isinstance(x, str), lambda: f"t{next(names)}")
    env = {k: k.upper() for k in "abcdefgh"}
    want = dict(env)
    want.update({b: env[a] if isinstance(a, str) else a for b, a in copies})
    for b, a in seq:
        env[b] = env[a] if isinstance(a, str) else a
    assert {k: env[k] for k in "abcdefgh"} == want
    cycles = _cycles({b: a for b, a in copies if isinstance(a, str) and a != b})
    # (a cycle one of whose sources is also copied out of it needs none: that copy saves the value)
    assert sum(1 for b, _ in seq if b.startswith("t")) <= cycles


def _cycles(moves: dict) -> int:
    """Cycles of the move graph dest ← src (each destination has one source)."""
    seen, count = set(), 0
    for start in moves:
        path, b = [], start
        while b in moves and b not in seen and b not in path:
            path.append(b)
            b = moves[b]
        if b in path:
            count += 1
        seen.update(path)
    return count
