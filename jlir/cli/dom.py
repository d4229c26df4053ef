"""`jlir dom FILE… [--post] [--frontiers] [--format text|json|dot]`: dominator (or post-dominator) trees.

The JSON form's `idoms` is Julia's `construct_domtree(cfg).idoms` (what
`jlir fetch --form domtree` answers from a live Julia), one entry per block,
0 for the entry and for unreachable blocks; with `--post`, `ipdoms` (0: an
exit, or a block from which no exit is reached).
"""
from __future__ import annotations

import json

from jlir import analysis as A
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err
from jlir.cli.units import add_inputs, run_each


def register(sub) -> None:
    sp = sub.add_parser("dom", help="dominator tree (or post-dominator tree, dominance frontiers) per function",
                        description="Immediate dominators and tree depth of every block, Julia's numbering.")
    add_inputs(sp)
    sp.add_argument("--post", action="store_true", help="the post-dominator tree instead")
    sp.add_argument("--frontiers", action="store_true",
                    help="add each block's dominance frontier (of the dominator tree; not with --post)")
    sp.add_argument("--format", choices=("text", "json", "dot"), default="text")
    sp.set_defaults(func=run)


def _tree(fn, post: bool):
    return A.post_dominators(fn) if post else A.dominators(fn)


def text(fn, post: bool, frontiers: bool) -> str:
    """One line per block: its immediate (post-)dominator, depth, children and (optionally) frontier."""
    tree = _tree(fn, post)
    df = A.dominance_frontiers(fn) if frontiers else None
    what = "immediate post-dominators (0: exit)" if post else "immediate dominators"
    lines = [f"{what}, {len(tree.idoms)} blocks:"]
    for b, parent in enumerate(tree.idoms, 1):
        if not tree.in_tree(b):
            where = "never reaches an exit" if post else "unreachable"
        elif parent == 0:
            where = "exit" if post else "entry"
        else:
            where = ("ipdom" if post else "idom") + f" #{parent}"
        kids = ", ".join(f"#{c}" for c in tree.children(b))
        row = f"  #{b}: {where}, depth {tree.depth(b)}" + (f", children {kids}" if kids else "")
        if df is not None:
            row += ", frontier {" + ", ".join(f"#{y}" for y in df[b - 1]) + "}"
        lines.append(row)
    return "\n".join(lines) + "\n"


def to_json(unit, post: bool, frontiers: bool) -> dict:
    fn = unit.function
    tree = _tree(fn, post)
    data = {"source": unit.source, "function": unit.index, ("ipdoms" if post else "idoms"): list(tree.idoms),
            "levels": list(tree.levels)}
    if frontiers:
        data["frontiers"] = [list(f) for f in A.dominance_frontiers(fn)]
    return data


def dot(fn, post: bool) -> str:
    """The tree as a DOT digraph: an edge from each block's immediate (post-)dominator to it."""
    tree = _tree(fn, post)
    out = [f'digraph "{"postdomtree" if post else "domtree"}" {{', "  node [shape=circle];"]
    out += [f'  b{b} [label="#{b}"];' for b in range(1, len(tree.idoms) + 1)]
    out += [f"  b{p} -> b{b};" for b, p in enumerate(tree.idoms, 1) if p]
    return "\n".join(out + ["}"]) + "\n"


def run(args) -> int:
    if args.post and args.frontiers:
        err("jlir dom: error: --frontiers gives the dominance frontiers of the dominator tree; "
            "it does not combine with --post")
        return EXIT_ERROR

    def answer(unit):
        if args.format == "json":
            return json.dumps(to_json(unit, args.post, args.frontiers), ensure_ascii=False) + "\n", EXIT_OK
        if args.format == "dot":
            return dot(unit.function, args.post), EXIT_OK
        return text(unit.function, args.post, args.frontiers), EXIT_OK
    return run_each(args, "computing dominators of", answer, args.format)
