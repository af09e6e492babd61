package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

// tally counts what the simulated people did; the checks compare it with the database.
type tally struct {
	signups, verified, checkouts, paidWebhooks, webhookDeliveries, webhookRetries, expiredRaces atomic.Int64
	mealpreps, foods, generations, doubleSubmits, surveys, pageReads                            atomic.Int64
	abandoned, lateDeliveries, lateFailed                                                       atomic.Int64
	// regenRaces counts "regenerate the rest" pressed on two devices at once, regenNone the
	// meal preps whose recipes were not made in time to race on.
	regenRaces, regenNone atomic.Int64

	mu       sync.Mutex
	paid     map[uuid.UUID]int64 // checkouts whose completed webhook was accepted → tokens
	failures []string            // first abandoned flows, for the report
}

func (t *tally) abandon(who string, err error) {
	t.abandoned.Add(1)
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.failures) < 15 {
		t.failures = append(t.failures, fmt.Sprintf("%s %s: %v", time.Now().Format("15:04:05"), who, err))
	}
}

// foodsOfPrep are CIQUAL codes and grams that make lunch plates (as cmd/bench's meal preps),
// plus a second vegetable so two distinct plates exist; asking for more plates than the foods
// allow ends in a partial refund, which the checks count too.
var foodsOfPrep = [][2]int{{36018, 600}, {9104, 500}, {17270, 50}, {20057, 400}, {20020, 400}}

// person is one simulated visitor: signs up, verifies through the mailbox, buys, fills meal
// preps, generates, takes the survey and reads pages, until the context ends.
type person struct {
	c     *client
	n     int
	email string
	t     *tally
	pay   *payments
	// phone is the same person signed in on a second device (regenerateFromTwoDevices).
	phone *client
}

const personPassword = "soak-password-2026!"

func runPerson(ctx context.Context, ws *webs, n int, t *tally, pay *payments) {
	p := &person{c: newClient(ws, fmt.Sprintf("10.%d.%d.%d", n/65536%256, n/256%256, n%256)), n: n, t: t, pay: pay,
		email: fmt.Sprintf("soak-%d-%s@example.test", n, uuid.NewString()[:8])}
	if err := p.signUp(ctx); err != nil {
		if ctx.Err() == nil {
			t.abandon(fmt.Sprintf("person %d sign-up", n), err)
			pause(ctx, 2*time.Second)
		}
		return
	}
	for round := 0; ctx.Err() == nil && round < 4; round++ {
		steps := []struct {
			name string
			fn   func(context.Context) error
		}{
			{"buy", p.buy}, {"mealprep", p.mealprepAndGenerate}, {"survey", p.survey}, {"read", p.read},
		}
		if round > 0 {
			rand.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
		}
		for _, s := range steps {
			if ctx.Err() != nil {
				return
			}
			if err := s.fn(ctx); err != nil && ctx.Err() == nil {
				t.abandon(fmt.Sprintf("person %d %s", n, s.name), err)
				pause(ctx, 2*time.Second) // as a person would, before trying something else
			}
		}
	}
}

func (p *person) signUp(ctx context.Context) error {
	if _, err := p.c.want(ctx, call{method: http.MethodGet, path: "/auth/register", web: -1}, "register page", http.StatusOK); err != nil {
		return err
	}
	a, err := p.c.want(ctx, call{method: http.MethodPost, path: "/auth/register", web: -1, body: map[string]any{
		"name": "Camille", "surname": fmt.Sprintf("Soak%d", p.n), "email": p.email,
		"password": personPassword, "password_confirmation": personPassword,
	}}, "register", http.StatusSeeOther, http.StatusFound)
	if err != nil {
		return err
	}
	if !strings.HasSuffix(a.location, "/auth/login") {
		return fmt.Errorf("register: sent to %q", a.location)
	}
	p.t.signups.Add(1)
	// The verification email is sent by a worker (which the soak keeps killing): wait for it in
	// the development mailbox, read through either web process.
	link, err := p.mailLink(ctx, "/auth/verify/", 3*time.Minute)
	if err != nil {
		return err
	}
	a, err = p.c.want(ctx, call{method: http.MethodGet, path: link, web: -1}, "verify", http.StatusSeeOther, http.StatusFound)
	if err != nil {
		return err
	}
	if !strings.Contains(a.location, "/dashboard/general") {
		return fmt.Errorf("verify: sent to %q", a.location)
	}
	p.t.verified.Add(1)
	// A second click on the link (another tab) grants nothing more.
	_, err = p.c.want(ctx, call{method: http.MethodGet, path: link, web: -1}, "verify again", http.StatusSeeOther, http.StatusFound)
	return err
}

