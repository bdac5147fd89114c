"""What every pairing system provides, and the defaults most of them share.

A system is a plain object registered in `systems.SYSTEMS` under the name
`xqboard tournament new --system` takes. It has three functions:

* `draw(ranked, settings, rng, lot)`: the pairing numbers (and groups,
  bracket slots) before round 1, from the entrants in seeding order;
* `pair(event, rnd)`: round `rnd`, stored through `event.new_round`;
* `planned_rounds(settings, entrants)`: the rounds the rules plan for that
  many entrants.

and a few facts the event asks instead of comparing system names.

>>> Draw({7: 1, 9: 2})
Draw(numbers={7: 1, 9: 2})
"""
import abc

from ..refusal import TournamentError


class Draw:
    """The outcome of a draw: entrant id -> pairing number, entrant id ->
    group (10.2), and for a knockout the bracket slots (entrant ids in line
    order, None for an empty position)."""

    def __init__(self, numbers, groups=None, slots=None):
        self.numbers = numbers
        self.groups = groups or {}
        self.slots = slots

    def __repr__(self):
        extra = "".join(", %s=%r" % (k, v) for k, v in (("groups", self.groups), ("slots", self.slots)) if v)
        return "Draw(numbers=%r%s)" % (self.numbers, extra)


class System(abc.ABC):
    """A pairing system; subclasses set the facts and the three functions."""

    name = ""                     # as stored, and as --system takes it
    title = ""                    # for people
    trf_title = ""                # the pairing method on the TRF 092 line
    needs_rounds = False          # the rounds are fixed at the start (appendix 2, principle 2)
    individual_only = False       # knockouts are for individual events here
    provisional_pairing = False   # may pair with games unfinished (appendix 2, principle 8)
    all_play_all = False          # a withdrawal cancels or stands by 19.2 (else 19.3)
    grouped = False               # standings by group (10.2)
    has_score_table = True        # a knockout has a bracket, no standings
    late_entry = False            # takes players after round 1 (a Swiss; Settings.late_entries)

    def __repr__(self):
        return "<%s %r: %s>" % (type(self).__name__, self.name, self.title)

    @abc.abstractmethod
    def draw(self, ranked, settings, rng, lot=True):
        """See the module's docstring."""

    @abc.abstractmethod
    def pair(self, event, rnd):
        """See the module's docstring."""

    @abc.abstractmethod
    def planned_rounds(self, settings, entrants):
        """See the module's docstring."""

    def match_decided(self, event, pairing):
        """A bye or a rest, or every game with its result."""
        if pairing.black is None or pairing.bracket == "rest":
            return True
        return all(g["result"] is not None for g in pairing.games)

    def champion(self, event):
        """The knockout's winner; a table-ranked system has none."""
        return None

    def final_state(self, event):
        """The double-elimination final; (None, None, None, None) elsewhere."""
        return None, None, None, None

    def knockout_pairings(self, event):
        """The knockout matches paired so far; none outside a knockout."""
        return []


def withdrawal_result(a, b, rnd):
    """19.2/19.3: games of a withdrawn entrant are forfeits for the
    opponent; games with an entrant whose results were annulled are void.

    >>> class E: withdrawn_round, annulled = None, 0
    >>> out = E(); out.withdrawn_round = 2
    >>> withdrawal_result(out, E(), 3), withdrawal_result(E(), E(), 3)
    ('-+', None)
    """
    wa = a.withdrawn_round is not None and a.withdrawn_round <= rnd
    wb = b.withdrawn_round is not None and b.withdrawn_round <= rnd
    if not (wa or wb):
        return None
    if a.annulled or b.annulled:
        return "void"
    if wa and wb:
        return "--"
    return "-+" if wa else "+-"


def rounds_left(settings, rnd):
    """Raises TournamentError when round `rnd` is past the planned rounds of a Swiss."""
    if rnd > int(settings.rounds):
        raise TournamentError("all %d rounds are paired" % settings.rounds)
