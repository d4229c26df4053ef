"""Julia 1.12's call-label column: the text printed before a call for each label, right-aligned to one width."""
from __future__ import annotations

import re

# printed text -> label, as the reader meets them
LABELS = {"intrinsic ": "intrinsic", "  builtin ": "builtin", "dynamic builtin ": "dynamic builtin",
          "  dynamic ": "dynamic", "  unknown ": "unknown", "   invoke ": "invoke", "dynamic invoke ": "dynamic invoke"}
LABEL_RX = re.compile("|".join(re.escape(k) for k in LABELS))
LABEL_FIRST = frozenset(k[0] for k in LABELS)
# label -> printed text, as the printer writes them
LABEL_TEXT = {v: k for k, v in LABELS.items()}
