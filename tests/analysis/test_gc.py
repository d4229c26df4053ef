"""The analyses pause Python's cyclic collector while they build their results (many small acyclic objects),
and leave it as they found it: on after a result, on after an error, off when it was off."""
from __future__ import annotations

import gc

import pytest

from jlir.analysis import memo
from jlir.analysis.dominance import dominator_tree
from jlir.ir.cfg import CFG, BasicBlock


class _Fn:  # the memo needs only an object to key on (and `refuse` reads `stmts`)
    stmts = ()


def test_the_collector_is_off_inside_an_analysis_and_on_again_after_it_and_after_an_error():
    assert gc.isenabled()
    seen = []
    memo.memoised(_Fn(), "probe", lambda: seen.append(gc.isenabled()))
    assert seen == [False] and gc.isenabled()

    def boom():
        raise ValueError("analysis failed")
    with pytest.raises(ValueError):
        memo.memoised(_Fn(), "probe", boom)
    assert gc.isenabled()


def test_an_analysis_leaves_a_paused_collector_paused():
    gc.disable()
    try:
        cfg = CFG((BasicBlock(1, 1, (), (2,)), BasicBlock(2, 2, (1,), ())))
        dominator_tree(cfg)
        memo.memoised(_Fn(), "probe", lambda: None)
        assert not gc.isenabled()
    finally:
        gc.enable()
