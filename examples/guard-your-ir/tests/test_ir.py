"""Guard mysum's compiler output: pytest finds jlir's plugin through its entry point, no conftest needed.

First run: `pytest --snapshot-update` stores the snapshots under tests/__ir_snapshots__/julia-<major.minor>/;
review and commit them.  Later runs fail, with jlir diff's report, when Julia's output for mysum changes.
"""
from pathlib import Path

DEFS = (Path(__file__).resolve().parent.parent / "src" / "mysum.jl").read_text()


def test_mysum_ir(julia_ir, ir_snapshot):
    f = julia_ir.code_typed("mysum(::Vector{Float64})", defs=DEFS, defs_name="mysum.jl")
    assert f == ir_snapshot                              # the whole print, per Julia version


def test_mysum_stable(julia_ir, ir_snapshot):
    f = julia_ir.code_typed("mysum(::Vector{Float64})", defs=DEFS, defs_name="mysum.jl")
    assert f == ir_snapshot(kind="stability")            # only the type-stability facts
