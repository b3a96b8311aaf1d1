"""What each size key of a transformers model type is in its record: a symbol with its default
(the config class's, or the formula transformers works it out by), bounds, or fixed at its
value where the structure hangs on it; keys the model code reads only where a file gives
them; each section's model_type (needs torch, transformers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from symparam.fitting.builds import (
    Builds,
    same_tree,
)
from symparam.fitting.fitter import Build, FitError, Fitted, fit_node
from symparam.fitting.meta import quiet_init
from symparam.fitting.skeleton import (
    Leaf,
    Node,
)
from symparam.fitting.transformers_types import (
    Key,
    key_value,
    symbol_names,
)


class SizeKeys(Builds):
    """A type's builds, and what each of its size keys is."""

    def size_entries(self) -> dict[str, Any]:
        """Each size key as the record holds it: a symbol with its default, or, where the
        structure hangs on it (another value makes other modules), fixed at its value."""
        out: dict[str, Any] = {}
        for path in self.sizes:
            key, name = self.s.keys[path], self.names[path]
            if name in self.fixed:
                found = self.default_of(key)
                # its symbol too: a tree fitted before a class fixed it may hold it
                entry: dict[str, Any] = {"fixed": [self.point[name]], "symbol": name}
                if path in self.periods:  # a period: each value fitted as an alternative
                    entry = {"values": [self.point[name], *self.periods[path]], "symbol": name}
                if "derived" in found:  # the value transformers works out when it is unset
                    entry = {"same_as": found["derived"], "unset": found.get("unset")}
                    if path in self.written([path]):  # what the default config's file holds
                        entry["written"] = self.written([path])[path]
                elif isinstance(key.class_default, int):
                    entry["default"] = key.class_default
                if "." in path and key.value != key.class_default:
                    entry["absent"] = key.value
                out[path] = entry
            else:
                out[path] = {"size": name, **self.default_of(key), **self.bound(name, key)}
                if self.rewritten(path):
                    out[path]["rewritten"] = True
                    kept = self.kept_as(path)
                    if kept is not None:
                        out[path]["kept_as"] = kept
        return out

    def rewritten(self, path: str) -> bool:
        """Whether the config class keeps another value than its class default for the size
        ``path`` (BailingHybridConfig sets head_dim to qk_rope_head_dim, keeping the given
        one as linear_head_dim): the file transformers writes then holds a value the fit
        did not start from, so a file that gives it is refused."""
        section, _, key = path.rpartition(".")
        spec_key = self.s.keys[path]  # the default a file that leaves it out is made with;
        value = spec_key.class_default  # where another value is overwritten from other keys,
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:  # it moves
            return False  # nothing and is not counted
        try:
            config = self.s.make_config({path: value})
        except Exception:  # transformers refusing the value: not a rewrite
            return False
        held = getattr(config, section, None) if section else config
        if isinstance(held, dict):
            return bool(held.get(key, value) != value)
        return held is not None and key_value(held, key, value) != value

    def kept_as(self, path: str) -> str | None:
        """Where the config class keeps the value a size it rewrites was given, as the file
        transformers writes holds it (BailingHybridConfig's head_dim as linear_head_dim): a
        key of the same section, no field of its class, equal to the value given at two
        values; a file that holds it is read by it."""
        section, _, key = path.rpartition(".")
        default = self.s.keys[path].class_default
        found: set[str] | None = None
        for value in (default, 2 * default, default + 1):
            try:
                data = self.s.make_config({path: value}).to_dict()
            except Exception:
                continue
            held = data.get(section) if section else data
            if not isinstance(held, dict):
                return None
            same = {k for k, v in held.items() if k != key and type(v) is int and v == value}
            found = same if found is None else found & same
        fields = {k.rpartition(".")[2] for k in self.s.keys
                  if k.rpartition(".")[0] == section}
        kept = sorted((found or set()) - fields)
        return kept[0] if len(kept) == 1 else None

    def bound(self, name: str, key: Key) -> dict[str, int]:
        """The lowest and highest value of a size whose other values make other modules
        (``min``, ``max``): those the fits saw, widened to the default the fits started from,
        whose modules are the example's (a layer count is lowered only where they stay)."""
        lo, hi = self.bounds.get(name, (None, None))
        known = [v for v in (key.value, self.point[name])
                 if isinstance(v, int) and not isinstance(v, bool) and v > 0]
        out = {}
        if lo is not None:
            out["min"] = min([lo, *known])
        if hi is not None:
            out["max"] = max([hi, *known])
        return out

    def follow_derived(self, base: str, first: Fitted) -> Fitted:
        """The base model fitted again with the sizes it held fixed whose default
        transformers works out from other sizes (RoFormer's embedding_size, hidden_size where
        left out) left out of every build, where that holds fewer sizes fixed: given at its
        default, such a size adds a projection when hidden_size moves alone, so hidden_size
        was fixed with it, and the head count with hidden_size. It stays held to its formula
        (``same_as``: a file that gives another value is refused)."""
        follow = frozenset(name for name in self.fixed if self.s.keys[
            self.paths[name]].class_default is None and
            "derived" in self.default_of(self.s.keys[self.paths[name]]))
        if not follow or not set(self.fixed) - follow:
            return first
        kept = (dict(self.fixed), dict(self.bounds), self.cache)
        self.follow, self.cache = follow, {}
        self.fixed = {name: "transformers works it out from other sizes" for name in follow}
        self.bounds = {}
        try:
            found = self.fit(base, {})
        except FitError:
            found = None
        if found is not None and len(self.fixed) < len(kept[0]):
            self.say(f"{base}: {', '.join(sorted(follow))} left to transformers")
            return found
        self.follow = frozenset()
        self.fixed, self.bounds, self.cache = kept
        return first

    def optional_sizes(self, base: str) -> list[str]:
        """The keys the model code reads with a fallback that its config class does not
        define (:func:`~symparam.fitting.transformers_types._unread`) and that, given a size,
        build another tree: each fitted given, as a size of its own."""
        firsts = {cls: self.reading(cls, self.point) for cls in self.s.classes}
        names = symbol_names([*self.sizes, *self.s.unread])
        for path in self.s.unread:
            built = [v for v in (64, 128, 32, 16, 8)
                     if not isinstance(self.reading(base, {**self.point, path: v}), str)]
            if len(built) < 2 or all(same_tree(self.reading(cls, {**self.point, path: built[0]}),
                                           first) for cls, first in firsts.items()):
                continue
            self.optional[path] = (names[path], built[0])
            self.paths[names[path]] = path
        return list(self.optional)

    def default_of(self, key: Key) -> dict[str, Any]:
        """What a config.json that leaves the size out gets: the config class's default, or,
        where transformers works it out from other sizes (head_dim from hidden_size and the
        heads), that formula, fitted on configs alone; for a section's key, also what a file
        without the section gets."""
        out: dict[str, Any] = {}
        if "." in key.path and key.value != key.class_default:
            out["absent"] = key.value
        if isinstance(key.class_default, int) and not isinstance(key.class_default, bool):
            if key.class_default > 0:
                out["default"] = key.class_default
                return out
            out["unset"] = key.class_default  # −1: "to the last layer", worked out below
        try:
            found = fit_node(self._config_observer(key.path), self.point, self.seed)
        except FitError:
            return out  # none: a file must give it
        expr = found.node["items"][0][1]["shape"][0]
        out["derived"] = expr
        return out

    def _config_observer(self, path: str) -> Callable[[Mapping[str, int]], Build | str]:
        name = self.names[path]

        def observe(values: Mapping[str, int]) -> Build | str:
            given = {self.paths[k]: v for k, v in values.items() if k != name}
            try:
                config = self.s.make_config(given, drop=path)
            except Exception as error:
                return type(error).__name__
            section, _, key = path.rpartition(".")
            value = key_value(getattr(config, section) if section else config, key)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                return f"{path} is {value!r}"
            tree = Node("", "", (("value", Leaf((value,))),))
            return Build(dict(values), tree, value)

        return observe

    def built_sections(self) -> dict[str, str]:
        """Each section's model_type in the default config once the base model is built
        from it: MaskFormer's model swaps its Swin backbone's config for a MaskFormerSwin
        one, which a config.json saved after the model was made holds."""
        import warnings

        import torch
        import transformers

        config = self.s.make_config({})
        try:
            with torch.device("meta"), quiet_init(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                getattr(transformers, self.s.classes[0])(config)
        except Exception:  # it builds (the fit began with it); a failure here says nothing
            return {}
        written = config.to_dict()  # as a file holds it (the class's model_type, not the
        return {name: str(written[name].get("model_type", ""))  # one the instance was made with)
                for name in self.s.sections if isinstance(written.get(name), dict)}

    def sections(self) -> dict[str, Any]:
        """Each section's model_type (and the other one transformers reads as it: an old
        checkpoint's), and whether a file without the section gives its keys at the top
        (``flat``: Qwen2-VL's hub configs), both as transformers is found to read them."""
        out: dict[str, Any] = {}
        top = {f for f in self.s.keys if "." not in f}
        for name, (cls, start) in self.s.sections.items():
            entry: dict[str, Any] = {"model_type": getattr(cls, "model_type", "")}
            for alias in ("not-a-model-type", self.s.model_type):
                try:
                    made = self.s.config_class(**{name: {**start, "model_type": alias}})
                except Exception:
                    continue
                if type(getattr(made, name)) is cls and alias != entry["model_type"]:
                    entry["also"] = "*" if alias == "not-a-model-type" else alias
                    break  # "*": the section's class is fixed, whatever the file names
            built = self.built_sections().get(name)
            if "also" not in entry and built not in (None, entry["model_type"]) and all(
                    same_tree(self.reading(c, {**self.point, f"{name}.model_type": built}),
                          self.reading(c, self.point)) for c in self.s.classes):
                entry["also"] = built  # what a model built from the config writes back
            inner = next((p.split(".", 1)[1] for p in self.sizes if p.startswith(name + ".")
                          and p.split(".", 1)[1] not in top), None)
            if inner is not None:
                value = self.s.keys[f"{name}.{inner}"].value + 1
                try:
                    made = self.s.config_class(**{inner: value})
                    if key_value(getattr(made, name), inner) == value:
                        entry["flat"] = True
                except Exception:
                    pass
            out[name] = entry
        return out
