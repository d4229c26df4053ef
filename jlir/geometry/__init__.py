"""What the reader and the printer both derive from the model: the shared geometry of a printed dump.

Both sides need the same facts about a print's layout (the 1.12 call-label column, the line-info gutter's
annotations, what a row shows of that gutter, the line table a gutter or a line-number column shows and the
search that finds one).  They live here, below `syntax` and `printer`, so neither imports the other for them.
Standard library and `jlir.ir` only.
"""
