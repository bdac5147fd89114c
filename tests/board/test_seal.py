"""Tamper-evident records (issue 14, item 7): every event carries the word
of a running SHA-256 chain (firmware/game/chain.py), the arbiter's CONFIRM
seals the chain with the key (art. 9), and a recovered game checks and
continues the chain from its journal."""
import re

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.verify import check_payloads

from game import chain  # noqa: E402
from game import events as ev  # noqa: E402
from game.game import BLACK, RED, Game  # noqa: E402
from link.frame import unframed, framed  # noqa: E402
from store.recovery import Reader  # noqa: E402
from xq.squares import parse_move  # noqa: E402

from . import scenarios as sc

T0 = (1 << 30) - 5000  # just before the tick wrap
KEY = b"arbiter"
SCENARIO_KEY = b"scenario"  # boards/simrun.py's board
WORD = re.compile(r" %h[0-9a-f]{16}$")


def played(key=KEY, settings=("red=Li_Lai", "black=Wang_Wu"), keyed=None):
    """(the Game, the payloads) of a short game, Black resigning, confirmed
    by the arbiter (CPython); `keyed`: the board's MAC of every word
    (link/auth.py's Keyed)."""
    out = []
    g = Game(sink=lambda seq, t, kind, fields, snap, payload: kind and out.append(payload))
    g.key, g.keyed = key, keyed
    g.command(T0, ["new", "tc=10m"] + list(settings), True)
    g.command(T0, ["setup"], True)
    g.command(T0, ["start"], True)
    for i, m in enumerate(["h2e2", "h9g7", "h0g2", "i9h9"]):
        now = T0 + 1000 * (i + 1)
        g.on_move(now, parse_move(m), now - 100)
        g.on_press(now + 50, RED if i % 2 == 0 else BLACK)
    g.command(T0 + 9000, ["resign", "black"], True)
    g.command(T0 + 9500, ["confirm"], True)
    return g, out


def test_every_event_carries_the_word_of_the_chain_over_the_canonical_texts():
    g, out = played()
    assert out and all(WORD.search(p) for p in out), out
    head = bytearray(32)
    for p in out:
        text, word = chain.split(p)
        seq, t, kind, fields = ev.decode(p)  # the word is no field
        assert text == ev.encode(seq, t, kind, fields)  # the canonical text
        assert ev.seal(head, kind, text) == p
    assert bytes(head) == bytes(g.head)  # the board keeps the full 32-byte head


def test_a_new_game_starts_its_chain_again_at_its_game_event():
    _, first = played()
    _, second = played()
    assert first[0] == second[0]  # the same GAME at the same instant: the same word
    assert check_payloads(second, KEY).ok


def test_9_confirm_is_sealed_with_the_key_over_the_chain():
    _, out = played()
    confirm = ev.decode(out[-1])
    assert confirm[2] == "CONFIRM" and re.fullmatch(r"[0-9a-f]{32}", confirm[3][-1])
    v = check_payloads(out, KEY)
    assert v.ok and v.seal == "good", v.reason
    assert check_payloads(out, b"another key").bad_seq == confirm[0]


def test_9_a_board_without_a_key_confirms_unsealed():
    _, out = played(key=None)
    assert ev.decode(out[-1])[3][-1] is None and "seal=" not in out[-1]
    v = check_payloads(out)
    assert v.ok and v.seal == "absent"


def test_old_events_without_a_word_still_decode():
    # a protocol-2 line from before the chain, and the same sealed
    old = "E 3 4000 MOVE 1 h2e2 red at=3800 check"
    sealed = ev.seal(bytearray(32), "MOVE", old)
    assert ev.decode(old) == ev.decode(sealed) == (3, 4000, "MOVE", (1, "h2e2", RED, 3800, None, "check", None))
    assert chain.split(old) == (old, None)
    # a reason cannot end in a chain word: its `%` is written `%25`
    text = ev.encode(9, 9000, "RESULT", ("1-0", "4.1.12", "resigned %h0123456789abcdef"))
    assert ev.decode(text)[3][2] == "resigned %h0123456789abcdef"


def journal_payloads(store):
    # the events of the board's journal (game 1), as stored: read as the
    # board reads them back (its commits, group frames and all)
    return [text for *_, text in Reader(str(store / "g00001.log")).events() if text]


