# Signed command ids rise for as long as the board lives, across reboots
# (issue 14): the last one accepted is kept in <journal dir>/cmd
# (Journal.save_command), read back here at start-up; the greeting's cmd=
# tells a host where to go on from. Loaded for the call and dropped after
# (game/cold.py).


def last(journal):
    """The last signed command id accepted (0: none yet)."""
    try:
        with open(journal.dir + "/cmd", "rb") as f:
            return int(f.read())
    except (OSError, ValueError):
        return 0
