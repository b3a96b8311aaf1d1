"""The fitter: closed forms read off a module tree, checked against torch at sizes the fit never
saw (``sum(p.numel() for p in module.parameters())``, tied tensors once)."""

from __future__ import annotations

import itertools

import pytest
import sympy

from symparam.fitting import solve
from symparam.fitting.skeleton import Param, Reading, numbers, outline, skeleton
from symparam.symbols import H, N, V

# -- the exact solver (no torch) --------------------------------------------------------------


def _grid(**ranges: list[int]) -> list[dict[str, int]]:
    names = list(ranges)
    return [dict(zip(names, combo, strict=True))
            for combo in itertools.product(*ranges.values())]


def test_solver_finds_a_fused_projection() -> None:
    points = _grid(h=[4, 8, 16], h_kv=[1, 2, 4], d=[32, 64, 128])
    values = [(p["h"] + 2 * p["h_kv"]) * p["d"] for p in points]
    keys = ["h", "h_kv", "d"]
    linear = {k: solve.marginal_linear(points[0], points, values, k) for k in keys}
    assert linear == {"h": True, "h_kv": True, "d": True}
    found = solve.candidates(keys, points, values, linear)
    assert len(found) == 1
    d, h, h_kv = (solve.symbol(n) for n in ("d", "h", "h_kv"))
    assert sympy.expand(found[0].expr() - (h + 2 * h_kv) * d) == 0


