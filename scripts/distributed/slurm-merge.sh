#!/bin/sh
# The last job of slurm-openings.sh, run once every task of its array has ended: the
# openings' proof files put together in OUT/proofs.txt, and the table in OUT/table.txt.
#
#   slurm-merge.sh OUT BIN N FIRST
#
# The binary prints the table from the proof files with next to no search (`--nodes 0`); its
# `total:` line, which would tell the merge's own search, is replaced by the jobs': the
# positions and search time of the last job of each opening (OUT/open-CELL.out, from this
# submission or an earlier one) added up, and the wall-clock of this submission, from the
# start of its first task to the end of the merge.
set -eu
OUT=$1 BIN=$2 N=$3 FIRST=$4

now() {
    stamp=$(date +%s.%N)
    case $stamp in *N*) date +%s ;; *) echo "$stamp" ;; esac
}

set --
jobs=0
: > "$OUT/totals.tmp"
for cell in $(cat "$OUT/openings.txt"); do
    if [ -f "$OUT/open-$cell.txt" ]; then set -- "$@" --book "$OUT/open-$cell.txt"; fi
    if [ -f "$OUT/open-$cell.out" ]; then
        jobs=$((jobs + 1))
        grep '^total:' "$OUT/open-$cell.out" >> "$OUT/totals.tmp" || true
    fi
done
"$BIN" hex solve --openings "$N" --first "$FIRST" --nodes 0 --threads 1 "$@" \
    --proofs-out "$OUT/proofs.txt" > "$OUT/table.tmp"

# A job's line: `total: P positions searched; search S s summed over the openings, ...`.
searched=$(awk '{ p += $2; s += $6 } END { printf "%d %.3f", p, s }' "$OUT/totals.tmp")
rm -f "$OUT/totals.tmp"
start=$(cat "$OUT"/started/* 2> /dev/null | awk 'NR == 1 || $1 < m { m = $1 } END { print m }')
end=$(now)
wall=$(echo "${start:-$end} $end" | awk '{ printf "%.3f", $2 - $1 }')
set -- $searched
total="total: $1 positions searched; search $2 s summed over the $jobs jobs of the openings"
total="$total (each opening's last, in whichever submission), $wall s wall-clock of this"
total="$total submission (from its first task's start to the table)"
awk -v total="$total" '/^total:/ { print total; next } { print }' "$OUT/table.tmp" \
    > "$OUT/table.txt.tmp"
rm "$OUT/table.tmp"
mv "$OUT/table.txt.tmp" "$OUT/table.txt"
cat "$OUT/table.txt"
