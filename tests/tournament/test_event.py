"""Events on SQLite: scoring, forfeits, withdrawals, penalties, teams,
groups, staged systems, crash safety."""
import sqlite3
import subprocess
import sys

import pytest

from xqboard.tournament.refusal import TournamentError
from xqboard.tournament.event import Tournament


def results(ev, rnd, *res):
    """Results by table order for a round."""
    for p, r in zip([p for p in ev.pairings(rnd) if p.black is not None], res):
        ev.set_result(rnd, p.games[0]["board"], r)


# -- the file -----------------------------------------------------------------

def test_db_one_file_in_wal_mode(new_event):
    ev = new_event(4, system="roundrobin")
    assert ev.db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert ev.db.execute("pragma synchronous").fetchone()[0] == 2  # FULL
    assert Tournament.open(ev.path).get("name") == "Test event"


def test_db_crash_mid_write_leaves_the_last_state(new_event):
    ev = new_event(6, system="swiss", rounds=5)
    ev.pair()
    path = ev.path
    # A process that dies in the middle of writing round 2's pairings.
    code = ("import os, sqlite3; db = sqlite3.connect(%r); db.execute('pragma journal_mode=wal');"
            "db.execute('begin'); db.execute(\"insert into rounds (no, stage) values (2, 'main')\");"
            "db.execute('insert into pairings (round, table_no, red, black) values (2, 1, 1, 2)');"
            "os._exit(9)" % path)
    assert subprocess.run([sys.executable, "-c", code]).returncode == 9
    again = Tournament.open(path)
    assert again.current_round == 1
    assert again.db.execute("select count(*) from pairings where round = 2").fetchone()[0] == 0