func (p *person) mailLink(ctx context.Context, prefix string, limit time.Duration) (string, error) {
	deadline := time.Now().Add(limit)
	for {
		var props struct {
			Emails []struct {
				Links []string `json:"links"`
			} `json:"emails"`
		}
		_, err := p.c.page(ctx, "/dev/mailbox?to="+url.QueryEscape(p.email), &props)
		if err == nil {
			for _, m := range props.Emails {
				for _, l := range m.Links {
					if u, perr := url.Parse(l); perr == nil && strings.HasPrefix(u.Path, prefix) {
						return u.RequestURI(), nil
					}
				}
			}
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("no %s link by email after %s (last error %v)", prefix, limit, err)
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// buy starts a checkout and completes it the way Stripe does, with every race at once.
func (p *person) buy(ctx context.Context) error {
	if _, err := p.c.page(ctx, "/buy-tokens", nil); err != nil {
		return err
	}
	pack := []string{"pack-20", "pack-60", "pack-150"}[rand.IntN(3)]
	body := map[string]any{"packId": pack, "currency": "EUR"}
	if rand.IntN(4) == 0 {
		body["promoCode"] = "BIENVENUE30" // first purchase only; refused later, nothing written
	}
	a, err := p.c.want(ctx, call{method: http.MethodPost, path: "/checkout", web: -1, body: body},
		"checkout", http.StatusSeeOther, http.StatusFound)
	if err != nil {
		return err
	}
	u, err := url.Parse(a.location)
	if err != nil || !strings.HasSuffix(u.Path, "/stripe/test-checkout") {
		if strings.Contains(a.location, "/buy-tokens") {
			return nil // refused by a rule (a used promo code): nothing to pay
		}
		return fmt.Errorf("checkout: sent to %q", a.location)
	}
	id, err := uuid.Parse(u.Query().Get("checkout"))
	if err != nil {
		return fmt.Errorf("checkout: %q: %w", a.location, err)
	}
	p.t.checkouts.Add(1)
	return p.pay.complete(ctx, p, id)
}

func (p *person) mealprepAndGenerate(ctx context.Context) error {
	a, err := p.c.want(ctx, call{method: http.MethodPost, path: "/mealprep", web: -1, body: map[string]any{"name": fmt.Sprintf("Semaine %d", p.n)}},
		"create meal prep", http.StatusSeeOther, http.StatusFound)
	if err != nil {
		return err
	}
	path := strings.TrimSuffix(a.location, "/food")
	if !strings.HasPrefix(path, "/mealprep/") {
		return fmt.Errorf("create meal prep: sent to %q", a.location)
	}
	p.t.mealpreps.Add(1)
	n := 3 + rand.IntN(3)
	for _, f := range foodsOfPrep[:n] {
		if _, err := p.c.want(ctx, call{method: http.MethodPost, path: path + "/food", web: -1, body: map[string]any{"foodCode": f[0], "grams": f[1]}},
			"add food", http.StatusSeeOther, http.StatusFound); err != nil {
			return err
		}
		p.t.foods.Add(1)
	}
	if _, err := p.c.page(ctx, path+"/food", nil); err != nil {
		return err
	}
	if _, err := p.c.want(ctx, call{method: http.MethodGet, path: path + "/food/search?q=riz", web: -1}, "search", http.StatusOK); err != nil {
		return err
	}
	for range 1 + rand.IntN(2) {
		key := uuid.NewString()
		body := map[string]any{"category": "lunch_dinner", "count": 1 + rand.IntN(3), "idempotencyKey": key}
		gen := call{method: http.MethodPost, path: path + "/recipes", web: -1, body: body}
		if rand.IntN(3) == 0 {
			// A double-submitted form, one copy on each web process: one request, one charge.
			p.t.doubleSubmits.Add(1)
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range 2 {
				wg.Go(func() {
					k := gen
					k.web = i
					_, errs[i] = p.c.want(ctx, k, "generate (double)", http.StatusSeeOther, http.StatusFound)
				})
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				return err
			}
		} else if _, err := p.c.want(ctx, gen, "generate", http.StatusSeeOther, http.StatusFound); err != nil {
			return err
		}
		p.t.generations.Add(1)
		if _, err := p.c.page(ctx, path+"/recipes", nil); err != nil {
			return err
		}
	}
	if err := p.regenerateFromTwoDevices(ctx, path); err != nil {
		return err
	}
	_, err = p.c.page(ctx, path+"/shopping-list", nil)
	return err
}

// recipesShown is what the recipes page shows of its recipes.
type recipesShown struct {
	Recipes []struct {
		ID   string `json:"id"`
		Kept bool   `json:"kept"`
	} `json:"recipes"`
}

// regenerateFromTwoDevices presses "regenerate the rest" on this device and on a second one
// signed in as the same person, at once, each with its own idempotency key, each on a different
// web process, both naming the recipes the page shows as not kept: one is charged, the other is
// refused (regenerationCheck). The recipes are made by the workers, so it waits for them a
// little, as a person would.
func (p *person) regenerateFromTwoDevices(ctx context.Context, path string) error {
	var ids []string
	for deadline := time.Now().Add(10 * time.Second); ; {
		var shown recipesShown
		if _, err := p.c.page(ctx, path+"/recipes", &shown); err != nil {
			return err
		}
		ids = ids[:0]
		for _, r := range shown.Recipes {
			if !r.Kept {
				ids = append(ids, r.ID)
			}
		}
		if len(ids) > 0 || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		pause(ctx, time.Second)
	}
	if len(ids) == 0 {
		p.t.regenNone.Add(1)
		return nil
	}
	if p.phone == nil {
		phone := newClient(p.c.ws, p.c.ip)
		if _, err := phone.want(ctx, call{method: http.MethodGet, path: "/auth/login", web: -1}, "login page (phone)", http.StatusOK); err != nil {
			return err
		}
		a, err := phone.want(ctx, call{method: http.MethodPost, path: "/auth/email/login", web: -1, body: map[string]any{"email": p.email, "password": personPassword}},
			"sign in (phone)", http.StatusSeeOther, http.StatusFound)
		if err != nil {
			return err
		}
		if strings.Contains(a.location, "/auth/") {
			return fmt.Errorf("sign in (phone): sent to %q", a.location)
		}
		p.phone = phone
	}
	// A race counts once both requests are sent, whatever comes back: a fault may cut one
	// device's answer after its request was accepted, and the check allows one request per race.
	p.t.regenRaces.Add(1)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, device := range []*client{p.c, p.phone} {
		wg.Go(func() {
			k := call{method: http.MethodPost, path: path + "/recipes/regenerate", web: i, body: map[string]any{"recipeIds": ids, "idempotencyKey": uuid.NewString()}}
			_, errs[i] = device.want(ctx, k, "regenerate the rest (two devices)", http.StatusSeeOther, http.StatusFound)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	_, err := p.phone.page(ctx, path+"/recipes", nil)
	return err
}

func (p *person) survey(ctx context.Context) error {
	if _, err := p.c.page(ctx, "/account/survey", nil); err != nil {
		return err
	}
	body := map[string]any{"weightKg": 60 + rand.IntN(40), "heightCm": 160 + rand.IntN(30), "age": 20 + rand.IntN(50), "sex": []string{"male", "female"}[rand.IntN(2)],
		"activityLevel": "moderate", "activityDescription": "bureau", "otherActivities": "vélo", "objective": "maintenance", "macroPreset": "default",
		"mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}, "idempotencyKey": uuid.NewString()}
	// Submitted twice at once (a double click): one request, one charge.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			_, errs[i] = p.c.want(ctx, call{method: http.MethodPost, path: "/account/survey", web: i, body: body}, "survey", http.StatusSeeOther, http.StatusFound)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	p.t.surveys.Add(1)
	_, err := p.c.page(ctx, "/account/survey", nil)
	return err
}

var readPaths = []string{"/dashboard/general", "/dashboard/settings", "/dashboard/account", "/account", "/account/billing", "/buy-tokens", "/dashboard/products"}

var publicPaths = []string{"/", "/legal", "/privacy", "/terms", "/waitlist", "/buy-tokens-na", "/robots.txt", "/sitemap.xml", "/healthz"}

func (p *person) read(ctx context.Context) error {
	for range 4 {
		if _, err := p.c.page(ctx, readPaths[rand.IntN(len(readPaths))], nil); err != nil {
			return err
		}
		p.t.pageReads.Add(1)
	}
	path := publicPaths[rand.IntN(len(publicPaths))]
	if _, err := p.c.want(ctx, call{method: http.MethodGet, path: path, web: -1}, "GET "+path, http.StatusOK); err != nil {
		return err
	}
	p.t.pageReads.Add(1)
	return nil
}

func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
