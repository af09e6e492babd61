package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	billingapp "github.com/gamelle/gamelle/app/billing"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/wiring"
)

// Checkout completions: concurrentBuyers people each pay checkoutsPerBuyer test-mode
// checkouts through the webhook at once, beside the same completions one at a time. Each
// completion appends CheckoutCompleted, grants the tokens, reads the buyer and queues the
// receipt in one transaction. Run on a pool of pgxpool's default size, as the server's: a
// transaction that waited for a second connection would stall the concurrent part (before the
// fix, four buyers at once froze the process) and show as time-outs here.
const (
	concurrentBuyers  = 50
	checkoutsPerBuyer = 10
	sequentialBuyers  = 200
	completionTimeout = 30 * time.Second
)

func checkoutRun(ctx context.Context, dbURL string) error {
	pcfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return err
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg) // the default size, as cmd/gamelle's pool
	if err != nil {
		return err
	}
	defer pool.Close()
	// The binary's wiring, web side: an insert-only job client, the local test-mode gateway.
	app, err := benchApp(pool, wiring.Options{})
	if err != nil {
		return err
	}
	svc := app.Billing
	if err := svc.EnsureCatalog(ctx); err != nil {
		return err
	}
	fmt.Printf("Checkout completions (test-mode webhook, pool of %d connections)\n", pool.Config().MaxConns)

	// One buyer per completion in the sequential part; concurrentBuyers buyers with
	// checkoutsPerBuyer checkouts each in the concurrent part. Opening them is not timed.
	seq, err := openCheckouts(ctx, pool, svc, sequentialBuyers, 1)
	if err != nil {
		return err
	}
	conc, err := openCheckouts(ctx, pool, svc, concurrentBuyers, checkoutsPerBuyer)
	if err != nil {
		return err
	}
	single := completeAll(ctx, svc, [][]paidCheckout{flatten(seq)})
	parallel := completeAll(ctx, svc, conc)
	for _, r := range []struct {
		name string
		s    runStats
	}{{"single (one at a time)", single}, {fmt.Sprintf("%d concurrent buyers", concurrentBuyers), parallel}} {
		fmt.Printf("  %-24s %6d completions %8.0f/s  p50 %s  p99 %s  failed or timed out %d\n", r.name, r.s.ops, r.s.rate(), ms(r.s.p50), ms(r.s.p99), r.s.errs)
	}
	ratio := parallel.rate() / single.rate()
	summary.add(fmt.Sprintf("checkout completions/s, %d concurrent buyers", concurrentBuyers),
		fmt.Sprintf("%.0f/s (p99 %s)", parallel.rate(), ms(parallel.p99)), fmt.Sprintf("single %.0f/s", single.rate()),
		fmt.Sprintf("%.2f×", ratio), "≥ 1×, none failed", ratio >= 1 && parallel.errs == 0 && single.errs == 0)
	fmt.Println()
	return nil
}

// paidCheckout is an open test-mode checkout and the signed webhook delivery that pays it.
type paidCheckout struct {
	body []byte
	sig  string
}

func openCheckouts(ctx context.Context, pool *pgxpool.Pool, svc *billingapp.Service, buyers, each int) ([][]paidCheckout, error) {
	out := make([][]paidCheckout, buyers)
	for b := range out {
		id := uuid.New()
		if _, err := pool.Exec(ctx, `INSERT INTO users (id, email, name, verified_at) VALUES ($1, $2, 'Bench', now())`,
			id, "buyer-"+id.String()+"@bench.test"); err != nil {
			return nil, fmt.Errorf("checkout bench: buyer: %w", err)
		}
		for range each {
			res, err := svc.Start(ctx, billingapp.StartCommand{UserID: id, PackID: "pack-60", DefaultCurrency: billing.EUR})
			if err != nil {
				return nil, fmt.Errorf("checkout bench: start: %w", err)
			}
			body, sig, err := svc.TestModeEvent(ctx, id, res.CheckoutID, billingapp.TestModePay)
			if err != nil {
				return nil, fmt.Errorf("checkout bench: payment event: %w", err)
			}
			out[b] = append(out[b], paidCheckout{body, sig})
		}
	}
	return out, nil
}

func flatten(b [][]paidCheckout) []paidCheckout {
	var out []paidCheckout
	for _, p := range b {
		out = append(out, p...)
	}
	return out
}

// completeAll runs one goroutine per buyer, each paying its checkouts in turn; every delivery
// has completionTimeout to be applied.
func completeAll(ctx context.Context, svc *billingapp.Service, buyers [][]paidCheckout) runStats {
	var (
		mu   sync.Mutex
		lat  []time.Duration
		errs int
		wg   sync.WaitGroup
	)
	start := time.Now()
	for _, checkouts := range buyers {
		wg.Go(func() {
			for _, p := range checkouts {
				cctx, cancel := context.WithTimeout(ctx, completionTimeout)
				t := time.Now()
				out, err := svc.HandleWebhook(cctx, p.body, p.sig)
				d := time.Since(t)
				cancel()
				mu.Lock()
				if err != nil || out != billingapp.WebhookApplied {
					errs++
				} else {
					lat = append(lat, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	s := runStats{ops: len(lat), errs: errs, elapsed: time.Since(start)}
	s.p50, s.p99 = percentiles(lat)
	return s
}
