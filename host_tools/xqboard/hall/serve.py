"""Runs the pages' Starlette app (xqboard.hall.web.make_app, the pages'
half of issue 17) with uvicorn on a thread, beside the broadcast loop.

    server = WebServer(app, "127.0.0.1", 8017).start()
    server.url        # http://127.0.0.1:8017/
    server.stop()
"""
import threading
import time


class WebServer:
    def __init__(self, app, host="127.0.0.1", port=8017):
        import uvicorn

        self.host, self.port = host, port
        self.server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    @property
    def url(self):
        return "http://%s:%d/" % (self.host, self.port)

    def start(self, timeout=10.0):
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start on %s:%d" % (self.host, self.port))
            time.sleep(0.05)
        return self

    def stop(self):
        self.server.should_exit = True
        self.thread.join(5)
