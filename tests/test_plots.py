"""Plots: the parts add up to the total, each tensor lands in the right part, files are written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import symparam
from symparam.cli import main
from symparam.plots import parts
from tests.tools import ROOT, need

need("matplotlib")


@pytest.mark.parametrize("name", ["bert-base-uncased", "gpt2", "llama-2-7b", "mixtral-8x7b",
                                  "transformer-base", "toy-net"])
def test_parts_add_up(name: str) -> None:
    m = symparam.model(name)
    assert sum(parts(m).values()) == m.count()


def test_bert_parts() -> None:
    m = symparam.model("bert-base-uncased")
    found = parts(m)
    # embeddings: (V + L + T)·H; the embedding LayerNorm is a norm
    assert found["embeddings"] == (30522 + 512 + 2) * 768
    # per layer 4 projections H×H with bias; the FFN's two matrices; 2 LayerNorms per layer + 1
    assert found["attention"] == 12 * 4 * (768 * 768 + 768)
    assert found["MLP"] == 12 * (2 * 768 * 3072 + 3072 + 768)
    assert found["norms"] == (2 * 12 + 1) * 2 * 768
    assert found["head"] == 768 * 768 + 768  # the pooler


def test_mixture_of_experts_parts() -> None:
    found = parts(symparam.model("mixtral-8x7b"))
    assert found["experts"] == 32 * 8 * 3 * 4096 * 14336 and found["router"] == 32 * 8 * 4096


def test_plot_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png, svg = tmp_path / "b.png", tmp_path / "s.svg"
    assert main(["plot", "bert-base-uncased", "gpt2", "--breakdown", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["plot", "bert", "gpt2", "--sweep", "H=256:4096", "--set", "V=30522",
                 "--set", "L=512", "--set", "T=2", "--set", "N=12", "--set", "d_ff=3072",
                 "--set", "h=4", "-o", str(svg)]) == 0
    assert "<svg" in svg.read_text()
    assert main(["plot", "gpt2", "-o", str(png)]) == 2  # exists: refused without --force
    assert main(["plot", "gpt2", "-o", str(tmp_path / "x.txt")]) == 2
    assert main(["plot", "gpt2", "--sweep", "H=abc", "-o", str(tmp_path / "y.png")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.png", "s.svg"]
    capsys.readouterr()


def test_plots_return_figures_and_leave_the_backend_alone() -> None:
    """No pyplot: the user's backend stays, no figure is opened in pyplot's state (today's
    ``matplotlib.use("Agg")`` left the next ``plt.show()`` blank)."""
    from tests.test_security import WALL_GUARD, limited

    code = ("import sys, matplotlib, symparam\n"
            "from symparam import plots\n"
            "before = matplotlib.get_backend()\n"
            "figures = [plots.breakdown([symparam.model('gpt2')]),\n"
            "           plots.sweep([symparam.model('gpt2')], 'N', [1, 2, 4])]\n"
            "from matplotlib.figure import Figure\n"
            "print(before, matplotlib.get_backend(), 'matplotlib.pyplot' in sys.modules,\n"
            "      *(isinstance(f, Figure) and f._repr_png_()[:4] == b'\\x89PNG'\n"
            "        for f in figures))\n"
            "import matplotlib.pyplot as plt\n"
            "print(plt.get_backend(), plt.get_fignums())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, preexec_fn=limited, timeout=WALL_GUARD,
                          env={**os.environ, "MPLBACKEND": "svg", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "svg svg False True True", "svg []"]


def test_sweep_plot_axes_and_values_held_fixed() -> None:
    from symparam.plots import sweep

    figure = sweep([symparam.model("gpt2"), symparam.model("llama-2-7b")], "H",
                   [768, 1536, 3072])
    axes = figure.axes[0]
    assert axes.get_xlabel() == "hidden size H (dimensions), log scale"
    assert axes.get_ylabel() == "parameters (count, log scale)"
    assert [t.get_text() for t in axes.get_legend().get_texts()] == ["gpt2", "llama-2-7b"]
    (note,) = [t.get_text() for t in axes.texts if t.get_text().startswith("held fixed")]
    assert note.splitlines() == ["held fixed:", "gpt2: N = 12, V = 50,257, L = 1,024",
                                 "llama-2-7b: N = 32, V = 32,000, d_ff = 11,008, h = 32, "
                                 "h_kv = 32"]
    alone = sweep([symparam.model("llama-2-7b")], "N", [16, 32]).axes[0]
    assert alone.get_xlabel() == "number of layers N (layers), log scale"
    assert [t.get_text() for t in alone.texts if "held" in t.get_text()] == [
        "held fixed: V = 32,000, H = 4,096, d_ff = 11,008, h = 32, h_kv = 32"]


def test_sweep_plot_names_the_values_left_out(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from symparam.plots import sweep
    from symparam.sweep import SkippedWarning

    with pytest.warns(SkippedWarning, match=r"gpt2: left out 2 combinations: h does not "
                                            r"divide H: .* \(H=770, H=1000\)"):
        figure = sweep([symparam.model("gpt2")], "H", [768, 770, 1000, 1536])
    assert list(figure.axes[0].lines[0].get_xdata()) == [768, 1536]
    assert main(["plot", "gpt2", "--sweep", "H=768,770,1536", "-o",
                 str(tmp_path / "p.svg")]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("wrote") and err == (
        "symparam: note: gpt2: left out 1 combination: h does not divide H: the heads split "
        "the hidden size evenly (H=770)\n")
    assert main(["plot", "gpt2", "--sweep", "H=770,771", "-o", str(tmp_path / "q.svg")]) == 2
    assert capsys.readouterr().err.startswith("symparam: error: every one of the 2 ")
