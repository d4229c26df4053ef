"""`interp.run(..., counts=d)`: how often each block of the function itself was entered (for `jlir html --run`)."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import analysis as A
from jlir import interp

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def test_loop_blocks_are_entered_once_per_iteration_and_the_counts_add_up_to_the_steps():
    fn = jlir.functions(jlir.parse_file(FIX / "fib_swap.typed.txt"))[0]
    counts: dict = {}
    r = interp.run(fn, [10], counts=counts)
    assert r.value == 55
    assert counts == {1: 1, 2: 11, 3: 10, 4: 1}  # the loop test runs n + 1 times, its body n times
    sizes = {b: blk.last - blk.first + 1 for b, blk in enumerate(A.cfg(fn).blocks, 1)}
    assert sum(c * sizes[b] for b, c in counts.items()) == r.steps


def test_a_run_without_counts_is_unchanged():
    fn = jlir.functions(jlir.parse_file(FIX / "fib_swap.typed.txt"))[0]
    assert interp.run(fn, [10]).steps == interp.run(fn, [10], counts={}).steps
