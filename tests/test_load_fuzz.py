"""Fuzzing: any input to from_json and replay either loads or raises LoadError.

The work per input is bounded by its size (``max_size``): loading reads each value once
and replays each move once, and the longest deal has a bounded number of moves.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import json_values, played_state, preset_rules, presets_and_layouts
from tysiac import GameRecord, Layout, LoadError, Rules, from_json, record, replay, to_json


def load_or_refuse(text: str | bytes) -> object:
    """Load ``text``; only LoadError may escape."""
    try:
        obj = from_json(text)
    except LoadError as exc:
        assert str(exc)  # a message, with a location first
        assert ":" in str(exc)
        return None
    if isinstance(obj, GameRecord):
        replay(obj)  # a loaded record replays
    return obj


@settings(max_examples=200)
@given(json_values())
def test_random_json_values(value: object) -> None:
    load_or_refuse(json.dumps(value))


@settings(max_examples=100)
@given(json_values(), st.sampled_from(["rules", "state", "view", "move", "record"]))
def test_random_documents(value: object, kind: str) -> None:
    doc: dict[str, Any] = {"schema": "tysiac/1", "type": kind}
    if isinstance(value, dict):
        doc.update(value)
    else:
        doc["move"] = value
    load_or_refuse(json.dumps(doc))


def _documents() -> list[str]:
    docs = []
    for preset, layout in presets_and_layouts()[::3]:
        state = played_state(preset_rules(preset, layout, target=200), 3, 80)
        docs.append(to_json(record(state)))
    state = played_state(Rules.preset("pl", claim=True), 9, 50)
    docs += [to_json(state), to_json(state.rules)]
    from tysiac import observe

    docs.append(to_json(observe(state, 1)))
    return docs


DOCUMENTS = _documents()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


REPLACEMENTS: list[object] = [
    None, True, False, 0, -1, 1, 3, 1.5, 10**40, "", "QH", "QX", "AS", "H", "three", [], {},
    [1, 2], ["QH", "QH"], ["AH"] * 25, {"move": "pass"}, "tysiac/2", 2**64, -(2**64),
]  # fmt: skip


@settings(max_examples=300)
@given(st.data())
def test_mutated_documents(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(DOCUMENTS))
    doc = json.loads(text)
    paths = _paths(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        if not path:
            continue
        parent = _get(doc, path[:-1])
        key = path[-1]
        action = data.draw(st.sampled_from(["delete", "replace", "duplicate", "nest", "swap"]))
        try:
            if action == "delete":
                del parent[key]
            elif action == "replace":
                # a copy: later mutations must not change the shared replacements
                parent[key] = copy.deepcopy(
                    data.draw(st.sampled_from(REPLACEMENTS) | json_values(6))
                )
            elif action == "duplicate" and isinstance(parent, list):
                parent.insert(key, copy.deepcopy(parent[key]))
            elif action == "nest":
                parent[key] = [parent[key]]
            elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
                other = data.draw(st.integers(0, len(parent) - 1))
                parent[key], parent[other] = parent[other], parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # the path no longer exists after an earlier mutation
        paths = _paths(doc)
    load_or_refuse(json.dumps(doc))


@settings(max_examples=150)
@given(st.sampled_from(DOCUMENTS), st.data())
def test_truncated_and_spliced_text(text: str, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(text)))
    load_or_refuse(text[:cut])
    other = data.draw(st.integers(0, len(text)))
    load_or_refuse(text[:cut] + text[other:])
    junks = ["NaN", "Infinity", "-Infinity", "1e999", "9" * 5000, '"\\ud800"', "[" * 3000, "{}"]
    junk = data.draw(st.sampled_from([*junks, ",", '"seat":1,']))
    load_or_refuse(text[:cut] + junk + text[cut:])


@pytest.mark.parametrize("depth", [100, 5_000, 50_000])
def test_deep_nesting(depth: int) -> None:
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(LoadError):
            from_json(text)
    doc = json.loads(DOCUMENTS[0])
    nested: Any = doc["rules"]
    for _ in range(min(depth, 500)):
        nested = [nested]
    doc["rules"] = nested
    with pytest.raises(LoadError, match=r"^rules: "):
        from_json(json.dumps(doc))


def test_duplicate_keys_anywhere() -> None:
    text = DOCUMENTS[0]
    doc_text = text.replace('"seed":', '"seed":1,"seed":', 1)
    with pytest.raises(LoadError, match=r"'seed' appears twice"):
        from_json(doc_text)
    doc_text = text.replace('"players":', '"players":3,"players":', 1)
    with pytest.raises(LoadError, match=r"^rules: the key 'players' appears twice"):
        from_json(doc_text)


def test_random_bytes() -> None:
    rng = random.Random(8)
    for _ in range(300):
        blob = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        load_or_refuse(blob)


def test_no_pickle_and_nothing_executed() -> None:
    # a document can only name the types of the schema; no class path is ever imported
    doc = {"schema": "tysiac/1", "type": "builtins.eval", "x": "__import__('os')"}
    with pytest.raises(LoadError, match=r"^type: "):
        from_json(json.dumps(doc))


def test_layouts_documents_cover_every_layout() -> None:
    kinds = {json.loads(d)["rules"]["layout"] for d in DOCUMENTS if '"rules":' in d}
    assert len(kinds) >= len(Layout) // 2


# --- the rest of the public surface: any value is a TysiacError or works ------------------

_OPTION_NAMES = [a.name for a in __import__("attrs").fields(Rules) if a.init]
_ANY = json_values(8) | st.sampled_from([10**5000, -(10**5000), float("nan"), b"x", object()])


@settings(max_examples=200)
@given(st.dictionaries(st.sampled_from(_OPTION_NAMES), _ANY, max_size=4))
def test_random_rule_options(options: dict[str, object]) -> None:
    from tysiac import InvalidRulesError

    with contextlib.suppress(InvalidRulesError):
        Rules(**options)  # type: ignore[arg-type]
    with contextlib.suppress(InvalidRulesError):
        Rules.preset("ro", **options)


@settings(max_examples=200)
@given(st.text(max_size=6) | _ANY)
def test_random_cards_and_notation(value: object) -> None:
    from tysiac import Card, InvalidCardError, parse_cards, parse_move

    for call, error in [
        (Card.parse, InvalidCardError),
        (parse_cards, InvalidCardError),
        (parse_move, LoadError),
    ]:
        with contextlib.suppress(error):
            call(value)  # type: ignore[arg-type]


@settings(max_examples=150)
@given(_ANY, _ANY, _ANY)
def test_random_game_arguments(seed: object, deal: object, scores: object) -> None:
    from tysiac import TysiacError, apply, new_game, observe

    calls: tuple[Callable[[], object], ...] = (
        lambda: new_game(seed=seed),  # type: ignore[call-overload]
        lambda: new_game(seed=1, deal=deal),  # type: ignore[call-overload]
        lambda: new_game(seed=1, scores=scores),  # type: ignore[call-overload]
        lambda: apply(new_game(seed=1), seed),  # type: ignore[call-overload]
        lambda: observe(new_game(seed=1), seed),  # type: ignore[call-overload]
    )
    for call in calls:
        with contextlib.suppress(TysiacError):
            call()
