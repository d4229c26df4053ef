"""Small utilities of the Python runtime that several layers share and that know nothing of Julia's IR.

It sits below every other package (it imports the standard library only), so any layer may use it:
`gcpause` pauses Python's cyclic garbage collector while a model is built or printed.
"""
