"""The two Julia-written type tables are read by one loader (`jlir.lattice.typefacts`) and agree with each other."""
from __future__ import annotations

import tomllib

from conftest import ROOT
from jlir.lattice import typefacts
from jlir.lattice import typeset


def test_both_tables_come_from_one_julia_and_name_the_same_types():
    t = typefacts.table()
    assert t.julia == "1.5.3"
    assert len(t.lattice) == 820 and len(t.types) == 1508
    assert set(t.lattice) <= set(t.types)  # gen_lattice_facts.jl runs over gen_abstract_types.jl's names


def test_the_tables_agree_where_both_say_a_type_is_abstract():
    """`types` says kind `abstract` (Vararg is abstract in 1.5 too); `lattice` flags `a`: never one without the other."""
    t = typefacts.table()
    disagree = [name for name, (_mod, _sup, flags, _n) in t.lattice.items()
                if ("a" in flags) != (t.types[name][0] in ("abstract", "vararg"))]
    assert disagree == []


def test_the_ssa_layer_reads_its_facts_through_the_analysis_loader():
    assert typeset.facts("Int64") == ("Core", "Signed", "b", 0)
    assert typeset.facts("Int64") is typefacts.table().lattice["Int64"]
    assert typeset.facts("NoSuchType") is None


def test_the_tables_ship_beside_their_loader():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "data/*.json" in config["tool"]["setuptools"]["package-data"][typefacts.__name__.rpartition(".")[0]]
    assert typefacts.TYPES.parent.name == typefacts.LATTICE.parent.name == "data"
    assert typefacts.TYPES.is_file() and typefacts.LATTICE.is_file()
