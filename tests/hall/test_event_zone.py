"""The event's time zone (tournament/eventzone.py, issue 28): set at
`tournament new` or `edit` (`--tz`, checked against the tz database),
stored in the file, and the clock of every time the hall's pages and the
printouts show, 24-hour, whatever the host's own zone: the standings'
"updated", the desk's incidents and quarantine, the printed page's foot.
The values the server renders (no browser: the pages show them as sent)."""
import datetime
import json
import os
import re
import time
import urllib.request
import zoneinfo

from xqboard.cli import main
from xqboard.hall.eventpages import EventZone, changed_at
from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app, sse_frame
from xqboard.tournament.event import Tournament
from xqboard.tournament.export_html import page

SHANGHAI = zoneinfo.ZoneInfo("Asia/Shanghai")  # +8 all year: never the host's UTC nor a 12-hour clock


def shanghai(ts, fmt):
    return datetime.datetime.fromtimestamp(ts, SHANGHAI).strftime(fmt)


def test_the_zone_is_set_at_new_or_edit_and_checked(tmp_path, capsys):
    path = str(tmp_path / "e.db")
    assert main(["tournament", "new", path, "--name", "Cup", "--system", "roundrobin", "--tz", "Asia/Shangai"]) == 2
    assert "no such zone in the tz database" in capsys.readouterr().err
    assert main(["tournament", "new", path, "--name", "Cup", "--system", "roundrobin", "--tz", "Europe/Berlin"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("time zone Europe/Berlin")
    assert Tournament.open(path).settings.tz == "Europe/Berlin"
    assert main(["tournament", "edit", path, "--tz", "Mars/Olympus"]) == 2
    assert Tournament.open(path).tz == "Europe/Berlin"  # a refused zone leaves the file as it was
    assert main(["tournament", "edit", path, "--tz", "Asia/Shanghai"]) == 0
    assert Tournament.open(path).tz == "Asia/Shanghai"


def test_the_printout_and_the_pages_show_the_events_clock(tmp_path):
    path = str(tmp_path / "e.db")
    ev = Tournament.create(path, "Cup", system="roundrobin", tz="Asia/Shanghai")
    for name in ("王伟", "李强", "张三", "赵四"):
        ev.add_player(name, club="杭州", rating=2000)
    ev.pair()
    ev.set_result(1, 1, "1-0")
    ev.db.close()
    # the file last changed two hours ago: a stamp of when the pages read it
    # (opening the file makes a new WAL) would differ by the hours, not by a minute's turn
    long_ago = time.time() - 7200
    os.utime(path, (long_ago, long_ago))
    changed = changed_at(path)
    assert abs(changed - long_ago) < 1
    # the printout's foot: the event's date and time and its zone's name (a minute may turn meanwhile)
    before = time.time()
    foot = re.search(r'content: "printed ([^"]+)"', page([("T", ["a"], [["1"]])], "Cup", tz="Asia/Shanghai")).group(1)
    assert foot in {shanghai(t, "%Y-%m-%d %H:%M CST") for t in (before, time.time())}
    # the standings page's "updated": the file's last change, 24-hour, with the zone and an ISO time beside it
    with Serving(make_app(Hub(), tournament=path)) as url:
        for route in ("/event/standings.json", "/event/players.json", "/event/pairings.json"):
            with urllib.request.urlopen(url + route, timeout=30) as r:
                got = json.load(r)
            assert (got["updated"], got["tz"]) == (shanghai(changed, "%H:%M"), "Asia/Shanghai")
            assert datetime.datetime.fromisoformat(got["updated_at"]).utcoffset() == datetime.timedelta(hours=8)
    # the desk's incidents: each with its clock in the event's zone (arbiter.js shows it as it is)
    hub = Hub(clock=lambda: 1764667200.25)  # 2025-12-02 09:20:00 UTC
    hub.push("1", "d1", 1, 1, "E 1 0 GAME new event=Cup round=1 board=1 red=A black=B")
    hub.push("1", "d1", 1, 2, "E 2 10 ALERT displaced put=e3 clear=- 5.8.2")
    frame = sse_frame(hub.since(None), True, zone=EventZone(path)).decode()
    incidents = json.loads(frame.split("data: ", 1)[1])["incidents"]
    assert [i["clock"] for i in incidents] == ["17:20:00"]