def test_a_recovered_game_checks_and_continues_the_chain_and_the_seal_covers_it(tmp_path):
    # Power cut mid-game (unix port, runtime.HEAP): the board replays its journal,
    # recomputes the head, and every event after it is chained on it.
    script, t = sc.game(tc="10m", moves_iccs=["h2e2", "h9g7"])
    script += ("%d power off\n%d power on\n%d start\n%d lift h0\n%d place g2\n%d press red\n"
               "%d cmd resign black\n%d cmd confirm\n" % (t, t + 3000, t + 4000, t + 5000, t + 5200, t + 5400,
                                                          t + 7000, t + 8000))
    store = tmp_path / "journal"
    lines = sc.run(script, store=store)
    assert not sc.events(lines, "POWER")[1:], "no chain break reported"
    payloads = journal_payloads(store)
    kinds = [ev.decode(p)[2] for p in payloads]
    assert "POWER" in kinds and kinds[-1] == "CONFIRM"
    v = check_payloads(payloads, SCENARIO_KEY, "scenario", 1)
    assert v.ok and v.seal == "good", v.reason


def test_an_event_edited_on_the_flash_is_reported_at_power_up(tmp_path):
    # Someone rewrites a record of the journal, CRC and all (the maintenance
    # REPL is what main.py now guards): the replay finds its word wrong.
    script, t = sc.game(tc="10m", moves_iccs=["h2e2", "h9g7"])
    store = tmp_path / "journal"
    sc.run(script, store=store)
    path = store / "g00001.log"
    records = [unframed(line, 1024) for line in path.read_bytes().splitlines()]
    n = next(i for i, r in enumerate(records) if " MOVE 2 h9g7 " in r)
    seq = ev.seq_of(records[n])
    records[n] = records[n].replace("h9g7", "h9i7")
    path.write_bytes(b"".join(framed(r) for r in records))
    lines = sc.run("%d cmd status\n" % 100, store=store)
    power = sc.events(lines, "POWER")
    assert [w[4] for w in power] == ["restored", "chain"]
    assert power[1][5] == "broken=%d" % seq


def test_a_command_whose_event_would_not_fit_with_its_chain_word_is_refused():
    # The arbiter's amended result (art. 9) with a reason that fits the frame
    # (MAX_LINE bytes) without the chain word, but not with it
    from game.phases import CommandError
    from link.frame import MAX_LINE

    g, _ = played()
    base = len(ev.encode(g.seq + 1, g.t, "OVERRULE", ("result", "0-1", g.seq, "Li", "4.1.12", "")).encode())
    reason = "x" * (MAX_LINE - base - 1)  # the event alone: MAX_LINE bytes, with its word 19 more
    try:
        g.command(T0 + 10000, ["result", "0-1", "4.1.12", "by=Li", reason], True)
    except CommandError as e:
        assert "over the link's %d" % MAX_LINE in str(e), e
    else:
        raise AssertionError("an event over the frame with its chain word was accepted")


def test_a_journal_from_before_the_chain_recovers_and_its_new_events_are_chained(tmp_path):
    # data/proto1_g00001.log: written by protocol-1 firmware, no chain words.
    # Recovered, the board chains its new events on the old texts as stored,
    # so the whole record verifies: an unsealed start, then sealed.
    from xqboard.paths import REPO

    store = tmp_path / "journal"
    store.mkdir()
    (store / "g00001.log").write_bytes((REPO / "tests/board/data/proto1_g00001.log").read_bytes())
    lines = sc.run("100 cmd resign black\n200 cmd confirm\n", store=store)
    assert [w[4] for w in sc.events(lines, "POWER")] == ["restored"]  # no chain to break
    payloads = journal_payloads(store)
    assert chain.split(payloads[0])[1] is None and chain.split(payloads[-1])[1] is not None
    v = check_payloads(payloads, SCENARIO_KEY, "scenario", 1)
    assert v.ok and v.seal == "good", v.reason


def test_the_boards_mac_binds_each_games_number(tmp_path):
    # issue 26: a keyed board's words are MACs bound to its name and to the
    # game's number (its journal's file, the greeting's game=), so its game
    # 1 cannot be replayed as its game 2. Two games, the same settings: the
    # same GAME text, two words (the journal's, which the link sends too).
    script, t = sc.game(tc="10m", moves_iccs=["h2e2", "h9g7"])
    script += "%d cmd resign black\n%d cmd confirm\n%d new tc=10m\n%d setup\n%d cmd resign red\n" % (
        t + 1000, t + 2000, t + 3000, t + 3100, t + 4000)
    store = tmp_path / "journal"
    lines = sc.run(script, store=store)
    games = [[text for *_, text in Reader(str(store / ("g%05d.log" % n))).events() if text] for n in (1, 2)]
    sent = [line for line in lines if line.startswith("E 1 ")]  # (the scenario prints them without their word)
    assert sent == [chain.split(g[0])[0] for g in games] == [sent[0]] * 2 and games[0][0] != games[1][0]
    for n, payloads in enumerate(games, 1):
        assert check_payloads(payloads, SCENARIO_KEY, "scenario", n).ok
        v = check_payloads(payloads, SCENARIO_KEY, "scenario", 3 - n)
        assert not v.ok and v.bad_seq == 1 and "MAC with the key for game %d" % (3 - n) in v.reason, v.reason
