package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/gamelle/gamelle/cmd/bench/internal/baseline"
)

// startPinned starts the engine of a pinned commit (cmd/bench/internal/baseline). When it cannot
// run here (a tarball, a shallow clone) it says why and returns nil: the run prints its own
// figures and "—" for the baseline's.
func startPinned(ctx context.Context, commit string, prices bool) (*baseline.Engine, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	e, err := baseline.Start(ctx, root, commit, prices)
	var un *baseline.UnavailableError
	if errors.As(err, &un) {
		fmt.Println(un)
		return nil, nil
	}
	return e, err
}

// pinnedFigure is a figure of the pinned engine, or "—" when it did not run.
func pinnedFigure(e *baseline.Engine, figure string) string {
	if e == nil {
		return "—"
	}
	return figure
}
