"""An argument whose type the signature does not give: `into_ssa` refuses a kept node that merges it.

A closure's type without parameters (`Pkg.BinaryPlatforms.var"#26#29"`) is a singleton, which inference types as the
`Const` of its instance, unless the closure captures a boxed variable; the name does not say which.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.lattice.signature import cache_argtype
from jlir.oracle.checks import ssa_of
from jlir.oracle.run import instance_types
from jlir.ssa import UndecidedType

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "slot2reg-closure-argument-1.5.3.jsonl.gz"


def test_a_closure_type_without_parameters_is_an_unknown_argument_type():
    assert cache_argtype(T.TypeName(("Pkg", "BinaryPlatforms", 'var"#26#29"'))) is None
    assert cache_argtype(T.TypeName(("Int64",))) == T.TypeName(("Int64",))


def test_a_kept_phi_of_such_an_argument_is_refused_naming_it():
    # Julia typed `φ (#1 => _2, #13 => %43)` `Const(var"#26#29"(), false)`: taking the type would have printed
    # `var"#26#29"`, a different IR
    record = json.loads(gzip.open(DATA, "rt").readline())
    assert "Core.Compiler.Const(Pkg.BinaryPlatforms.var\"#26#29\"(), false)" in record["ssa"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    with pytest.raises(UndecidedType, match="argument _2"):
        ssa_of(fn, record["argnames"], instance_types(record), record["self"])
