"""The faces' cost on the emulated Pico (xqboard.faces_bench, counted in
instructions, 1 = 1 ns under -icount shift=0) against the scan's budget
(issue 12; docs/HARDWARE.md, "Faces, displays and sound"): what runs in a
scan slot may take what one page of a display's transfer takes, 3 ms, which
at the slow end of the RP2040's range (125 MHz, CPI 2.5) is 150,000
instructions. Left out where the firmware image cannot be built."""
import pytest

from xqboard import faces_bench
from xqboard.target import image

PAGE_BUDGET = 150_000  # instructions: 3 ms at 125 MHz and CPI 2.5

pytestmark = pytest.mark.skipif(bool(image.missing()), reason="no firmware image: %s" % image.missing())


@pytest.fixture(scope="module")
def cost():
    return faces_bench.figures(faces_bench.lines())


def test_an_alerts_mini_board_drawn_a_slice_a_scan_fits_the_budget(cost):
    # the device's slices (boards/device.py, _SLICE_POINTS = 15)
    assert cost["alert slice of 15"] <= PAGE_BUDGET
    # the drawing whole is what a scan would otherwise wait for
    assert cost["alert redraw"] > 4 * PAGE_BUDGET


def test_the_alerts_text_costs_no_more_than_the_clocks_redraw(cost):
    # the part drawn at once, in the display task: no longer than the
    # running face's redraw, which every face already costs once a second
    assert cost["alert sliced text"] <= cost["running redraw"]


def test_a_changed_part_is_found_and_copied_within_the_budget(cost):
    assert cost["send part"] <= PAGE_BUDGET
