"""Tournament tools: pairing, results and standings of chapters 3-4 and
appendices 1-3 of the 2011 competition rules (issue 8).

    event       an event in one SQLite file (db): its Settings, rounds, results
    roster      its entrants (players, teams);  stored  the rows as objects
    systems     the pairing systems, one module each, in systems.SYSTEMS
    roundrobin  appendix 1 rotation tables (10.1, 10.2, 12.1)
    swiss       the positional Swiss 定位编排 of appendix 2 (10.3, 12.3)
    knockout    appendix 3 single and double elimination (10.4, 12.4)
    scoring     13.1-13.3, 20.3, 14.4
    records     each entrant's games as Records;  lineups  team boards (11.1-11.4)
    tiebreaks   art. 14, 18.5;  standings  ranking by them;  ranking  an event's standings
    pgn         results from the boards' PGN records
    export_*    HTML / PDF pages, CSV, FIDE TRF
    errors      TournamentError, the one error the library raises

>>> from xqboard.tournament import TournamentError
>>> issubclass(TournamentError, Exception)
True
"""
from .refusal import TournamentError  # noqa: F401  (the library's error, importable from the package)
