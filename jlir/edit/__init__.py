"""Editing IR the way Julia's passes do: a mutable working copy (`IRCode`), pending nodes, and compaction.

    >>> from jlir import edit
    >>> ir = edit.IRCode(fn)                       # fn is never changed
    >>> v = ir.insert_node(5, node, type=T)        # like insert_node!: usable at once as a value
    >>> ir.replace_uses(ir.ssa(4), v); ir.delete(4)
    >>> ir.freeze()                                # uncompacted, as Julia prints an IRCode with new nodes
    >>> ir.compact()                               # renumbered as Julia's compact! does
    >>> bb = edit.BBCode(fn)                       # stable IDs: inserting or moving renames nothing
    >>> bb.to_function() == fn
    True

Statement numbers are Julia's SSA numbers (1-based, pending nodes after the
positional ones), block numbers Julia's (1-based).
"""
from jlir.edit.bbcode import BBCode, BBlock
from jlir.edit.compact import compact
from jlir.edit.ircode import EditError, IRCode, NewNode, is_slot_form, map_values

__all__ = ["IRCode", "BBCode", "BBlock", "NewNode", "EditError", "compact", "is_slot_form", "map_values"]
