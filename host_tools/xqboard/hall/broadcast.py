"""`xqboard broadcast`: one process that serves the hall (docs/HALL.md).

    b = Broadcast("hall.sqlite", hub, mqtt=("localhost", 1883), tournament="event.db")
    b.run()                       # until Ctrl-C

It takes the boards' events from the broker (a Subscriber with a
persistent session) or, with no broker, from loggers it runs itself (the
embedded default: `ports` given, events handed over in-process), or both;
keeps them in its Store, each once; feeds the Hub of the pages and the
Results of the tournament in each game's order; asks the owning logger
again for what a gap shows missing.
"""
import io
import os
import sys
import time

from ..logger import Logger
from .desk import Desk
from .door import Door
from .intake import Intake, LocalBus
from .outbox import Outbox
from .publisher import Publisher
from .results import Results
from .sink import HallSink
from .eventdb import Store
from .quarantine import Quarantine
from .subscriber import Subscriber
from .trust import Keys


class Broadcast:
    def __init__(self, db, hub, mqtt=None, ports=(), out="games", key=None, tournament=None,
                 logger_id="broadcast", stream=None, account=None, accept_unkeyed=False):
        self.stream = stream or sys.stdout
        self.store = Store(db)
        self.tournament = tournament
        # the boards' keys live with the event: the key file beside it (hall/trust.py)
        keys = Keys.load(Keys.path_beside(tournament)) if tournament else None
        self.intake = Intake(self.store, hub, on_flag=self._say_flag, keys=keys, accept_unkeyed=accept_unkeyed)
        # the desk's list of what failed verification and of the boards without a key (its own reader);
        # its accept and dismiss run on this thread (Intake.settle in step)
        self.quarantine = Quarantine(db, intake=self.intake)
        if tournament:
            self.intake.results = Results(str(tournament), self.intake.flag)
        self.intake.load()
        self.subscriber = Subscriber(mqtt[0], mqtt[1], self.intake, account=account).start() if mqtt else None
        self.desk = None  # the arbiter's commands down the broker (hall/desk.py): with a broker only
        if self.subscriber is not None:
            self.desk = self.subscriber.desk = Desk(keys, self.intake.owner_of, self.subscriber.publish,
                                                    record=self.store.note_command, name="broadcast")
        self.publisher = None
        self.logger = None
        if ports:
            if mqtt:  # this PC's boards go through the broker like any logger's
                os.makedirs(out, exist_ok=True)
                self.publisher = Publisher(mqtt[0], mqtt[1], Outbox(os.path.join(out, "hall-outbox.sqlite")),
                                           logger_id).start()
            bus = self.publisher or LocalBus(self.intake)
            self.logger = Logger(list(ports), out, key=key, stream=io.StringIO(), live=False,
                                 sink=HallSink(bus, logger_id),
                                 desk=Door(self.publisher) if self.publisher else None).start()

    def round_starter(self):
        """The desk's DeskRound (hall/deskround.py), or None: a round goes
        through the running loggers, so it needs the broker and the event
        file."""
        if self.desk is None or self.tournament is None:
            return None
        from .deskround import DeskRound

        return DeskRound(self.desk, self.tournament, self.intake.devices)

    def step(self, timeout=0.05):
        if self.logger is not None:
            self.logger.step(timeout / 2 if self.subscriber else timeout)
        if self.subscriber is not None:
            self.subscriber.step(timeout / 2 if self.logger else timeout)
        self.intake.settle()  # the arbiter's accepts and dismissals from the desk, between batches

    def run(self, until=None, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while not (until and until()) and (deadline is None or time.monotonic() < deadline):
                self.step()
        except KeyboardInterrupt:
            pass

    def close(self):
        if self.logger is not None:
            self.logger.close()
        if self.publisher is not None:
            self.publisher.wait_idle(5.0)
            self.publisher.close()
        if self.subscriber is not None:
            self.subscriber.close()
        self.store.close()

    def _say_flag(self, device, game, seq, what, note):
        self.stream.write("flag %s: board %s game %d event %d: %s\n" % (what, device, game, seq, note))
        self.stream.flush()
