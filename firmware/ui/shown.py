# What the faces still show, as the events that show it: one slot per
# thing a face can show (a touch duty, an alert, a flag, an overrule, the
# set-up check, the turn's start, the confirmation), holding the last event
# that set it, and emptied by the events that end it. The one reducer of
# what the faces show: the faces' scene (ui/scene.py) keeps these slots and
# reads what it shows from their events; the journal keeps the same slots,
# the events' text, for its snapshots (store/journal.py, note), so that a
# power-up replays these events alone to the scene and the scene is as if
# it had seen the whole game (tests/store/test_store_snapshot.py compares
# every attribute).
from game import events as ev


# Each kind (or variant) maps to (the slots its event sets, the slots it
# empties): data, not handlers, as no field of the event is read (a dict
# of tuples costs the board's heap a fifth of what a function a kind did).
_TURN = ("TOUCH", "OVERRULE")  # a touch duty ends, the overrule's face gives way
_POINTS = (("SETUP", "SETUP points"), ())  # the set-up's points to fill and clear (or none left)
_OVERRULE = (("OVERRULE",), ())
_ALERT = (("ALERT",), ())
_NOTE = {
    ev.MOVE: ((), _TURN),
    ev.CORRECT: ((), _TURN),
    ev.START: (("TURN",), _TURN),  # when the turn began (the delay of 6.3)
    ev.PRESS: (("TURN",), _TURN),
    ev.RESUME: ((), ("OVERRULE",)),
    ev.CONFIRM: (("CONFIRM",), ("OVERRULE",)),
    ev.SETUP: {"wrong": _POINTS, "ready": _POINTS, "confirmed": (("SETUP",), ())},
    ev.TOUCH: (("TOUCH",), ()),
    ev.ALERT: _ALERT,
    ev.RESTORED: ((), ("ALERT",)),
    ev.FLAG: (("FLAG",), ()),
    ev.OVERRULE: {"annul": (("OVERRULE",), ("FLAG",)),  # the flag is lifted
                  "result": _OVERRULE, "foul": _OVERRULE, "unfoul": _OVERRULE},
}


def note(state, kind, fields, e):
    """Updates `state` ({slot: e}) for the event of `kind` with `fields`:
    `e` stands for the event in the slots it sets (the journal keeps its
    text, the scene its fields). Returns the change made, (the slots set,
    the slots emptied), or None: a GAME empties them all."""
    if kind == ev.GAME:
        state.clear()  # the scene starts again
        return None
    change = ev.handler(_NOTE, kind, fields)
    if change is not None:
        for slot in change[1]:
            state.pop(slot, None)
        for slot in change[0]:
            state[slot] = e
    return change
