"""The quick JSON decoder (`jlir.ir.fastdecode`) builds what the careful one (`serialize.decode`, which names a
JSON path in every error) builds, and accepts nothing the careful one refuses: on good data it answers alone,
on bad data it gives way, and `from_json` reports the careful one's located error."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

import jlir
from jlir.ir import serialize as S
from jlir.ir.fastdecode import Retry, decode_fast

ROOT = Path(__file__).resolve().parents[2]
TABLES = (S.KINDS, S._FIELDS, S._JSON_NAME, S.FIELD_CODECS, S._dec_style, {})
SAMPLES = sorted((ROOT / "fixtures" / "julia-1.5.3").glob("*.typed.txt"))[::2] + sorted(
    (ROOT / "fixtures" / "julia-1.5.3").glob("*.warntype.txt"))[::4]


def _data(path: Path):
    try:
        doc = jlir.parse_file(path)
    except jlir.ParseError:
        return None
    return json.loads(json.dumps(jlir.to_json(doc)))["document"]


def test_the_quick_decoder_builds_what_the_careful_one_builds_on_every_fixture():
    seen = 0
    for path in SAMPLES:
        data = _data(path)
        if data is None:
            continue
        assert decode_fast(data, TABLES) == S.decode(data, "$.document"), path.name
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
          lambda v: 0, lambda v: True, lambda v: 1.5, lambda v: [v, v], lambda v: {"kind": "SSAValue", "id": 10 ** 6}]


@pytest.mark.parametrize("name", ["try_catch.typed.txt", "kwcall.ircode.txt", "arrays.lowered.txt",
                                  "try_catch.warntype.txt"])
def test_the_quick_decoder_accepts_nothing_the_careful_one_refuses(name):
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
            want = S.decode(broken, "$.document")
        except S.SchemaError:
            refused += 1
            with pytest.raises((Retry, S.SchemaError)):
                decode_fast(broken, TABLES)
            continue
        try:
            assert decode_fast(broken, TABLES) == want
        except Retry:
            pass  # stricter is allowed: the careful decoder then answers
    assert refused > 100


def test_from_json_still_names_the_path_of_bad_data():
    data = json.loads(json.dumps(jlir.to_json(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / "arrays.typed.txt"))))
    data["document"]["items"][0]["stmts"][2]["loc"] = "three"
    with pytest.raises(S.SchemaError, match=r"^\$\.document\.items\[0\]\.stmts\[2\]\.loc: expected an integer"):
        jlir.from_json(data)
