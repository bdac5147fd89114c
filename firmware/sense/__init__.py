# Sensing: presence sensors -> debounced occupancy -> moves, touches, alerts.
# Pure: time comes in as `now` (ms ticks mod 2^30, see ticks.py) and raw bits
# come in as a frame (frame.py); nothing here reads a clock or a pin.
# See docs/SENSING.md and the docstring of recognise.py for the API.
