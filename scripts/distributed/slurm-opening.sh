#!/bin/sh
# A task of the job array that slurm-openings.sh submits: the opening on line
# $SLURM_ARRAY_TASK_ID of OUT/openings.txt, solved into OUT/open-CELL.txt (its proofs) and
# OUT/open-CELL.out (the binary's table, whose `total:` line the merge adds up).
#
#   slurm-opening.sh OUT BIN N FIRST [TIME [NODES]]
#
# An opening that its proof file records as solved is not searched again. One that the file
# does not record (never searched, or unknown within TIME or NODES the last time) is searched,
# with the file as a book: a rerun with a larger TIME goes on from what the last try proved.
set -eu
OUT=$1 BIN=$2 N=$3 FIRST=$4 TIME=${5:-} NODES=${6:-}
task=${SLURM_ARRAY_TASK_ID:?not a task of a Slurm job array}

# Seconds since the epoch, to the nanosecond where date can (GNU's %N).
now() {
    stamp=$(date +%s.%N)
    case $stamp in *N*) date +%s ;; *) echo "$stamp" ;; esac
}
now > "$OUT/started/$task"

cell=$(sed -n "${task}p" "$OUT/openings.txt")
if [ -z "$cell" ]; then
    echo "no opening on line $task of $OUT/openings.txt" >&2
    exit 1
fi
proofs="$OUT/open-$cell.txt"
record="^$N opening $(echo "$FIRST" | tr xo XO) $cell "
if [ -f "$proofs" ] && grep -q "$record" "$proofs"; then
    echo "$cell: solved before, in $proofs"
    exit 0
fi

set -- hex solve --openings "$N" --first "$FIRST" --only "$cell" --threads 1 --memory 768
if [ -n "$TIME" ]; then set -- "$@" --time "$TIME"; fi
if [ -n "$NODES" ]; then set -- "$@" --nodes "$NODES"; fi
if [ -f "$proofs" ]; then set -- "$@" --book "$proofs"; fi
"$BIN" "$@" --proofs-out "$OUT/open-$cell.tmp" > "$OUT/open-$cell.out.tmp"
mv "$OUT/open-$cell.out.tmp" "$OUT/open-$cell.out"
mv "$OUT/open-$cell.tmp" "$proofs"
cat "$OUT/open-$cell.out"
if ! grep -q "$record" "$proofs"; then
    echo "$cell: unknown within the limits (TIME=${TIME:-none}, NODES=${NODES:-none}); a" \
        "resubmission, with larger limits, searches it again from $proofs"
fi
