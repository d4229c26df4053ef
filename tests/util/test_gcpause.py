"""`jlir.util.gcpause`: the cyclic collector is off while a model is built and as it was after: on again after the
work and after an error, still off when it was off."""
from __future__ import annotations

import gc

import pytest

from jlir.util.gcpause import gc_paused, paused


def test_the_collector_is_off_inside_and_on_again_after_the_work_and_after_an_error():
    assert gc.isenabled()
    with gc_paused():
        inside = gc.isenabled()
    assert not inside and gc.isenabled()
    with pytest.raises(ZeroDivisionError):
        with gc_paused():
            1 / 0
    assert gc.isenabled()


def test_a_paused_collector_stays_paused():
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
        assert paused(gc.isenabled)() is False and not gc.isenabled()
    finally:
        gc.enable()


def test_a_paused_function_keeps_its_name_and_answer_and_runs_with_the_collector_off():
    def build(n, *, extra=0):
        """Builds."""
        return n + extra, gc.isenabled()

    wrapped = paused(build)
    assert wrapped(2, extra=3) == (5, False) and gc.isenabled()
    assert (wrapped.__name__, wrapped.__doc__) == ("build", "Builds.")