def test_db_failed_command_changes_nothing(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    with pytest.raises(sqlite3.IntegrityError):
        with ev.db:
            ev.db.execute("insert into rounds (no, stage) values (2, 'main')")
            ev.db.execute("insert into pairings (round, table_no, red, black) values (2, 1, 1, 999)")
    assert ev.current_round == 1


def test_new_refuses_bad_settings(tmp_path):
    with pytest.raises(TournamentError):
        Tournament.create(str(tmp_path / "a.db"), "x", system="dutch")
    with pytest.raises(TournamentError):
        Tournament.create(str(tmp_path / "b.db"), "x", system="swiss")  # no rounds (principle 2)
    with pytest.raises(TournamentError):
        Tournament.create(str(tmp_path / "c.db"), "x", system="swiss", rounds=5, tiebreaks=["elo"])
    Tournament.create(str(tmp_path / "d.db"), "x", system="roundrobin")
    with pytest.raises(TournamentError):
        Tournament.create(str(tmp_path / "d.db"), "x", system="roundrobin")  # exists
    with pytest.raises(TournamentError):
        Tournament.open(str(tmp_path / "none.db"))


# -- scoring ------------------------------------------------------------------

def test_13_1_win_2_draw_1_loss_0(new_event):
    ev = new_event(4, system="roundrobin", seed=3)
    ev.pair()
    results(ev, 1, "1-0", "1/2-1/2")
    s = ev.scoring
    recs = ev.records(1)
    assert sorted(r[0].score for r in recs.values()) == [0, 1, 1, 2]
    assert (s.win, s.draw, s.loss) == (2, 1, 0)


def test_13_3_three_points_and_black_draws_worth_more(new_event):
    ev = new_event(4, system="roundrobin", scoring="3/1/2/0")
    ev.pair()
    results(ev, 1, "1/2-1/2", "1-0")
    p = ev.pairings(1)[0]
    recs = ev.records(1)
    assert recs[p.red][0].score == 1 and recs[p.black][0].score == 2


def test_20_3_forfeits_count_2_and_0_and_show_plus_minus(new_event):
    from xqboard.tournament import views

    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    results(ev, 1, "+-", "-+")
    recs = ev.records(1)
    p1, p2 = ev.pairings(1)
    assert recs[p1.red][0].score == 2 and recs[p1.black][0].score == 0
    assert recs[p2.black][0].score == 2
    # a forfeit is no game: no colour for the pairing of the next round
    sp = ev.swiss_players(1)
    assert all(p.colours == [] for p in sp.values())
    title, header, rows = views.pairing_table(ev, 1)
    assert [r[header.index("Result 结果")] for r in rows] == ["+ : -", "- : +"]


def test_20_2_both_forfeit(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    results(ev, 1, "--", "1-0")
    p = ev.pairings(1)[0]
    recs = ev.records(1)
    assert recs[p.red][0].score == recs[p.black][0].score == 0


def test_result_entry_refuses_a_change_without_force(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    ev.set_result(1, 1, "1-0")
    ev.set_result(1, 1, "1-0")
    with pytest.raises(TournamentError):
        ev.set_result(1, 1, "0-1")
    ev.set_result(1, 1, "0-1", force=True)
    with pytest.raises(TournamentError):
        ev.set_result(1, 9, "0-1")
    with pytest.raises(TournamentError):
        ev.set_result(1, 2, "2-0")


# -- withdrawals and penalties ------------------------------------------------

def _rr(new_event, n=6, rounds=2, seed=3):
    ev = new_event(n, system="roundrobin", seed=seed)
    for r in range(1, rounds + 1):
        ev.pair()
        results(ev, r, *["1-0"] * (n // 2))
    return ev


def test_19_2_withdrawal_before_half_cancels_all_results(new_event):
    ev = _rr(new_event, 6, 2)  # 2 of 5 games played: fewer than half
    who = ev.entrants()[0]
    assert ev.withdraw(who.name) == 1
    recs = ev.records()
    assert who.id not in recs
    assert all(r.opponent != who.id for rs in recs.values() for r in rs)
    ev.pair()
    g = [p for p in ev.pairings(3) if who.id in (p.red, p.black)][0].games[0]
    assert g["result"] == "void"


def test_19_2_withdrawal_after_half_keeps_results_and_forfeits_the_rest(new_event):
    ev = _rr(new_event, 6, 3)  # 3 of 5: half or more
    who = ev.entrants()[0]
    assert ev.withdraw(who.name) == 0
    ev.pair()
    p = [p for p in ev.pairings(4) if who.id in (p.red, p.black)][0]
    assert p.games[0]["result"] == ("-+" if p.red == who.id else "+-")
    assert len(ev.records(3)[who.id]) == 3


def test_19_3_swiss_withdrawal_results_stand_and_no_more_pairings(new_event, rng, play):
    ev = new_event(8, system="swiss", rounds=5)
    ev.pair()
    play(ev, rng)
    who = ev.entrants()[2]
    ev.withdraw(who.name)
    r2 = ev.pair()
    assert all(who.id not in (p.red, p.black) for p in r2.pairs)
    assert len(ev.records(1)[who.id]) == 1


def test_19_3_swiss_withdrawal_after_pairing_forfeits_the_game(new_event):
    ev = new_event(8, system="swiss", rounds=5)
    ev.pair()
    p = ev.pairings(1)[0]
    ev.withdraw(ev.by_id()[p.red].name, 1)
    assert ev.pairings(1)[0].games[0]["result"] == "-+"


def test_18_5_penalties_rank_last_among_equal_scores(new_event):
    ev = new_event(4, system="roundrobin", seed=3)
    ev.pair()
    results(ev, 1, "1/2-1/2", "1/2-1/2")
    first = ev.standings()[0].entrant
    name = ev.by_id()[first].name
    ev.penalize(name, "18.1", 1)
    assert ev.standings()[-1].entrant == first
    with pytest.raises(TournamentError):
        ev.penalize(name, "18.9")


def test_14_4_withdrawal_before_the_start_redraws(new_event):
    ev = new_event(5, system="roundrobin")
    ev.draw()
    ev.remove("P03")
    assert all(e.number is None for e in ev.entrants())
    ev.pair()
    assert sorted(e.number for e in ev.entrants()) == [1, 2, 3, 4]
    with pytest.raises(TournamentError):
        ev.remove("P01")
    with pytest.raises(TournamentError):
        ev.add_player("late")


# -- round robins -------------------------------------------------------------

def test_10_1_round_robin_follows_appendix1_with_numbers(new_event):
    from xqboard.tournament.roundrobin import table

    ev = new_event(5, system="roundrobin")
    num = None
    for r in range(1, 6):
        ev.pair()
        num = {e.id: e.number for e in ev.entrants()}
        got = [(num[p.red], num[p.black]) for p in ev.pairings(r) if p.black is not None]
        want = [pr for pr in table(5)[r - 1] if 6 not in pr]
        assert got == want
        rest = [p for p in ev.pairings(r) if p.black is None]
        assert len(rest) == 1 and rest[0].bracket == "rest"
        results(ev, r, "1-0", "0-1")
    with pytest.raises(TournamentError):
        ev.pair()
    # a round-robin rest scores nothing
    assert sum(len(v) for v in ev.records().values()) == 20


def test_14_2_two_game_matches_rank_by_match_points(new_event):
    ev = new_event(4, system="roundrobin", games=2)
    r = ev.pair()
    p = r.pairs[0]
    assert len(p.games) == 2
    # appendix 1 notes: the second game swaps colours
    assert (p.games[0]["red_player"], p.games[1]["red_player"]) == (p.red, p.black)
    ev.set_result(1, p.games[0]["board"], "1-0")
    ev.set_result(1, p.games[1]["board"], "1/2-1/2")
    q = r.pairs[1]
    ev.set_result(1, q.games[0]["board"], "1-0")
    ev.set_result(1, q.games[1]["board"], "1-0")  # 1-1 in games
    recs = ev.records(1)
    assert recs[p.red][0].score == 2 and recs[p.red][0].game_points == 3
    assert recs[q.red][0].score == 1 and recs[q.black][0].score == 1
    assert ev.get("tiebreaks")[0] == "game_points"


def test_double_round_robin_second_cycle_swaps_colours(new_event):
    ev = new_event(4, system="roundrobin", cycles=2)
    assert ev.planned_rounds() == 6
    for r in range(1, 5):
        ev.pair()
        results(ev, r, "1-0", "1-0")
    a = [(p.red, p.black) for p in ev.pairings(1)]
    b = [(p.black, p.red) for p in ev.pairings(4)]
    assert a == b


def test_10_2_group_round_robin_seeded_groups(new_event, rng, play):
    ev = new_event(8, system="groups", groups=2)
    ev.draw()
    groups = {}
    for e in ev.entrants():
        groups.setdefault(e.grp, []).append(e.name)
    # snake: P01, P04, P05, P08 | P02, P03, P06, P07
    assert sorted(groups[1]) == ["P01", "P04", "P05", "P08"]
    for r in range(1, 4):
        rd = ev.pair()
        for p in rd.pairs:
            assert ev.by_id()[p.red].grp == ev.by_id()[p.black].grp
        play(ev, rng)
    rows = ev.standings()
    assert [r.rank for r in rows] == [1, 2, 3, 4, 1, 2, 3, 4] or len(rows) == 8


# -- teams --------------------------------------------------------------------

def _teams(new_event, lineup="fixed", n=4, boards=3, members=4, system="roundrobin", **kw):
    ev = new_event(0, kind="team", system=system, boards=boards, lineup=lineup, **kw)
    for t in "ABCDEFGH"[:n]:
        ev.add_team("Team " + t)
        for i in range(1, members + 1):
            ev.add_player("%s%d" % (t, i), team="Team " + t)
    return ev


def test_12_2_team_colours_odd_boards_red_for_the_first_team(new_event):
    ev = _teams(new_event)
    p = ev.pair().pairs[0]
    members = {m.id for m in ev.members(p.red)}
    for g in p.games:
        assert (g["red_player"] in members) == (g["game_no"] % 2 == 1)


def test_13_2_team_match_points_from_game_points(new_event):
    ev = _teams(new_event)
    p = ev.pair().pairs[0]
    boards = [g["board"] for g in p.games]
    for b, res in zip(boards, ("1-0", "1/2-1/2", "1/2-1/2")):
        ev.set_result(1, b, res)
    q = ev.pairings(1)[1]
    for g, res in zip(q.games, ("1-0", "1-0", "1/2-1/2")):  # board 2: the second team has Red
        ev.set_result(1, g["board"], res)
    recs = ev.records(1)
    # board 1 won by Red's player (first team), boards 2-3 drawn: 4 - 2
    assert recs[p.red][0].game_points == 4 and recs[p.red][0].score == 2
    assert recs[p.black][0].score == 0
    assert recs[q.red][0].score == recs[q.black][0].score == 1  # 13.2: equal game points draw


def test_11_1_fixed_boards(new_event):
    ev = _teams(new_event, "fixed")
    with pytest.raises(TournamentError):
        ev.set_lineup(1, "Team A", ["A1", "A2", "A4"])
    ev.set_lineup(1, "Team A", ["A1", "A2", "A3"])


def test_11_2_substitutes_keep_board_order(new_event):
    ev = _teams(new_event, "substitutes")
    ev.set_lineup(1, "Team A", ["A1", "A3", "A4"])
    with pytest.raises(TournamentError):
        ev.set_lineup(1, "Team A", ["A3", "A1", "A4"])
    p = [p for p in ev.pair().pairs if ev.by_id()[p.red].name == "Team A" or ev.by_id()[p.black].name == "Team A"][0]
    names = {ev.by_id()[x].name for g in p.games for x in (g["red_player"], g["black_player"])}
    assert {"A1", "A3", "A4"} <= names and "A2" not in names


def test_11_3_adhoc_boards_any_order(new_event):
    ev = _teams(new_event, "adhoc")
    ev.set_lineup(1, "Team A", ["A4", "A1", "A2"])
    with pytest.raises(TournamentError):
        ev.set_lineup(1, "Team A", ["A4", "A1"])


def test_11_4_all_play_all_matches(new_event):
    ev = _teams(new_event, "allplay", n=2, members=3)
    p = ev.pair().pairs[0]
    assert len(p.games) == 9
    pairs = {(g["red_player"], g["black_player"]) for g in p.games}
    assert len({frozenset(x) for x in pairs}) == 9


def test_14_5_team_round_robin_order(new_event):
    ev = _teams(new_event)
    assert ev.get("tiebreaks")[:3] == ["game_points", "match_wins", "wins"]


def test_12_3_team_swiss(new_event, rng, play):
    ev = _teams(new_event, n=6, system="swiss", rounds=3)
    for _ in range(3):
        ev.pair()
        play(ev, rng)
    rows = ev.standings()
    assert len(rows) == 6 and ev.get("tiebreaks")[0] == "buchholz"


def test_11_5_and_14_8_team_totals_and_placings(new_event):
    ev = new_event(6, system="roundrobin", seed=2)
    for r in range(1, 6):
        ev.pair()
        results(ev, r, "1-0", "0-1", "1/2-1/2")
    rows = ev.standings()
    club = {e.id: e.club for e in ev.entrants()}
    totals = ev.team_totals()
    for team, pts, places, best in totals:
        assert places == sum(r.rank for r in rows if club[r.entrant] == team)
        assert pts == sum(r.score for r in rows if club[r.entrant] == team)
    assert [t[2] for t in totals] == sorted(t[2] for t in totals)


# -- staged systems -----------------------------------------------------------

def test_10_5_swiss_then_knockout(new_event, rng, play):
    ev = new_event(10, system="swiss-ko", rounds=3, qualifiers=4)
    for _ in range(3):
        ev.pair()
        play(ev, rng)
    top = [r.entrant for r in ev.standings()][:4]
    ko = ev.pair()
    assert ko.stage == "ko"
    # rank 1 meets rank 4, rank 2 meets rank 3
    assert {frozenset((p.red, p.black)) for p in ko.pairs} == {frozenset((top[0], top[3])), frozenset((top[1], top[2]))}
    for p in ko.pairs:
        ev.set_result(ko.no, p.games[0]["board"], "1-0")
    final = ev.pair()
    ev.set_result(final.no, final.pairs[0].games[0]["board"], "0-1")
    assert ev.champion() == final.pairs[0].black
    with pytest.raises(TournamentError):
        ev.pair()


def test_10_6_last_place_elimination(new_event, rng, play):
    ev = new_event(10, system="swiss-elim", rounds=6, elim_from=4, elim_per_round=2, elim_keep=4)
    sizes = []
    for r in range(1, 7):
        if r >= 4:
            before = ev.standings(r - 1)
        rd = ev.pair()
        sizes.append(sum(2 if p.black else 1 for p in rd.pairs))
        if r >= 4:
            out = {e.id for e in ev.entrants() if e.eliminated_round == r}
            # the lowest of the standings before the round leave
            assert out == {row.entrant for row in before if row.entrant in out}
            assert all(row.rank >= len(before) - 2 * (r - 3) + 1 for row in before if row.entrant in out)
        play(ev, rng)
    assert sizes == [10, 10, 10, 8, 6, 4]


def test_14_7_team_swiss_ranked_by_game_points(new_event):
    ev = _teams(new_event, n=4, system="swiss", rounds=3, rank_by="game_points")
    r = ev.pair()
    a, b = r.pairs[0], r.pairs[1]
    for g, res in zip(a.games, ("1-0", "1/2-1/2", "1/2-1/2")):  # first team 4 - 2
        ev.set_result(1, g["board"], res)
    for g, res in zip(b.games, ("1-0", "0-1", "1-0")):          # first team wins all: 6 - 0
        ev.set_result(1, g["board"], res)
    rows = ev.standings()
    assert [r.entrant for r in rows][:2] == [b.red, a.red]
    assert rows[0].score == 6


def test_knockout_has_no_score_table(new_event):
    ev = new_event(4, system="knockout")
    with pytest.raises(TournamentError):
        ev.standings()


def test_trf_of_a_group_round_robin_numbers_everyone_once(new_event, rng, play):
    from xqboard.tournament import export_trf

    ev = new_event(8, system="groups", groups=2)
    for _ in range(3):
        ev.pair()
        play(ev, rng)
    nums = [int(l[4:8]) for l in export_trf.write(ev).splitlines() if l.startswith("001")]
    assert sorted(nums) == list(range(1, 9))


def test_open_refuses_other_files(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("hello")
    with pytest.raises(TournamentError):
        Tournament.open(str(f))
    other = tmp_path / "other.db"
    db = sqlite3.connect(str(other))
    db.execute("create table t (x)")
    db.commit()
    db.close()
    with pytest.raises(TournamentError):
        Tournament.open(str(other))
    assert sqlite3.connect(str(other)).execute("select name from sqlite_master").fetchall() == [("t",)]
