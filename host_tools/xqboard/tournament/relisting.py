"""A player list imported into an event that has players already: each
player of the list is matched with an entrant by a key, his ID (player_id)
when both have one, else his name and birth (an empty birth matches an
empty birth), one entrant for one listed player. `import-players` refuses a
list that matches entrants unless asked to merge: then the matched are
updated with the list's fields and the others entered (Plan).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Open', system='swiss', rounds=5, seed=1)
>>> _ = ev.add_players([{'name': '王伟', 'birth': '1990'}, {'name': '王伟', 'birth': '1992'}])
>>> p = plan(ev, [{'name': '王伟', 'birth': '1992', 'club': '上海'}, {'name': '许银川'}])
>>> p
Plan(1 new, 1 updated, 0 unchanged)
>>> p.updated[0][0].birth, p.updated[0][1]
('1992', {'club': '上海'})
"""
from .refusal import TournamentError
from .registration import FIELDS


class Plan:
    """`new` [fields], `updated` [(entrant, {field: new value})],
    `unchanged` [entrant], `lines` the listed players' positions (1 = the
    first player line) of the matched, for the report."""

    def __init__(self):
        self.new, self.updated, self.unchanged = [], [], []

    def __repr__(self):
        return "Plan(%d new, %d updated, %d unchanged)" % (len(self.new), len(self.updated), len(self.unchanged))

    @property
    def matched(self):
        return [e for e, _ in self.updated] + self.unchanged


def _key_match(e, fields):
    if fields.get("player_id") and e.player_id:
        return fields["player_id"] == e.player_id
    return fields["name"] == e.name and (fields.get("birth") or None) == (e.birth or None)


def plan(event, players):
    """The Plan of importing `players` (registration fields) into `event`."""
    out = Plan()
    left = list(event.entrants("player"))
    for fields in players:
        e = next((x for x in left if _key_match(x, fields)), None)
        if e is None:
            out.new.append(fields)
            continue
        left.remove(e)
        changes = {k: v for k, v in fields.items() if k in FIELDS and k != "team" and getattr(e, k, None) != v}
        if changes:
            out.updated.append((e, changes))
        else:
            out.unchanged.append(e)
    return out


def apply(event, p):
    """Enters the plan's new players and updates the matched, in one
    transaction each (Roster.add_players, Roster.update_fields)."""
    if p.updated and any("seed" in ch for _, ch in p.updated) and event.get("drawn"):
        raise TournamentError("the numbers are drawn: the seeds are fixed (the list changes a seed)")
    with event.db:
        for e, changes in p.updated:
            event.db.execute("update entrants set %s where id = ?" % ", ".join("%s = ?" % k for k in changes),
                             tuple(changes.values()) + (e.id,))
    return event.add_players(p.new) if p.new else []
