# The game's journal on the board's flash: events appended as framed lines
# (journal.py), read back after a power cut with a torn tail dropped
# (recovery.py).
