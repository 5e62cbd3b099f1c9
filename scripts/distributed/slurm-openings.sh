#!/usr/bin/env bash
# Every opening of an NxN board on Slurm: a job array with a task per opening (the first of
# each opening and its half turn), then a job that puts their proof files together and prints
# the table. Submit from the repository's root, with the binary built and OUT on a disk every
# node sees:
#
#   N=7 OUT=runs/7x7 TIME=3600 scripts/distributed/slurm-openings.sh
#
# A task that fails is run again by `sbatch --requeue` / a resubmission of the same command:
# tasks whose proof file exists are skipped, and the binary counts each opening once.
set -euo pipefail
N="${N:?the board size}"
OUT="${OUT:?a folder every node sees}"
FIRST="${FIRST:-x}"
BIN="${BIN:-$PWD/target/release/boardgames}"
mkdir -p "$OUT/logs"

# The openings searched, in reading order: cell i for i <= N*N-1-i.
openings=()
for ((i = 0; i <= N * N - 1 - i; i++)); do
    openings+=("$(printf "\\x$(printf %x $((65 + i % N)))")$((i / N + 1))")
done
printf '%s\n' "${openings[@]}" > "$OUT/openings.txt"

limit=()
if [ -n "${TIME:-}" ]; then limit=(--time "$TIME"); fi

array=$(sbatch --parsable --array="1-${#openings[@]}" --cpus-per-task=1 --mem=1G \
    --output="$OUT/logs/%a.log" --wrap "
        cell=\$(sed -n \"\${SLURM_ARRAY_TASK_ID}p\" '$OUT/openings.txt')
        [ -s '$OUT'/open-\$cell.txt ] && exit 0
        '$BIN' hex solve --openings $N --first $FIRST --only \$cell --threads 1 --memory 768 \
            ${limit[*]} --proofs-out '$OUT'/open-\$cell.tmp &&
        mv '$OUT'/open-\$cell.tmp '$OUT'/open-\$cell.txt")

# The merge runs once every task has ended (afterany: a table with ? beats none).
sbatch --dependency="afterany:$array" --output="$OUT/table.txt" --wrap "
    books=(); for f in '$OUT'/open-*.txt; do books+=(--book \"\$f\"); done
    '$BIN' hex solve --openings $N --first $FIRST --nodes 0 --threads 1 \"\${books[@]}\" \
        --proofs-out '$OUT/proofs.txt'"
echo "submitted: array $array; the table will be in $OUT/table.txt"
