# Probe (interp4): a bare `=>` in Main's code is Base's Pair (lowering's GlobalRef(Main, :(=>)), printed bare)
pairup(x::Int64) = x => x + 1
JLIR_RUNS = [(pairup, (2,)), (pairup, (7,))]
