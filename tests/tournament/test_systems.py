"""The SYSTEMS registry: every system of chapter 3 is registered with its
draw, pair and planned_rounds, and the rounds it plans are the rounds the
rules give it (and the rounds an event really plays)."""
import ast
import math
import pathlib

import pytest

from xqboard.tournament.refusal import TournamentError
from xqboard.tournament.event import Settings
from xqboard.tournament.systems import SYSTEMS
from xqboard.tournament.systems.base import System

TOURNAMENT = pathlib.Path(__file__).resolve().parents[2] / "host_tools" / "xqboard" / "tournament"

NAMES = ["roundrobin", "groups", "swiss", "swiss-ko", "swiss-elim", "knockout", "double"]


def test_every_system_of_the_rules_is_registered_under_its_name():
    assert list(SYSTEMS) == NAMES
    for name, system in SYSTEMS.items():
        assert isinstance(system, System) and system.name == name
        for function in ("draw", "pair", "planned_rounds"):
            assert callable(getattr(system, function)), (name, function)
        assert name in repr(system)


@pytest.mark.parametrize("n, rounds", [(2, 1), (3, 3), (4, 3), (5, 5), (8, 7), (9, 9), (14, 13)])
def test_round_robin_plans_n_minus_1_rounds_or_n_for_an_odd_n(n, rounds):
    single = Settings("RR", system="roundrobin")
    double = Settings("RR", system="roundrobin", cycles=2)
    assert SYSTEMS["roundrobin"].planned_rounds(single, n) == rounds
    assert SYSTEMS["roundrobin"].planned_rounds(double, n) == 2 * rounds


@pytest.mark.parametrize("n, groups, rounds", [(4, 2, 1), (7, 2, 3), (8, 2, 3), (9, 3, 3), (12, 2, 5)])
def test_group_round_robin_plans_the_rounds_of_its_largest_group(n, groups, rounds):
    assert SYSTEMS["groups"].planned_rounds(Settings("G", system="groups", groups=groups), n) == rounds


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 16, 17, 32])
def test_knockout_plans_log2_rounds(n):
    assert SYSTEMS["knockout"].planned_rounds(Settings("KO", system="knockout"), n) == math.ceil(math.log2(n))


@pytest.mark.parametrize("name", ["swiss", "swiss-elim"])
@pytest.mark.parametrize("n", [6, 7, 40])
def test_a_swiss_plans_the_rounds_fixed_at_the_start(name, n):
    # appendix 2, principle 2
    assert SYSTEMS[name].planned_rounds(Settings("S", system=name, rounds=7), n) == 7


@pytest.mark.parametrize("n, qualifiers, rounds", [(20, 8, 5 + 3), (20, 4, 5 + 2), (6, 8, 5 + 3), (20, 16, 5 + 4)])
def test_swiss_then_knockout_plans_the_swiss_then_log2_of_the_qualifiers(n, qualifiers, rounds):
    s = Settings("10.5", system="swiss-ko", rounds=5, qualifiers=qualifiers)
    assert SYSTEMS["swiss-ko"].planned_rounds(s, n) == rounds


@pytest.mark.parametrize("n", [9, 12, 16])
def test_double_elimination_plans_eight_rounds_to_the_final(n):
    assert SYSTEMS["double"].planned_rounds(Settings("DE", system="double"), n) == 8


def _play_until_done(ev, stop_stage=None):
    """Pairs and plays (Red wins) until the system has nothing left to pair."""
    while True:
        try:
            r = ev.pair()
        except TournamentError:
            return ev.current_round
        if r.stage == stop_stage:
            return r.no
        for p in r.pairs:
            for g in p.games:
                ev.set_result(r.no, g["board"], "1-0")


@pytest.mark.parametrize("system, n", [("roundrobin", 4), ("roundrobin", 5), ("knockout", 3), ("knockout", 5),
                                       ("knockout", 8), ("knockout", 12), ("groups", 7)])
def test_an_event_plays_the_rounds_it_planned(new_event, system, n):
    ev = new_event(n, system=system)
    planned = ev.planned_rounds()
    assert _play_until_done(ev) == planned


@pytest.mark.parametrize("n", [9, 16])
def test_a_double_elimination_reaches_its_final_in_the_planned_round(new_event, n):
    ev = new_event(n, system="double")
    assert _play_until_done(ev, stop_stage="F") == ev.planned_rounds() == 8


def test_the_event_asks_the_registry_and_never_compares_system_names():
    """No `system == "..."` or `system in (...)` chain outside the systems
    (tiebreaks' table of default orders is keyed by name, as art. 14 is)."""
    offenders = []
    for path in sorted(TOURNAMENT.rglob("*.py")):
        if path.name == "tiebreaks.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                names = [n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", None)
                         for n in [node.left] + node.comparators]
                strings = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and c.value in NAMES]
                if "system" in names and strings:
                    offenders.append("%s:%d" % (path.name, node.lineno))
    assert offenders == []
