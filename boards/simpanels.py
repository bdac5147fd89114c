# The simulated board with displays: the faces (firmware/ui/) drawn on
# framebuffers exactly as boards/device.py draws them on its SSD1306s, for
# `xqboard faces` and `xqboard sim --faces`. SIDES: "red,black" (one
# display per player, as boards/esp32s3.py) or "both" (one shared display).
import framebuf

from boards.sim import SimBoard
from ui.faces import Face
from xq.pieces import side_of


class SimPanel:
    def __init__(self, side):
        self.name = side
        self.buffer = bytearray(1024)  # 128 x 64, MONO_VLSB: the SSD1306's own layout
        fb = framebuf.FrameBuffer(self.buffer, 128, 64, framebuf.MONO_VLSB)
        self.face = Face(fb, None if side == "both" else side_of(side))


class PanelSimBoard(SimBoard):
    def __init__(self, sides="red,black", **kw):
        super().__init__(**kw)
        self.panels = [SimPanel(s) for s in sides.split(",")]
        self.drawn = 0  # how many times a face was redrawn

    def draw(self, scene, now):
        for p in self.panels:
            if p.face.update(scene, now):
                self.drawn += 1
