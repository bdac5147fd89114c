"""`tournament import` takes only records that verify (issue 14, item 7):
the logger's `.events` beside each PGN, its chain, with the key the
arbiter's seal (art. 9); or, with --accept-unverified, takes them marked as
such."""
from xqboard.cli import main
from xqboard.logger.files import GameFiles
from xqboard.tournament.pgn_import import import_records

from board.test_seal import KEY, played  # noqa: E402
from game import events as ev  # noqa: E402
from link.frame import framed  # noqa: E402


def logged_game(event, out):
    """Round 1 board 1 played on a board (Black resigns), confirmed and
    written by the logger into `out`; returns the payloads."""
    g = event.game_at(1, 1)
    es = event.by_id()
    red, black = es[g["red_player"]].name, es[g["black_player"]].name
    _, payloads = played(KEY, ("round=1", "board=1", "red=" + red, "black=" + black))
    f = GameFiles(out, "b1", 1, date="2026.11.30")
    f.append(payloads)
    f.write_records()
    return payloads


def forged(payloads):
    # Black's resignation turned into Red's, the chain computed again
    head = bytearray(32)
    out = []
    for p in payloads:
        p = p.replace("RESULT 1-0", "RESULT 0-1").replace("CONFIRM 1-0", "CONFIRM 0-1")
        seq, t, kind, fields = ev.decode(p)
        out.append(ev.seal(head, kind, ev.encode(seq, t, kind, fields)))
    return out


def test_9_a_logged_and_sealed_record_is_imported(new_event, tmp_path):
    event = new_event(2, system="roundrobin")
    event.pair()
    logged_game(event, tmp_path / "records")
    rep = import_records(event, [str(tmp_path / "records")], key=KEY)
    assert not rep.refused and not rep.unverified, rep.refused
    assert len(rep.applied) + len(rep.unchanged) == 4  # ICCS, WXF, Chinese, bare: each verified
    assert event.game_at(1, 1)["result"] == "1-0" and "unverified" not in event.game_at(1, 1)["source"]


def test_an_edited_record_is_refused_with_its_reason(new_event, tmp_path):
    event = new_event(2, system="roundrobin")
    event.pair()
    out = tmp_path / "records"
    payloads = logged_game(event, out)
    (out / "b1-g00001.events").write_bytes(b"".join(framed(p) for p in forged(payloads)))
    rep = import_records(event, [str(out)], key=KEY)
    assert len(rep.refused) == 4 and not rep.applied
    assert all("not verified" in why and "--accept-unverified" in why for _, why in rep.refused)
    assert event.game_at(1, 1)["result"] is None
    assert "forged" in rep.refused[0][1]
    rep = import_records(event, [str(out)])  # without the key: the PGN says 1-0, its (forged) events 0-1
    assert len(rep.refused) == 4 and "Result" in rep.refused[0][1]
    # the PGNs also rewritten from the forged events: only the seal tells
    f = GameFiles(tmp_path / "again", "b1", 1, date="2026.11.30")
    f.append(forged(payloads))
    f.write_records()
    rep = import_records(event, [str(tmp_path / "again")], key=KEY)
    assert len(rep.refused) == 4 and "forged" in rep.refused[0][1]
    assert event.game_at(1, 1)["result"] is None


def test_accept_unverified_takes_it_and_says_so(new_event, tmp_path, capsys):
    event = new_event(2, system="roundrobin")
    event.pair()
    out = tmp_path / "records"
    payloads = logged_game(event, out)
    (out / "b1-g00001.events").unlink()
    assert main(["tournament", "import", event.path, str(out / "b1-g00001.iccs.pgn")]) == 2
    assert "not verified" in capsys.readouterr().err
    assert main(["tournament", "import", event.path, str(out / "b1-g00001.iccs.pgn"), "--accept-unverified"]) == 0
    said = capsys.readouterr().out
    assert "UNVERIFIED" in said and "a PGN alone carries no chain" in said
    assert event.game_at(1, 1)["source"] == "pgn:b1-g00001.iccs.pgn unverified"
    assert payloads
