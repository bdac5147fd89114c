"""The hall: every board of an event, live (issue 17, docs/HALL.md).

Pages (this side): hub.py holds the hall in memory (boardview.py: one
board), web.py serves the live page and the arbiter's page (static/), and
exports.py writes each board's game for relay sites (PGN with clock times,
DhtmlXQ); masters.py plays master games as board events for the demo and
the tests.
"""
