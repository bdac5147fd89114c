"""`xqboard tournament bracket FILE`: a knockout's matches, who goes
through, and the champion."""
from ...errors import UsageError
from .common import file_action, open_event


def register(actions):
    file_action(actions, "bracket", "knockout: the matches and who goes through", run)


def run(args):
    ev = open_event(args)
    if not ev.get("slots"):
        raise UsageError("no knockout bracket yet")
    es = ev.by_id()
    for p in ev.knockout_pairings():
        w = ev.match_winner(p) if not p.bracket.startswith("F") else None
        res = " ".join(g["result"] or "?" for g in p.games)
        print("%-6s round %-2d %s - %s  %s%s" % (p.bracket, p.round, es[p.red].name,
                                                es[p.black].name if p.black else "bye", res,
                                                ("  -> " + es[w].name) if w else ""))
    champ = ev.champion()
    if champ:
        print("champion: %s" % es[champ].name)
