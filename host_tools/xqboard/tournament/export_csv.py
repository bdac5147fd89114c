"""CSV of a table (pairings or standings), UTF-8 with a BOM so that
spreadsheet programs read the Chinese names."""
import csv
import io


def write(table, out=None):
    title, header, rows = table
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(header)
    w.writerows(rows)
    data = "\ufeff" + buf.getvalue()
    if out:
        with open(out, "w", encoding="utf-8", newline="") as f:
            f.write(data)
    return data
