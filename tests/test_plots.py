"""Plots: the parts add up to the total, each tensor lands in the right part, files are written."""

from __future__ import annotations

from pathlib import Path

import pytest

import symparam
from symparam.cli import main
from symparam.plots import parts
from tests.tools import need

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
