"""The fitted records against transformers: configs drawn from each type's default config,
counted by symparam from the config.json transformers writes and by ``num_parameters()`` on
the meta device.

The first draw is the default config; each other halves, keeps or doubles every size key
(top level and sections), flips each flag and picks an enum's value at random, and gives
half the list-valued keys another list (each integer of Swin's ``depths`` halved, kept or
doubled; another ``layer_types``); each picks a
class among those the auto mappings register; a config transformers refuses, or a class it
does not build, is not a draw. Each draw ends as ``exact`` (the same count), ``refused``
(symparam says why in one line) or ``silent`` (a different count: a bug — there must be
none).

    python tools/fitted_oracle.py                    # every record, 12 draws each
    python tools/fitted_oracle.py gemma3 --draws 50  # one type
    python tools/fitted_oracle.py --draws 6 --seed 2026 --write  # and docs/fitted-coverage.md
    python tools/fitted_oracle.py TYPE --draws 6 --seed 2026 --write  # these rows only (the
                                                     # others as docs/fitted-params-checked.json
                                                     # keeps them; the same draws and seed)
    python tools/fitted_oracle.py --draws 0 --write  # the document from what is kept
    python tools/fitted_oracle.py --flops --write    # FLOPs against FlopCounterMode: the
                                                     # table's FLOPs column, in place
    python tools/fitted_oracle.py --flops --draws 0 --write  # the column from what is kept
    python tools/fitted_oracle.py --flops --classes "ForQuestionAnswering$" ernie  # those

``tests/test_fitted_oracle.py`` runs a random sample of types on every run (the seed
printed).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's symparam and its records, not an installed one
sys.path.insert(0, str(ROOT / "tools"))  # fit_records, beside this file
DOC = ROOT / "docs" / "fitted-coverage.md"


def draw(model_type: str, rng: random.Random, default: bool = False,
         classes: list[str] | None = None) -> tuple[dict[str, Any], str, int] | None:
    """A config.json (as transformers writes it), a class and its ``num_parameters()``, or
    None where transformers does not build what was drawn; with ``default``, every size and
    flag kept at the default, and, where the class drawn does not build with it
    (BEiT's segmenter wants four out_indices), the next class in the drawn order that does."""
    import warnings

    import torch

    from symparam.fitting.keys import probe_values
    from symparam.fitting.meta import quiet_init
    from symparam.fitting.transformers_types import spec

    s = spec(model_type)
    values: dict[str, Any] = {}
    for path, key in s.keys.items():
        if default:
            break
        if key.kind == "size" and path != "num_labels":
            values[path] = max(1, rng.choice([key.value // 2, key.value, key.value * 2]))
        elif key.kind in ("flag", "enum") and rng.random() < 0.5:
            others = probe_values(key)
            if others:
                values[path] = rng.choice(others)
        elif key.kind == "other" and isinstance(key.value, list) and rng.random() < 0.5:
            values.update(_list_value(path, key, rng))
    values["num_labels"] = rng.choice([1, 2, 3, 5])
    among = [c for c in s.classes if classes is None or c in classes]
    order = rng.sample(among, len(among))
    for cls in order if default else order[:1]:
        try:
            config = s.make_config(values)
            with torch.device("meta"), quiet_init(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import transformers

                module = getattr(transformers, cls)(config)
            expected = int(module.num_parameters())
            data = config.to_dict()
        except Exception:
            continue
        data["architectures"] = [cls]
        return json.loads(json.dumps(data, default=str)), cls, expected
    return None


def _list_value(path: str, key: Any, rng: random.Random) -> dict[str, Any]:
    """Another value for a list-valued key (Swin's ``depths``, a ``layer_types`` list): a
    list of positive integers with each item halved, kept or doubled; another list of the
    kind :func:`~symparam.fitting.keys.probe_values` makes (strings, flags a layer);
    nothing for any other list."""
    from symparam.fitting.keys import probe_values

    value = key.value
    if value and all(type(v) is int and v > 0 for v in value):
        return {path: [max(1, rng.choice([v // 2, v, v * 2])) for v in value]}
    others = probe_values(key)
    return {path: rng.choice(others)} if others else {}


def check(model_type: str, draws: int, seed: int) -> Counter[str]:
    """The outcomes of ``draws`` draws for ``model_type`` (``exact``, ``refused: why``,
    ``silent: …``, ``unbuilt``; ``varied exact``: the exact ones other than the default)."""
    import symparam

    rng = random.Random(f"{seed}:{model_type}")
    out: Counter[str] = Counter()
    for k in range(draws):
        got = draw(model_type, rng, default=k == 0)
        if got is None:
            out["unbuilt"] += 1
            continue
        config, cls, expected = got
        try:
            counted = symparam.from_hf_config(config, name=model_type).count()
        except symparam.SymparamError as error:
            out[f"refused: {str(error).removeprefix(f'{model_type}: ')[:120]}"] += 1
            continue
        if counted == expected:
            out["exact"] += 1
            out["varied exact"] += k > 0
        else:
            out[f"silent: {cls} counts {counted:,}, transformers {expected:,}"] += 1
    return out


def counter_flops(config: dict[str, Any], cls: str, batch: int, seq: int | None,
                  image_keys: list[str] | None = None,
                  audio_keys: list[str] | None = None,
                  mel_keys: list[str] | None = None,
                  frame_keys: list[str] | None = None,
                  pad_token_id: int | None = None, side: int | None = None) -> int | str:
    """FlopCounterMode's total for ``cls`` built on the meta device from the config.json
    ``config``, run on B × s ``input_ids`` with eager attention and experts; or why it did
    not run. With ``image_keys`` (the channels' and the side's config keys, as the FLOPs
    file names them), on B images of those sizes read off transformers' config, and on
    B × s ``input_ids`` too where ``seq`` is given. With ``audio_keys`` (a feature
    encoder's kernels' and strides' keys), on B waveforms of the samples that those
    convolutions of transformers' config make s frames of, no token ids; where the model
    says how many frames a length gives (``_get_feat_extract_output_lengths``), it must
    say s. With ``mel_keys`` (the bins' and positions' keys), on B log-mel spectrograms of
    those bins and of the frames a Whisper-like encoder asks for: its positions times the
    strides of its two convolutions, as its own check computes them. With ``frame_keys``
    (a frame's width's key), on B × s frames of features of that width. With
    ``pad_token_id`` (a sequence classifier's, as the FLOPs file says the fit set it), that
    pad token where transformers' config sets none. ``side``: the side of square images no
    config key holds (``image_keys`` names none, null)."""
    import warnings

    import torch
    import transformers
    from torch.utils.flop_counter import FlopCounterMode

    from symparam.fitting.forward import run_meta
    from symparam.fitting.heads import padded

    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hf = transformers.AutoConfig.for_model(config["model_type"], **data)
            padded(hf, pad_token_id)

            def count(model: Any, batch: int, seq: int | None) -> int:
                given = {}
                if audio_keys and seq is not None:
                    from symparam.fitting.audio_made import length

                    kernels, strides = (_at(model.config, k) for k in audio_keys)
                    samples = length(kernels, strides, seq)
                    frames = getattr(model, "_get_feat_extract_output_lengths", None)
                    if frames is not None and int(frames(torch.tensor(samples))) != seq:
                        raise ValueError(f"{samples} samples make "
                                         f"{int(frames(torch.tensor(samples)))} frames, not s")
                    given["input_values"] = torch.zeros((batch, samples), device="meta")
                elif frame_keys and seq is not None:
                    width = int(_at(model.config, frame_keys[0]))
                    given["input_features"] = torch.zeros((batch, seq, width), device="meta")
                elif mel_keys:
                    bins, positions = (int(_at(model.config, k)) for k in mel_keys)
                    frames = positions * model.conv1.stride[0] * model.conv2.stride[0]
                    given["input_features"] = torch.zeros((batch, bins, frames), device="meta")
                elif seq is not None:
                    given["input_ids"] = torch.zeros((batch, seq), dtype=torch.long,
                                                     device="meta")
                if image_keys:
                    given["pixel_values"] = torch.zeros(
                        (batch, *_image(model.config, *image_keys, side_given=side)),
                        device="meta")
                counter = FlopCounterMode(display=False)
                with counter, torch.no_grad():
                    model(**given)
                return int(counter.get_total_flops())

            return int(run_meta(hf, cls, batch, seq, count))
    except Exception as error:  # a forward that does not run on the meta device
        return f"{type(error).__name__}: {str(error)[:100]}"


def _at(config: Any, path: str) -> Any:
    """The value of the key ``path`` (``vision_config.image_size``) in transformers'
    ``config``."""
    value = config
    for part in path.split("."):
        value = value[part] if isinstance(value, dict) else getattr(value, part)
    return value


def _image(config: Any, channels: str | int, side: str | None, frames: str = "",
           *, side_given: int | None = None) -> tuple[int, ...]:
    """C, height and width of an image as transformers' ``config`` sizes it: the values of
    the keys ``channels`` and ``side`` (``vision_config.image_size``: an int, or a pair);
    a video's frames first where ``frames`` names their key. Channels no key gives are a
    number (the code's 3); a side no key holds (None) is ``side_given``."""
    def at(path: str | int) -> Any:
        return path if isinstance(path, int) else _at(config, path)

    size = side_given if side is None else at(side)
    height, width = (size, size) if isinstance(size, int) else size
    return (*((int(at(frames)),) if frames else ()), int(at(channels)), int(height),
            int(width))


def check_flops(model_type: str, draws: int, seed: int, among: str = "") -> Counter[str]:
    """The FLOPs outcomes of ``draws`` draws (as :func:`check` draws them, with B and s drawn
    too) for a type with a FLOPs file: ``exact`` (symparam's FLOPs are FlopCounterMode's on
    the meta device), ``refused: why``, ``silent: …`` (a bug), ``unbuilt``, ``unrun`` (the
    forward does not run there, so nothing to compare); a drawn point the fit used is not
    a draw. With ``among`` (a regular expression), only the classes whose names it finds
    are drawn (``ForSequenceClassification$``: those heads' fits alone)."""
    import re

    import symparam
    from symparam.fitted import forward

    rng = random.Random(f"{seed}:flops:{model_type}")
    out: Counter[str] = Counter()
    data = forward.flops_file(model_type)
    for k in range(draws):
        got = draw(model_type, rng, default=k == 0,
                   classes=[c for c in data["classes"] if re.search(among, c)]
                   if data else None)
        if got is None:
            out["unbuilt"] += 1
            continue
        config, cls, _ = got
        batch, seq = rng.randint(1, 4), rng.randint(1, 64)
        entry = data["classes"].get(cls, {}) if data else {}
        if (entry.get("image_keys") or entry.get("mel_keys")) \
                and "input_ids" not in entry.get("inputs", {}):
            seq = None  # images or spectrograms alone: no sequence to give
        side = None
        if entry.get("image"):  # a side no config key holds: drawn, a multiple of m
            step = entry["image"]["multiple"]
            side = step * rng.randint(-(-entry["image"]["least"] // step), 640 // step)
        try:
            m = symparam.from_hf_config(config, name=model_type)
            if getattr(m, "record", None) is None:  # written as a type a hand-written family
                config = {**config, "model_type": model_type}  # serves (gpt-sw3 as gpt2)
                m = symparam.from_hf_config(config, name=model_type)
            ours = forward.flops(m, batch, seq, side)
        except symparam.SymparamError as error:
            out[f"refused: {str(error).removeprefix(f'{model_type}: ')[:120]}"] += 1
            continue
        at = {**m.sizes, "B": batch, **({"s": seq} if seq is not None else {}),
              **({"R": side} if side is not None else {})}
        if data and at in data["classes"][cls]["checked"]:
            continue
        real = counter_flops(config, cls, batch, seq, entry.get("image_keys"),
                             entry.get("audio_keys"), entry.get("mel_keys"),
                             entry.get("frame_keys"), pad_token_id=entry.get("pad_token_id"),
                             side=side)
        if isinstance(real, str):
            out[f"unrun: {real}"] += 1
        elif real == ours.flops:
            out["exact"] += 1
        else:
            out[f"silent: {cls} at B = {batch}, s = {seq}, R = {side}, {dict(m.sizes)}: "
                f"{ours.flops:,}, "
                f"FlopCounterMode "
                f"{real:,}"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    from symparam import fitted

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("types", nargs="*", help="model types (default: every record)")
    parser.add_argument("--draws", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true",
                        help="write docs/fitted-coverage.md from the outcomes kept in "
                             "docs/fitted-params-checked.json, these types' replaced "
                             "(--draws 0: from the kept ones alone)")
    parser.add_argument("--classes", default="", metavar="REGEX",
                        help="with --flops: draw only the classes whose names REGEX finds")
    parser.add_argument("--flops", action="store_true",
                        help="check the FLOPs files instead (with --write: the FLOPs column)")
    args = parser.parse_args(argv)
    if args.classes and (args.write or not args.flops):
        parser.error("--classes draws among a FLOPs file's classes: give --flops, not --write")
    if args.flops:
        return main_flops(args)
    kept = json.loads(PARAMS_CHECKED.read_text()) if PARAMS_CHECKED.exists() else None
    if args.write and args.types and kept is not None \
            and (kept["draws"], kept["seed"]) != (args.draws, args.seed):
        print(f"fitted_oracle: the kept outcomes are from --draws {kept['draws']} --seed "
              f"{kept['seed']}: check these types with those, or every record", file=sys.stderr)
        return 2
    if args.write and not args.draws and kept is None:
        print(f"fitted_oracle: --draws 0 writes from the kept outcomes, and "
              f"{PARAMS_CHECKED.relative_to(ROOT)} is missing", file=sys.stderr)
        return 2
    results = {}
    for model_type in (args.types or fitted.names()) if args.draws else ():
        results[model_type] = check(model_type, args.draws, args.seed)
        print(model_type, dict(results[model_type]), flush=True)
    silent = sum(n for r in results.values() for k, n in r.items() if k.startswith("silent"))
    print(f"{len(results)} types, {silent} silent")
    if args.write:
        merged = merge_params(kept, results, args, fitted.names())
        PARAMS_CHECKED.write_text(json.dumps(merged, indent=1) + "\n")
        write_doc({t: Counter(r) for t, r in merged["types"].items()},
                  argparse.Namespace(draws=merged["draws"], seed=merged["seed"]))
    return 1 if silent else 0


PARAMS_CHECKED = ROOT / "docs" / "fitted-params-checked.json"


def merge_params(kept: dict[str, Any] | None, results: dict[str, Counter[str]],
                 args: argparse.Namespace, records: list[str]) -> dict[str, Any]:
    """The outcomes docs/fitted-coverage.md is written from: the kept ones (a run over every
    record) with ``results`` in their place, for the records there are now. A run over some
    types only thus updates those rows and leaves every other as it was checked.

    >>> kept = {"draws": 6, "seed": 1, "types": {"a": {"exact": 6}, "gone": {"exact": 1}}}
    >>> merge_params(kept, {"b": Counter(exact=5)}, argparse.Namespace(draws=6, seed=1),
    ...              ["a", "b"])
    {'draws': 6, 'seed': 1, 'types': {'a': {'exact': 6}, 'b': {'exact': 5}}}
    """
    whole = not args.types and args.draws
    types = {} if whole or kept is None else dict(kept["types"])
    types.update({t: dict(r) for t, r in results.items()})
    if not args.draws:  # the kept ones alone
        return {**kept, "types": {t: r for t, r in kept["types"].items() if t in set(records)}}
    return {"draws": args.draws, "seed": args.seed,
            "types": {t: types[t] for t in sorted(types) if t in set(records)}}


def write_doc(results: dict[str, Counter[str]], args: argparse.Namespace) -> None:
    """docs/fitted-coverage.md: each type's outcome, and the types refused and why."""
    from fit_records import NO_CLASS
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    from symparam import fitted
    from symparam.catalog import model_types

    refused_path = ROOT / "symparam" / "fitted" / "refused.json"
    refused = json.loads(refused_path.read_text()) if refused_path.exists() else {}
    unclassed = sorted(t for t, why in refused.items() if why == NO_CLASS)
    refused = {t: why for t, why in refused.items() if why != NO_CLASS}
    unbuildable = {t for t, why in refused.items() if "does not build with the default" in why}
    builds = len(results) + len(refused) - len(unbuildable)
    registered = list(CONFIG_MAPPING_NAMES)
    served = [t for t in registered if t in set(model_types())]
    untried = sorted(set(registered) - set(served) - set(fitted.names()) - set(refused)
                     - set(unclassed))
    exact = [t for t, r in results.items() if r["exact"] and not _silent(r)]
    varied = [t for t in exact if results[t]["varied exact"]]
    silent = [t for t, r in results.items() if _silent(r)]
    lines = [
        "# Model types read off transformers' module trees: coverage",
        "",
        f"Records fitted with transformers {fitted.version()} by `python tools/fit_records.py` "
        "(how: [fitted-records.md](fitted-records.md)); checked by `python "
        f"tools/fitted_oracle.py --draws {args.draws} --seed {args.seed} --write`, which draws "
        "each type's default config and configs around it (every size halved, kept or doubled, "
        "flags flipped, half the lists of sizes each item halved, kept or doubled), each with "
        "a class of the auto mappings, writes them as transformers "
        "writes a config.json, and compares symparam's count with transformers' "
        "`num_parameters()` on the meta device.",
        "",
        f"- model types transformers registers a config for: {len(registered)}; served by "
        f"hand-written families (which take precedence): {len(served)}; with no class of "
        f"their own in the auto mappings (a part another type's classes hold; not fitted, "
        f"listed at the end): {len(unclassed)}; not tried yet: {len(untried)}"
        + (f" ({', '.join(untried)})" if untried else ""),
        f"- records checked: {len(results)} of {len(fitted.names())}",
        f"- model types whose default config builds: {builds} (of {len(results) + len(refused)}"
        f" fitted or tried; {len(unbuildable)} do not build with their default config)",
        f"- counted exactly on some draw, none counted wrong: {len(exact)} "
        f"({100 * len(exact) / max(builds, 1):.1f}% of those that build; the goal is 95%); "
        f"on a config other "
        f"than the default: {len(varied)} ({100 * len(varied) / max(builds, 1):.1f}%)",
        f"- silent (a count that differs from transformers'): {len(silent)} types"
        + (f" ({', '.join(silent)})" if silent else ""),
        f"- records with no exact draw (every draw refused or not built by transformers): "
        f"{len(results) - len(exact) - len(silent)}; types whose fit was refused: "
        f"{len(refused) - len(unbuildable)} (below, with why)",
        flops_summary(),
        "",
        "| model type | exact | refused | silent | not built | FLOPs | first refusal |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for model_type, r in sorted(results.items()):
        refusals = [k for k in r if k.startswith("refused")]
        lines.append(
            f"| {model_type} | {r['exact']} | {sum(r[k] for k in refusals)} | "
            f"{sum(n for k, n in r.items() if k.startswith('silent'))} | {r['unbuilt']} | "
            f"{flops_cell(model_type)} | "
            f"{refusals[0][9:].replace('|', '/') if refusals else ''} |")
    lines += ["", "## Types not fitted", "", "| model type | why |", "|---|---|"]
    lines += [f"| {t} | {why.replace('|', '/')} |" for t, why in sorted(refused.items())]
    if unclassed:
        lines += ["", "## Types with no class of their own", "",
                  f"{NO_CLASS[0].upper()}{NO_CLASS[1:]}: {', '.join(unclassed)}."]
    DOC.write_text("\n".join(lines) + "\n", encoding="utf-8")


FLOPS_CHECKED = ROOT / "docs" / "fitted-flops-checked.json"


def flops_cell(model_type: str, checked: Counter[str] | None = None) -> str:
    """The FLOPs column of a type: the classes read off the forward (and the last check
    against FlopCounterMode, docs/fitted-flops-checked.json), or why not."""
    from symparam.fitted import forward

    data = forward.flops_file(model_type)
    if data is None:
        return "not fitted yet"
    if checked is None and FLOPS_CHECKED.exists():
        checked = Counter(json.loads(FLOPS_CHECKED.read_text()).get(model_type, {}))
    if not data["classes"]:
        why = next(iter(data["refused"].values()), "")
        return f"refused: {why[:100]}".replace("|", "/")
    out = f"fitted: {', '.join(sorted(data['classes']))}"
    if checked:
        drawn = sum(n for k, n in checked.items() if k != "unbuilt")
        out += f" ({checked['exact']} of {drawn} draws exact" + (
            f", {sum(n for k, n in checked.items() if k.startswith('silent'))} silent"
            if _silent(checked) else "") + ")"
    return out


def flops_summary() -> str:
    """The FLOPs line of the coverage document's summary."""
    from symparam import fitted
    from symparam.fitted import forward

    files = {t: forward.flops_file(t) for t in fitted.names()}
    done = [t for t, d in files.items() if d is not None]
    read = [t for t in done if files[t]["classes"]]  # type: ignore[index]
    return (f"- FLOPs (`python tools/fit_records.py --flops TYPE`, read off the forward with "
            f"torch's FlopCounterMode on the meta device; checked by `python "
            f"tools/fitted_oracle.py --flops --write`): fitted for {len(read)} types, refused "
            f"for {len(done) - len(read)} (the reason in the column), not fitted yet for "
            f"{len(files) - len(done)}")


def main_flops(args: argparse.Namespace) -> int:
    """The FLOPs files against FlopCounterMode (:func:`check_flops`); with ``--write``, the
    outcomes kept in docs/fitted-flops-checked.json and the FLOPs column of the coverage
    document rewritten in place (its other columns are the count's, left as they are)."""
    from symparam import fitted
    from symparam.fitted import forward

    wanted = args.types or [t for t in fitted.names() if forward.flops_file(t) is not None]
    results: dict[str, Counter[str]] = {}
    for model_type in wanted if args.draws else ():  # --draws 0: the column from what is kept
        data = forward.flops_file(model_type)
        if data is None or not data["classes"]:
            continue
        results[model_type] = check_flops(model_type, args.draws, args.seed, args.classes)
        print(model_type, dict(results[model_type]), flush=True)
    silent = sum(n for r in results.values() for k, n in r.items() if k.startswith("silent"))
    print(f"{len(results)} types, {silent} silent")
    if args.write:
        kept = json.loads(FLOPS_CHECKED.read_text()) if FLOPS_CHECKED.exists() else {}
        kept.update({t: dict(r) for t, r in results.items()})
        FLOPS_CHECKED.write_text(json.dumps(dict(sorted(kept.items())), indent=1) + "\n")
        flops_column()
    return 1 if silent else 0


def flops_column() -> None:
    """The FLOPs column and summary line of docs/fitted-coverage.md, rewritten in place."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| model type | exact"))
    column = lines[header].split(" | ").index("FLOPs")
    for i, line in enumerate(lines):
        if line.startswith("- FLOPs"):
            lines[i] = flops_summary()
        elif i > header + 1 and line.startswith("| ") and line.count(" | ") >= column:
            cells = line.split(" | ")
            if cells[0] == "| model type":
                break
            cells[column] = flops_cell(cells[0][2:])
            lines[i] = " | ".join(cells)
        elif i > header + 1 and not line.startswith("|"):
            break
    DOC.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _silent(r: Counter[str]) -> bool:
    return any(k.startswith("silent") for k in r)


if __name__ == "__main__":
    sys.exit(main())
