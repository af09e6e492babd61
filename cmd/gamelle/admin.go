package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/user"
	"strconv"
	"strings"

	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// runAdmin handles operator commands:
//
//	gamelle admin grant USER AMOUNT --reason TEXT [--idempotency-key KEY]
//	gamelle admin balance USER
//	gamelle admin promote EMAIL
//
// promote makes an existing account ADMIN: how the first administrator is made (ADMIN_EMAILS
// only applies at sign-up). The person's open sessions pick the role up on their next request.
// USER is an account's id or email address; an unknown one is refused, so a typo cannot create a
// wallet nobody owns.
// A grant is an admin_grant ledger event whose actor is "cli:<os user>"; --reason becomes its
// ref, so it must not contain personal data.
func runAdmin(ctx context.Context, args []string) error {
	const usage = "usage: gamelle admin grant USER AMOUNT --reason TEXT [--idempotency-key KEY] | balance USER | promote EMAIL (USER: id or email)"
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "grant":
		fs := flag.NewFlagSet("admin grant", flag.ContinueOnError)
		reason := fs.String("reason", "", "why the tokens are granted (required; no personal data)")
		key := fs.String("idempotency-key", "", "makes a repeated command grant once")
		pos, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 2 || strings.TrimSpace(*reason) == "" {
			return errors.New(usage)
		}
		amount, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil {
			return fmt.Errorf("admin grant: AMOUNT: %w", err)
		}
		a, userID, err := openForUser(ctx, pos[0])
		if err != nil {
			return fmt.Errorf("admin grant: %w", err)
		}
		defer a.close()
		svc := ledgerapp.New(a.pool, eventstore.New(a.pool))
		res, err := svc.Grant(ctx, ledgerapp.GrantCommand{
			UserID: userID, Amount: amount, Reason: ledger.ReasonAdminGrant,
			Ref:         strings.TrimSpace(*reason),
			CommandMeta: eventstore.CommandMeta{Actor: cliActor(), IdempotencyKey: *key},
		})
		if err != nil {
			return err
		}
		dup := ""
		if res.Duplicate {
			dup = " (already granted under this idempotency key)"
		}
		fmt.Printf("granted %d tokens to %s: balance %d, position %d%s\n", amount, userID, res.Balance, res.Position, dup)
		return nil
	case "promote":
		if len(args) != 2 {
			return errors.New(usage)
		}
		a, userID, err := openForUser(ctx, args[1])
		if err != nil {
			return fmt.Errorf("admin promote: %w", err)
		}
		defer a.close()
		if err := identityapp.New(a.pool, nil, nil, identityapp.Options{}).SetRole(ctx, userID, identity.RoleAdmin); err != nil {
			return fmt.Errorf("admin promote: %w", err)
		}
		fmt.Printf("%s is now ADMIN\n", args[1])
		return nil
	case "balance":
		if len(args) != 2 {
			return errors.New(usage)
		}
		a, userID, err := openForUser(ctx, args[1])
		if err != nil {
			return fmt.Errorf("admin balance: %w", err)
		}
		defer a.close()
		bal, err := ledgerapp.New(a.pool, eventstore.New(a.pool)).Balance(ctx, userID)
		if err != nil {
			return err
		}
		fmt.Println(bal)
		return nil
	}
	return errors.New(usage)
}

// openForUser connects to the database and finds the account named by ref (an id or an email
// address); the caller closes the app, which is already closed when an error is returned.
func openForUser(ctx context.Context, ref string) (*app, uuid.UUID, error) {
	a, err := newApp(ctx)
	if err != nil {
		return nil, uuid.Nil, err
	}
	id, err := resolveUser(ctx, a, ref)
	if err != nil {
		a.close()
		return nil, uuid.Nil, err
	}
	return a, id, nil
}

// resolveUser finds the account named by an id or an email address.
func resolveUser(ctx context.Context, a *app, ref string) (uuid.UUID, error) {
	// Lookups only: no wallet writes or emails, so no job client is needed.
	acc := identityapp.New(a.pool, nil, nil, identityapp.Options{})
	var (
		u   identityapp.User
		err error
	)
	if id, perr := uuid.Parse(ref); perr == nil {
		u, err = acc.ByID(ctx, id)
	} else {
		u, err = acc.ByEmail(ctx, ref)
	}
	if errors.Is(err, identityapp.ErrNotFound) {
		return uuid.Nil, fmt.Errorf("no account %q (the person signs up first)", ref)
	}
	if err != nil {
		return uuid.Nil, err
	}
	return u.ID, nil
}

// cliActor names the operator in the ledger: "cli:<os user>".
func cliActor() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return "cli:" + u.Username
	}
	if name := os.Getenv("USER"); name != "" {
		return "cli:" + name
	}
	return "cli:unknown"
}
