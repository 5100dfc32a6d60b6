"""The ``skat`` command: play, replay records, run benchmarks."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="skat", description="Skat and Offiziersskat against computer opponents.")
    sub = parser.add_subparsers(dest="command")
    p_replay = sub.add_parser("replay", help="replay ISS lines or JSON records; print one JSON object per hand")
    p_replay.add_argument("file", help="file of ISS game lines or JSON records ('-' for standard input)")
    p_bench = sub.add_parser("bench", help="benchmarks that print JSON figures")
    p_bench.add_argument("what", choices=["engine"])
    p_bench.add_argument("seconds", nargs="?", type=float, default=3.0)
    p_text = sub.add_parser("text", help="play one hand in the terminal")
    p_text.add_argument("--game", choices=["skat", "officers"], default="skat")
    p_text.add_argument("--rules", default=None, help="rule set: isko, lothar, officers")
    p_text.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)

    if args.command == "replay":
        from .replay import replay_file

        return replay_file(args.file, sys.stdout, sys.stderr)
    if args.command == "bench":
        from .bench import main as bench_main

        return bench_main([args.what, str(args.seconds)])
    from .textmode import play_text

    if args.command == "text":
        return play_text(args.game, args.rules, args.seed)
    return play_text("skat", None, None)
