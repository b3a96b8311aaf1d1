"""LaTeX that survives real use: every derivation compiles with no overfull box, and a fragment
pastes into a paper (article, two-column article, IEEEtran) with only the packages it names.

To keep the cost down, the derivations of every model (families and model types without values,
presets with their values and, where derived, the compute of a 128-token sequence) go into one
document per language: the standalone preamble once, then each body on its own pages. An
overfull box is reported with the model whose lines hold it.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

import symparam
from symparam.catalog import model_names, presets
from symparam.cli import main
from symparam.derivation import Derivation
from symparam.errors import SymparamError
from tests.tools import require

ENGINE = {"en": "pdflatex", "zh": "xelatex", "ko": "xelatex"}
CJK_FONTS = {
    "en": "",
    "zh": "\\setCJKmainfont{Noto Serif CJK SC}\n\\setCJKmonofont{Noto Sans Mono CJK SC}\n",
    "ko": "\\setmainhangulfont{Noto Serif CJK KR}\n\\setmonohangulfont{Noto Sans Mono CJK KR}\n",
}
CLASSES = {
    "article": "\\documentclass{article}",
    "twocolumn": "\\documentclass[twocolumn]{article}",
    "IEEEtran": "\\documentclass[conference]{IEEEtran}",
}
_LINES = re.compile(r"at lines? (\d+)")


#: vision–language types no preset draws, derived with their FLOPs from a file of defaults
#: (the images' tokens enter every term of the compute section)
UNPRESET = ("internvl", "llava", "llava_next")


@cache
def derivations() -> dict[str, Derivation]:
    """Every name symparam knows: families and model types symbolic, presets with values; the
    types of :data:`UNPRESET` with values and FLOPs too."""
    out = {}
    for name in model_names():
        if name in presets():
            model = symparam.model(name)
            try:
                out[name] = model.derive(seq=128)
            except SymparamError:  # no compute derived for this family
                out[name] = model.derive()
        else:
            out[name] = symparam.model(name).derive(symbolic=True)
    for name in UNPRESET:
        out[f"{name} (defaults)"] = symparam.from_hf_config({"model_type": name}).derive(seq=128)
    return out


def compile_tex(source: str, engine: str, folder: Path) -> str:
    """The log of compiling ``source`` once; a LaTeX error fails the test with its context."""
    require(shutil.which(engine) is not None, engine)
    (folder / "doc.tex").write_text(source, encoding="utf-8")
    done = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          cwd=folder, capture_output=True, text=True, errors="replace",
                          check=False, timeout=900)
    log = (folder / "doc.log").read_text(encoding="utf-8", errors="replace")
    assert done.returncode == 0, log[-3000:]
    return log


def part(name: str) -> str:
    """The line that starts a model's part of a document, after the \\clearpage that ships
    the pages before: it says the model's name in the log, for a page too tall (a \\vbox,
    which the log gives no source line)."""
    return f"\\typeout{{{_PART}{name}}}\n"


_PART = "symparam part: "


def overfull(log: str, starts: list[tuple[int, str]]) -> list[str]:
    """Each overfull box in ``log``, named by the model whose part of the source holds it: a
    line too wide (\\hbox) by its source line, a page too tall (\\vbox: a chain or a table
    kept whole and taller than the page) by the part being set (each part starts a page:
    :func:`part`)."""
    found, current = [], "?"
    for line in log.splitlines():
        if line.startswith(_PART):
            current = line.removeprefix(_PART)
        elif line.startswith("Overfull \\hbox"):
            match = _LINES.search(line)
            at = int(match.group(1)) if match else 0
            owner = [name for first, name in starts if first <= at]
            found.append(f"{owner[-1] if owner else '?'}: {line}")
        elif line.startswith("Overfull \\vbox"):
            found.append(f"{current}: {line}")
    return found


#: what the macros write to the log of a chain they let break across pages (taller than a page)
_TALL = "symparam: a chain taller than a page"
_SHIPPED = re.compile(r"\[(\d+)")


def breaking_pages(log: str) -> set[int]:
    """The pages of the parts (:func:`part`) holding a chain taller than a page, which breaks
    between its lines as the log says; the pages a part ships come after its name in the log
    (the \\clearpage before the next part ships its last)."""
    shipped: dict[str, list[int]] = {}
    tall, current = set(), "?"
    for line in log.splitlines():
        if line.startswith(_PART):
            current = line.removeprefix(_PART)
            continue
        if line.startswith(_TALL):
            tall.add(current)
        shipped.setdefault(current, []).extend(int(n) for n in _SHIPPED.findall(line))
    return {page for name in tall for page in shipped.get(name, [])}


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_every_derivation_has_no_overfull_box(lang: str, tmp_path: Path) -> None:
    documents = {name: d.to_latex(lang=lang) for name, d in derivations().items()}
    first = next(iter(documents.values()))
    head, _, _ = first.partition("\\begin{document}\n")
    parts = [head, "\\begin{document}\n\\raggedright\n"]
    starts = []
    line = sum(p.count("\n") for p in parts) + 1
    for name, text in documents.items():
        body = text.partition("\\maketitle\n")[2].rpartition("\\end{document}")[0]
        assert body, name
        starts.append((line, name))
        chunk = f"\\clearpage\n% {name}\n{part(name)}{body}"
        parts.append(chunk)
        line += chunk.count("\n")
    parts.append("\\end{document}\n")
    log = compile_tex("".join(parts), ENGINE[lang], tmp_path)
    assert overfull(log, starts) == []
    assert broken_chains(tmp_path / "doc.pdf", breaking_pages(log)) == []


def broken_chains(pdf: Path, tall: set[int] = frozenset()) -> list[str]:
    """Page breaks that fall inside a chain of equalities: a page whose last line ends with
    + or - (a step continues), or whose next page starts with = (the next step), but on the
    pages ``tall`` of a chain taller than a page."""
    require(shutil.which("pdftotext") is not None, "pdftotext (poppler-utils)")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = [[line.strip() for line in page.splitlines() if line.strip()]
             for page in text.split("\f")]
    found = []
    for number, (page, following) in enumerate(itertools.pairwise(pages), start=1):
        last = page[-2] if len(page) > 1 else ""  # the page's last line is its number
        if number in tall:
            continue
        if last.endswith(("+", "-", "=")) or (following and following[0].startswith("=")):
            found.append(f"page {number}: {last[-40:]!r} / {following[:1]}")
    return found


def test_document_layout() -> None:
    document = derivations()["gpt2"].to_latex()
    assert "\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}" in document
    assert document.count("\\begin{longtable}") == document.count("\\endhead") > 3
    assert "\\begin{align" not in document and "\\[" not in document
    assert "\\symparambegin{P_{1}}\n\\symparamstep{" in document


def requires(fragment: str) -> str:
    """The packages a fragment's first line names, as a preamble line."""
    first = fragment.splitlines()[0]
    assert first.startswith("% requires: \\usepackage{"), first
    return first.removeprefix("% requires: ")


