package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// cluster is the soak's own PostgreSQL cluster (scripts/dev-postgres.sh on a directory of its
// own): the soak restarts it and stops it for the outage, which it may only do to a cluster
// nobody else uses.
type cluster struct {
	root, dir string
	url       string // the gamelle database, as printed by the script
}

func startCluster(ctx context.Context, root, dir string) (*cluster, error) {
	c := &cluster{root: root, dir: dir}
	if err := c.start(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// script runs scripts/dev-postgres.sh CMD DIR and returns its standard output.
func (c *cluster) script(ctx context.Context, cmd string) (string, error) {
	sh := exec.CommandContext(ctx, filepath.Join(c.root, "scripts", "dev-postgres.sh"), cmd, c.dir)
	// The soak's cluster holds only the run's throwaway database; the cluster is re-created
	// by every run, so durability buys nothing. Unsynced commits still survive a fast restart.
	sh.Env = append(os.Environ(), "GAMELLE_PG_FSYNC=off", "GAMELLE_PG_SYNC_COMMIT=off", "PGDATABASE_NAME=gamelle")
	var out, errb strings.Builder
	sh.Stdout, sh.Stderr = &out, &errb
	if err := sh.Run(); err != nil {
		return "", fmt.Errorf("dev-postgres.sh %s: %w: %s", cmd, err, errb.String())
	}
	return strings.TrimSpace(out.String()), nil
}

// start starts the cluster, trying again for up to startTries × startWait: its port lies in
// Linux's ephemeral range, and while the cluster is down for a restart or the outage a client
// connection elsewhere may hold it as its local port for a moment ("could not bind … Address
// already in use", seen once in CI after the outage).
func (c *cluster) start(ctx context.Context) error {
	var err error
	for try := 0; try < startTries; try++ {
		if try > 0 {
			select {
			case <-time.After(startWait):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		var u string
		if u, err = c.script(ctx, "start"); err == nil {
			c.url = u
			return nil
		}
	}
	return err
}

// startTries and startWait bound how long start waits for the cluster's port to be free.
const (
	startTries = 15
	startWait  = 2 * time.Second
)

func (c *cluster) stop(ctx context.Context) error {
	_, err := c.script(ctx, "stop")
	return err
}

// restart stops the cluster (fast mode: every connection is cut) and starts it again at once.
func (c *cluster) restart(ctx context.Context) error {
	if err := c.stop(ctx); err != nil {
		return err
	}
	return c.start(ctx)
}

// outage stops the cluster for d, then starts it again.
func (c *cluster) outage(ctx context.Context, d time.Duration) error {
	if err := c.stop(ctx); err != nil {
		return err
	}
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
	// Started even when ctx ended: the checks need the database.
	return c.start(context.WithoutCancel(ctx))
}

// dbURL is the cluster's URL for database db with extra query parameters (k=v&…).
func (c *cluster) dbURL(db string, params string) string {
	u := c.url
	i := strings.LastIndex(u, "/")
	j := strings.Index(u[i:], "?")
	rest := ""
	if j >= 0 {
		rest = u[i+j:]
	}
	u = u[:i+1] + db + rest
	if params != "" {
		if strings.Contains(u, "?") {
			u += "&" + params
		} else {
			u += "?" + params
		}
	}
	return u
}
