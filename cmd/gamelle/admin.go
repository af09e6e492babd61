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

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/wallets"
)

// runAdmin handles operator commands:
//
//	gamelle admin grant USER_ID AMOUNT --reason TEXT [--idempotency-key KEY]
//	gamelle admin balance USER_ID
//
// A grant is an admin_grant ledger event whose actor is "cli:<os user>"; --reason becomes its
// ref, so it must not contain personal data.
func runAdmin(ctx context.Context, args []string) error {
	const usage = "usage: gamelle admin grant USER_ID AMOUNT --reason TEXT [--idempotency-key KEY] | balance USER_ID"
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
		userID, err := uuid.Parse(pos[0])
		if err != nil {
			return fmt.Errorf("admin grant: USER_ID must be a user id: %w", err)
		}
		amount, err := strconv.ParseInt(pos[1], 10, 64)
		if err != nil {
			return fmt.Errorf("admin grant: AMOUNT: %w", err)
		}
		a, err := newApp(ctx)
		if err != nil {
			return err
		}
		defer a.close()
		svc := wallets.New(a.pool, eventstore.New(a.pool))
		res, err := svc.Grant(ctx, wallets.GrantCommand{
			UserID: userID, Amount: amount, Reason: ledger.ReasonAdminGrant,
			Ref: strings.TrimSpace(*reason), Actor: cliActor(), IdempotencyKey: *key,
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
	case "balance":
		if len(args) != 2 {
			return errors.New(usage)
		}
		userID, err := uuid.Parse(args[1])
		if err != nil {
			return fmt.Errorf("admin balance: USER_ID must be a user id: %w", err)
		}
		a, err := newApp(ctx)
		if err != nil {
			return err
		}
		defer a.close()
		bal, err := wallets.New(a.pool, eventstore.New(a.pool)).Balance(ctx, userID)
		if err != nil {
			return err
		}
		fmt.Println(bal)
		return nil
	}
	return errors.New(usage)
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
