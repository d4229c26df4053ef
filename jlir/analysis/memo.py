"""One memo for every analysis of a function, keyed by the function object's identity.

The model is immutable, so an analysis of a function never goes stale; but
`Function` is a frozen slotted class without `__weakref__`, so it cannot key a
`WeakKeyDictionary`, and hashing it would hash every statement.  The memo keys
on `id(fn)`, keeps `fn` itself in the entry (so the id cannot be reused while
the entry lives) and checks identity on every hit.  It holds the analyses of
the last `MAX_FUNCTIONS` functions asked about, least recently used first out.
"""
from __future__ import annotations

import gc
from collections import OrderedDict

from jlir.ir.excerpt import ExcerptError, refuse

MAX_FUNCTIONS = 32

# id(fn) → (fn, {analysis name: result}), most recently used last
_entries: OrderedDict[int, tuple[object, dict]] = OrderedDict()
# the entry asked for last (it is the most recently used one while it stands)
_last: list = [None]


def _results(fn) -> dict:
    """The results dict of `fn`, created (and the oldest function dropped) when `fn` is new."""
    last = _last[0]
    if last is not None and last[0] is fn:  # the function asked about last: one analysis asks for others of it
        return last[1]
    key = id(fn)
    entry = _entries.get(key)
    if entry is not None and entry[0] is fn:
        _entries.move_to_end(key)
        _last[0] = entry
        return entry[1]
    refuse(fn, ExcerptError)  # once per function: nothing is computed about statements the text did not show
    results: dict = {}
    entry = _entries[key] = (fn, results)
    _entries.move_to_end(key)
    _last[0] = entry
    while len(_entries) > MAX_FUNCTIONS:
        _entries.popitem(last=False)
    if key not in _entries:
        _last[0] = None
    return results


def memoised(fn, name: str, compute):
    """`compute()`, run once per function and analysis `name` while `fn` stays among the recent functions."""
    results = _results(fn)
    if name in results:
        return results[name]
    if not gc.isenabled():
        value = results[name] = compute()
        return value
    gc.disable()  # analyses build many small acyclic objects: the cyclic collector would rescan them for nothing
    try:
        value = results[name] = compute()
    finally:
        gc.enable()
    return value


def clear() -> None:
    """Forget every memoised analysis (tests, or to free memory after a large document)."""
    _entries.clear()
    _last[0] = None
