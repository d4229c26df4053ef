"""The one JSON decoder (`jlir.json.decode`) builds what the careful decoder jlir had before it builds, and says
what that one said, at the same JSON path, on data broken anywhere: its checks run as predicates that build no
path, and a path is made only on the way out of an error (the reference: `tests/support/json_reference.py`)."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

import jlir
from jlir.json import SchemaError, decode
from support import json_reference

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "fixtures" / "julia-1.5.3").glob("*.typed.txt"))[::2] + sorted(
    (ROOT / "fixtures" / "julia-1.5.3").glob("*.warntype.txt"))[::4]


def _data(path: Path):
    try:
        doc = jlir.parse_file(path)
    except jlir.ParseError:
        return None
    return json.loads(json.dumps(jlir.to_json(doc)))["document"]


def test_the_decoder_builds_what_the_careful_one_builds_on_every_fixture():
    seen = 0
    for path in SAMPLES:
        data = _data(path)
        if data is None:
            continue
        assert decode(data, "$.document") == json_reference.decode(data, "$.document"), path.name
        seen += 1
    assert seen > 40


def _leaves(x, out, parent=None, key=None):
    if isinstance(x, dict):
        for k, v in x.items():
            _leaves(v, out, x, k)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _leaves(v, out, x, i)
    if parent is not None:
        out.append((parent, key))
    return out


BREAKS = [lambda v: "x", lambda v: 2 ** 70, lambda v: -1, lambda v: None, lambda v: [], lambda v: {"kind": "Nope"},
          lambda v: 0, lambda v: True, lambda v: 1.5, lambda v: [v, v], lambda v: {"kind": "SSAValue", "id": 10 ** 6},
          lambda v: {"lo": [1, 5]}, lambda v: [[[[v]]]]]


@pytest.mark.parametrize("name", ["try_catch.typed.txt", "kwcall.ircode.txt", "arrays.lowered.txt",
                                  "try_catch.warntype.txt"])
def test_the_decoder_refuses_what_the_careful_one_refuses_with_the_same_located_message(name):
    data = _data(ROOT / "fixtures" / "julia-1.5.3" / name)
    assert data is not None
    rng = random.Random(7)
    refused = 0
    for _ in range(250):
        broken = copy.deepcopy(data)
        parent, key = rng.choice(_leaves(broken, []))
        if isinstance(parent, dict) and rng.random() < 0.15:
            del parent[key]
        else:
            parent[key] = rng.choice(BREAKS)(parent[key])
        try:
            want = json_reference.decode(broken, "$.document")
        except SchemaError as e:
            refused += 1
            with pytest.raises(SchemaError) as got:
                decode(broken, "$.document")
            assert str(got.value) == str(e)
            continue
        assert decode(broken, "$.document") == want
    assert refused > 100


def test_from_json_still_names_the_path_of_bad_data():
    data = json.loads(json.dumps(jlir.to_json(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / "arrays.typed.txt"))))
    data["document"]["items"][0]["stmts"][2]["loc"] = "three"
    with pytest.raises(SchemaError, match=r"^\$\.document\.items\[0\]\.stmts\[2\]\.loc: expected an integer"):
        jlir.from_json(data)