def test_solver_finds_quotients_and_offsets() -> None:
    points = _grid(H=[64, 128, 256], h=[2, 4, 8])
    values = [p["H"] // p["h"] * 3 + 2 for p in points]
    found = solve.candidates(["H", "h"], points, values)
    assert [str(c.expr()) for c in found] == ["3*floor(H/h) + 2"]


def test_solver_refuses_what_no_term_fits() -> None:
    points = [{"H": x} for x in (2, 3, 5, 7, 11, 13)]
    values = [x**4 for x in (2, 3, 5, 7, 11, 13)]  # a 4th power: no term of the basis is one
    assert solve.candidates(["H"], points, values) == []
    chosen, why, _ = solve.settle([], [], [])
    assert chosen is None and "fits" in why


def test_settle_tells_apart_on_the_points_kept_to_check() -> None:
    points = [{"H": x} for x in (64, 128, 256)]
    found = solve.candidates(["H"], points, [x // 2 for x in (64, 128, 256)])
    assert len(found) == 1
    chosen, _, _ = solve.settle(found, [{"H": 96}], [48])
    assert chosen is not None
    chosen, why, _ = solve.settle(found, [{"H": 96}], [47])
    assert chosen is None and "does not hold" in why


def test_exact_solve_is_unique_or_nothing() -> None:
    assert solve.solve_exact([[1, 0], [0, 1], [1, 1]], [2, 3, 5]) is not None
    assert solve.solve_exact([[1, 0], [0, 1], [1, 1]], [2, 3, 6]) is None  # inconsistent
    assert solve.solve_exact([[2, 4], [1, 2]], [6, 3]) is None  # not unique


# -- the skeleton (no torch) ------------------------------------------------------------------


def _reading(kinds_by_layer: list[str]) -> Reading:
    params = []
    for i, kind in enumerate(kinds_by_layer):
        params.append(Param(f"layers.{i}.norm.weight", (8,), None))
        if kind == "full":
            params.append(Param(f"layers.{i}.attn.weight", (8, 8), None))
        else:
            params.append(Param(f"layers.{i}.conv.weight", (8, 4), None))
    return Reading(tuple(params), {})


def test_a_period_of_layer_kinds_is_one_run_per_place_in_the_period() -> None:
    tree = skeleton(_reading((["conv"] * 3 + ["full"]) * 4))
    listing = dict(tree.items)["layers"]
    assert listing.stride == 4
    assert [(s.start, s.count) for s in listing.segments] == [(0, 4), (1, 4), (2, 4), (3, 4)]


def test_a_prefix_of_dense_layers_then_the_rest() -> None:
    tree = skeleton(_reading(["full"] * 3 + ["conv"] * 9))
    listing = dict(tree.items)["layers"]
    assert listing.stride == 1
    assert [(s.start, s.count) for s in listing.segments] == [(0, 3), (3, 9)]
    # two depths of the same structure align; their numbers differ
    other = skeleton(_reading(["full"] * 3 + ["conv"] * 5))
    assert outline(other) == outline(tree)
    assert numbers(other)[("layers", "#1", "count")] == 5


def test_ties_inside_a_layer_compare_equal_across_layers() -> None:
    params = []
    for i in range(3):
        params.append(Param(f"layers.{i}.a.weight", (4, 4), None))
        params.append(Param(f"layers.{i}.b.weight", (4, 4), f"layers.{i}.a.weight"))
    tree = skeleton(Reading(tuple(params), {}))
    assert [(s.start, s.count) for s in dict(tree.items)["layers"].segments] == [(0, 3)]


# -- fitting modules (torch on the meta device) ------------------------------------------------

torch = pytest.importorskip("torch")
nn = torch.nn


def _numel(build, **sizes: int) -> int:
    with torch.device("meta"):
        module = build(**sizes)
    return sum(p.numel() for p in module.parameters())


def _agrees(build, fitted, **sizes: int) -> None:
    assert fitted.count(**sizes) == _numel(build, **sizes), sizes


def mlp(d_0: int, d_1: int, N: int, d_2: int) -> nn.Module:
    """An MLP: an input layer, N hidden layers of width d_1, an output layer."""
    layers = [nn.Linear(d_0, d_1), nn.ReLU()]
    for _ in range(N):
        layers += [nn.Linear(d_1, d_1), nn.ReLU()]
    layers.append(nn.Linear(d_1, d_2, bias=False))
    return nn.Sequential(*layers)


def cnn(C: int, c_1: int, c_2: int, k: int, n_labels: int) -> nn.Module:
    return nn.Sequential(nn.Conv2d(C, c_1, k, padding=1), nn.BatchNorm2d(c_1), nn.ReLU(),
                         nn.Conv2d(c_1, c_2, k, groups=1), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(c_2, n_labels))


class Layer(nn.Module):
    """A pre-norm transformer layer: grouped-query attention with h heads of H/h, a gated MLP."""

    def __init__(self, H: int, h: int, h_kv: int, d_ff: int) -> None:
        super().__init__()
        d = H // h
        self.norm_1 = nn.RMSNorm(H)
        self.q_proj = nn.Linear(H, h * d, bias=True)
        self.kv_proj = nn.Linear(H, 2 * h_kv * d, bias=False)
        self.o_proj = nn.Linear(h * d, H, bias=False)
        self.norm_2 = nn.LayerNorm(H)
        self.gate_up = nn.Linear(H, 2 * d_ff, bias=False)
        self.down = nn.Linear(d_ff, H, bias=False)


class LM(nn.Module):
    """Token table, N layers, a final norm and a head tied to the table."""

    def __init__(self, V: int, H: int, N: int, h: int, h_kv: int, d_ff: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(V, H)
        self.layers = nn.ModuleList(Layer(H, h, h_kv, d_ff) for _ in range(N))
        self.norm = nn.RMSNorm(H)
        self.head = nn.Linear(H, V, bias=False)
        self.head.weight = self.embed.weight


def test_an_mlp() -> None:
    from symparam.fitting import fit

    m = fit(mlp, d_0=32, d_1=64, N=3, d_2=10)
    d_0, d_1, d_2 = (solve.symbol(n) for n in ("d_0", "d_1", "d_2"))
    expected = (d_0 + 1) * d_1 + N * (d_1**2 + d_1) + d_1 * d_2
    assert sympy.expand(m.params - expected) == 0
    for sizes in ({"d_0": 7, "d_1": 129, "N": 5, "d_2": 3}, {"d_0": 1000, "d_1": 24, "N": 1,
                                                             "d_2": 17}):
        _agrees(mlp, m, **sizes)


def test_a_cnn() -> None:
    from symparam.fitting import fit

    m = fit(cnn, C=3, c_1=16, c_2=32, k=3, n_labels=10)
    for sizes in ({"C": 1, "c_1": 24, "c_2": 40, "k": 5, "n_labels": 7},
                  {"C": 4, "c_1": 8, "c_2": 128, "k": 7, "n_labels": 1000}):
        _agrees(cnn, m, **sizes)
    assert [part.name for part in m.parts()] == ["0", "1", "3", "6"]


def test_a_transformer_with_heads_and_a_tied_head() -> None:
    from symparam.fitting import fit

    m = fit(LM, V=1000, H=256, N=4, h=8, h_kv=2, d_ff=688)
    for sizes in ({"V": 3000, "H": 96, "N": 7, "h": 12, "h_kv": 4, "d_ff": 200},
                  {"V": 50, "H": 130, "N": 1, "h": 7, "h_kv": 3, "d_ff": 33}):  # 7 ∤ 130
        _agrees(LM, m, **sizes)
    tied = [t for t in m.tensors() if t.tied_to is not None]
    assert [(t.name, t.tied_to) for t in tied] == [("head.weight", "embed.weight")]
    assert "V" in {s.name for s in m.params.free_symbols}


def axial(H: int, d_0: int, N: int) -> nn.Module:
    """A ParameterList beside a ModuleList (Reformer's axial position embeddings): its
    tensors, named 0 and 1, are one module's, not a list of layers."""
    module = nn.Module()
    module.weights = nn.ParameterList([nn.Parameter(torch.empty(1, d_0, 1, H)),
                                       nn.Parameter(torch.empty(1, 1, 2 * d_0, H))])
    module.layers = nn.ModuleList(nn.Linear(H, H) for _ in range(N))
    return module


def test_a_parameter_list_is_one_module_of_numbered_tensors() -> None:
    from symparam.fitting import fit

    m = fit(axial, H=16, d_0=8, N=3)
    for sizes in ({"H": 24, "d_0": 5, "N": 7}, {"H": 9, "d_0": 64, "N": 1}):
        _agrees(axial, m, **sizes)
    assert {t.name for t in m.tensors()} >= {"weights.0", "weights.1"}


def every_third(H: int, N: int) -> nn.Module:
    """Layers whose every third one (1-based) has a wider MLP: a period of layer kinds."""
    module = nn.Module()
    module.layers = nn.ModuleList(
        nn.Linear(H, 2 * H if i % 3 == 2 else H) for i in range(N))
    return module


def test_a_period_of_layer_kinds_counts_at_any_depth() -> None:
    from symparam.fitting import fit

    m = fit(every_third, H=16, N=12)
    assert any(isinstance(f, sympy.floor) for f in m.params.atoms(sympy.floor))
    for n in (1, 2, 3, 4, 10, 11, 13, 29):
        _agrees(every_third, m, H=24, N=n)


def adapters(H: int, N: int) -> nn.Module:
    """An adapter beside every (N // 4)-th layer, as Evolla places its 8 by default: more
    layers move where the adapters are, not only how many layers there are."""
    module = nn.Module()
    every = max(N // 4, 1)
    module.layers = nn.ModuleList(
        nn.Linear(H, 2 * H if (i + 1) % every == 0 else H) for i in range(N))
    return module


def global_at(H: int, N: int) -> nn.Module:
    """Wider layers at fixed indices 2, 5, 8, 11 (SAM's global attention): a period of three
    up to twelve layers, none past them."""
    module = nn.Module()
    module.layers = nn.ModuleList(
        nn.Linear(H, 2 * H if i in (2, 5, 8, 11) else H) for i in range(N))
    return module


@pytest.mark.parametrize(("build", "example", "inside", "outside"), [
    (adapters, 16, [16, 17], [8, 32]),
    (global_at, 8, [4, 8, 9], [15, 24]),
])
def test_a_layer_count_past_which_other_layers_change_is_bounded(
        build, example: int, inside: list[int], outside: list[int]) -> None:
    """Where a probe of a size built other modules, the fit holds between the values seen to
    keep the example's and is refused past them, by the size's name: never a guess."""
    from symparam import SymparamError
    from symparam.fitting import fit

    m = fit(build, H=8, N=example)
    for n in inside:
        _agrees(build, m, H=12, N=n)
    for n in outside:
        with pytest.raises(SymparamError, match=rf"^N = {n} is not a value {build.__name__} "
                                                r"was fitted for \(\d+ (to \d+|or \w+)\)"):
            m.count(H=12, N=n)


def test_a_dimension_nothing_fits_is_refused_by_name() -> None:
    from symparam.fitting import FitError, fit

    def fourth(H: int) -> nn.Module:
        module = nn.Module()
        module.fc = nn.Linear(H, H**4, bias=False)
        return module

    with pytest.raises(FitError, match=r"^fc\.weight \(dimension 0\)"):
        fit(fourth, H=4)


def test_the_fitted_model_answers_every_count_command() -> None:
    from symparam.fitting import fit

    m = fit(LM, V=1000, H=256, N=4, h=8, h_kv=2, d_ff=688)
    assert m.count() == _numel(LM, V=1000, H=256, N=4, h=8, h_kv=2, d_ff=688)
    assert sympy.expand(m.params.coeff(V) - H) == 0  # the tied head adds no V·H
    derivation = m.derive()
    assert derivation.value == m.count()
    assert "torch's module tree" in derivation.to_markdown()
    with pytest.raises(Exception, match="FLOPs"):
        m.flops()


# -- symparam.fit and `symparam fit` ----------------------------------------------------------


def test_the_api_fits_and_counts_at_sizes_it_did_not_see() -> None:
    import symparam

    m = symparam.fit(LM, V=500, H=64, N=2, h=4, h_kv=4, d_ff=128)
    assert isinstance(m, symparam.Model)
    _agrees(LM, m, V=77, H=48, N=9, h=6, h_kv=2, d_ff=100)
    with pytest.raises(symparam.SymparamError, match="positive integer"):
        symparam.fit(LM, V=500, H=0, N=2, h=4, h_kv=4, d_ff=128)
    with pytest.raises(symparam.SymparamError, match="example sizes"):
        symparam.fit(LM)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from symparam.cli import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_reads_a_builder_from_a_module_of_the_current_folder(
        tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    (tmp_path / "mynet.py").write_text(
        "import torch\n"
        "def build(H, N):\n"
        "    return torch.nn.Sequential(*[torch.nn.Linear(H, H) for _ in range(N)])\n")
    monkeypatch.chdir(tmp_path)
    status, out, err = _cli(capsys, "fit", "mynet:build", "--size", "H=16", "--size", "N=3",
                            "--json")
    assert status == 0, err
    record = json.loads(out)
    assert record["text"] == "N·(H² + H)" and record["sizes"] == {"H": 16, "N": 3}
    assert record["params"] == 3 * (16 * 16 + 16)
    status, out, _ = _cli(capsys, "fit", "mynet:build", "--size", "H=16", "--size", "N=3")
    assert status == 0 and "N·(H² + H)" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["fit", "no-such thing", "--size", "H=2"], "is not package.module:function"),
    (["fit", "symparam_no_such_module:build", "--size", "H=2"], "cannot import"),
    (["fit", "torch.nn:NoSuchLayer", "--size", "H=2"], "has no NoSuchLayer"),
    (["fit", "torch.nn:Linear"], "example sizes"),
    (["fit", "torch.nn:Linear", "--size", "in_features=4", "--size", "bias=true"],
     "a size is a positive integer"),
    (["fit", "torch.nn:Linear", "--size", "H=4"], "does not build at the example sizes"),
])
def test_bad_input_is_one_line_and_status_2(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _cli(capsys, *argv)
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    assert message in err


def test_without_torch_one_line_and_status_2(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = ("import sys; sys.modules['torch'] = None\n"
            "import symparam\n"
            "assert 'torch' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
            "from symparam.cli import main\n"
            "sys.exit(main(['fit', 'mynet:build', '--size', 'H=4']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(root), "PATH": "/usr/bin"},
                          check=False)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert "needs torch" in done.stderr


def test_importing_symparam_does_not_import_torch() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = "import sys, symparam; print('torch' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin"}, check=True)
    assert done.stdout.strip() == "False"


# -- folding fitted alternatives into one record node (no torch) -------------------------------


def test_a_pair_of_values_folds_in_as_the_exact_complement() -> None:
    """A decoder tied unless both flags are false (BLIP's two tie_word_embeddings): the tied
    entry stays for every other combination, the untied one only for both false."""
    from itertools import product

    from symparam.fitted.tree import build
    from symparam.fitting.merge import merge

    def node(tie: bool) -> dict:
        head = {"shape": ["V", "H"], **({"tie": "abs:embed"} if tie else {})}
        return {"module": "", "type": "M", "items": [["embed", {"shape": ["V", "H"]}],
                                                    ["head", head]]}

    universe = {"a": [True, False], "b": [True, False]}
    merged = merge(node(True), node(False), {"a": False, "b": False},
                   {"a": True, "b": True}, universe)
    for a, b in product([True, False], repeat=2):
        tree = build(merged, {"a": a, "b": b})
        assert tree.count(V=10, H=4) == (80 if not a and not b else 40), (a, b)
