"""The host's side of a scenario on the emulated Pico (target/
rp2040_scenario.py's HostRunner) reads the board's lines through the
schema (game/events.py: decode, a handler table), as every consumer of
events does (issue 24): the greeting's nonce and command number, a GAME
and a START, the set-up's SETUP wrong put=/clear= and SETUP ready. No
chip is run: the runner is handed the lines."""
from xqboard.target.rp2040_scenario import HostRunner


def runner():
    return HostRunner(pico=None, out=lambda line: None)


def test_the_greeting_gives_the_nonce_and_the_command_number():
    h = runner()
    h.note("H proto=2 id=scenario nonce=9f3a cmd=7 game=1 phase=idle")
    assert (h.nonce, h.cid) == ("9f3a", 7)


def test_the_set_up_check_follows_setup_wrong_and_ready():
    h = runner()
    h.note("E 2 10 SETUP wrong put=b2,h9 clear=e5 %h0123456789abcdef")
    assert (h.setup_put, h.setup_clear) == (["b2", "h9"], ["e5"])
    h.note("E 3 20 SETUP wrong clear=e5")
    assert (h.setup_put, h.setup_clear) == ([], ["e5"])
    assert not h.ready
    h.note("E 4 30 SETUP ready")
    assert h.ready


def test_a_start_resumes_and_a_new_game_ends_it_a_line_of_no_event_is_left():
    h = runner()
    h.note("E 5 40 START red 20.1")
    assert h.started
    h.note("E 9 50 SETUP confirmed by=arbiter")
    h.note("E garbage")  # no event of the schema: shown as it came, noted as nothing
    assert h.started
    h.note("E 1 0 GAME new event=Cup round=1 board=2 red=A black=B")
    assert not h.started
