#!/usr/bin/env bash
# Runs make test's phases and prints each one's time: `scripts/test-phases.sh lint+soak-short test-go …`.
# Each argument is a group run in order; phases joined by + in one group run at the same time
# (a phase that mostly waits beside one that computes; docs/performance.md, "make test").
# A phase alone streams its output; phases run together each write to .data/test-logs/<phase>.log,
# printed whole, between two rules, when the group ends, so their lines never interleave.
# A failing phase fails the run once its group has ended, naming it; no later group starts.
# MAKE is the make to run each phase with (the Makefile passes its own).
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
logs=.data/test-logs
times=""
failed=""
begin=$(date +%s)

for group in "$@"; do
	IFS=+ read -ra phases <<<"$group"
	start=$(date +%s)
	if [ ${#phases[@]} -eq 1 ]; then
		phase=${phases[0]}
		$MAKE --no-print-directory "$phase" || failed="$failed $phase"
		times="$times $phase=$(($(date +%s) - start))s"
	else
		mkdir -p "$logs"
		declare -A pids=()
		for phase in "${phases[@]}"; do
			(
				$MAKE --no-print-directory "$phase" >"$logs/$phase.log" 2>&1
				rc=$?
				date +%s >"$logs/$phase.end"
				exit $rc
			) &
			pids[$phase]=$!
		done
		echo "make test: running ${phases[*]} at the same time (their outputs follow, one after the other)"
		for phase in "${phases[@]}"; do
			wait "${pids[$phase]}"
			rc=$?
			echo "──── $phase (exit $rc) ────"
			cat "$logs/$phase.log"
			echo "──── end of $phase ────"
			[ $rc -eq 0 ] || failed="$failed $phase"
			times="$times $phase=$(($(cat "$logs/$phase.end") - start))s"
		done
		unset pids
	fi
	[ -z "$failed" ] || break
done

echo "make test phases:$times total=$(($(date +%s) - begin))s"
if [ -n "$failed" ]; then
	echo "make test: FAILED:$failed"
	exit 1
fi
