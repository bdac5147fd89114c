"""XLSX workbooks by openpyxl (pinned in requirements.txt): the first
sheet of a player list or a result slip as rows of text, and a workbook
written from a (title, header, rows) table (a blank result slip to fill in).

A cell becomes the text a CSV of the same sheet would hold: a whole number
without its '.0' (2650, not 2650.0), a date cell as YYYY-MM-DD (a birth
typed as a date; registration also takes Excel's date serials from a CSV),
TRUE/FALSE, a formula its cached value. openpyxl is imported only here and
only when a workbook is read or written (it takes a tenth of a second).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), 'p.xlsx')
>>> write(('Players', ['name', 'rating'], [['王天一', '2650']]), path)
>>> read_rows(path)
[['name', 'rating'], ['王天一', '2650']]
"""
import datetime
import zipfile

from .refusal import TournamentError


def cell_text(v):
    """The text of one cell's value, as a CSV would hold it.

    >>> cell_text(2650.0), cell_text(datetime.datetime(1988, 5, 2)), cell_text(None), cell_text(True)
    ('2650', '1988-05-02', '', 'TRUE')
    """
    if v is None:
        return ""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, datetime.datetime):
        return v.date().isoformat() if v.time() == datetime.time() else v.isoformat(" ")
    if isinstance(v, datetime.date):
        return v.isoformat()
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def read_rows(path):
    """[[cell text]] of the first sheet, empty cells as '', trailing empty
    cells of a row left out."""
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as e:
        raise TournamentError("%s: not a readable XLSX workbook (%s)" % (path, e))
    try:
        rows = []
        for values in book.worksheets[0].iter_rows(values_only=True):
            row = [cell_text(v) for v in values]
            while row and not row[-1]:
                row.pop()
            rows.append(row)
        return rows
    finally:
        book.close()


def write(table, path):
    """A workbook of one sheet: the table's header row (bold) and rows, the
    title as the sheet's name (31 characters at most, Excel's limit)."""
    import openpyxl
    from openpyxl.styles import Font

    title, header, rows = table
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "".join(ch for ch in title if ch not in "[]:*?/\\")[:31] or "Sheet1"
    sheet.append(list(header))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for r in rows:
        sheet.append([int(c) if isinstance(c, str) and c.isdigit() and len(c) < 10 else c for c in r])
    sheet.freeze_panes = "A2"
    book.save(path)
