"""Hypothesis strategies that build valid IR functions in the model (not text)."""
from __future__ import annotations

from hypothesis import strategies as st

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Block, Form, Function, LineInfo, Statement
from jlir.ir.style import Style

TYPE_NAMES = ["Int64", "Float64", "Bool", "Nothing", "Any", "String", "Symbol"]
simple_types = st.sampled_from(TYPE_NAMES).map(lambda n: T.TypeName((n,)))


def types(style: Style):
    """Types as `style`'s Julia prints them: `Core.Compiler.Const(1, false)` up to 1.5, `Core.Const(1)` after."""
    if style.hi <= (1, 5):
        const = st.integers(-5, 99).map(lambda i: T.TypeCall(T.TypeName(("Core", "Compiler", "Const")),
                                                              (V.Literal(str(i), "int"), V.FALSE)))
    else:
        const = st.integers(-5, 99).map(lambda i: T.TypeCall(T.TypeName(("Core", "Const")), (V.Literal(str(i), "int"),)))
    return st.one_of(
        simple_types,
        st.lists(simple_types, min_size=2, max_size=3, unique=True).map(
            lambda ps: T.TypeApply(T.TypeName(("Union",)), tuple(ps))),
        st.lists(simple_types, min_size=1, max_size=3).map(lambda ps: T.TypeApply(T.TypeName(("Tuple",)), tuple(ps))),
        const,
    )
literals = st.one_of(
    st.integers(-1000, 10**6).map(lambda i: V.Literal(str(i), "int")),
    st.sampled_from(["1.0", "-2.5", "NaN", "1.0e100", "0.1", "1.0f0"]).map(lambda t: V.Literal(t, "float")),
    st.sampled_from(['"a"', '"x\\n%"', "'c'"]).map(lambda t: V.Literal(t, "string" if t[0] == '"' else "char")),
    st.just(V.NOTHING), st.just(V.TRUE),
)
FUNCS = ["add_int", "mul_float", "getfield", "not_int", "slt_int", "tuple"]


@st.composite
def functions(draw, form=Form.TYPED):
    """A function of 1–12 blocks whose statements only use earlier SSA values and valid block targets."""
    style = draw(st.sampled_from([Style.for_version("1.5"), Style.for_version("1.10")]))
    nblocks = draw(st.integers(1, 12))
    sizes = [draw(st.integers(1, 4)) for _ in range(nblocks)]
    stmts, blocks, pos = [], [], 0
    arg = st.integers(2, 4).map(V.Argument)

    def operand(upto):
        if upto == 0:
            return draw(st.one_of(literals, arg))
        return draw(st.one_of(literals, arg, st.integers(1, upto).map(V.SSAValue)))

    for b, size in enumerate(sizes, 1):
        first = pos + 1
        for k in range(size):
            pos += 1
            last = k == size - 1
            if last and b == nblocks:
                node = N.ReturnNode(operand(pos - 1))
            elif last and draw(st.booleans()):
                target = draw(st.integers(1, nblocks))
                if draw(st.booleans()):
                    node = N.GotoNode(target)
                else:
                    node = N.GotoIfNot(operand(pos - 1), target)
            elif k == 0 and b > 1 and draw(st.booleans()):
                preds = draw(st.lists(st.integers(1, nblocks), min_size=1, max_size=3, unique=True))
                node = N.PhiNode(tuple(preds), tuple(operand(pos - 1) if draw(st.booleans()) else None
                                                     for _ in preds))
            elif draw(st.integers(0, 4)) == 0:
                op = draw(st.sampled_from(["===", "+", "*"]))
                node = N.Expr("call", (V.GlobalRef(None, op), operand(pos - 1), operand(pos - 1)))
            else:
                fname = draw(st.sampled_from(FUNCS))
                nargs = draw(st.integers(0, 3))
                node = N.Expr("call", (V.GlobalRef("Base", fname), *(operand(pos - 1) for _ in range(nargs))))
            typ = draw(types(style)) if N.takes_type_suffix(node) else None
            stmts.append(Statement(node, typ))
        blocks.append(Block(first, pos))
    linetable = ()
    if form is Form.IRCODE:
        lines = draw(st.lists(st.integers(1, 400), min_size=1, max_size=6))
        linetable = tuple(LineInfo("", n, "") for n in lines)
        stmts = [Statement(s.node, s.type, draw(st.integers(0, len(lines)))) for s in stmts]
    return Function(form, style, tuple(stmts), tuple(blocks), linetable,
                    draw(types(style)) if form is Form.TYPED else None)
