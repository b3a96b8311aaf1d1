// The page's calculator: exact counts from the closed forms symparam printed into F (above,
// with DATA and CHECKS; rational.js and languages.js come first), written into the elements
// that name them (data-f). Nothing here builds code from text: the address is read as
// NAME=DIGITS pairs, and only digits become numbers.
const MAX = 10n ** 30n;
const DIGITS = /^[0-9]{1,31}$/;
const PAIR = /^([A-Za-z][A-Za-z0-9_]{0,39})=([0-9]{1,31})$/;
const NAMED = /^([A-Za-z][A-Za-z0-9_]{0,39})=(.*)$/;
const inputs = Array.from(document.querySelectorAll("input[data-name]"));
const byName = new Map(inputs.map((input) => [input.dataset.name, input]));

const whole = (x) => x !== null && x[1] === 1n;
const units = { gib: [2n ** 30n, "GiB"], gb: [10n ** 9n, "GB"] };

function read() {
  const v = Object.create(null);
  const invalid = [];
  const empty = [];
  for (const input of inputs) {
    const text = input.value.replace(/[\s,_]/g, "");
    input.removeAttribute("aria-invalid");
    if (input.disabled) continue;
    if (text === "") { empty.push(input.dataset.name); continue; }
    const k = DIGITS.test(text) ? BigInt(text) : 0n;
    if (k < 1n || k > MAX) {
      invalid.push(input.dataset.name);
      input.setAttribute("aria-invalid", "true");
      continue;
    }
    v[input.dataset.name] = [k, 1n];
  }
  return { v, invalid, empty };
}

// a check is [kind, a, b or null, blocking]: while a blocking one fails there is no count
function failing(check, values) {
  const [kind, i, j] = check;
  const a = values[i];
  const b = j === null ? null : values[j];
  if (a === null || (j !== null && b === null)) return false; // not known yet
  if (kind === "whole") return !(a[1] === 1n && a[0] > 0n); // however large: still whole
  if (kind === "divides") {
    if (a[1] !== 1n || b[1] !== 1n) return false; // the rule that a value is whole says so
    return a[0] === 0n || b[0] % a[0] !== 0n;
  }
  return a[0] * b[1] > b[0] * a[1]; // at_most
}

function update() {
  const { v, invalid, empty } = read();
  const values = F.map((f) => {
    try {
      const x = f(v); // a bare symbol without a value is undefined: unknown, as a throw is
      return Array.isArray(x) ? x : null;
    } catch (error) {
      return null;
    }
  });
  // a sequence length or a batch that is not a value leaves its own figures empty, not the count
  let ok = invalid.every((name) => byName.get(name).hasAttribute("data-run"));
  CHECKS.forEach((check, k) => {
    const bad = failing(check, values);
    if (bad && check[3]) ok = false;
    for (const el of document.querySelectorAll(`[data-check="${k}"]`)) el.hidden = !bad;
  });
  if (values[DATA.total] === null) ok = false;
  for (const el of document.querySelectorAll("[data-f]")) {
    const x = values[Number(el.dataset.f)];
    const always = el.hasAttribute("data-always");
    let text = "—";
    if (x !== null && (always || ok)) {
      const unit = units[el.dataset.unit];
      if (el.dataset.of !== undefined) {
        const of = values[Number(el.dataset.of)];
        if (of !== null && of[0] !== 0n) text = percent(x, of);
      } else if (unit) {
        text = inUnits(x, unit[0], unit[1]);
      } else {
        text = shown(x);
      }
    }
    el.textContent = text;
    if (el.hasAttribute("data-value")) el.dataset.value = ok && x !== null && whole(x) ? x[0].toString() : "";
  }
  // the share-by-part bar: each part's rectangle as wide as its share of the total
  let x = 0;
  for (const rect of document.querySelectorAll("rect[data-bar]")) {
    const part = values[Number(rect.dataset.bar)];
    const whole = values[Number(rect.dataset.barOf)];
    let width = 0;
    if (ok && part !== null && whole !== null && whole[0] > 0n && part[0] > 0n) {
      width = Number((part[0] * whole[1] * 1000000n) / (part[1] * whole[0])) / 1000;
    }
    rect.setAttribute("x", x.toFixed(2));
    rect.setAttribute("width", width.toFixed(2));
    x += width;
  }
  for (const el of document.querySelectorAll("[data-sign]")) {
    const x = values[Number(el.dataset.sign)];
    el.textContent = x === null || !ok ? "" : x[0] < 0n ? "−" : "+";
  }
  const status = (name, list) => {
    for (const el of document.querySelectorAll(`[data-status="${name}"]`)) el.hidden = list.length === 0;
    for (const el of document.querySelectorAll(`[data-list="${name}"]`)) el.textContent = list.join(", ");
  };
  status("invalid", invalid);
  status("empty", values[DATA.total] === null ? empty.filter((name) => DATA.needs.includes(name)) : []);
  // the page's own values are its hyperparameters': a sequence length or a batch is not one
  const defaults = inputs.filter((input) => !input.hasAttribute("data-run")).every((input) => input.value.replace(/[\s,_]/g, "") === input.defaultValue);
  for (const el of document.querySelectorAll("[data-defaults]")) el.hidden = !defaults;
  for (const el of document.querySelectorAll("[data-changed]")) el.hidden = defaults;
  return ok;
}

