import pytest

from xqboard.hall.masters import master_games as the_master_games


@pytest.fixture(scope="session")
def master_games():
    """The 300 master games of data/master-games.pgn, each read when a test
    first asks for it (record.LazyGames, shared in the worker with the
    hall's tests): a test of every fifteenth game reads 20, not 300 (4.8 s
    of CPU for all, in each xdist worker). (Read at import by two modules,
    they cost each worker ~6 s of CPU at collection, whether it ran them
    or not.)"""
    return the_master_games()
