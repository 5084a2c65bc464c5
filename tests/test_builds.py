"""The two builds (pure Python and compiled by mypyc) play the same games from the same seeds.

``tests/golden/builds/seeded-games.json`` holds, for every preset × layout and a few rule
variants, two seeded games of a few deals each (one cautious, one uniformly random): their
moves, a digest of every list of legal moves on the way, the score sheet, the last position,
a world sampled from a view in the first deal and that world's deal played to its end by
``rollout`` (score-sheet rows by their main fields, so that a field added later does not
change the file).
It was written once by the pure build (``python tests/test_builds.py``); every build must
reproduce it move for move.  CI runs the whole suite in both builds, setting
``TYSIAC_EXPECT_COMPILED`` to say which one it installed, so that a compiled run that
silently imported the pure package fails here.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import tomllib
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # when run as a script

import tysiac
from strategies import Policy, choose_move, preset_rules, presets_and_layouts
from tysiac import Phase, apply, legal_moves, new_game, observe, rollout, sample_world, solve

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden" / "builds" / "seeded-games.json"

#: The modules that ``TYSIAC_COMPILE=1`` compiles (the build hook's list in pyproject.toml).
COMPILED_MODULES = [
    path.removeprefix("src/").removesuffix(".py").replace("/", ".")
    for path in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "hatch"
    ]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]
]

#: Deals played per game (a game that ends sooner stops there).
DEALS = 3

POLICIES: tuple[tuple[Policy, int], ...] = (("cautious", 101), ("uniform", 202))

#: Rule variants beyond the presets, as (preset, layout, option, value): options that no
#: preset turns on.
VARIANTS: tuple[tuple[str, tysiac.Layout, str, object], ...] = (
    ("app", tysiac.Layout.THREE, "ace_marriage", 200),
    ("pl", tysiac.Layout.TWO_CLASSIC, "ace_marriage", 200),
    ("ru", tysiac.Layout.FOUR_ALL_PLAY, "ace_marriage", 200),
    ("ro", tysiac.Layout.FOUR_SITTER, "ace_marriage", 200),
    ("ru", tysiac.Layout.FOUR_ALL_PLAY, "partnerships", True),
    ("pl", tysiac.Layout.FOUR_SITTER, "partnerships", True),
    ("ru", tysiac.Layout.THREE, "high_bid_step", 10),
    ("app", tysiac.Layout.THREE, "free_opening", True),
    ("ru", tysiac.Layout.THREE, "auction_max_bid", 120),
    ("ru", tysiac.Layout.THREE, "barrel_mounting", tysiac.BarrelMounting.ONE_STAYS),
    ("ru", tysiac.Layout.THREE, "barrel_reset_every", 3),
    ("ru", tysiac.Layout.THREE, "no_win_deals", 3),
    ("ru", tysiac.Layout.THREE, "concession_timing", tysiac.ConcessionTiming.BEFORE_GIVES),
    ("pl", tysiac.Layout.THREE, "play_highest", True),
    ("pl", tysiac.Layout.THREE, "overtrump_declarer", True),
)


def seeded_game(
    preset: str, layout: tysiac.Layout, policy: Policy, seed: int, **changes: object
) -> dict[str, object]:
    """Play ``DEALS`` deals of a seeded game; what the golden file keeps of it."""
    rng = random.Random(seed)
    state = new_game(preset_rules(preset, layout, **changes), seed=seed)
    moves: list[str] = []
    legal = hashlib.sha256()
    sampled = ""
    rolled: list[object] = []
    solved: list[object] = []
    while not state.is_over and len(state.sheet) < DEALS:
        if not solved and state.phase is Phase.PLAY and _tricks_left(state) <= 4:
            # a position near a deal's end, solved with every card open
            solution = solve(state)
            solved = [str(state.to_move), *(f"{move} {value}" for move, value in solution.values)]
        options = legal_moves(state)
        legal.update(repr(options).encode())
        move = choose_move(state, rng, policy)
        moves.append(str(move))
        state = apply(state, move)
        if len(moves) == 12:  # mid-deal: a world drawn from the view of the seat to move
            seat = state.to_move
            assert seat is not None
            world = sample_world(observe(state, seat), random.Random(seed))
            sampled = str(world)
            rolled = _row(rollout(world, random.Random(seed)))  # the deal played to its end
    return {
        "game": " ".join(
            [preset, layout.value, *(f"{k}={v!r}" for k, v in changes.items()), policy]
        )
        + f" seed={seed}",
        "moves": ", ".join(moves),
        "legal_moves_sha256": legal.hexdigest(),
        "sheet": [_row(row) for row in state.sheet],
        "last": str(state),
        "sampled": sampled,
        "rollout": rolled,
        "solved": solved,
    }


def _tricks_left(state: tysiac.State) -> int:
    """The tricks still to play in the deal (a stock's cards included)."""
    return (sum(len(hand) for hand in state.hands) + len(state.stock)) // len(
        [hand for hand in state.hands if hand] or [()]
    )


