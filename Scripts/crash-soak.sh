#!/usr/bin/env bash
# The long crash-durability run: the same tests CI runs, with many more SIGKILLs.
#
#   Scripts/crash-soak.sh                 1,000 kills per test, 4 writers at a time (CI uses 3)
#   Scripts/crash-soak.sh 5000 6          5,000 kills, 6 writers
#   RIVULET_CRASH_SEED=N Scripts/crash-soak.sh   replay the choices of a failed run
#
# Each test prints a summary line (seed, kills, writes reported done, time); a failure prints
# the seed that replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
export RIVULET_CRASH_KILLS="${1:-1000}"
export RIVULET_CRASH_WORKERS="${2:-4}"
swift build --build-tests
swift test --skip-build --filter CrashDurabilityTests
