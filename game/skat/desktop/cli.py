"""The ``skat`` command: play, replay records, render the screenshot tour, run benchmarks."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Ctrl-C ends any command quietly (exit status 130); the game window saves its match first."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("skat: interrupted.", file=sys.stderr)
        return 130


def _main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="skat", description="Skat and Offiziersskat against computer opponents.")
    parser.add_argument("--deal", metavar="CODE", help="start the shared deal with this code")
    parser.add_argument("--seat", type=int, default=1, metavar="N",
                        help="with --deal: your seat in that hand, 1 forehand, 2 middlehand, 3 rearhand "
                        "(Offiziersskat: 1 forehand, 2 dealer)")
    sub = parser.add_subparsers(dest="command")
    p_replay = sub.add_parser("replay", help="replay ISS lines or JSON records; print one JSON object per hand")
    p_replay.add_argument("file", help="file of ISS game lines or JSON records ('-' for standard input)")
    p_bench = sub.add_parser("bench", help="benchmarks that print JSON figures")
    p_bench.add_argument("what", choices=sorted(BENCHES))
    p_bench.add_argument("args", nargs=argparse.REMAINDER, help="the benchmark's own options")
    p_shots = sub.add_parser("shots", help="render a tour of every scene in both languages to PNG files")
    p_shots.add_argument("dir")
    p_film = sub.add_parser("film", help="render contact sheets of the table's animations (frame strips) to PNG files")
    p_film.add_argument("dir")
    p_text = sub.add_parser("text", help="play one hand in the terminal")
    p_text.add_argument("--game", choices=["skat", "officers"], default="skat")
    p_text.add_argument("--rules", default=None, help="rule set: isko, lothar, officers")
    p_text.add_argument("--seed", type=int, default=None)
    # These two parse their own options (skat.desktop.webbuild / skat.desktop.webruntime main(argv)).
    sub.add_parser("web-build", help="build build/web/ with pygbag (offline); --help for its options", add_help=False)
    sub.add_parser("web-runtime", help="fetch DIR | verify DIR: pygbag's runtime to host with the page", add_help=False)
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("web-build", "web-runtime"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "replay":
        from .replay import replay_file

        return replay_file(args.file, sys.stdout, sys.stderr)
    if args.command == "bench":
        return run_bench(args.what, args.args)
    if args.command == "shots":
        from ..lab.shots import main as shots_main

        return shots_main([args.dir])
    if args.command == "film":
        from ..lab.film import film_main

        return film_main([args.dir])
    if args.command == "text":
        from .textmode import play_text

        return play_text(args.game, args.rules, args.seed)
    if args.command == "web-build":
        from .webbuild import main as web_main

        return web_main(extra)
    if args.command == "web-runtime":
        from .webruntime import main as runtime_main

        return runtime_main(extra)
    if args.deal is not None and not args.deal.strip():
        print("skat: --deal needs a deal code (it is shown after each hand); the title screen says more.",
              file=sys.stderr)
    return play_window(args.deal, args.seat - 1)


BENCHES: dict[str, str] = {
    "engine": "skat.lab.engine_bench",
    "ui": "skat.lab.ui_bench",
    "ai": "skat.lab.ai_bench",
    "analysis": "skat.lab.analysis_bench",
    "solver": "skat.lab.solver_bench",
    "duel": "skat.lab.duel",
    "idle": "skat.lab.idle_bench",
    "ponder": "skat.lab.ponder_bench",
    "readers": "skat.lab.readers_bench",
}
"""``skat bench NAME [ARGS…]``: the module whose ``main(argv)`` runs it and prints JSON."""


def run_bench(name: str, argv: list[str]) -> int:
    import importlib

    module = importlib.import_module(BENCHES[name])
    return int(module.main(argv) or 0)


def play_window(deal_code: str | None, seat: int = 0) -> int:
    try:
        import pygame  # noqa: F401
    except ImportError:
        print("pygame-ce is not installed: playing one hand in the terminal instead.", file=sys.stderr)
        from .textmode import play_text

        return play_text("skat", None, None)
    import asyncio
    import signal

    try:
        from ..ui.app import App

        app = App()
    except KeyboardInterrupt:  # Ctrl-C while the window opens: nothing to save yet
        print("skat: interrupted.", file=sys.stderr)
        return 130

    interrupted = False

    def on_interrupt(signum: int, frame: object) -> None:
        """Ctrl-C: end the frame loop after this frame, as closing the window does."""
        nonlocal interrupted
        app.running = False
        interrupted = True

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        app.start(deal_code, seat)
        asyncio.run(app.run())
    except KeyboardInterrupt:  # a second Ctrl-C before the loop noticed the first
        interrupted = True
    finally:
        signal.signal(signal.SIGINT, previous)
        app.services.save_on_exit()
    if interrupted:
        print("skat: interrupted; the match in progress is saved.", file=sys.stderr)
        return 130
    return 0
