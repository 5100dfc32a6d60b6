"""The ``skat`` command: play, replay records, render the screenshot tour, run benchmarks."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="skat", description="Skat and Offiziersskat against computer opponents.")
    parser.add_argument("--deal", metavar="CODE", help="start the shared deal with this code")
    sub = parser.add_subparsers(dest="command")
    p_replay = sub.add_parser("replay", help="replay ISS lines or JSON records; print one JSON object per hand")
    p_replay.add_argument("file", help="file of ISS game lines or JSON records ('-' for standard input)")
    p_bench = sub.add_parser("bench", help="benchmarks that print JSON figures")
    p_bench.add_argument("what", choices=["engine", "ui", "ai"])
    p_bench.add_argument("seconds", nargs="?", type=float, default=3.0)
    p_shots = sub.add_parser("shots", help="render a tour of every scene in both languages to PNG files")
    p_shots.add_argument("dir")
    p_text = sub.add_parser("text", help="play one hand in the terminal")
    p_text.add_argument("--game", choices=["skat", "officers"], default="skat")
    p_text.add_argument("--rules", default=None, help="rule set: isko, lothar, officers")
    p_text.add_argument("--seed", type=int, default=None)
    sub.add_parser("web-build", help="build build/web/ with pygbag (offline)")
    args = parser.parse_args(argv)

    if args.command == "replay":
        from .replay import replay_file

        return replay_file(args.file, sys.stdout, sys.stderr)
    if args.command == "bench":
        if args.what == "engine":
            from .bench import main as bench_main

            return bench_main(["engine", str(args.seconds)])
        if args.what == "ai":
            from .ai.bench import main as ai_main

            return ai_main([])
        from .ui.bench_ui import main as ui_main

        return ui_main()
    if args.command == "shots":
        from .ui.shots import main as shots_main

        return shots_main([args.dir])
    if args.command == "text":
        from .textmode import play_text

        return play_text(args.game, args.rules, args.seed)
    if args.command == "web-build":
        from .webbuild import main as web_main

        return web_main([])
    return play_window(args.deal)


def play_window(deal_code: str | None) -> int:
    try:
        import pygame  # noqa: F401
    except ImportError:
        print("pygame-ce is not installed: playing one hand in the terminal instead.", file=sys.stderr)
        from .textmode import play_text

        return play_text("skat", None, None)
    import asyncio

    from .ui.app import App

    app = App()
    app.start(deal_code)
    asyncio.run(app.run())
    return 0
