"""Hostile views: edited JSON is refused by ``from_json`` unless a game can produce it, and
whatever loads goes through ``sample_world`` and every bot raising nothing but TysiacErrors.

The work is bounded, not timed: loading a view draws at most one world (the sampler's
placements are counted, and a call draws at most ``DRAW_LIMIT`` of them), and the bots
here have bounded budgets.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legacy_greedy import LegacyGreedyBot  # (the yardstick in benchmarks/)
from strategies import preset_rules, presets_and_layouts
from tysiac import (
    Bid,
    Contract,
    ImpossibleViewError,
    Layout,
    LoadError,
    Move,
    Pass,
    Phase,
    Rules,
    State,
    TysiacError,
    View,
    apply,
    from_json,
    legal_moves,
    new_game,
    observe,
    parse_move,
    sample_world,
    to_json,
)
from tysiac._info.sampling import DRAW_LIMIT, Sampler
from tysiac._info.views import Concealed
from tysiac.bots import Bot, HeuristicBot, PIMCBot, RandomBot, SearchBot


def _bots() -> list[Bot]:
    return [
        RandomBot(seed=1),
        RandomBot(seed=2, uniform=True),
        HeuristicBot(seed=3),
        LegacyGreedyBot(seed=4),
        SearchBot(iterations=6, seed=5),
        PIMCBot(worlds=2, nodes=2_000, seed=6),
    ]


def _views() -> list[View]:
    """Views of bold deals in every preset and layout, some with the ace marriage and
    automatic claims, at several points of the deal, from two seats."""
    out = []
    for k, (preset, layout) in enumerate(presets_and_layouts()):
        changes = {"ace_marriage": 100, "claim": True, "auto_claim": True} if k % 2 else {}
        rules = preset_rules(preset, layout, **changes)
        rng = random.Random(k)
        state = new_game(rules, seed=k)
        step = 0
        while state.deal_number == 1 and not state.is_over:
            if step % 9 == 0 and state.to_move is not None:
                out.append(observe(state, state.to_move))
                out.append(observe(state, (state.to_move + 1) % rules.players))
            moves = legal_moves(state)
            amounts = [m for m in moves if isinstance(m, Bid | Contract)]
            move: Move
            if amounts and rng.random() < 0.4:
                move = max(amounts, key=lambda m: m.amount)
            else:
                move = rng.choice(moves)
            state = apply(state, move)
            step += 1
    return out


VIEWS = _views()
TEXTS = [json.loads(to_json(v)) for v in VIEWS]

#: Replacements for a value in a view's JSON: other seats, amounts, cards, moves.
VALUES: list[object] = [
    0, 1, 2, 3, -1, 5, 7, 24, 100, 110, 120, 150, 240, 360, True, False, None,
    "QH", "KH", "AS", "9C", "H", "S", [], {"move": "pass"}, {"move": "bid", "amount": 110},
    {"move": "concealed", "kind": "Discard"}, {"move": "concealed", "kind": "Give", "to": 1},
    {"move": "play", "card": "QS"}, {"move": "claim"},
]  # fmt: skip


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            if path or key not in ("schema", "type", "rules"):
                out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


def _edit(doc: Any, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from([p for p in _paths(doc) if p]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    action = data.draw(st.sampled_from(["replace", "delete", "duplicate", "empty", "shift"]))
    if action == "replace":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(VALUES)))
        if isinstance(parent[key], dict) and isinstance(value, dict) and "seat" in value:
            parent[key]["seat"] = value["seat"]  # a move of the same seat
    elif action == "delete" and isinstance(parent, list):
        del parent[key]
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif action == "empty" and isinstance(value, list):
        parent[key] = value[: data.draw(st.integers(0, max(0, len(value) - 1)))]
    elif action == "shift" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + data.draw(st.sampled_from([-10, -5, -1, 1, 5, 10, 120]))


def consume(view: View) -> None:
    """Hand ``view`` to the sampler and to every bot: each returns or raises a TysiacError,
    after bounded work."""
    try:
        sampler = Sampler(view)
    except TysiacError:
        pass
    else:
        with contextlib.suppress(TysiacError):
            sampler.draw(random.Random(1))
        assert sampler.tries <= DRAW_LIMIT
    with contextlib.suppress(TysiacError):
        sample_world(view, random.Random(2))
    for bot in _bots():
        with contextlib.suppress(TysiacError):
            bot.choose(view)


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_edited_view_json_loads_only_if_a_game_produces_it(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(TEXTS)))
    for _ in range(data.draw(st.integers(1, 3))):
        try:
            _edit(doc, data)
        except (KeyError, IndexError, TypeError):
            continue  # the path no longer exists after an earlier edit
    try:
        view = from_json(json.dumps(doc), View)
    except LoadError:
        return
    # it loaded: a world reproduces it (drawn again here), and every consumer copes
    world = sample_world(view, random.Random(0))
    assert observe(world, view.seat) == view
    consume(view)


_FIELDS = [
    f.name
    for f in attrs.fields(View)
    if f.name not in ("rules", "sheet", "phase", "winner", "to_move", "seat")
]


@settings(max_examples=250, deadline=None)
@given(view=st.sampled_from(VIEWS), data=st.data())
def test_edited_views_are_refused_by_the_sampler(view: View, data: st.DataObject) -> None:
    """Views edited in Python (``attrs.evolve``, which checks nothing) go straight to the
    sampler and the bots: a world that reproduces the view, or a TysiacError."""
    field = data.draw(st.sampled_from(_FIELDS))
    value = getattr(view, field)
    if isinstance(value, tuple) and value:
        choice = data.draw(st.sampled_from(["cut", "drop", "double", "reverse"]))
        if choice == "cut":
            new: object = value[: data.draw(st.integers(0, len(value) - 1))]
        elif choice == "drop":
            i = data.draw(st.integers(0, len(value) - 1))
            new = value[:i] + value[i + 1 :]
        elif choice == "double":
            new = value + value[-1:]
        else:
            new = value[::-1]
    elif isinstance(value, int) and not isinstance(value, bool):
        new = value + data.draw(st.sampled_from([-1, 1, 5, 120]))
    else:
        new = data.draw(st.sampled_from([None, 0, 1, 2, ()]))
    edited = attrs.evolve(view, **{field: new})  # type: ignore[misc]
    try:
        world = sample_world(edited, random.Random(0))
    except ImpossibleViewError:
        return
    assert observe(world, edited.seat) == edited


# --- the hostile views of the issue -----------------------------------------------------------


def _moves(rules: Rules, seed: int, notation: str) -> State:
    state = new_game(rules, seed=seed)
    for text in notation.split(", "):
        state = apply(state, parse_move(text))
    return state


def _refused(view: View, change: Any) -> None:
    """``change`` applied to ``view``'s JSON is refused by ``from_json``; applied to the
    view itself it is refused by ``sample_world`` after at most one placement drawn."""
    doc = json.loads(to_json(view))
    change(doc)
    with pytest.raises(LoadError):
        from_json(json.dumps(doc), View)
    edited = attrs.evolve(view, **_as_fields(doc, view))  # type: ignore[misc]
    with pytest.raises(ImpossibleViewError):
        sample_world(edited, random.Random(1))
    try:
        sampler = Sampler(edited)
    except ImpossibleViewError:
        return
    with pytest.raises(ImpossibleViewError):
        sampler.draw(random.Random(1))
    assert sampler.tries <= 1


def _as_fields(doc: dict[str, Any], view: View) -> dict[str, object]:
    """The view fields that ``doc`` changed, decoded one by one."""
    original = json.loads(to_json(view))
    out: dict[str, object] = {}
    for key, value in doc.items():
        if original.get(key) != value:
            part = {**original, key: value}
            try:
                out[key] = getattr(_decode_only(part), key)
            except LoadError:
                out[key] = getattr(view, key)[:0] if isinstance(value, list) else value
    return out


def _decode_only(doc: dict[str, Any]) -> View:
    """A view decoded from ``doc`` field by field, without the consistency check."""
    from tysiac._records.decoding import decode_attrs

    body = {k: v for k, v in doc.items() if k not in ("schema", "type")}
    decoded: View = decode_attrs(body, View, "$")
    return decoded


def test_a_bid_edited_upwards_is_refused_at_once() -> None:
    rules = Rules(ace_marriage=100, claim=True, auto_claim=True)
    moves = "bid 100, bid 110, pass, bid 120, bid 150, pass, give TS>0, give QH>1, contract 180"
    view = observe(_moves(rules, 347712782, moves), 0)
    assert sample_world(view, random.Random(1))

    def bid_240(doc: dict[str, Any]) -> None:
        for move in doc["moves"]:
            if move.get("amount") == 150:
                move["amount"] = 240

    _refused(view, bid_240)


def test_edited_draw_views_are_refused() -> None:
    rules = Rules.preset("pl", players=2, layout=Layout.TWO_DRAW)
    state = new_game(rules, seed=3)
    rng = random.Random(3)
    for _ in range(20):
        state = apply(state, rng.choice(legal_moves(state)))
    view = observe(state, 0)
    assert view.drawn and view.trick_winners
    _refused(view, lambda d: d.update(possible=d["possible"][:1]))
    _refused(view, lambda d: d.update(drawn=[]))
    _refused(view, lambda d: d.update(trick_winners=[]))


def test_an_extra_concealed_discard_is_refused() -> None:
    rules = Rules.preset("pl", players=2, layout=Layout.TWO_CLASSIC)
    state = new_game(rules, seed=3)
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_moves(state)[0])
    assert state.declarer is not None
    view = observe(state, 1 - state.declarer)
    assert any(isinstance(m, Concealed) for _, m in view.moves)
    extra = {"seat": state.declarer, "move": "concealed", "kind": "Discard"}
    _refused(view, lambda d: d["moves"].append(extra))


def test_edited_legal_moves_are_refused() -> None:
    state = new_game(Rules(), seed=4)
    while state.phase is not Phase.CONTRACT:
        state = apply(state, legal_moves(state)[0])
    assert state.to_move is not None
    view = observe(state, state.to_move)
    edited = [json.loads(to_json(Pass())), json.loads(to_json(Bid(110)))]
    for move in edited:
        del move["schema"], move["type"]
    _refused(view, lambda d: d.update(legal_moves=edited))


@pytest.mark.parametrize("view", VIEWS[::7])
def test_every_consumer_takes_real_views(view: View) -> None:
    assert from_json(to_json(view), View) == view
    consume(view)
