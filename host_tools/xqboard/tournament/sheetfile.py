"""A table from a file, as rows of text: a CSV (UTF-8, a BOM as
spreadsheets write it; otherwise GB18030, as older Chinese spreadsheets
save) or an XLSX workbook's first sheet (xlsx.py). Player lists and result
slips are read through here.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), 's.csv')
>>> _ = open(path, 'wb').write('board,result\\n1,1-0\\n'.encode('gb18030'))
>>> rows(path, read_bytes(path))
[['board', 'result'], ['1', '1-0']]
"""
import csv
import io

from .refusal import TournamentError


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise TournamentError("%s: %s" % (path, e.strerror))


def rows(path, data):
    """[[cell text]] of the file at `path` whose bytes are `data`."""
    if data.startswith(b"PK\x03\x04"):
        from .xlsx import read_rows

        return read_rows(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("gb18030")
        except UnicodeDecodeError:
            raise TournamentError("%s: neither UTF-8 nor GB18030 text" % path)
    return list(csv.reader(io.StringIO(text)))
