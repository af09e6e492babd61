package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing/fstest"
	"unicode"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/wiring"
)

// routeEntry is one method on one path of the router, with the stable name the frontend's
// route helper calls it by.
type routeEntry struct {
	Name   string
	Method string // lower case: get, post, put, patch, delete
	Path   string // chi pattern, e.g. /mealprep/{id}/food
	Params []string
}

// runRoutes prints the route table, or with --ts the TypeScript module the frontend imports
// (frontend/src/lib/routes.gen.ts). scripts/check-routes.sh fails CI when the checked-in file
// differs from a fresh one.
func runRoutes(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("routes", flag.ContinueOnError)
	ts := fs.Bool("ts", false, "print the TypeScript route table")
	out := fs.String("o", "", "write to this file instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	table, err := routeTable(ctx)
	if err != nil {
		return err
	}
	return writeOutput(*out, func(w io.Writer) error {
		if *ts {
			_, err := io.WriteString(w, renderRoutesTS(table))
			return err
		}
		for _, e := range table {
			if _, err := fmt.Fprintf(w, "%-7s %-45s %s\n", strings.ToUpper(e.Method), e.Path, e.Name); err != nil {
				return err
			}
		}
		return nil
	})
}

// routeTable builds the real server, without a database or environment, and walks its router.
func routeTable(ctx context.Context) ([]routeEntry, error) {
	srv, closeSrv, err := offlineServer(ctx)
	if err != nil {
		return nil, err
	}
	defer closeSrv()
	return walkRoutes(srv)
}

// offlineServer builds the real server as development configures it, with no environment.
// The pool points nowhere and never connects: building routes or rendering a public page must
// not touch the database, and a constructor that tries gets an error rather than a nil pointer.
func offlineServer(ctx context.Context) (chi.Router, func(), error) {
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{
			"DATABASE_URL": "postgres://routes@127.0.0.1:1/routes?connect_timeout=1",
			"APP_ENV":      "development", "APP_KEY": strings.Repeat("r", 32), "DATA_DIR": os.TempDir(),
		}[k]
		return v, ok
	})
	if err != nil {
		return nil, nil, err
	}
	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	app, err := wiring.New(cfg, pool, wiring.Options{})
	if err != nil {
		pool.Close()
		return nil, nil, err
	}
	// A minimal Vite manifest, so the HTML shell of a first visit renders.
	assets := fstest.MapFS{".vite/manifest.json": {Data: []byte(
		`{"src/app.tsx":{"file":"app.js","src":"src/app.tsx","isEntry":true},"src/app.css":{"file":"app.css","src":"src/app.css","isEntry":true}}`,
	)}}
	_, router, err := app.Router(wiring.Web{Assets: assets})
	if err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("build router: %w", err)
	}
	return router, pool.Close, nil
}

// walkRoutes lists the router's routes with their names, sorted by name. Wildcard routes
// (static files) are left out, as are HEAD, OPTIONS, CONNECT and TRACE, which no page calls.
func walkRoutes(r chi.Routes) ([]routeEntry, error) {
	var table []routeEntry
	err := chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		switch method {
		case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			return nil
		}
		if strings.Contains(route, "*") {
			return nil
		}
		route = strings.TrimSuffix(route, "/")
		if route == "" {
			route = "/"
		}
		path, params := cleanPattern(route)
		table = append(table, routeEntry{Name: routeName(method, path), Method: strings.ToLower(method), Path: path, Params: params})
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A collection and one of its members (/admin/users and /admin/users/{userId}) drop their
	// parameters to the same name: the member, whose path ends in a parameter, becomes ".show".
	count := map[string]int{}
	for _, e := range table {
		count[e.Name]++
	}
	for i, e := range table {
		if count[e.Name] > 1 && strings.HasSuffix(e.Path, "}") {
			table[i].Name = withShow(e.Name, e.Method)
		}
	}
	sort.Slice(table, func(i, j int) bool {
		if table[i].Name != table[j].Name {
			return table[i].Name < table[j].Name
		}
		return table[i].Path < table[j].Path
	})
	var dup []string
	for i := 1; i < len(table); i++ {
		if table[i].Name == table[i-1].Name {
			dup = append(dup, fmt.Sprintf("%s (%s %s and %s %s)", table[i].Name,
				table[i-1].Method, table[i-1].Path, table[i].Method, table[i].Path))
		}
	}
	if len(dup) > 0 {
		return nil, errors.New("routes share a name, rename a path segment: " + strings.Join(dup, "; "))
	}
	return table, nil
}

