#!/usr/bin/env python3
"""Instructions per drawn frame of a skeleton in motion, counted by valgrind's callgrind: what an
app computes each time it draws (every shimmer group's paint at that instant, and the reveal
transition's appearances: `ResolvedShimmer.paints(of:at:)` and `RevealTransition.moment(at:)`), for
each built-in screen laid out at 390 points, its own shimmer and transition.

For each screen: run the MotionBenchmark executable under callgrind with 0 frames and with N,
and divide the difference in total instructions by N, so that start-up and layout cancel out.

    swift build -c release --product MotionBenchmark
    Benchmarks/motion.py [--frames 2000] [--binary .build/release/MotionBenchmark] [SCREEN ...]
"""
import argparse
import os
import subprocess
import tempfile

SCREENS = ["home", "insights", "inbox", "thread", "movies"]


def count(binary, screen, frames, workdir):
    out = os.path.join(workdir, f"{screen}-{frames}.callgrind")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, screen, str(frames)],
                         capture_output=True, text=True, check=True)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1]), run.stdout.strip()
    raise RuntimeError("no totals in callgrind output")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=2000)
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "release", "MotionBenchmark"))
    parser.add_argument("screens", nargs="*", default=SCREENS)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        for screen in arguments.screens:
            base, _ = count(arguments.binary, screen, 0, workdir)
            total, summary = count(arguments.binary, screen, arguments.frames, workdir)
            print(f"{summary}: {(total - base) / arguments.frames:,.0f} instructions per drawn frame")


if __name__ == "__main__":
    main()
