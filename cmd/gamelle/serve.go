package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/sync/errgroup"

	adminapp "github.com/gamelle/gamelle/app/admin"
	"github.com/gamelle/gamelle/frontend"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/migrations"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/wiring"
)

// app is the process-wide wiring shared by subcommands.
type app struct {
	cfg  config.Config
	log  *slog.Logger
	pool *pgxpool.Pool
}

func newApp(ctx context.Context) (*app, error) {
	cfg, err := config.Load(os.LookupEnv)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	var h slog.Handler = slog.NewTextHandler(os.Stderr, nil)
	if cfg.Production() {
		h = slog.NewJSONHandler(os.Stderr, nil)
	}
	log := slog.New(h)
	slog.SetDefault(log)
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("connect database: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return &app{cfg: cfg, log: log, pool: pool}, nil
}

func (a *app) close() { a.pool.Close() }

func runMigrate(ctx context.Context, _ []string) error {
	a, err := newApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	return migrations.Up(ctx, a.pool)
}

func runServe(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	web := fs.Bool("web", true, "serve HTTP")
	worker := fs.Bool("worker", true, "run background workers (jobs, projections)")
	migrate := fs.Bool("migrate", false, "apply migrations before serving (always on outside production)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := newApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	if *migrate || !a.cfg.Production() {
		if err := migrations.Up(ctx, a.pool); err != nil {
			return err
		}
	}
	if err := ensureFoods(ctx, a); err != nil {
		return err
	}

	// Web-only processes get an insert-only River client: they enqueue, workers send.
	app, err := wiring.New(a.cfg, a.pool, wiring.Options{Logger: a.log, Work: *worker})
	if err != nil {
		return err
	}
	// One price table for the process, with the admins' overrides applied before any use.
	prices, jobClient := app.Prices, app.Jobs
	if err := adminapp.LoadPrices(ctx, a.pool, prices); err != nil {
		return err
	}
	if err := app.Billing.EnsureCatalog(ctx); err != nil {
		return err
	}

	// One registry for the process: HTTP metrics and the projections' (served on /metrics).
	registry := prometheus.NewRegistry()
	registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return adminapp.RunPriceLoader(ctx, a.pool, prices, wiring.PriceReload, a.log) })
	if *worker {
		// Started detached from ctx so that shutdown is the graceful Stop below, not a hard cancel.
		if err := jobClient.Start(context.WithoutCancel(ctx)); err != nil {
			return fmt.Errorf("start jobs: %w", err)
		}
		g.Go(func() error {
			<-ctx.Done()
			sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			return jobClient.Stop(sctx)
		})
		runner, err := projections.NewRunner(a.pool, a.log, projections.WithMetrics(registry))
		if err != nil {
			return fmt.Errorf("projections: %w", err)
		}
		g.Go(func() error { return runner.Run(ctx) })
		a.log.Info("workers started", "projections", runner.Names())
	}
	if a.cfg.MetricsAddr != "" {
		ms := &http.Server{
			Addr: a.cfg.MetricsAddr, Handler: promhttp.HandlerFor(registry, promhttp.HandlerOpts{Registry: registry}),
			ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx },
		}
		g.Go(func() error {
			a.log.Info("metrics listening", "addr", a.cfg.MetricsAddr)
			if err := ms.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return fmt.Errorf("metrics http: %w", err)
			}
			return nil
		})
		g.Go(func() error {
			<-ctx.Done()
			return ms.Close()
		})
	}
	warnIfMailDisabled(a.cfg, a.log)
	if *web {
		_, router, err := app.Router(wiring.Web{
			Assets: frontend.Dist(), HotFile: filepath.Join(a.cfg.DataDir, "vite.hot"), SessionCleanup: 5 * time.Minute, Registry: registry,
			// The bench's baseline: the same server without the prerendered public pages.
			NoPrerender: os.Getenv("GAMELLE_PRERENDER") == "off",
		})
		if err != nil {
			return err
		}
		hs := &http.Server{
			Addr:              fmt.Sprintf(":%d", a.cfg.Port),
			Handler:           router,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			WriteTimeout:      60 * time.Second,
			IdleTimeout:       120 * time.Second,
			BaseContext:       func(net.Listener) context.Context { return ctx },
		}
		g.Go(func() error {
			a.log.Info("listening", "url", a.cfg.AppURL, "port", a.cfg.Port, "env", a.cfg.Env)
			if err := hs.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return fmt.Errorf("http: %w", err)
			}
			return nil
		})
		g.Go(func() error {
			<-ctx.Done()
			sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			return hs.Shutdown(sctx)
		})
	}
	return g.Wait()
}

// warnIfMailDisabled logs, at error level so alerting sees it, that a production server with
// MAIL_DISABLED=true drops every email: nobody can sign in by code or link.
func warnIfMailDisabled(cfg config.Config, log *slog.Logger) {
	if cfg.Production() && cfg.MailDisabled {
		log.Error("MAIL_DISABLED=true: no email is sent; sign-in codes, links and receipts are dropped")
	}
}
