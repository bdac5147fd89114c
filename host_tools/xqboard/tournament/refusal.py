"""The one error the tournament library raises for bad input or a wrong
step (a round not finished, an unknown entrant, a bad result code...).

The library never decides how it is shown: `xqboard.commands.tournament`
turns it into the command line's message and exit status 2.

>>> try:
...     raise TournamentError("no entrant 'Nobody'")
... except TournamentError as e:
...     print(e)
no entrant 'Nobody'
"""


class TournamentError(Exception):
    """An event cannot do what was asked; the message says why, in one line."""
