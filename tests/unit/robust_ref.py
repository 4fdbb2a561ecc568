#!/usr/bin/env python3
# robust_ref.py: computes the expected numbers of tests/unit/test_robust.c independently of results/robust.c and stats.c (python3, standard library only; not run by make check).
# Median interval: coverage from math.comb sums; MAD: statistics.median;
# Mann-Whitney: p by enumerating every assignment of ranks (itertools.combinations)
# and the normal formula written out; the smallest detectable difference:
# Student t quantiles by bisection on the CDF, the CDF by Simpson integration
# of the density (math.lgamma for its constant).
import itertools, math, statistics

def median_ci(xs, conf=0.95):
    xs = sorted(xs); n = len(xs)
    best = None
    for k in range(1, n // 2 + 1):
        cov = sum(math.comb(n, j) for j in range(k, n - k + 1)) / 2 ** n
        if cov >= conf:
            best = (k, cov)
    if best is None:
        return statistics.median(xs), None
    k, cov = best
    return statistics.median(xs), (k, cov, xs[k - 1], xs[n - k])

def mad(xs):
    m = statistics.median(xs)
    return statistics.median([abs(x - m) for x in xs])

def u_of(a, b):
    return sum((y > x) + 0.5 * (y == x) for x in a for y in b)

def mw_exact(a, b):
    # every way of giving len(b) of the combined positions to b (no ties)
    allv = sorted(a + b); n = len(allv); nb = len(b)
    u0 = u_of(a, b); lo = hi = tot = 0
    for pos in itertools.combinations(range(n), nb):
        bb = [allv[i] for i in pos]; aa = [allv[i] for i in range(n) if i not in pos]
        u = u_of(aa, bb); tot += 1
        lo += u <= u0; hi += u >= u0
    return u0, min(1.0, 2 * min(lo, hi) / tot)

def mw_normal(a, b):
    na, nb = len(a), len(b); n = na + nb
    u = u_of(a, b)
    counts = {}
    for v in a + b:
        counts[v] = counts.get(v, 0) + 1
    t = sum(c ** 3 - c for c in counts.values())
    var = na * nb / 12 * ((n + 1) - t / (n * (n - 1)))
    z = max(0.0, (abs(u - na * nb / 2) - 0.5) / math.sqrt(var))
    return u, math.erfc(z / math.sqrt(2))

def t_pdf(x, df):
    c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(c - (df + 1) / 2 * math.log1p(x * x / df))

def t_cdf(x, df, steps=20000):
    h = x / steps   # 1/2 + integral from 0 to x, Simpson's rule
    s = t_pdf(0, df) + t_pdf(x, df)
    s += sum((4 if i % 2 else 2) * t_pdf(i * h, df) for i in range(1, steps))
    return 0.5 + s * h / 3

def t_q(p, df):
    lo, hi = 0.0, 50.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p: lo = mid
        else: hi = mid
    return (lo + hi) / 2

def mdd(a, b):
    va = statistics.variance(a) / len(a); vb = statistics.variance(b) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    return df, (t_q(0.975, df) + t_q(0.80, df)) * math.sqrt(va + vb)

O7 = [50.1, 49.8, 50.6, 51.0, 63.2, 50.3, 49.9]
print("O7 median, ci", median_ci(O7), "mad", mad(O7))
print("O7 z of 63.2", abs(63.2 - statistics.median(O7)) / (1.4826 * mad(O7)))
for n in (5, 6, 7, 8, 9, 10, 11, 17, 20, 30, 100):
    print("n", n, median_ci(list(range(1, n + 1))))
E6 = [3.1, 3.2, 3.15, 3.05, 3.4, 3.12]
print("E6", median_ci(E6), "mad", mad(E6))
A4 = [3.10, 3.20, 3.15, 3.05]; B5 = [3.30, 3.12, 3.40, 3.35, 3.28]
print("MW A4 B5 exact", mw_exact(A4, B5))
A4b = [3.10, 3.20, 3.15, 3.05]; B4 = [3.30, 3.25, 3.40, 3.35]
print("MW A4 B4 exact", mw_exact(A4b, B4))
A8 = [10.2, 11.5, 9.8, 10.9, 12.1, 10.4, 11.0, 9.5]
B9 = [11.9, 12.4, 10.7, 13.0, 11.2, 12.8, 10.1, 12.2, 11.6]
print("MW A8 B9 exact", mw_exact(A8, B9), "normal", mw_normal(A8, B9))
T5 = [1, 2, 2, 3, 4]; T6 = [2, 3, 3, 5, 6, 6]
print("MW ties T5 T6 normal", mw_normal(T5, T6))
print("MDD A8 B9", mdd(A8, B9), "pct", mdd(A8, B9)[1] / statistics.mean(A8) * 100)
print("MDD A4 B5", mdd(A4, B5))
print("E6 z of 3.4", abs(3.4 - statistics.median(E6)) / (1.4826 * mad(E6)))

from functools import lru_cache
@lru_cache(maxsize=None)
def ways(m, n, u):
    # arrangements of m a's and n b's with u pairs (a above b): the last of all
    # is an a (above all n b's) or a b (adds nothing)
    if u < 0: return 0
    if m == 0 or n == 0: return 1 if u == 0 else 0
    return ways(m - 1, n, u - n) + ways(m, n - 1, u)

def mw_count(m, n, u0):
    tot = sum(ways(m, n, u) for u in range(m * n + 1))
    lo = sum(ways(m, n, u) for u in range(m * n + 1) if u <= u0)
    hi = sum(ways(m, n, u) for u in range(m * n + 1) if u >= u0)
    return min(1.0, 2 * min(lo, hi) / tot)

a20 = list(range(20)); b20 = [i + 0.5 for i in range(20)]
print("MW 20x20 U", u_of(a20, b20), "p by the recurrence", mw_count(20, 20, int(u_of(a20, b20))))
print("check the recurrence against enumeration: A8 B9", mw_count(8, 9, 58))
