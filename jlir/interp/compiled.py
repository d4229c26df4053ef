"""Compiled callees kept across runs that share a provider.

A run compiles each callee it enters once (`Context.compiled`), but a process that runs many functions against one
provider (the oracle's interpreter row, `html --run` of several functions, a notebook) would compile Base's
callees again for every run: on generated programs that was a third of the row's time.  Compiling is a pure
function of the callee's IR and what the run knows of it (argument count and names, struct names, the user's
globals, argument types, module) plus the provider's answers, so a compiled `Code` is shared by every run whose
key is equal.  The cache belongs to the provider (weakly held) and dies with it.
"""
from __future__ import annotations

import weakref

__all__ = ["shared"]

_BY_PROVIDER: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_LIMIT = 4096


def shared(provider, fn, key: tuple, make):
    """The compiled code for `fn` under `key` (hashable, without `fn`), made by `make()` once per provider.  An
    entry holds `fn`, so `id(fn)` in the key is never another function's; a key that does not hash, or a provider
    that cannot be weakly held, is compiled afresh."""
    try:
        table = _BY_PROVIDER.get(provider)
        if table is None:
            table = _BY_PROVIDER[provider] = {}
        full = (id(fn), *key)
        hit = table.get(full)
    except TypeError:
        return make()
    if hit is not None and hit[0] is fn:
        return hit[1]
    code = make()
    if len(table) >= _LIMIT:
        table.clear()
    table[full] = (fn, code)
    return code
