// Reads a JSON list of {"tex": ..., "display": bool} on stdin; renders each with KaTeX and
// prints a JSON list of the failures ({"tex", "error"}). Used by tests/test_derive.py.
const katex = require(process.env.SYMPARAM_KATEX || "katex");
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const failures = [];
  for (const item of JSON.parse(input)) {
    try {
      katex.renderToString(item.tex, { displayMode: item.display, throwOnError: true, strict: "error" });
    } catch (error) {
      failures.push({ tex: item.tex, error: String(error.message || error) });
    }
  }
  process.stdout.write(JSON.stringify(failures));
});
