"""The reader's rule, `parse(format(x)) == x`, as a comparison of models: `same_reading`, and where two models
first differ (`first_difference`, a JSON path).  `jlir.from_json` refuses a model whose print reads back as
something else (`jlir.syntax.readback`), and the passes' tests hold their outputs to the same rule.
"""
from __future__ import annotations

import dataclasses

from jlir.ir import function as F
from jlir.ir.style import Style

__all__ = ["first_difference", "as_read", "same_reading"]


def first_difference(a, b, path: str, json_name=lambda cls, name: name) -> str:
    """The path of the first place where model values `a` and `b` differ (`path` itself when no part does)."""
    while True:
        if type(a) is not type(b):
            return path
        if type(a) is tuple:
            if len(a) != len(b):
                return path
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
            if k is None:
                return path
            a, b, path = a[k], b[k], f"{path}[{k}]"
        elif dataclasses.is_dataclass(a) and type(a) is not Style:
            names = F.FLAT_NAMES if type(a) is F.Function else [f.name for f in dataclasses.fields(a)]
            k = next((n for n in names if getattr(a, n) != getattr(b, n)), None)
            if k is None:
                return path
            a, b, path = getattr(a, k), getattr(b, k), f"{path}.{json_name(type(a), k)}"
        else:
            return path


# --- the reader's rule, `parse(format(x)) == x`, for a model whose text cannot carry its whole style range ---------
#
# A `Style` is the range of Julia versions whose printer matches a text, and the reader detects it from version
# features of the text (`Tuple{A,B}`, `Core.Compiler.Const(`, the IRCode tail …).  A model keeps the range it was
# read with when an edit or a pass removes the last such feature (its statements are still that Julia's), but the
# text it prints can no longer say so: it reads back with a wider range, every version of which prints that same
# text (the reader checks that it prints back).  So the reading is the same when the read-back range holds the
# model's: the model's is what the text's evidence left, narrowed by what the text no longer shows.  A read-back
# range that does not hold the model's is another reading (the text shows a feature of versions the model is not).

def _within(inner: Style, outer: Style) -> bool:
    return outer.lo <= inner.lo and inner.hi <= outer.hi


def as_read(again, model):
    """`again` (the read-back of `model`'s print) with each style range that holds `model`'s at the same place
    replaced by `model`'s, so that `==` compares what the text can carry (see above)."""
    if type(again) is not type(model):
        return again
    if type(again) is F.Function:
        if again.style != model.style and _within(model.style, again.style):
            return again.replace(style=model.style)
        return again
    if type(again) in (F.CFGListing, F.StatementVector):
        if again.style != model.style and _within(model.style, again.style):
            return dataclasses.replace(again, style=model.style)
        return again
    if type(again) in (F.Document, F.VectorDisplay) and len(again.items) == len(model.items):
        items = tuple(as_read(a, m) for a, m in zip(again.items, model.items))
        if any(a is not b for a, b in zip(items, again.items)):
            return dataclasses.replace(again, items=items)
    return again


def same_reading(model, again) -> bool:
    """Whether `again`, what `model`'s print reads back as, is `model`: equal, up to a style range the text cannot
    carry (`as_read`)."""
    return model == again or model == as_read(again, model)
