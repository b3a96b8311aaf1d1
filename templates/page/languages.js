// The language buttons: the page holds its words in every language, and the stylesheet shows
// those of the language on the root element. DATA (above) names the languages and the titles.
const root = document.documentElement;

function language(code) {
  if (!DATA.languages.includes(code)) return;
  root.lang = code;
  document.title = DATA.titles[code];
  for (const button of document.querySelectorAll("button[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === code));
  }
}

for (const button of document.querySelectorAll("button[data-lang]")) {
  button.addEventListener("click", () => language(button.dataset.lang));
}
root.classList.add("live");
