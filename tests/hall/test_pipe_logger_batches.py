"""The logger of many boards takes what its ports brought as one batch
(Logger.step): one read may carry the end of a board's game and the
beginning of its next (a replay board starts the next game at once, a
logger catching up reads many lines at a time). Each event must go to the
files and the sink of the game it belongs to, and only once it is on the
disk."""
import io
import select

from xqboard.hall.replayboard import ReplayBoard, game_events
from xqboard.logger import Logger
from xqboard.logger.files import read_events

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from link.frame import framed  # noqa: E402

from .conftest import short_game, wait_for


class DiskCheckingSink:
    """Records what the logger hands on, checking each event is in the
    files of its own game already."""

    def __init__(self):
        self.got = []

    def __call__(self, board, events):
        f = board.files
        on_disk = read_events(f.events_path)[0]
        for e in events:
            assert e.payload in on_disk, "handed on before it was on the disk of game %d" % f.game_no
        self.got += [(f.game_no, e.seq) for e in events]


def answer(board):
    """The board answers what the host sent (its hello), if anything came."""
    if select.select([board.client], [], [], 0)[0]:
        board.receive()


def test_one_read_with_the_end_of_a_game_and_the_next_goes_to_each_games_files(tmp_path):
    board = ReplayBoard("b1", [game_events(short_game(0, 4), board=1), game_events(short_game(1, 4), board=1)],
                        next_after_host=False)  # the next game at once, in the same write
    first, second = board.logs
    sink = DiskCheckingSink()
    logger = Logger([board.url], str(tmp_path), stream=io.StringIO(), live=False, sink=sink).start()
    try:
        wait_for(lambda: board.accept() is not None, 10, what="the logger's connection")
        # (the board answers the logger's hello too: the greeting it sends
        # on accepting may come before the logger's reader empties its input)
        wait_for(lambda: logger.boards[0].session.link.synced, 10, step=lambda: answer(board) or logger.step(0.02),
                 what="the greeting")
        frames = []
        board._send = lambda payload: frames.append(framed(payload))  # held, to go out as one write
        for _ in range(len(first) + 3):
            board.step()
        board.client.sendall(b"".join(frames))
        wait_for(lambda: len(sink.got) == len(first) + 3, 10, step=lambda: logger.step(0.02),
                 what="every event handed on")
    finally:
        logger.close()
        board.close()
    assert read_events(tmp_path / "b1-g00001.events")[0] == first
    assert read_events(tmp_path / "b1-g00002.events")[0] == second[:3]
    assert sink.got == [(1, n) for n in range(1, len(first) + 1)] + [(2, 1), (2, 2), (2, 3)]
