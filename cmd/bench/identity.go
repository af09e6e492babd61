package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/wiring"
)

// identityRuns is how many timed requests each side (known, unknown address) makes.
const identityRuns = 41

// identityRun times a failed sign-in and a password-reset request for an address with an
// account and for one without, alternately (so load bursts hit both sides), and reports the
// ratio of their medians: near 1× means the time does not tell who has an account. The tests
// prove the same work structurally (app/identity, TestLoginDoesTheSameWork…); this is the
// measurement, which belongs here because a ratio of timings is noisy under parallel tests.
func identityRun(ctx context.Context, pool *pgxpool.Pool) error {
	app, err := benchApp(pool, wiring.Options{})
	if err != nil {
		return err
	}
	svc := app.Identity
	known := "bench-identity-" + time.Now().Format("150405.000000") + "@example.com"
	if err := svc.Register(ctx, identityapp.RegisterInput{Name: "Bench", Surname: "Mark", Email: known,
		Password: benchPassword, PasswordConfirmation: benchPassword, Language: identity.French}); err != nil {
		return fmt.Errorf("identity bench: register: %w", err)
	}
	unknown := "nobody-" + known
	fmt.Printf("Enumeration safety (%d requests per side, alternating)\n", identityRuns)
	for _, r := range []struct {
		name string
		do   func(email string) error
	}{
		{"failed sign-in", func(email string) error {
			if _, err := svc.Authenticate(ctx, email, "wrong-password-1"); !errors.Is(err, identityapp.ErrInvalidCredentials) {
				return fmt.Errorf("identity bench: sign-in %s: %v", email, err)
			}
			return nil
		}},
		{"password reset request", func(email string) error { return svc.RequestPasswordReset(ctx, email, identity.French) }},
	} {
		if err := r.do(known); err != nil { // warm-up
			return err
		}
		var k, u []time.Duration
		for range identityRuns {
			for _, side := range []struct {
				email string
				out   *[]time.Duration
			}{{known, &k}, {unknown, &u}} {
				start := time.Now()
				if err := r.do(side.email); err != nil {
					return err
				}
				*side.out = append(*side.out, time.Since(start))
			}
		}
		k50, _ := percentiles(k)
		u50, _ := percentiles(u)
		ratio := float64(k50) / float64(u50)
		fmt.Printf("  %-24s known p50 %s, unknown p50 %s: %.2f×\n", r.name, ms(k50), ms(u50), ratio)
		summary.add(r.name+", known address p50", ms(k50), "unknown address p50 "+ms(u50), fmt.Sprintf("%.2f×", ratio), "0.67× – 1.5×", ratio >= 1/1.5 && ratio <= 1.5)
	}
	fmt.Println()
	return nil
}
