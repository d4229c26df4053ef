"""A pass of your own: strength reduction, `Base.mul_int(x, 2)` becomes `Base.shl_int(x, 1)`.

The tutorial "Write a pass and prove it" (docs/tutorials/write-a-pass.md) walks through this file.  Run it on a
dump to see the function before and after, the verifier's verdict and the interpreter's answers:

    python3 examples/write-a-pass/strength_reduce.py fixtures/julia-1.5.3/union_nothing.typed.txt
"""
from __future__ import annotations

import sys

import jlir
from jlir import edit, passes
from jlir.ir import nodes


def doubled(fn, node):
    """The operand `x` of `Base.mul_int(x, 2)`, or None for any other statement."""
    if type(node) is not nodes.Expr or node.head != "call" or len(node.args) != 3:
        return None
    callee, x, factor = node.args
    if fn.text(callee) == "Base.mul_int" and fn.text(factor) == "2":
        return x
    return None


def strength_reduce(fn, notes=None):
    """A new Function: every `Base.mul_int(x, 2)` replaced by `Base.shl_int(x, 1)` (fn is unchanged)."""
    ir = edit.IRCode(fn)                                   # a working copy, edited as Julia edits an IRCode
    for n, st in fn.numbered():                            # (%n, statement), numbered as Julia numbers them
        x = doubled(fn, st.node)
        if x is None:
            continue
        shifted = jlir.parse_statement(f"Base.shl_int({fn.text(x)}, 1)::{fn.text(st.type)}")
        new = ir.insert_node(n, shifted)                   # Julia's insert_node!: a pending node before %n
        ir.replace_uses(ir.ssa(n), new)                    # every use of %n now reads the new value
        ir.delete(n)                                       # %n becomes `nothing`, dropped by compaction
    return ir.compact()                                    # Julia's compact!: pending nodes placed, renumbered


# Registered, it is a pass like the others: `passes.run` runs the verifier after it.
if "strength-reduce" not in passes.REGISTRY:
    passes.register("strength-reduce", "Base.mul_int(x, 2) becomes Base.shl_int(x, 1)")(strength_reduce)


def main(path: str) -> None:
    fn = jlir.functions(jlir.parse_file(path))[0]
    after = passes.run(fn, ["strength-reduce"])
    print(jlir.format(after), end="")


if __name__ == "__main__":
    main(sys.argv[1])
