"""A `new` refused half way (no heap to make room, issue 13: no command stops
the board): the journal is left with no game to commit to, never with a
game whose file is not open. The 100,000-command storm found the second:
the next step's commit wrote to no file and the board stopped."""
import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)

from store import journal as journal_module  # noqa: E402


def test_a_new_game_refused_half_way_leaves_no_game_to_commit_to(tmp_path, monkeypatch):
    j = journal_module.Journal(str(tmp_path / "j"))
    first = j.new_game()
    assert first and j.commit(["E 1 0 PAUSE"])

    def out_of_heap(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(journal_module.cold, "call", out_of_heap)
    with pytest.raises(MemoryError):
        j.new_game()  # store/budget.py could not load
    assert j.game == 0  # App._commit journals only `if j.game`: nothing is written to no file
    monkeypatch.undo()
    second = j.new_game()  # the `new` sent again
    assert second == first + 1 and j.commit(["E 1 0 PAUSE"])


def test_the_oldest_games_give_way_past_max_games(tmp_path):
    # A filesystem with room for every game (an SD card, the unix port's):
    # the journal still keeps at most MAX_GAMES, so listing them is bounded.
    from store import budget

    j = journal_module.Journal(str(tmp_path / "j"))
    for _ in range(budget.MAX_GAMES + 5):
        j.new_game()
        assert j.commit(["E 1 0 PAUSE"])
    kept = j.games()
    assert len(kept) == budget.MAX_GAMES and kept[-1] == j.game == budget.MAX_GAMES + 5