// cleanPattern drops chi's regular expressions from parameters ({id:[0-9]+} → {id}) and lists
// the parameter names in order.
func cleanPattern(route string) (string, []string) {
	params := []string{}
	segs := strings.Split(route, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			name, _, _ := strings.Cut(s[1:len(s)-1], ":")
			segs[i] = "{" + name + "}"
			params = append(params, name)
		}
	}
	return strings.Join(segs, "/"), params
}

// routeName is the stable name of a route (the rule is in docs/client-contract.md): the path's
// fixed segments in lowerCamelCase (`ask-otp` → askOtp, `robots.txt` → robotsTxt) joined by
// dots, parameters left out, `index` for `/`, then `.post`, `.put`, `.patch` or `.delete` for
// methods other than GET. So POST /mealprep/{id}/food is `mealprep.food.post`.
// withShow inserts "show" before the method suffix of a route name ("a.b" → "a.b.show",
// "a.b.post" → "a.b.show.post").
func withShow(name, method string) string {
	if method != strings.ToLower(http.MethodGet) {
		if base, ok := strings.CutSuffix(name, "."+method); ok {
			return base + ".show." + method
		}
	}
	return name + ".show"
}

func routeName(method, path string) string {
	var parts []string
	for _, s := range strings.Split(path, "/") {
		if s == "" || strings.HasPrefix(s, "{") {
			continue
		}
		parts = append(parts, lowerCamel(s))
	}
	if len(parts) == 0 {
		parts = []string{"index"}
	}
	if method != http.MethodGet {
		parts = append(parts, strings.ToLower(method))
	}
	return strings.Join(parts, ".")
}

func lowerCamel(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		r := []rune(w)
		if i == 0 {
			r[0] = unicode.ToLower(r[0])
		} else {
			r[0] = unicode.ToUpper(r[0])
		}
		words[i] = string(r)
	}
	return strings.Join(words, "")
}

// renderRoutesTS writes the TypeScript module. The output depends only on the table, so the
// check in CI is a plain diff.
func renderRoutesTS(table []routeEntry) string {
	var b strings.Builder
	b.WriteString(`// Code generated by "gamelle routes --ts"; DO NOT EDIT.
// Regenerate: go run ./cmd/gamelle routes --ts -o frontend/src/lib/routes.gen.ts
// Naming rule: docs/client-contract.md (fixed path segments in lowerCamelCase joined by dots,
// parameters left out, then the method unless it is GET).
import { makeUrl, type PlainRoute, type RouteDefinition } from './url'

/** Every route of the server, by name. */
export const routes = {
`)
	for _, e := range table {
		quoted := make([]string, len(e.Params))
		for i, p := range e.Params {
			quoted[i] = "'" + p + "'"
		}
		fmt.Fprintf(&b, "  '%s': { method: '%s', path: '%s', params: [%s] },\n", e.Name, e.Method, e.Path, strings.Join(quoted, ", "))
	}
	b.WriteString(`} as const satisfies Record<string, RouteDefinition>

/** The name of a server route. */
export type RouteName = keyof typeof routes

/** The name of a route without parameters: what the server's site configuration may link to. */
export type PlainRouteName = PlainRoute<typeof routes>

/**
 * The path of a route by name, with its parameters, query and anchor, e.g.
 * url('auth.otp', { params: { email } }). Every internal link is built with it.
 */
export const url = makeUrl(routes)
`)
	return b.String()
}
