"""Recording games from boards (`xqboard log`): sessions on serial ports,
the game files, the live view. See docs/HOST.md."""
from .builder import game_from_events
from .files import GameFiles, read_events
from .logger import Logger
from .session import BoardSession, GameLink

__all__ = ["Logger", "BoardSession", "GameLink", "GameFiles", "game_from_events", "read_events"]
