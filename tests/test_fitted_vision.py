"""FLOPs of vision models whose images no config key sizes (a ResNet's: a convolutional
network takes images of any side): the side R is an input, as B is, its strided
convolutions' floors fitted exactly. Against torch's counter on the meta device at sides and
sizes no fit used (odd sides, sides no stride divides), and the CLI's ``--image-size``
refusals, each one line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import symparam
from symparam.errors import InvalidValueError
from symparam.fitted import forward
from tests.test_fitted_flops import config, counted, refused

#: sides no fit ran at: odd, one above a power of two, one no stride of a ResNet divides
SIDES = (97, 129, 150, 231)


def fitted(model_type: str, cls: str) -> dict:
    data = forward.flops_file(model_type)
    if data is None or cls not in data["classes"] or "image" not in data["classes"][cls]:
        pytest.skip(f"{cls}'s FLOPs are not fitted on a free side")
    return dict(data["classes"][cls])


@pytest.mark.parametrize("cls", ["ResNetModel", "ResNetForImageClassification"])
def test_a_resnet_at_sides_the_fit_never_saw(cls: str) -> None:
    """A ResNet at an embedding width, channels and labels no fit used, on images of sides
    none of its strides divides: torch's counter's total, read without torch."""
    entry = fitted("resnet", cls)
    sizes = {"embedding_size": 48, "num_channels": 5, "hidden_sizes": [256, 512, 1024, 2048],
             "num_labels": 7}
    cfg = config("resnet", cls, **sizes)
    m = symparam.from_hf_config(cfg)
    for batch, side in zip((1, 3, 2, 1), SIDES, strict=True):
        got = forward.flops(m, batch, None, side).flops
        assert got == counted(cfg, cls, batch, None, entry["image_keys"], side=side), side


def test_the_side_is_a_symbol_of_the_formula() -> None:
    """The FLOPs file names R among the inputs, the formula holds it under floors, and
    what the forward ran on is said at the side given."""
    entry = fitted("resnet", "ResNetModel")
    assert entry["inputs"] == {"pixel_values": ["B", "num_channels", "R", "R"]}
    m = symparam.fitted.model_for_config({"model_type": "resnet",
                                          "architectures": ["ResNetModel"]})
    got = forward.flops(m, 2, None, 97)
    assert "floor" in str(got.formula) and "R" in {str(x) for x in got.formula.free_symbols}
    assert forward.run_on(m, 2, None, side=97) == ("run on 2 images of 97 × 97 pixels with "
                                                   "3 channels each")
    for lang in ("zh", "ko"):  # said in full, at the side given
        said = forward.run_on(m, 2, None, lang, side=97)
        assert "97 × 97" in said and not re.search(r"[A-Za-z]", said), said
    with pytest.raises(InvalidValueError, match="give the side"):
        forward.flops(m, 2, None)


def test_flops_cli_image_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``symparam flops resnet --image-size R``: R in the heading and in ``--json``; a side
    left out, a height other than the width, a side below what the fit checked, and a side
    given to a model whose config fixes it or that reads no image, each refused in one
    line."""
    from symparam.cli import main

    entry = fitted("resnet", "ResNetModel")
    assert main(["flops", "resnet", "--image-size", "150", "--batch", "2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["image_size"] == 150 and got["inputs"] == {"pixel_values": [2, 3, 150, 150]}
    assert got["run_on"] == "run on 2 images of 150 × 150 pixels with 3 channels each"
    assert main(["flops", "resnet", "--image-size", "150"]) == 0
    assert ", B = 1, R = 150: run on 1 image of 150 × 150" in capsys.readouterr().out
    assert "give the side" in refused(["flops", "resnet"], capsys)
    assert "square images" in refused(["flops", "resnet", "--image-size", "150x120"], capsys)
    low = entry["image"]["least"] - 1
    assert f"from {low + 1} up" in refused(["flops", "resnet", "--image-size", str(low)],
                                           capsys)
    assert "reads no image" in refused(["flops", "apertus", "--seq", "8", "--image-size",
                                        "64"], capsys)
    if forward.flops_file("beit") and "BeitModel" in forward.flops_file("beit")["classes"]:
        assert "fixes its images' size" in refused(["flops", "beit", "--image-size", "64"],
                                                   capsys)


def test_quotients_of_a_side_are_read_exactly() -> None:
    """The floors of a chain of strided convolutions are one quotient each: read off a
    number's values at sides of every remainder, told apart from the quotients that fit
    too (⌈R/4⌉ = ⌊(R + 3)/4⌋ is no ⌊R/4⌋)."""
    from symparam.fitting import image_side

    sides = list(range(200, 270))
    ceil4 = [-(-x // 4) for x in sides]
    assert image_side._function([(4, 3)], sides, ceil4)
    assert image_side._fits([(4, 3)], sides, ceil4)
    assert not image_side._function([(4, 0)], sides, ceil4)
    squared = [7 * (-(-x // 32)) ** 2 + 3 for x in sides]
    assert image_side._fits([(32, 31)], sides, squared)
    assert not image_side._fits([(32, 0)], sides, squared)
    assert image_side._same((32, 31), (32, 16), 32) and not image_side._same((32, 31),
                                                                              (32, 16), 1)
    # on multiples of 32, ⌊R/2⌋ is R/2: a polynomial in one is one in the other
    assert image_side._same((1, 0), (2, 0), 32) and not image_side._same((1, 0), (2, 0), 1)
    assert not image_side._same((64, 0), (32, 0), 32)


def free_sided() -> list[tuple[str, str]]:
    """Each (type, class) whose FLOPs were read on images of the free side R."""
    from tests.test_fitted_flops import FOLDER

    out = []
    for path in sorted(FOLDER.glob("*.json")):
        for cls, entry in json.loads(path.read_text(encoding="utf-8"))["classes"].items():
            if "image" in entry:
                out.append((path.stem, cls))
    return out


@pytest.mark.parametrize("model_type, cls", free_sided())
def test_each_free_sided_class_at_a_side_no_fit_ran(model_type: str, cls: str) -> None:
    """Every class read on images of the free side: its default config at a side no fit
    ran at (one above the sides swept, of another remainder modulo 32), torch's counter's
    total."""
    entry = fitted(model_type, cls)
    step = entry["image"]["multiple"]
    side = step * (-(-301 // step)) if step > 1 else 301
    seq = 5 if "input_ids" in entry["inputs"] else None
    cfg = config(model_type, cls)
    m = symparam.from_hf_config(cfg)
    got = forward.flops(m, 2, seq, side).flops
    assert got == counted(cfg, cls, 2, seq, entry["image_keys"], side=side)
