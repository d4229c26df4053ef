"""`isa(x, typeof(f))`: a function's type is a singleton type whose one instance is the function.  Base.Sort's
`ord` asks `isa(lt, typeof(isless))` (every `sort!` of a generated program reaches it); 1.5.3 prints the type as
`typeof(isless)`, which the reader takes as a call of `typeof` on a bare name.  The print is Julia 1.5.3's own
(`jlir/interp/data/base-1.5.3.txt.gz`, `# MethodInstance for ord(::Function, ::Function, ::Nothing,
::Base.Order.ForwardOrdering)`); it was refused as `the constant SlotNumber(name='isless', id=None)`."""
from __future__ import annotations

from jlir.interp import run
from jlir.interp.builtin import BaseProvider
from jlir.semantics.base_globals import function_of
from jlir.semantics.values import JFunction, JStruct, NotInterpretable

TYPES = ("Function", "Function", "Nothing", "Base.Order.ForwardOrdering")


def _ord_blocks(lt, by) -> dict:
    """The blocks `ord(lt, by, nothing, Forward)` enters: #2 where `isa(lt, typeof(isless)) & isa(by,
    typeof(identity))`, else #3 (`Base.Order._ord`)."""
    p = BaseProvider()
    fn = p.lookup("Base.Sort.ord", TYPES)
    forward = JStruct("ForwardOrdering", (), (), False, "Base.Order")
    counts: dict = {}
    try:
        run(fn, [lt, by, None, forward], p, argnames=p.argnames("Base.Sort.ord", TYPES), counts=counts)
    except NotInterpretable as e:  # the returned ordering's `repr` (Base's `show`) or `_ord`, past the `isa`s
        assert "the constant" not in str(e) and "isa(" not in str(e), e
    return counts


def test_ord_of_isless_and_identity_takes_the_forward_ordering_branch():
    assert _ord_blocks(JFunction("Base.isless"), JFunction("Base.identity")).get(2) == 1


def test_ord_of_another_function_is_not_isless():
    counts = _ord_blocks(JFunction("Base.<"), JFunction("Base.identity"))
    assert counts.get(2) is None and counts.get(3) == 1


def test_a_function_type_names_bases_function_however_the_print_qualifies_it():
    assert function_of("isless") == function_of("Base.Sort.isless") == function_of("Main.isless") == \
        JFunction("Base.isless")
    assert function_of("Main.my_own") is None
