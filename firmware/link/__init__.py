# The serial link to the host (docs/PROTOCOL.md): frame.py frames lines with
# a CRC, auth.py checks the arbiter's message authentication code, link.py
# turns incoming bytes into commands and the game's events into frames.
