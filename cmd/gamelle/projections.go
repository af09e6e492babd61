package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// runProjections handles `gamelle projections rebuild [NAME...] [--batch N]`, `gamelle
// projections status` and `gamelle projections run` (consumers only, for a dedicated process).
func runProjections(ctx context.Context, args []string) error {
	const usage = "usage: gamelle projections rebuild [NAME...] [--batch N] | status | run"
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "rebuild":
		fs := flag.NewFlagSet("projections rebuild", flag.ContinueOnError)
		batch := fs.Int("batch", 5000, "events per transaction")
		names, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		ps, err := projections.ByName(names...)
		if err != nil {
			return err
		}
		a, err := newApp(ctx)
		if err != nil {
			return err
		}
		defer a.close()
		// One read of the log for all of them (each batch is applied to every projection).
		all, err := projections.RebuildAll(ctx, a.pool, a.log, ps, *batch)
		if err != nil {
			return err
		}
		for _, stats := range all {
			fmt.Printf("%s: %d events in %s (%.0f events/s)\n", stats.Projection, stats.Events, stats.Duration.Round(1e6), stats.EventsPerSecond())
		}
		return nil
	case "status":
		a, err := newApp(ctx)
		if err != nil {
			return err
		}
		defer a.close()
		return writeStatus(ctx, a.pool, os.Stdout)
	case "run":
		a, err := newApp(ctx)
		if err != nil {
			return err
		}
		defer a.close()
		r, err := projections.NewRunner(a.pool, a.log)
		if err != nil {
			return err
		}
		return r.Run(ctx)
	}
	return errors.New(usage)
}

// parseInterspersed parses flags placed before, between or after positional arguments
// (the flag package alone stops at the first positional one).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// writeStatus prints each projection's checkpoint, backlog and state (ok, or failing in a
// running runner: since when, how many attempts, next retry, last error).
func writeStatus(ctx context.Context, db eventstore.DBTX, out io.Writer) error {
	cs, err := eventstore.New(nil).Consumers(ctx, db)
	if err != nil {
		return err
	}
	failures, err := projections.Failures(ctx, db)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "PROJECTION\tTRANSACTION\tPOSITION\tPENDING\tSTATE")
	for _, c := range cs {
		state := "ok"
		if f, ok := failures[c.Group]; ok {
			state = fmt.Sprintf("failing since %s (%d attempts, next %s): %s", f.Since.Local().Format(time.DateTime),
				f.Attempts, f.RetryAt.Local().Format(time.TimeOnly), f.LastError)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%s\n", c.Group, c.Checkpoint.TransactionID, c.Checkpoint.Position, c.Pending, state)
	}
	return w.Flush()
}
