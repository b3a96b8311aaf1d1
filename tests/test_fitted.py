"""The fitted records: read without torch, up to date with the pinned transformers, resolved
for a model_type no hand-written family serves, refused in one line where they were not fitted
for a config, and counting as transformers does on configs drawn at random (the seed printed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from symparam import fitted

ROOT = Path(__file__).resolve().parent.parent
PINNED = next(line.split("==")[1].strip('",') for line in
              (ROOT / "pyproject.toml").read_text().split() if line.startswith('"transformers=='))


def run_bounded(code: str, cpu: int = 120) -> subprocess.CompletedProcess[str]:
    """``code`` in a child of at most ``cpu`` seconds of CPU time."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=limit,
                          check=False)


# -- read without torch, only when asked for -------------------------------------------------


def test_records_are_read_without_torch() -> None:
    code = ("import sys; sys.modules['torch'] = None; sys.modules['transformers'] = None\n"
            "import symparam\n"
            "from symparam import fitted\n"
            "m = fitted.model_for_config({'model_type': 'deepseek_vl'})\n"
            "print(m.count(), m.label)\n")
    done = run_bounded(code)
    assert done.returncode == 0, done.stderr
    count, label = done.stdout.split()
    assert label == "DeepseekVLModel"
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    with torch.device("meta"):
        expected = transformers.DeepseekVLModel(transformers.DeepseekVLConfig()).num_parameters()
    assert int(count) == expected


def test_startup_reads_no_record_nor_the_index() -> None:
    code = ("import sys, symparam\n"
            "symparam.model('bert-base-uncased').count()\n"
            "from symparam.cli import main\n"
            "main(['count', 'gpt2', '--json'])\n"
            "print('symparam.fitted' in sys.modules, file=sys.stderr)\n")
    done = run_bounded(code)
    assert done.returncode == 0 and done.stderr.strip() == "False", done.stderr


def test_the_index_is_small_and_names_every_record() -> None:
    index = ROOT / "symparam" / "fitted" / "index.json"
    assert index.stat().st_size < 200_000
    shipped = sorted(p.stem for p in (ROOT / "symparam" / "fitted" / "records").glob("*.json"))
    assert fitted.names() == shipped
    assert len(shipped) >= 3


def test_a_list_made_from_the_sizes_names_only_sizes_the_record_reads() -> None:
    """A list transformers makes from the sizes (a ``layer_types`` list, its length the layer
    count) is checked against the file's as the record makes it: a length or a head's length
    that names a size held fixed (not read, not moved when the rule was checked) makes an empty
    list and refuses the default config's own file (ERNIE-4.5-VL's two expert sizes, once
    read as a progression as long as the vision width less 1,278)."""
    for name in fitted.names():
        keys = fitted.load(name)["keys"]
        sizes = {e["size"] for e in keys.values() if "size" in e}
        for path, entry in keys.items():
            for what in ("length", "head_length"):
                named = entry.get(what)
                assert not isinstance(named, str) or named in sizes, (name, path, what, named)


# -- up to date -------------------------------------------------------------------------------


def test_records_name_the_pinned_transformers() -> None:
    assert fitted.version() == PINNED
    for name in fitted.names():
        assert fitted.load(name)["transformers"] == PINNED, name


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_a_derivation_says_it_was_read_from_transformers_at_its_version(
        lang: str, tmp_path: Path) -> None:
    """As a formula and from a config.json, in every language, the derivation says what it
    counts and that it was read from transformers' module tree at the records' version."""
    from symparam.cli import main
    from symparam.wording import strings

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "afmoe", "architectures": ["AfmoeForCausalLM"]}))
    said = strings(lang)["described"]
    for argv, label in ((["afmoe", "--symbolic"], "AfmoeModel"),
                        ([str(config)], "AfmoeForCausalLM")):
        out = tmp_path / f"{lang}-{label}.md"
        assert main(["derive", *argv, "--lang", lang, "-o", str(out)]) == 0
        intro = out.read_text().split("## 1.")[0]
        assert f"transformers {PINNED}" in intro or f"transformers（{PINNED} 版）" in intro \
            or f"transformers({PINNED})" in intro, intro
        assert f"`{label}`" in intro, intro
        # each language's own sentence, not English's
        key = "fitted" if label == "AfmoeModel" else "fitted_config"
        assert said[key].split("{")[-1].split("}")[-1].strip(" .") in intro, intro
        assert ("read from transformers" in intro) == (lang == "en"), intro


@pytest.mark.parametrize(("model_type", "cls"), [("afmoe", "AfmoeForCausalLM"),
                                                  ("bros", "BrosModel")])
def test_a_page_says_whether_the_flops_were_read_off_the_forward(
        model_type: str, cls: str, tmp_path: Path) -> None:
    """A fitted record's page gives no memory beyond the weights; it sends the reader to
    ``symparam flops`` where its class's FLOPs were read off the forward, and says they were
    not where they were not (each as the FLOPs files say)."""
    from symparam.cli import main
    from symparam.fitted.forward import why_not

    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": model_type, "architectures": [cls]}))
    out = tmp_path / "page.html"
    assert main(["page", str(config), "-o", str(out)]) == 0
    running = out.read_text().split('id="running"')[1].split("</div>")[0]
    fitted = why_not(model_type, cls) is None
    assert ("<code>symparam flops</code> gives them" in running) == fitted, running
    assert ("its FLOPs are not derived" in running) == (not fitted), running


def test_what_a_fitted_model_is_reads_the_same_in_english_as_the_language_file_says() -> None:
    from symparam.fitted import _ENGLISH, model_for_type
    from symparam.wording import strings

    model = model_for_type("afmoe")
    table = strings("en")["described"]
    assert model.description == table["fitted"].format_map(model.described.fields)
    for key, english in _ENGLISH.items():
        fields = model.described.fields
        assert english.format_map(fields) == table[key].format(key="model_type", **fields)


def test_a_record_fitted_again_is_the_same() -> None:
    """The smallest record, fitted again with the installed transformers (which must be the
    pinned one), equals the one committed: regenerate with ``python tools/fit_records.py``."""
    transformers = pytest.importorskip("transformers")
    assert transformers.__version__ == PINNED, "install the pinned transformers (test extra)"
    smallest = min(fitted.names(), key=lambda n: fitted.load(n).get("builds", 10**9))
    done = run_bounded(f"import json; from symparam.fitting.records import fit_type\n"
                f"print(json.dumps(fit_type({smallest!r})))\n", cpu=240)
    assert done.returncode == 0, done.stderr[-2000:]
    again = json.loads(done.stdout)
    committed = {k: v for k, v in fitted.load(smallest).items() if k != "cpu_seconds"}
    assert again == committed, f"{smallest}: regenerate with python tools/fit_records.py"
