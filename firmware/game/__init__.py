# The game layer: turns moves, presses and arbiter commands into one ordered
# log of events and applies what the rules let a machine adjudicate, citing
# the article each time (game.py); config.py holds what `new` sets.
