// Command gamelle runs the Gamelle web application and its operator tasks.
//
//	gamelle serve [--web=true] [--worker=true]   serve HTTP and/or run background workers
//	gamelle migrate                              apply database migrations
//	gamelle foods import [--file PATH]           load the CIQUAL food table
//	gamelle projections rebuild|status|run       rebuild or inspect read models
//	gamelle admin grant|balance|promote          operator tasks (wallets, first admin)
//	gamelle routes [--ts]                        print the route table
//	gamelle types --ts                           print the page props types
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

func commands() map[string]command {
	return map[string]command{
		"serve":       {"serve the web application and background workers", runServe},
		"migrate":     {"apply database migrations and exit", runMigrate},
		"foods":       {"import the CIQUAL food table (foods import [--file PATH])", runFoods},
		"routes":      {"print the route table (--ts: the frontend's routes.gen.ts)", runRoutes},
		"types":       {"--ts: the page props types (the frontend's types/props.gen.ts)", runTypes},
		"projections": {"rebuild [NAME...] [--batch N] | status | run", runProjections},
		"admin":       {"grant USER_ID AMOUNT --reason TEXT [--idempotency-key K] | balance USER_ID | promote EMAIL", runAdmin},
		"nutrition":   {"nutriscore | solve [--lang en|fr]: the recipe engine on JSON from stdin", runNutrition},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		slog.Error("gamelle", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	cmds := commands()
	if len(args) == 0 {
		usage(cmds)
		return errors.New("no command given")
	}
	c, ok := cmds[args[0]]
	if !ok {
		usage(cmds)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return c.run(ctx, args[1:])
}

func usage(cmds map[string]command) {
	fmt.Fprintln(os.Stderr, "usage: gamelle <command> [flags]\n\ncommands:")
	for _, name := range []string{"serve", "migrate", "projections", "admin", "foods", "routes", "types"} {
		if c, ok := cmds[name]; ok {
			fmt.Fprintf(os.Stderr, "  %-12s %s\n", name, c.summary)
		}
	}
}
