#!/bin/sh
# Every opening of an NxN board on Slurm: a job array with a task per opening (the first of
# each opening and its half turn; scripts/distributed/slurm-opening.sh), then a job run once
# every task has ended (scripts/distributed/slurm-merge.sh) that puts their proof files
# together and writes the table to OUT/table.txt. Submit from the repository's root, with the
# binary built and OUT on a disk every node sees:
#
#   N=7 OUT=runs/7x7 TIME=3600 scripts/distributed/slurm-openings.sh
#
# TIME is the seconds each opening may take, NODES the positions it may expand (checked
# every 1024); neither has a limit when unset. FIRST (x or o, x by default) opens, BIN is the
# binary (target/release/boardgames by default). The job scripts are POSIX sh, as Slurm runs
# them with /bin/sh (dash on Debian and Ubuntu), and every value reaches them as an argument,
# never inside their text. The tasks are submitted with `--requeue`: Slurm may run a task
# again after a node failure or a preemption (each writes its files under a temporary name
# first). A task that fails on its own is not run again by Slurm: a resubmission of the same
# command runs it. A resubmission searches again every opening that no proof file records as
# solved, those still unknown within TIME or NODES included (give them a larger TIME),
# starting from what the last try proved; the tasks of the others end at once.
set -eu
N="${N:?the board size}"
OUT="${OUT:?a folder every node sees}"
FIRST="${FIRST:-x}"
TIME="${TIME:-}"
NODES="${NODES:-}"
BIN="${BIN:-$PWD/target/release/boardgames}"
case $N in '' | *[!0-9]*) echo "N must be a board size, not $N" >&2; exit 2 ;; esac
case $FIRST in x | o) ;; *) echo "FIRST must be x or o, not $FIRST" >&2; exit 2 ;; esac
# The jobs may start in another folder: every path they get is absolute.
case $BIN in /*) ;; *) BIN="$PWD/$BIN" ;; esac
if [ ! -x "$BIN" ]; then
    echo "no binary at $BIN (cargo build --release, or BIN=PATH)" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/logs" "$OUT/started"
OUT=$(cd "$OUT" && pwd)

# The openings searched, in reading order: cell i for i <= N*N-1-i.
i=0
: > "$OUT/openings.tmp"
while [ $((2 * i)) -le $((N * N - 1)) ]; do
    column=$(printf '%s' ABCDEFGHIJKLMNOPQRSTUVWXYZ | cut -c $((i % N + 1)))
    echo "$column$((i / N + 1))" >> "$OUT/openings.tmp"
    i=$((i + 1))
done
mv "$OUT/openings.tmp" "$OUT/openings.txt"
# The tasks of this submission say when they start (for the table's wall-clock).
rm -f "$OUT"/started/*

# `--parsable` prints the job's id, or `ID;CLUSTER`.
array=$(sbatch --parsable --array="1-$i" --requeue --cpus-per-task=1 --mem=1G \
    --job-name=hex-openings --output="$OUT/logs/%a.log" \
    "$here/slurm-opening.sh" "$OUT" "$BIN" "$N" "$FIRST" "$TIME" "$NODES")
array=${array%%;*}

# The merge runs once every task has ended (afterany: a table with ? beats none).
merge=$(sbatch --parsable --dependency="afterany:$array" --cpus-per-task=1 --mem=1G \
    --job-name=hex-openings-table --output="$OUT/logs/merge.log" \
    "$here/slurm-merge.sh" "$OUT" "$BIN" "$N" "$FIRST")
merge=${merge%%;*}
echo "submitted: array $array, merge $merge; the table will be in $OUT/table.txt"
