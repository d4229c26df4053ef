"""How many tool views print back byte for byte: tests/data/round3/toolviews (index.jsonl) and the shared corpus's
`extra` scope.  `strict`: `jlir.format(jlir.parse(text)) == text`; `lenient`: read with the lenient reader (each
repair a note) and printed back equal to the text, or to the text its notes describe.  Prints one line per file that fails
strictly (with --verbose) and the counts per tool."""
from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import jlir  # noqa: E402
from jlir.syntax.reading import read_document  # noqa: E402

VIEWS = ROOT / "tests" / "data" / "round3" / "toolviews"
CORPUS = Path("/work/shared/corpus")


def strict(text: str, name: str) -> str | None:
    """None when the text prints back byte for byte, else why not."""
    try:
        got = jlir.format(jlir.parse(text, name))
    except Exception as e:  # a refusal is a result here, not a crash of the measurement
        return f"refused: {str(e).splitlines()[0][:160]}"
    return None if got == text else "prints back differently"


def lenient(text: str, name: str) -> bool:
    repaired: list = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            doc = read_document(text, name, lenient=True, repaired_out=repaired)
        return jlir.format(doc) in (text, repaired[0].text if repaired else text)
    except Exception:
        return False


def entries():
    for line in (VIEWS / "index.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        yield row["tool"], VIEWS / row["file"]
    if CORPUS.is_dir():
        for line in (CORPUS / "index.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("scope") == "extra":
                yield "corpus extra", CORPUS / (row.get("file") or row["id"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    total, ok, soft = Counter(), Counter(), Counter()
    for tool, path in entries():
        text = path.read_text(encoding="utf-8")
        why = strict(text, path.name)
        total[tool] += 1
        ok[tool] += why is None
        soft[tool] += why is None or lenient(text, path.name)
        if why and args.verbose:
            print(f"{path.name}: {why}")
    views = [t for t in total if t != "corpus extra"]
    for tool in sorted(total):
        print(f"{tool}: {ok[tool]}/{total[tool]} byte for byte, {soft[tool]}/{total[tool]} with lenient reading")
    n = sum(total[t] for t in views)
    print(f"tool views collected: {sum(ok[t] for t in views)}/{n} byte for byte "
          f"({100 * sum(ok[t] for t in views) / n:.0f}%), {sum(soft[t] for t in views)}/{n} with lenient reading")
    return 0


if __name__ == "__main__":
    sys.exit(main())
