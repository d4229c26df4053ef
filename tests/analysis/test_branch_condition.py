"""A branch on a condition that is not known to be a `Bool` is valid IR, on which Julia throws a TypeError:
no pass folds it away, and the verifier warns where the condition's type is known to be another one."""
from __future__ import annotations

import jlir
from jlir.analysis.verifier import verify_ir
from jlir import passes

# Julia 1.5.3: `function h(x::Int); if x + 1; end; return 1; end; @code_typed optimize=false h(1)`
NON_BOOL = """\
CodeInfo(
1 ─ %1 = (x + 1)::Int64
└──      goto #2 if not %1
2 ─      return 1
) => Int64
"""
# Julia 1.5.3: the same with `if x` (the argument's type is not printed: not known to be a Bool either)
ARGUMENT = """\
CodeInfo(
1 ─     goto #2 if not x
2 ─     return 1
) => Int64
"""


def _fn(text: str):
    return jlir.functions(jlir.parse(text))[0]


def _branches(fn) -> int:
    return sum(1 for s in fn.positional if type(s.node).__name__ == "GotoIfNot")


def test_simplify_cfg_keeps_a_branch_on_an_int64_whose_sides_are_one_block():
    out = passes.run(_fn(NON_BOOL), ["simplify-cfg"])
    assert _branches(out) == 1
    assert "goto #2 if not %1" in jlir.format(out)


def test_simplify_cfg_keeps_a_branch_on_a_condition_of_unknown_type():
    assert _branches(passes.run(_fn(ARGUMENT), ["simplify-cfg"])) == 1


def test_simplify_cfg_still_folds_a_branch_on_a_bool():
    text = NON_BOOL.replace("(x + 1)::Int64", "(x === 1)::Bool")
    assert _branches(passes.run(_fn(text), ["simplify-cfg"])) == 0


def test_no_pass_folds_away_a_branch_on_a_non_bool():
    for name in sorted(passes.REGISTRY):
        assert _branches(passes.run(_fn(NON_BOOL), [name])) == 1, name


def test_the_verifier_warns_on_a_condition_known_not_to_be_a_bool():
    (d,) = verify_ir(_fn(NON_BOOL))
    assert (d.kind, d.severity, d.stmt) == ("non-bool-condition", "warning", 2)
    assert "Int64, not a Bool" in d.message


def test_the_verifier_says_nothing_of_a_bool_or_an_unknown_condition():
    assert verify_ir(_fn(ARGUMENT)) == []
    assert verify_ir(_fn(NON_BOOL.replace("(x + 1)::Int64", "(x === 1)::Bool"))) == []
