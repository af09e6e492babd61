package gwt_test

import (
	"errors"
	"runtime"
	"testing"

	"github.com/gamelle/gamelle/internal/gwt"
)

// counter is a minimal aggregate: Add records an event, refusing a negative amount.
type counter struct {
	total   int
	changes []int
}

var errNegative = errors.New("negative")

func (c *counter) Changes() []int { return c.changes }

func (c *counter) add(n int) error {
	if n < 0 {
		return errNegative
	}
	if n > 0 {
		c.changes = append(c.changes, n)
	}
	return nil
}

func fromHistory(h []int) *counter {
	c := &counter{}
	for _, n := range h {
		c.total += n
	}
	return c
}

func TestGivenWhenThen(t *testing.T) {
	t.Parallel()
	got := gwt.Given(t, fromHistory, 1, 2).When(func(c *counter) error { return c.add(3) }).Then(3)
	if got.total != 3 {
		t.Fatalf("the aggregate is rebuilt from the given events: total %d", got.total)
	}
	gwt.Given(t, fromHistory).When(func(c *counter) error { return c.add(0) }).Then()
	gwt.Given(t, fromHistory, 1).When(func(c *counter) error { return c.add(-1) }).ThenError(errNegative)

	// Each Then fails when its claim is false.
	for name, check := range map[string]func(tb testing.TB){
		"other events": func(tb testing.TB) {
			gwt.Given(tb, fromHistory).When(func(c *counter) error { return c.add(3) }).Then(4)
		},
		"events where none expected": func(tb testing.TB) {
			gwt.Given(tb, fromHistory).When(func(c *counter) error { return c.add(3) }).Then()
		},
		"an error where success expected": func(tb testing.TB) {
			gwt.Given(tb, fromHistory).When(func(c *counter) error { return c.add(-1) }).Then()
		},
		"success where an error expected": func(tb testing.TB) {
			gwt.Given(tb, fromHistory).When(func(c *counter) error { return c.add(1) }).ThenError(errNegative)
		},
	} {
		if !fails(check) {
			t.Errorf("%s: the harness did not fail", name)
		}
	}
}

// fails runs check on a recording TB and reports whether it failed.
func fails(check func(tb testing.TB)) bool {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(r)
	}()
	<-done
	return r.failed
}

type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) FailNow()              { r.failed = true; runtime.Goexit() }
func (r *recorder) Fatalf(string, ...any) { r.FailNow() }
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Name() string          { return "recorder" }
