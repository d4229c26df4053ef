"""Shapes of types whose printing depends on what they hold: Unions keep `, ` between parameters in every version,
and `show` of an AbstractDict separates its pairs by a style decision."""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V

# Union types and the aliases Julia shows Unions by keep `, ` between parameters in every version
# (also `UNION{…}`, as 1.5's @code_warntype shouts it).
UNION_HEADS = frozenset({"Union", "UNION", "StridedArray", "StridedVector", "StridedMatrix", "StridedVecOrMat",
                         "DenseVecOrMat", "VecOrMat", "AbstractVecOrMat", "AbstractVecOrTuple"})


def is_dict_show(t: T.TypeCall) -> bool:
    """`Dict{K,V}(k => v, …)`: `show` of an AbstractDict, its separator a style decision (`Style.dict_pair_sep`).
    Its pairs are read as calls in a statement, as `TypeInfix`es in a type (a `Const`); a last `T.ELIDED` is
    the `…` that `show` under `:limit` prints after the 10th pair (base/dict.jl)."""
    head = t.head.head if type(t.head) is T.TypeApply else t.head
    pairs = t.args[:-1] if t.args and t.args[-1] == T.ELIDED else t.args
    return len(pairs) > 1 and type(head) is T.TypeName and head.path[-1].endswith("Dict") and all(map(_is_pair, pairs))


def _is_pair(a) -> bool:
    if type(a) is T.TypeInfix:
        return a.op == "=>"
    return type(a) is N.Expr and a.head == "call" and len(a.args) == 3 and a.args[0] == V.GlobalRef(None, "=>")


def is_union_head(t) -> bool:
    return isinstance(t, T.TypeName) and t.path[-1] in UNION_HEADS
