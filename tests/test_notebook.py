"""The example notebook runs top to bottom (nbclient, as a user's Jupyter would)."""

from __future__ import annotations

from tests.tools import ROOT, need


def test_quickstart_notebook_runs() -> None:
    nbformat = need("nbformat")
    nbclient = need("nbclient")
    need("ipykernel")
    notebook = nbformat.read(ROOT / "examples" / "quickstart.ipynb", as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    texts = [str(o.get("data", {}).get("text/plain", o.get("text", ""))) for o in outputs]
    import symparam

    assert texts[0] == str(symparam.model("bert-base-uncased").count())
    assert r"N \left(4 H^{2}" in outputs[1]["data"]["text/latex"]
    assert "# Parameter count of bert-base-uncased" in outputs[2]["data"]["text/markdown"]
    bigger = symparam.model("bert-base-uncased", H=1024, h=16, d_ff=4096).count()
    assert f"{bigger:,}" in texts[-1]