def _row(row: tysiac.DealResult) -> list[object]:
    """A score-sheet row's main fields (those of every rule set), as JSON values."""
    return [
        row.number,
        row.dealer,
        row.outcome.value,
        row.declarer,
        row.contract,
        list(row.totals),
        [list(m) for m in row.marriages],
        list(row.deltas),
        list(row.scores),
    ]


def seeded_games() -> list[dict[str, object]]:
    return [
        seeded_game(preset, layout, policy, seed)
        for preset, layout in presets_and_layouts()
        for policy, seed in POLICIES
    ] + [
        seeded_game(preset, layout, policy, seed, **{option: value})
        for preset, layout, option, value in VARIANTS
        for policy, seed in POLICIES
    ]


def _expected() -> list[dict[str, object]]:
    games: list[dict[str, object]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return games


@pytest.mark.parametrize(("preset", "layout"), presets_and_layouts())
def test_seeded_games_are_the_golden_ones(preset: str, layout: tysiac.Layout) -> None:
    expected = {str(game["game"]): game for game in _expected()}
    for policy, seed in POLICIES:
        game = seeded_game(preset, layout, policy, seed)
        assert game == expected[str(game["game"])], game["game"]


@pytest.mark.parametrize(("preset", "layout", "option", "value"), VARIANTS)
def test_seeded_games_of_rule_variants_are_the_golden_ones(
    preset: str, layout: tysiac.Layout, option: str, value: object
) -> None:
    expected = {str(game["game"]): game for game in _expected()}
    for policy, seed in POLICIES:
        game = seeded_game(preset, layout, policy, seed, **{option: value})
        assert game == expected[str(game["game"])], game["game"]


def test_the_golden_file_covers_every_preset_and_layout() -> None:
    assert len(_expected()) == 2 * (len(presets_and_layouts()) + len(VARIANTS)) >= 72
    assert all(game["sheet"] and game["sampled"] and game["rollout"] for game in _expected())
    assert sum(1 for game in _expected() if game["solved"]) >= 60


def test_compiled_is_a_bool_that_matches_the_modules() -> None:
    assert isinstance(tysiac.COMPILED, bool)
    compiled = [
        name
        for name in COMPILED_MODULES
        if str(import_module(name).__file__).endswith(tuple(EXTENSION_SUFFIXES))
    ]
    assert len(COMPILED_MODULES) >= 10
    assert compiled == (COMPILED_MODULES if tysiac.COMPILED else [])
    # the State class is native exactly in the compiled build (see tysiac._engine.state)
    assert tysiac._engine.state.NATIVE is tysiac.COMPILED


def test_the_build_is_the_one_ci_installed() -> None:
    expected = os.environ.get("TYSIAC_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("TYSIAC_EXPECT_COMPILED is not set (CI sets it for each build)")
    assert expected in ("0", "1")
    assert tysiac.COMPILED is (expected == "1")


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(seeded_games(), indent=1, ensure_ascii=False) + "\n", "utf-8")
