# The app's jobs, a module each (app.py wires them and runs the scan):
# sensed.py     the sensing's reports and the levers, to the game
# hostcmd.py    the host's commands (the link's callback, loaded cold), `status`, `since`
# outputs.py    the step's events: journal, link, scene, signals (Pending);
#               the displays; the battery
# Each takes the App (the wiring) as its first argument: the parts it
# moves between are the App's, not theirs.
