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

// How the page writes a number, by the rules symparam.rounding writes it by in Python
// (tests/test_rounding.py runs these in node against it): exactly, from the rationals.
const grouped = (k) => {
  const s = (k < 0n ? -k : k).toString();
  return (k < 0n ? "−" : "") + s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
};
const shown = (x) => (x[1] === 1n ? grouped(x[0]) : `${grouped(x[0])}/${grouped(x[1])}`);
// x rounded half to even at `places` decimals, with thousands separators
const decimal = (x, places) => {
  const scale = 10n ** BigInt(places);
  const n = x[0] * scale;
  let q = n / x[1];
  const twice = 2n * (n - q * x[1]);
  if (twice > x[1] || (twice === x[1] && q % 2n === 1n)) q += 1n;
  const digits = q.toString().padStart(places + 1, "0");
  const head = BigInt(digits.slice(0, digits.length - places));
  return places ? `${grouped(head)}.${digits.slice(digits.length - places)}` : grouped(head);
};
// a share (or a gap's size) as symparam writes it: one decimal from 10% (more where one would
// round a part to 100%), else two significant digits (at most 8)
const percent = (part, total) => {
  if (part[0] === 0n) return "0%";
  let x = make(part[0] * 100n * total[1], part[1] * total[0]);
  if (x[0] < 0n) x = [-x[0], x[1]]; // its size: a negative part or whole is no endless loop below
  if (x[0] === 100n * x[1]) return "100%";
  if (x[0] >= 10n * x[1]) {
    let places = 1;
    while (places < 8 && decimal(x, places) === `100.${"0".repeat(places)}`) places++;
    return `${decimal(x, places)}%`;
  }
  let exponent = 0; // floor(log10(x)), x below 10
  while (x[0] * 10n ** BigInt(-exponent) < x[1]) exponent--;
  return `${decimal(x, Math.min(8, Math.max(2, 1 - exponent)))}%`;
};
// x bytes in a unit of `size` bytes, to two places
const inUnits = (x, size, unit) => `${decimal(make(x[0], x[1] * size), 2)} ${unit}`;
