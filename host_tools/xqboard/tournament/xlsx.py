"""The first sheet of an XLSX workbook as rows of text, read with the
standard library (an XLSX is a zip of XML parts): shared strings, inline
strings, numbers (a whole number without its '.0') and booleans. Enough for
a player list; formulas give their cached value.

>>> column_index('A'), column_index('AB')
(0, 27)
"""
import re
import zipfile
import xml.etree.ElementTree as ET

from .errors import TournamentError

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
RELS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def column_index(letters):
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n - 1


def _first_sheet(z):
    """The path of the workbook's first sheet."""
    try:
        book = ET.fromstring(z.read("xl/workbook.xml"))
        rid = book.find("m:sheets/m:sheet", NS).get(RELS)
        rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
        for r in rels:
            if r.get("Id") == rid:
                target = r.get("Target").lstrip("/")
                return target if target.startswith("xl/") else "xl/" + target
    except (KeyError, AttributeError):
        pass
    return "xl/worksheets/sheet1.xml"


def _text(el):
    return "".join(t.text or "" for t in el.iter("{%s}t" % NS["m"]))


def read_rows(path):
    """[[cell text]] of the first sheet, empty cells as ''."""
    try:
        with zipfile.ZipFile(path) as z:
            shared = []
            if "xl/sharedStrings.xml" in z.namelist():
                shared = [_text(si) for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS)]
            sheet = ET.fromstring(z.read(_first_sheet(z)))
    except (zipfile.BadZipFile, KeyError, ET.ParseError) as e:
        raise TournamentError("%s: not a readable XLSX workbook (%s)" % (path, e))
    rows = []
    for row in sheet.iter("{%s}row" % NS["m"]):
        cells = {}
        for c in row.findall("m:c", NS):
            m = re.match(r"([A-Z]+)", c.get("r", ""))
            col = column_index(m.group(1)) if m else len(cells)
            kind, v = c.get("t"), c.find("m:v", NS)
            if kind == "inlineStr":
                value = _text(c.find("m:is", NS)) if c.find("m:is", NS) is not None else ""
            elif v is None:
                value = ""
            elif kind == "s":
                value = shared[int(v.text)]
            elif kind == "b":
                value = "TRUE" if v.text == "1" else "FALSE"
            else:
                value = v.text or ""
                if kind is None and re.fullmatch(r"-?\d+\.0+", value):
                    value = value.split(".")[0]
            cells[col] = value
        rows.append([cells.get(i, "") for i in range(max(cells) + 1)] if cells else [])
    return rows
