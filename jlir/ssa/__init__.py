"""SSA construction and destruction on Julia IR: slot form ⇄ φ form.

    >>> from jlir import ssa
    >>> phi_form = ssa.into_ssa(lowered_fn, argnames=("a", "b"))   # Julia 1.5's slot2reg
    >>> slot_form = ssa.out_of_ssa(phi_form)                       # Sreedhar method I + parallel copies

Layer: above `jlir.edit`, below `jlir.passes` (imports ir, printer, analysis, edit only).
"""
from jlir.ssa.into_ssa import NotSlotForm, UndecidedType, into_ssa, into_ssa_with_names

__all__ = ["into_ssa", "into_ssa_with_names", "NotSlotForm", "UndecidedType"]
