// The index's search box: the rows whose model name, class or family holds every word typed
// (any case); a family with none left is hidden, and a line says when nothing is found.
const search = document.querySelector("input[data-search]");

function find() {
  const words = search.value.toLowerCase().split(/\s+/).filter((word) => word !== "");
  let shown = 0;
  for (const group of document.querySelectorAll("tbody[data-family]")) {
    let left = 0;
    for (const row of group.querySelectorAll("tr[data-text]")) {
      const hit = words.every((word) => row.dataset.text.includes(word));
      row.hidden = !hit;
      if (hit) left++;
    }
    group.hidden = left === 0;
    shown += left;
  }
  for (const el of document.querySelectorAll("[data-none]")) el.hidden = shown !== 0;
}

search.addEventListener("input", find);
find();
