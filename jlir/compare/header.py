"""The @code_warntype header compared: its variables paired by name, and the slot names it gives the aligner."""
from __future__ import annotations

from jlir.compare.canonical import Canonicalizer
from jlir.compare.model import ValueDiff, VariableDiff
from jlir.ir.function import WarntypeHeader


def value_diff(ta, tb, canon: Canonicalizer, show_a, show_b) -> ValueDiff | None:
    """How two types (return types, variable types) differ: None (the same), style or changed."""
    if ta is None or tb is None or ta == tb:
        return None
    (ca, ra), (cb, rb) = canon.value(ta), canon.value(tb)
    notes: set[str] = set()
    if not canon.equal(ca, cb, notes):
        return ValueDiff("changed", show_a(ta), show_b(tb))
    return ValueDiff("style", show_a(ta), show_b(tb), tuple(sorted(ra | rb | notes)))


def slot_names(h: WarntypeHeader | None) -> dict:
    """Slot number → name, from a header whose list is in slot order (`Variables`, 1.2–1.6; `Arguments`, 1.7+).
    Names that carry their number (`@_4`, `x@_2`) are left out: they need no mapping."""
    out = {}
    for title, vs in (h.sections if h is not None else ()):
        if title in ("Variables", "Arguments"):
            out.update((n, name) for n, (name, _, _) in enumerate(vs, 1) if "@" not in name)
    return out


def _header_entries(h: WarntypeHeader) -> list[tuple]:
    """((static parameter?, name), separator, type) of every entry; 1.7+'s `_` for ≤1.6's `#unused#`."""
    return [((title.startswith("Static"), "_" if name == "#unused#" else name), sep, t)
            for title, vs in h.sections for name, sep, t in vs]


def variables_diff(ha, hb, canon: Canonicalizer, show_a,
                   show_b) -> tuple[tuple[VariableDiff, ...], list[str]]:
    """The variables of two warntype headers paired by name (static parameters only when both print some),
    and the `header` style rule when the layouts differ."""
    if ha is None or hb is None:
        return (), []
    va, vb = _header_entries(ha), _header_entries(hb)
    if not all(any(k[0] for k, _, _ in v) for v in (va, vb)):
        va, vb = [e for e in va if not e[0][0]], [e for e in vb if not e[0][0]]
    titles_a, titles_b = [t for t, _ in ha.sections], [t for t, _ in hb.sections]
    layout = ("Variables" in titles_a) != ("Variables" in titles_b) or (ha.instance is None) != (hb.instance is None)
    unused_a, unused_b = (any(name == "#unused#" for _, vs in h.sections for name, _, _ in vs) for h in (ha, hb))
    header_rules = ["header"] if layout or unused_a != unused_b else []
    remaining: dict = {}
    for k, entry in enumerate(vb):
        remaining.setdefault(entry[0], []).append(k)
    out, matched = [], set()
    for key, sep, t in va:
        ks = remaining.get(key)
        if not ks:
            out.append(VariableDiff("removed", key[1], show_a(t), None))
            continue
        k = ks.pop(0)
        matched.add(k)
        d = value_diff(t, vb[k][2], canon, show_a, show_b)
        if d is None and sep == vb[k][1] and show_a(t) != show_b(vb[k][2]):
            header_rules.append("spelling")
        elif d is not None or sep != vb[k][1]:
            d = d or ValueDiff("changed", show_a(t), show_b(vb[k][2]))
            out.append(VariableDiff(d.op, key[1], d.a, d.b, d.rules))
    out += [VariableDiff("added", key[1], None, show_b(t)) for k, (key, _, t) in enumerate(vb) if k not in matched]
    return tuple(out), header_rules
