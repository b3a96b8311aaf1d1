// Exact rationals for a page's formulas: a value is [numerator, denominator], two BigInts, so
// a count stays exact past 2^53 and a fraction such as h_kv/h is never rounded. R holds what
// the formulas symparam prints call (symparam.printing.javascript): n integer, q fraction,
// a sum, m product, p integer power, f floor, c ceiling, lo least, hi greatest.
const gcd = (a, b) => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const make = (n, d) => {
  if (d === 0n) throw new RangeError("division by zero");
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d);
  return g > 1n ? [n / g, d / g] : [n, d];
};
const floorDiv = (n, d) => (n >= 0n ? n / d : -((-n + d - 1n) / d));
const R = {
  n: (k) => [k, 1n],
  q: (p, q) => make(p, q),
  a: (...xs) => xs.reduce((s, x) => make(s[0] * x[1] + x[0] * s[1], s[1] * x[1]), [0n, 1n]),
  m: (...xs) => xs.reduce((s, x) => make(s[0] * x[0], s[1] * x[1]), [1n, 1n]),
  p: (x, e) => {
    let r = [1n, 1n];
    for (let i = 0; i < Math.abs(e); i++) r = R.m(r, x);
    return e < 0 ? make(r[1], r[0]) : r;
  },
  f: (x) => [floorDiv(x[0], x[1]), 1n],
  c: (x) => [-floorDiv(-x[0], x[1]), 1n],
  lo: (...xs) => xs.reduce((a, b) => (b[0] * a[1] < a[0] * b[1] ? b : a)),
  hi: (...xs) => xs.reduce((a, b) => (b[0] * a[1] > a[0] * b[1] ? b : a)),
};
