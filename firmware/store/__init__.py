# The game's journal on the board's flash (journal.py): events appended as
# framed lines, recovered after a power cut with a torn tail dropped.
