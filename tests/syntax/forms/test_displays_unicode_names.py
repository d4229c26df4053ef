"""Names outside ASCII letters in shown types: Zygote's `∂(f)` pullback types, closures `∂(#3)` inside them.

The type texts are copied from public output (Zygote stack traces and REPL sessions, 1.6-era): each must read
as a type and print back unchanged inside a dump.
"""
from __future__ import annotations

import pytest

import jlir
from jlir.ir import types as T
from jlir.semantics.names import is_identifier

TYPES = [
    'Zygote.var"#36#37"{typeof(∂(f))}',
    "PersistentHashMap{Tuple{Any, Float32}, typeof(∂(#3))}",
    'Zygote.var"#ad_pullback#41"{typeof(_f), Tuple{Float64, Float64}, typeof(∂(_f))}',
    "typeof(∂(λ))",
    "Tuple{typeof(∂(applychain)), ∇x}",
]


@pytest.mark.parametrize("t", TYPES)
def test_a_type_holding_a_math_symbol_name_prints_back(t):
    text = f"CodeInfo(\n1 ─ %1 = Main.f(x)::{t}\n└──      return %1\n) => {t}\n"
    doc = jlir.parse(text)
    assert jlir.format(doc) == text


def test_the_pullback_type_reads_as_a_call_of_the_name_on_its_function():
    text = "CodeInfo(\n1 ─     return x\n) => typeof(∂(#3))\n"
    rt = jlir.parse(text).items[0].return_type
    assert rt == T.TypeCall(T.TypeName(("typeof",)), (T.TypeCall(T.TypeName(("∂",)), (T.TypeName(("#3",)),)),))


def test_julia_identifier_rule_takes_its_math_symbol_whitelist():
    assert is_identifier("∂") and is_identifier("∇x") and is_identifier("x∂y")
    assert not is_identifier("+") and not is_identifier("√")
