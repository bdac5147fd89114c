# The chess clock (art. 6, 20-22 of the 2011 rules): control.py parses time
# controls, clock.py runs them, display.py draws the faces, saved.py saves
# and restores the state. Import the module you need (`from clock.clock
# import Clock`): the package itself imports nothing, to spare a device's RAM.