def test_fragment_is_only_a_body() -> None:
    body = derivations()["gpt2"].to_latex(fragment=True)
    assert body.startswith("% requires: \\usepackage{array,booktabs,tabularx}\n")
    for absent in ("\\documentclass", "\\end{document}", "longtable", "\\vfill", "\\section{",
                   "Generated by symparam from the block tree"):
        assert absent not in body
    assert "\\subsection{" in body and "\\subsubsection{" in body
    deeper = derivations()["gpt2"].to_latex(fragment=True, heading_level="paragraph")
    assert "\\paragraph{" in deeper and "\\subparagraph{" in deeper
    assert "\\subsection{" not in deeper
    with pytest.raises(SymparamError, match="heading level"):
        derivations()["gpt2"].to_latex(fragment=True, heading_level="chapter")


def test_heading_level_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "gpt2", "--format", "tex", "--fragment",
                 "--heading-level", "section"]) == 0
    out = capsys.readouterr().out
    assert "\\section{" in out and "\\subsection{" in out and "\\documentclass" not in out
    assert main(["derive", "gpt2", "--format", "tex", "--heading-level", "chapter"]) == 2
    assert "unknown heading level 'chapter'" in capsys.readouterr().err


@pytest.mark.parametrize("flags", [["--fragment"], ["--heading-level", "section"],
                                   ["--fragment", "--heading-level", "paragraph"]])
def test_latex_options_are_refused_for_markdown(flags: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A Markdown derivation has no preamble to leave out: --fragment is refused in one line,
    exit 2, rather than silently ignored (and so is --math for LaTeX)."""
    assert main(["derive", "gpt2", *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "--format latex" in err[0] and flags[0] in err[0]
    assert main(["derive", "gpt2", "--format", "tex", "--math", "katex"]) == 2
    assert "--math" in capsys.readouterr().err


@pytest.mark.sweep(weight=2)  # each class compiles every model's fragment: two in five a run
@pytest.mark.parametrize(("lang", "cls"), [("en", "article"), ("en", "twocolumn"),
                                           ("en", "IEEEtran"), ("zh", "twocolumn"),
                                           ("ko", "twocolumn")])
def test_fragments_paste_into_a_paper(lang: str, cls: str, tmp_path: Path) -> None:
    """Every model's fragment, one after another (each brings its own definitions, so that
    pasting two works), in a document that loads only what the first line asks for: no line
    too wide, and no page or column too tall (a chain or a table taller than a column breaks
    between its lines; each fragment starts a page, which names it in the log)."""
    if cls == "IEEEtran":
        require(shutil.which("kpsewhich") is not None and subprocess.run(
            ["kpsewhich", "IEEEtran.cls"], capture_output=True, check=False).returncode == 0,
            "IEEEtran.cls (texlive-publishers)")
    fragments = {name: d.to_latex(lang=lang, fragment=True) for name, d in derivations().items()}
    preamble = f"{CLASSES[cls]}\n{requires(next(iter(fragments.values())))}\n{CJK_FONTS[lang]}"
    parts = [preamble, "\\begin{document}\n"]
    starts = []
    line = sum(p.count("\n") for p in parts) + 1
    for name, text in fragments.items():
        assert requires(text) == requires(next(iter(fragments.values())))
        chunk = (f"\\clearpage\n{part(name)}"
                 f"\\section{{Parameters of {name.replace('_', ' ')}}}\n{text}")
        starts.append((line, name))
        parts.append(chunk)
        line += chunk.count("\n")
    parts.append("\\end{document}\n")
    log = compile_tex("".join(parts), ENGINE[lang], tmp_path)
    assert overfull(log, starts) == []
