package jobs_test

import (
	"bufio"
	"context"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
)

// slowArgs is a job kind with a 1 s timeout of its own.
type slowArgs struct{ N int }

func (slowArgs) Kind() string { return "test_slow" }

type slowWorker struct {
	river.WorkerDefaults[slowArgs]
	started chan<- struct{}
	block   bool
	done    *atomic.Int32
}

func (w *slowWorker) Timeout(*river.Job[slowArgs]) time.Duration { return time.Second }

func (w *slowWorker) Work(ctx context.Context, _ *river.Job[slowArgs]) error {
	if w.started != nil {
		w.started <- struct{}{}
	}
	if w.block {
		// A worker that hangs; the process gets killed in the middle of it.
		time.Sleep(time.Hour)
	}
	w.done.Add(1)
	return nil
}

const childEnv = "GAMELLE_JOBS_RESCUE_CHILD_DB"

// TestMain doubles as the worker process TestKilledWorkersJobsResume kills: with the env var
// naming a database, the binary starts working jobs, says so on stdout and waits to be killed.
func TestMain(m *testing.M) {
	if url := os.Getenv(childEnv); url != "" {
		workerProcess(url)
		return
	}
	os.Exit(m.Run())
}

func workerProcess(url string) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		panic(err)
	}
	started := make(chan struct{}, 1)
	workers := river.NewWorkers()
	if err := jobs.Register(workers, &slowWorker{started: started, block: true, done: &atomic.Int32{}}); err != nil {
		panic(err)
	}
	c, err := jobs.New(pool, jobs.Config{Workers: workers, FetchPollInterval: 20 * time.Millisecond, NoLeader: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	if err := c.Start(ctx); err != nil {
		panic(err)
	}
	<-started
	_, _ = os.Stdout.WriteString("working\n")
	time.Sleep(time.Hour)
}

// A worker process killed with SIGKILL in the middle of a job leaves it "running"; the next
// leader rescues it once it has run longer than the rescue delay and its kind's timeout, and
// the job is worked again. Production uses the same mechanism with DefaultRescueAfter.
func TestKilledWorkersJobsResume(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	inserter, err := jobs.New(db.Pool, jobs.Config{})
	require.NoError(t, err)
	res, err := inserter.Insert(ctx, slowArgs{N: 1}, nil)
	require.NoError(t, err)

	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), childEnv+"="+db.URL)
	out, err := child.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, child.Start())
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "working", strings.TrimSpace(line))
	require.NoError(t, child.Process.Kill())
	_ = child.Wait()

	row, err := inserter.JobGet(ctx, res.Job.ID)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateRunning, row.State, "the dead worker left its job running")

	// Past the rescue delay (2 s here) and the kind's 1 s timeout without waiting for them: the
	// job's attempt is moved an hour back (River's rescuer reads the wall clock, so the job's
	// time is what a test can move), then a worker process that may lead starts: its rescuer
	// runs on start.
	_, err = db.Pool.Exec(ctx, `UPDATE river_job SET attempted_at = attempted_at - interval '1 hour' WHERE id = $1`, res.Job.ID)
	require.NoError(t, err)
	done := &atomic.Int32{}
	workers := river.NewWorkers()
	require.NoError(t, jobs.Register(workers, &slowWorker{done: done}))
	c, err := jobs.New(db.Pool, jobs.Config{
		Workers: workers, FetchPollInterval: 20 * time.Millisecond, RescueAfter: 2 * time.Second, JobTimeout: time.Second,
		Logger: slog.New(slog.DiscardHandler),
	})
	require.NoError(t, err)
	require.NoError(t, c.Start(ctx))
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.Stop(sctx)
	})
	require.Eventually(t, func() bool {
		row, err = c.JobGet(ctx, res.Job.ID)
		require.NoError(t, err)
		return row.State == rivertype.JobStateCompleted
	}, 45*time.Second, 50*time.Millisecond, "the rescued job is worked again")
	require.EqualValues(t, 1, done.Load())
	require.Equal(t, 2, row.Attempt)
	require.Contains(t, row.Errors[0].Error, "Stuck job rescued")
}
