// The language buttons: the page holds its words in every language, and the stylesheet shows
// those of the language on the root element. DATA (above) names the languages and the titles.
// The language shown is the address's (?lang=ko), else the first of the browser's that the
// page has, else the page's own; a button's choice goes into the address, so that a link to
// the page keeps it, and the links to other pages (the site's index) carry it.
const root = document.documentElement;
const own = root.lang;

function asked() {
  const query = new URLSearchParams(location.search).get("lang");
  if (DATA.languages.includes(query)) return query;
  for (const tag of navigator.languages || [navigator.language]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (DATA.languages.includes(primary)) return primary;
  }
  return own;
}

function language(code, remember) {
  if (!DATA.languages.includes(code)) return;
  root.lang = code;
  document.title = DATA.titles[code];
  for (const button of document.querySelectorAll("button[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === code));
  }
  for (const link of document.querySelectorAll("a[data-page]")) {
    link.setAttribute("href", `${link.dataset.page}?lang=${code}`);
  }
  if (!remember) return;
  const query = new URLSearchParams(location.search);
  query.set("lang", code);
  try {
    history.replaceState(null, "", `${location.pathname}?${query}${location.hash}`);
  } catch (error) {
    // a sandboxed frame may refuse: the page still shows the language chosen
  }
}

for (const button of document.querySelectorAll("button[data-lang]")) {
  button.addEventListener("click", () => language(button.dataset.lang, true));
}
language(asked(), false);
root.classList.add("live");
