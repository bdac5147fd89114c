"""`xqboard tournament slips FILE ROUND OUT`: the blank result slip of a
round, to print (OUT.pdf, or .html) or to fill in on a PC and enter with
`results` (OUT.csv, OUT.xlsx)."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("slips", help="a round's blank result slip: PDF to print, CSV/XLSX to fill in")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("out", help="OUT.pdf, OUT.html, OUT.csv or OUT.xlsx")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import slips

    ev = open_event(args)
    if not 1 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    kind = args.out.rsplit(".", 1)[-1].lower()
    if kind == "csv":
        from ...tournament import export_csv

        export_csv.write(slips.blank_slip(ev, args.round), args.out)
    elif kind == "xlsx":
        from ...tournament import xlsx

        xlsx.write(slips.blank_slip(ev, args.round), args.out)
    elif kind in ("pdf", "html"):
        from ...tournament import export_html, export_pdf

        page = export_html.page([slips.printed_slip(ev, args.round)], ev.get("name"), export_html.event_meta(ev),
                                tz=ev.tz)
        if kind == "html":
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(page)
        else:
            export_pdf.render(page, args.out)
    else:
        raise UsageError("%s: OUT ends in .pdf, .html, .csv or .xlsx" % args.out)
    print("%s: round %d's blank result slip" % (args.out, args.round))
