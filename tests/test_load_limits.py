"""Large and junk documents: refused at the first value that cannot be right, before
anything large is built; a record is replayed as it is read.

The work is bounded, not timed: the memory a refusal allocates (``tracemalloc``) stays small
whatever the size of the junk.  Speed is measured by ``benchmarks/json_load.py``.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable

import pytest

from strategies import played_state
from tysiac import GameRecord, LoadError, Rules, State, from_json, record, to_json
from tysiac._records.jsonform import DEFAULT_MAX_SIZE

#: The most memory (bytes) refusing junk may allocate, whatever the size of the junk.
REFUSAL_MEMORY = 1_000_000


def refused(text: str) -> str:
    """The message of the LoadError ``text`` raises, after checking the memory it took."""
    tracemalloc.start()
    try:
        with pytest.raises(LoadError) as info:
            from_json(text, max_size=len(text))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < REFUSAL_MEMORY, (peak, str(info.value))
    return str(info.value)


@pytest.fixture(scope="module")
def game() -> str:
    text = to_json(played_state(Rules(), 5, 400))  # a state: the record of its game
    from_json(text)  # the readers of each type are worked out once: not counted below
    return text


def _head(game: str) -> str:
    return game[: game.index('"deals":') + len('"deals":')]


JUNK: list[tuple[str, Callable[[str], str], str]] = [
    ("a list of ints", lambda g: json.dumps(list(range(1_000_000))), r"^\$: a list of more"),
    ("empty objects", lambda g: "[" + ",".join(["{}"] * 1_000_000) + "]", r"^\$: a list"),
    (
        "a record of empty deals",
        lambda g: _head(g) + "[" + ",".join(["{}"] * 1_000_000) + "]}",
        r"^deals\[0\]: the key 'moves' is missing",
    ),
    (
        "a record whose deals are ints",
        lambda g: _head(g) + json.dumps(list(range(1_000_000))) + "}",
        r"^deals\[0\]: 0 is not an object",
    ),
    (
        "rules that are a long list",
        lambda g: g.replace('"rules":', '"rules":' + json.dumps(list(range(500_000))) + ',"x":', 1),
        r"^rules: a list of more than 8192 characters",
    ),
    (
        "a long string for a card",
        lambda g: g.replace('"card":"', '"card":"' + "Q" * 5_000_000, 1),
        r"^deals\[0\]\.moves\[\d+\]: an object of more than 8192 characters",
    ),
    (
        "a move that is a long object",
        lambda g: g.replace('"move":"pass"', '"move":"pass","x":[' + "1," * 1_500_000 + "1]", 1),
        r"^deals\[0\]\.moves\[\d+\]: an object of more than 8192 characters",
    ),
    (
        "an unknown key before the type",
        lambda g: '{"junk":' + json.dumps(list(range(1_000_000))) + "," + g[1:],
        r"^\$: unknown key 'junk'",
    ),
    (
        "a view whose sheet is junk",
        lambda g: json.dumps(
            {"schema": "tysiac/1", "type": "view", "sheet": [[]] * 1_000_000}, separators=(",", ":")
        ),
        r"^sheet\[0\]: \[\] is not an object",
    ),
]


@pytest.mark.parametrize(("name", "make", "message"), JUNK, ids=[j[0] for j in JUNK])
def test_junk_is_refused_before_it_is_built(
    game: str, name: str, make: Callable[[str], str], message: str
) -> None:
    import re

    text = make(game)
    assert len(text) > 2_000_000  # junk larger than any limit of memory above
    found = refused(text)
    assert re.match(message, found), found


def test_a_record_is_replayed_as_it_is_read(game: str) -> None:
    """An illegal move in the first deal is reported even though junk follows it: the deal is
    replayed before the next one is read."""
    data = json.loads(game)
    moves = data["deals"][0]["moves"]
    moves[1], moves[2] = moves[2], moves[1]  # two seats' moves swapped: out of turn
    data["deals"][1:] = [{}] * 100_000
    text = json.dumps(data, separators=(",", ":"))
    assert refused(text).startswith("deals[0].moves[1].seat: seat ")


def test_a_document_in_any_key_order_loads(game: str) -> None:
    data = json.loads(game)
    reordered = {key: data[key] for key in reversed(list(data))}  # the type and schema last
    loaded = from_json(json.dumps(reordered))
    assert isinstance(loaded, State)
    assert to_json(loaded) == game
    rec = from_json(game.replace('"type":"state"', '"type":"record"'))
    assert isinstance(rec, GameRecord)
    assert record(loaded) == rec


def test_the_default_limit() -> None:
    """About 2 s of loading at the slowest rate measured (the JSON page, "Untrusted input")."""
    assert DEFAULT_MAX_SIZE == 6_000_000
    text = "x" * (DEFAULT_MAX_SIZE + 1)
    with pytest.raises(LoadError, match=r"more than max_size=6000000"):
        from_json(text)
