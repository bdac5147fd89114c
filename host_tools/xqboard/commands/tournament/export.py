"""`xqboard tournament export FILE FORMAT OUT [--what --round --player]`:
write tables as html, pdf, png or csv, the event as FIDE TRF, or the
static results site (FORMAT site, OUT a folder)."""
import argparse

from ...errors import UsageError
from .common import open_event

WHAT = ("standings", "pairings", "alphabetical", "crosstable", "cards")


def what_list(text):
    """argparse type of --what: a comma list of WHAT, in print order; `all`
    is pairings,standings."""
    items = ["pairings", "standings"] if text == "all" else [w.strip() for w in text.split(",") if w.strip()]
    bad = [w for w in items if w not in WHAT]
    if bad or not items:
        raise argparse.ArgumentTypeError("%r: a comma list of %s (or all)" % (text, ", ".join(WHAT)))
    return items


def register(actions):
    a = actions.add_parser("export", help="write html, pdf, png, csv, trf, or the results site")
    a.add_argument("file")
    a.add_argument("format", choices=("html", "pdf", "png", "csv", "trf", "site"))
    a.add_argument("out")
    a.add_argument("--what", default=["standings"], type=what_list,
                   help="comma list, in print order: pairings (by board), alphabetical (pairings by name), "
                        "standings, crosstable, cards (one per player); all = pairings,standings")
    a.add_argument("--round", type=int)
    a.add_argument("--player", action="append", help="cards: only these players (number or name)")
    a.add_argument("--latin", action="store_true", help="trf: names in pinyin ('Wang, Tianyi'), as FIDE wants")
    a.set_defaults(func=run)


def tables_of(ev, what, rnd, players=None):
    """The (title, header, rows) tables `--what` asks for, in its order."""
    from ...tournament import sheets, views

    out = []
    for w in what:
        if w == "pairings":
            out.append(views.pairing_table(ev, rnd))
        elif w == "alphabetical" and ev.kind != "team":
            out.append(sheets.alphabetical_pairings(ev, rnd))
        elif w == "standings":
            out.append(views.standings_table(ev, rnd))
        elif w == "crosstable":
            out.append(sheets.crosstable(ev, rnd))
        elif w == "cards":
            for who in players or ["#%d" % e.number if e.number else str(e.id) for e in ev.entrants()]:
                out.append(sheets.player_card(ev, who, rnd))
    return out


def run(args):
    from ...tournament import export_csv, export_html, export_pdf, export_trf, site

    ev = open_event(args)
    if args.round is not None and not 1 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    if args.format == "trf":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(export_trf.write(ev, args.round, latin=args.latin))
        return
    if args.format == "site":
        written = site.write(ev, args.out)
        print("%s: %d pages (open index.html)" % (args.out, len(written)))
        return
    if not ev.current_round and args.what != ["standings"]:
        raise UsageError("no round is paired yet")
    tables = tables_of(ev, args.what, args.round, args.player)
    if args.format == "csv":
        if len(tables) != 1:
            raise UsageError("csv holds one table: --what standings, pairings, alphabetical or crosstable")
        export_csv.write(tables[0], args.out)
        return
    page = export_html.page(tables, ev.get("name"), export_html.event_meta(ev), tz=ev.tz)
    if args.format == "html":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(page)
    else:
        export_pdf.render(page, args.out, png=args.format == "png")
