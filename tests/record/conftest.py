import pytest

from xqboard.paths import DATA
from xqboard.record import read_games


@pytest.fixture(scope="session")
def master_games():
    """The 300 master games of data/master-games.pgn, read once a worker
    when a test asks for them. (Read at import by two modules, they cost
    each xdist worker ~6 s of CPU at collection, whether it ran them or
    not.)"""
    return tuple(read_games((DATA / "master-games.pgn").read_text(encoding="utf-8")))
