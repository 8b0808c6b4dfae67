#!/usr/bin/env bash
# Times the stages of `make test`: `stage.sh reset` empties the record, `stage.sh start NAME` and
# `stage.sh end NAME` bracket one stage (its line is printed at once), `stage.sh summary` prints
# every stage's time and the total.
set -euo pipefail
record="${STAGE_RECORD:-.stage-times}"
case "$1" in
  reset) : >"$record" ;;
  start) echo "start $2 $(date +%s)" >>"$record" ;;
  end)
    started=$(awk -v s="$2" '$1 == "start" && $2 == s { t = $3 } END { print t }' "$record")
    took=$(( $(date +%s) - ${started:-$(date +%s)} ))
    echo "took $2 $took" >>"$record"
    echo "== stage $2 took ${took}s" ;;
  summary)
    echo "== time per stage"
    awk '$1 == "took" { printf "  %-18s %4d:%02d\n", $2, $3 / 60, $3 % 60; total += $3 }
         END { printf "  %-18s %4d:%02d\n", "total", total / 60, total % 60 }' "$record" ;;
  *) echo "usage: stage.sh reset | start NAME | end NAME | summary" >&2; exit 2 ;;
esac
