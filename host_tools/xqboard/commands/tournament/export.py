"""`xqboard tournament export FILE FORMAT OUT [--what --round]`: write the
standings and/or pairings as html, pdf, png or csv, or the event as FIDE TRF."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("export", help="write html, pdf, csv or trf")
    a.add_argument("file")
    a.add_argument("format", choices=("html", "pdf", "png", "csv", "trf"))
    a.add_argument("out")
    a.add_argument("--what", default="standings", choices=("standings", "pairings", "all"))
    a.add_argument("--round", type=int)
    a.set_defaults(func=run)


def run(args):
    from ...tournament import export_csv, export_html, export_pdf, export_trf, views

    ev = open_event(args)
    if args.format == "trf":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(export_trf.write(ev))
        return
    if not ev.current_round and args.what != "standings":
        raise UsageError("no round is paired yet")
    tables = []
    if args.what in ("pairings", "all"):
        tables.append(views.pairing_table(ev, args.round))
    if args.what in ("standings", "all"):
        tables.append(views.standings_table(ev, args.round))
    if args.format == "csv":
        if len(tables) != 1:
            raise UsageError("csv holds one table: --what standings or pairings")
        export_csv.write(tables[0], args.out)
        return
    page = export_html.page(tables, ev.get("name"), export_html.event_meta(ev))
    if args.format == "html":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(page)
    else:
        export_pdf.render(page, args.out, png=args.format == "png")
