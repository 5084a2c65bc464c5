"""The command line's records: ``tysiac replay FILE`` and ``simulate --record FILE``;
and the docstring examples of the records modules."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest

import tysiac
from strategies import play_random
from tysiac import (
    Rules,
    from_json,
    new_game,
    record,
    replay,
    to_json,
)
from tysiac._cli import records as _cli_records
from tysiac._cli.records import load_game, replay_file, write_record
from tysiac._records import fromjson as _fromjson
from tysiac._records import records as _records
from tysiac._records import tojson as _tojson
from tysiac._vocab import notation as _notation


@pytest.mark.parametrize("module", [_cli_records, _tojson, _fromjson, _notation, _records])
def test_docstring_examples(module: object) -> None:
    names = {name: getattr(tysiac, name) for name in tysiac.__all__}  # as in the docs
    names = {**vars(module), **names}
    finder = doctest.DocTestFinder()
    # the public functions report ``tysiac`` as their module: look at them one by one
    found = {t.name: t for t in finder.find(module, globs=names)}
    for name in getattr(module, "__all__", ()):
        for test in finder.find(getattr(module, name), name, globs=names):
            found[test.name] = test
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in found.values():
        runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0
    assert tried > 0


def finished_game() -> object:
    state = new_game(Rules(target=300), seed=4)
    return play_random(state, random.Random(4), max_moves=100_000)


def test_replay_prints_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = finished_game()
    path = tmp_path / "game.json"
    write_record(str(path), state)  # type: ignore[arg-type]
    assert replay_file(str(path)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"tysiac replay {path}: 3 players")
    assert out[1].split()[:5] == ["Deal", "Dealer", "Declarer", "Contract", "Result"]
    assert len(out) == 2 + len(state.sheet) + 1  # type: ignore[attr-defined]
    assert out[-1].startswith(f"Winner: seat {state.winner}")  # type: ignore[attr-defined]
    assert load_game(str(path)) == state


def test_replay_reads_a_saved_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = play_random(new_game(seed=2), random.Random(2), max_moves=50)
    path = tmp_path / "state.json"
    path.write_text(to_json(state), encoding="utf-8")
    assert replay_file(str(path)) == 0
    assert "No winner yet" in capsys.readouterr().out.splitlines()[-1]


def test_replay_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = finished_game()
    data = json.loads(to_json(record(state)))  # type: ignore[arg-type]
    data["deals"][0]["moves"][0]["seat"] = 0
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert replay_file(str(path)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"tysiac replay: {path}: deals[0].moves[0].seat: seat 0")
    assert len(captured.err.splitlines()) == 1
    for text in ("", "{", "[]", to_json(Rules())):
        path.write_text(text, encoding="utf-8")
        assert replay_file(str(path)) == 1
    assert replay_file(str(tmp_path / "missing.json")) == 1
    assert "cannot read the file" in capsys.readouterr().err


def test_written_record_replays(tmp_path: Path) -> None:
    state = finished_game()
    path = tmp_path / "r.json"
    write_record(str(path), state)  # type: ignore[arg-type]
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and text.count("\n") == 1
    assert replay(from_json(text)) == state  # type: ignore[arg-type]


def test_command_line_record_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tysiac.cli import main

    path = tmp_path / "game.json"
    assert main(["simulate", "--seed", "3", "--max-deals", "2", "--record", str(path)]) == 0
    simulated = capsys.readouterr().out.splitlines()
    state = load_game(str(path))
    assert len(state.sheet) == 2
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[2:4] == simulated[2:4]  # the same rows of the sheet
    path.write_text("{}", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f'tysiac replay: {path}: schema: missing: a tysiac document has "schema": "tysiac/1"\n'
    )
    assert main(["simulate", "--max-deals", "0", "--record", str(path)]) == 0
    assert load_game(str(path)) == new_game(seed=1)
    bad = tmp_path / "no" / "such" / "dir.json"
    assert main(["simulate", "--max-deals", "1", "--record", str(bad)]) == 1
    assert "cannot write the record" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["replay"])
