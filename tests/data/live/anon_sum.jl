inc_sum(v) = sum(x -> x + one(x), v)
