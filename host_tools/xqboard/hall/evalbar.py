"""What the server does for the eval bar: serve its files, nothing else.
The evaluation runs in the viewer's browser (static/eval/: Fairy-Stockfish's
WebAssembly build from npm, pinned by static/eval/package-lock.json and
installed by `make setup` with `npm ci`), never on the hall's machine.

That build is Emscripten with pthreads: its memory is a SharedArrayBuffer,
which a browser grants only to a cross-origin isolated page. So the live
page and everything under /static/eval/ are served with ISOLATED (COOP
same-origin, COEP require-corp); every file the page loads is of this
origin, so the isolation costs it nothing. The engine runs one search
thread with its classical evaluation: the package ships no network for
xiangqi (it says `info string classical evaluation enabled`), and none is
served (docs/HALL.md, "Eval bar").

The bar is on for the public live page and off in its hall-screen mode
(`/?screen=hall`, for screens in the playing hall) and on the arbiter's
page, which never load the engine at all (static/eval/evalbar.js).
"""
from pathlib import Path

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

EVAL_DIR = Path(__file__).resolve().parent / "static" / "eval"
ENGINE = "node_modules/fairy-stockfish-nnue.wasm"  # under EVAL_DIR: npm ci's
ISOLATED = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


class IsolatedFiles(StaticFiles):
    """StaticFiles whose every answer carries ISOLATED."""

    async def get_response(self, path, scope):
        response = await super().get_response(path, scope)
        response.headers.update(ISOLATED)
        return response


def engine_installed():
    return (EVAL_DIR / ENGINE / "stockfish.wasm").is_file()


def mount():
    """The route of /static/eval/ (before the app's /static mount)."""
    return Mount("/static/eval", app=IsolatedFiles(directory=EVAL_DIR), name="eval")