// the address: #H=1024&N=24, the values that differ from the page's own
function address() {
  const pairs = [];
  for (const input of inputs) {
    const text = input.value.replace(/[\s,_]/g, "");
    if (!input.disabled && DIGITS.test(text) && text !== input.defaultValue) pairs.push(`${input.dataset.name}=${text}`);
  }
  const hash = pairs.length ? `#${pairs.join("&")}` : "";
  for (const el of document.querySelectorAll("a[data-share]")) el.setAttribute("href", hash || "#");
  if (hash === location.hash || (!hash && !location.hash)) return;
  try {
    history.replaceState(null, "", hash || location.pathname + location.search);
  } catch (error) {
    // a sandboxed frame may refuse: the link above still carries the values
  }
}

function fromAddress() {
  const ignored = [];
  for (const input of inputs) input.value = input.defaultValue;
  const hash = location.hash.replace(/^#/, "");
  for (const item of hash.split("&").filter((piece) => piece !== "")) {
    const match = PAIR.exec(item);
    const named = NAMED.exec(item);
    const input = byName.get((match || named || [])[1]);
    if (input !== undefined && !input.disabled && !match) {
      // a hyperparameter of this page with a value that is not digits (#N=-4): shown in its
      // input, as typed, so that the page says it is not a value and shows no count
      input.value = named[2].slice(0, 40);
      continue;
    }
    if (!match || input === undefined || input.disabled) {
      ignored.push(match ? match[1] : item.slice(0, 40).replace(/[^\w=.-]/g, "?"));
      continue;
    }
    input.value = match[2];
  }
  for (const el of document.querySelectorAll('[data-status="ignored"]')) el.hidden = ignored.length === 0;
  for (const el of document.querySelectorAll('[data-list="ignored"]')) el.textContent = ignored.join(", ");
  update();
  for (const el of document.querySelectorAll("a[data-share]")) el.setAttribute("href", location.hash || "#");
}

for (const input of inputs) {
  input.addEventListener("input", () => { update(); address(); });
}
for (const button of document.querySelectorAll("button[data-reset]")) {
  button.addEventListener("click", () => {
    for (const input of inputs) input.value = input.defaultValue;
    update();
    address();
  });
}
// a closed form as LaTeX: onto the clipboard where the browser allows it, and shown below
for (const button of document.querySelectorAll("button[data-latex]")) {
  button.addEventListener("click", () => {
    const shown = button.nextElementSibling;
    shown.textContent = button.dataset.latex;
    shown.hidden = false;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(button.dataset.latex).catch(() => {});
    }
  });
}
// the dtype of the memory figures: each is written once a dtype, the one chosen shown
const dtype = document.querySelector("select[data-dtype-select]");
const showDtype = () => {
  for (const el of document.querySelectorAll("[data-dtype]")) el.hidden = el.dataset.dtype !== dtype.value;
};
if (dtype) {
  dtype.addEventListener("change", showDtype);
  showDtype();
}
window.addEventListener("hashchange", fromAddress);
fromAddress();
