"""Write the golden files of ``test_records.py`` (run once; the files are committed).

    python tests/golden/make_golden.py

Re-running it must not be needed: a change to these files is a change of the format.  A
field added with a default value (left out of the JSON when it has it) changes only the files
where it differs from the default; rewrite those on purpose, and keep reading the old ones.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from strategies import play_random
from tysiac import Layout, Rules, new_game, record, to_json

HERE = Path(__file__).parent


def main() -> None:
    games = {
        "app-3.json": (Rules(target=200), 2024, 100_000),
        "pl-2-classic.json": (Rules.preset("pl", players=2, target=300), 7, 100_000),
        "ro-4-sitter.json": (
            Rules.preset("ro", players=4, layout=Layout.FOUR_SITTER, target=300),
            12,
            100_000,
        ),
    }
    for name, (rules, seed, moves) in games.items():
        state = play_random(new_game(rules, seed=seed), random.Random(seed), "cautious", moves)
        (HERE / name).write_text(to_json(record(state)) + "\n", encoding="utf-8")
    state = new_game(Rules.preset("pl"), seed=5, scores=[100, 200, 300])
    state = play_random(state, random.Random(5), "cautious", 75)
    (HERE / "state-mid-deal.json").write_text(to_json(state) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
