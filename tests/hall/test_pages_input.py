"""Hostile input to the pages (issue 26, item 7): a stream id that is no
id (5,000 digits, garbage) is a 400, never a 500 or a stream."""
import http.client
from urllib.parse import quote, urlparse

from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app


def status(url, path, last_id=None):
    u = urlparse(url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    c.request("GET", path, headers={"Last-Event-ID": last_id} if last_id else {})
    r = c.getresponse()
    code, body = r.status, r.read(200) if r.status != 200 else b""
    c.close()
    return code, body


def test_a_stream_id_that_is_no_id_is_a_400():
    hub = Hub()
    with Serving(make_app(hub)) as url:
        for path in ("/feed", "/stream"):
            assert status(url, path, last_id="9" * 5000)[0] == 400
            assert status(url, path, last_id="%s:%s" % (hub.token, "9" * 5000))[0] == 400
            assert status(url, path + "?since=" + quote("../../etc;drop"))[0] == 400
            code, body = status(url, path + "?since=" + "1" * 5000)
            assert code == 400 and b"5000 characters" in body
