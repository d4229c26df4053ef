"""IR the analysis tests share: every fixture and corpus function that parses, and random IR over random CFGs."""
from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

import jlir
from conftest import CORPUS, FIXTURES
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.function import Block, Form, Function, Statement
from jlir.ir.style import Style
from support.cfg_strategies import cfg_from_succs, reference_dominators
from support.parsed import functions_of


@lru_cache(maxsize=1)
def fixture_functions() -> tuple:
    """(name, function) for every function of the 1.5.3 fixtures and the corpus files that parse."""
    out = []
    for path in sorted((FIXTURES / "julia-1.5.3").glob("*.txt")) + sorted(CORPUS.glob("*.txt")):
        try:
            fns = functions_of(path)
        except jlir.JlirError:
            continue
        out.extend((f"{path.parent.name}/{path.name}[{i}]", f) for i, f in enumerate(fns))
    return tuple(out)


@st.composite
def random_ir(draw, dominance: bool):
    """A function over a random CFG; operands drawn freely, or only from definitions that dominate the use."""
    n = draw(st.integers(1, 8))
    sizes = [draw(st.integers(1, 4)) for _ in range(n)]
    firsts = [1 + sum(sizes[:i]) for i in range(n)]
    terms, succs = [], []
    for b in range(1, n + 1):
        kind = "return" if b == n else draw(st.sampled_from(["goto", "cond", "return", "fall"]))
        target = draw(st.integers(1, n))
        if kind == "cond" and target == b + 1:
            kind = "goto"
        terms.append((kind, target))
        succs.append({"goto": [target], "cond": [target, b + 1], "return": [], "fall": [b + 1]}[kind])
    preds = [[p for p in range(1, n + 1) if b in succs[p - 1]] for b in range(1, n + 1)]
    block_of = {firsts[b - 1] + k: b for b in range(1, n + 1) for k in range(sizes[b - 1])}
    doms = reference_dominators(_cfg(succs)) if dominance else None

    def operand(b, before):
        if not dominance:
            pool = list(block_of)
        else:
            pool = [i for i, db in block_of.items() if (db == b and i < before) or
                    (db != b and b in doms and db in doms[b])]
        if not pool or draw(st.integers(0, 3)) == 0:
            return V.Argument(2)
        return V.SSAValue(draw(st.sampled_from(pool)))

    stmts = []
    for b in range(1, n + 1):
        phis_allowed = bool(preds[b - 1])
        for k in range(sizes[b - 1]):
            sid = firsts[b - 1] + k
            if k == sizes[b - 1] - 1:
                kind, target = terms[b - 1]
                node = {"goto": lambda: N.GotoNode(target), "cond": lambda: N.GotoIfNot(operand(b, sid), target),
                        "return": lambda: N.ReturnNode(operand(b, sid)),
                        "fall": lambda: N.Expr("call", (V.GlobalRef("Base", "f"), operand(b, sid)))}[kind]()
            elif phis_allowed and draw(st.booleans()):
                node = N.PhiNode(tuple(preds[b - 1]), tuple(
                    operand(e, firsts[e - 1] + sizes[e - 1]) for e in preds[b - 1]))
            else:
                phis_allowed = False
                node = N.Expr("call", (V.GlobalRef("Base", "g"), operand(b, sid), operand(b, sid)))
            stmts.append(Statement(node))
    blocks = tuple(Block(firsts[i], firsts[i] + sizes[i] - 1) for i in range(n))
    return Function(Form.IRCODE, Style.for_version("1.5"), tuple(stmts), blocks), succs


def _cfg(succs):
    return cfg_from_succs(succs)
