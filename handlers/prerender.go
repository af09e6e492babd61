package handlers

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"time"
)

// Prerendered public pages (docs/architecture.md, "First paint"). The build renders the public
// pages to HTML with React (scripts/prerender.mjs) for the page objects this server sends them
// (frontend/prerender-pages.json, captured by TestPrerenderedPagesAreCurrent), and the binary
// embeds the result (dist/prerender/pages.json). gonertia asks an Inertia SSR server for the HTML
// of every first visit; prerenderSSR answers in process, without Node: the stored HTML when the
// page object's render key matches one the build rendered, else the empty container of a
// client-rendered page. The client hydrates the first, renders the second.

// prerenderFile is where the build writes the rendered pages, in the Vite output.
const prerenderFile = "prerender/pages.json"

// PrerenderCapture is the file listing the page objects the build renders, beside the frontend.
const PrerenderCapture = "frontend/prerender-pages.json"

// prerenderedPage is one page the build rendered: its key, the year the footer showed, and the
// HTML React produced (the inside of the app container, and the head elements).
type prerenderedPage struct {
	Key  string   `json:"key"`
	Year int      `json:"year"`
	Head []string `json:"head"`
	HTML string   `json:"html"`
}

// notRendered are the props fields the public pages do not draw, left out of the render key so
// a deployment's settings do not turn prerendering off: the guard is prerender.test.tsx, which
// renders every public page with two different values of each and compares the HTML.
var notRendered = []string{"availableProviders", "brandUrl", "dashboardRouteList", "isOtpAvailable", "isCredentialsAvailable"}

// legalFields are the legal notice's settings (app.legal), printed by public/legal only. The build
// renders that page with a placeholder for each one that is set (legalSlot), which every request
// replaces by its own value: a deployment's legal settings do not turn its prerendering off.
var legalFields = []string{"publisher", "address", "director", "host", "contactEmail"}

// legalSlot is the placeholder the build renders for a legal setting.
func legalSlot(field string) string { return "__GAMELLE_LEGAL_" + field + "__" }

// prerenderKey is what decides a public page's HTML: its component and props, with the signed-in
// person reduced to "signed in" (the public pages show nothing of them but that) and the fields
// of notRendered removed; the legal notice keeps which legal settings are set (their values go in
// placeholders), the other pages drop them. Both the capture and every request compute it here,
// so they cannot disagree.
func prerenderKey(pageJSON []byte) (string, error) {
	var p struct {
		Component string         `json:"component"`
		Props     map[string]any `json:"props"`
	}
	if err := json.Unmarshal(pageJSON, &p); err != nil {
		return "", fmt.Errorf("prerender key: %w", err)
	}
	if p.Props == nil {
		return "", fmt.Errorf("prerender key: page without props")
	}
	props := make(map[string]any, len(p.Props))
	for k, v := range p.Props {
		props[k] = v
	}
	if auth, ok := props["auth"].(map[string]any); ok {
		props["auth"] = map[string]any{"signedIn": auth["user"] != nil}
	}
	if app, ok := props["app"].(map[string]any); ok {
		trimmed := make(map[string]any, len(app))
		for k, v := range app {
			trimmed[k] = v
		}
		for _, k := range notRendered {
			delete(trimmed, k)
		}
		if legal, ok := trimmed["legal"].(map[string]any); ok && p.Component == "public/legal" {
			set := make(map[string]any, len(legal))
			for _, f := range legalFields {
				v, _ := legal[f].(string)
				set[f] = v != ""
			}
			trimmed["legal"] = set
		} else {
			delete(trimmed, "legal")
		}
		props["app"] = trimmed
	}
	// encoding/json writes map keys sorted: the same props give the same bytes.
	b, err := json.Marshal(map[string]any{"component": p.Component, "props": props})
	if err != nil {
		return "", fmt.Errorf("prerender key: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// prerenderSSR is gonertia's SSR endpoint, in process: an http.RoundTripper answering the POST
// of a page object with {head, body}.
type prerenderSSR struct {
	pages map[string]prerenderedPage
	// style is the head element of the app's stylesheet for a prerendered page: the stylesheet
	// itself, inline, so the first paint waits for no second round trip (docs/performance.md).
	style string
	// now is the clock the footer's year is checked against (time.Now).
	now func() time.Time
	id  string
}

// loadPrerendered reads the build's rendered pages; a build without them (the tests' assets, a
// development build) gives nil, and every page is rendered by the client.
func loadPrerendered(assets fs.FS) (*prerenderSSR, error) {
	if assets == nil {
		return nil, nil
	}
	b, err := fs.ReadFile(assets, prerenderFile)
	if err != nil {
		return nil, nil //nolint:nilerr // no prerendered pages: client rendering, as before
	}
	var list []prerenderedPage
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("read %s: %w", prerenderFile, err)
	}
	s := &prerenderSSR{pages: make(map[string]prerenderedPage, len(list)), now: time.Now, id: "app"}
	for _, p := range list {
		s.pages[p.Key] = p
	}
	if s.style, err = inlineStylesheet(assets); err != nil {
		return nil, err
	}
	return s, nil
}

// inlineStylesheet is the app's stylesheet (src/app.css in the Vite manifest) as a <style>
// element. Its font addresses are absolute (/build/...), so they hold inside the page.
func inlineStylesheet(assets fs.FS) (string, error) {
	b, err := fs.ReadFile(assets, ".vite/manifest.json")
	if err != nil {
		return "", fmt.Errorf("prerender: %w", err)
	}
	var manifest map[string]struct {
		File string `json:"file"`
	}
	if err := json.Unmarshal(b, &manifest); err != nil {
		return "", fmt.Errorf("prerender: manifest: %w", err)
	}
	file := manifest["src/app.css"].File
	if file == "" {
		return "", fmt.Errorf("prerender: the manifest has no src/app.css")
	}
	css, err := fs.ReadFile(assets, file)
	if err != nil {
		return "", fmt.Errorf("prerender: %w", err)
	}
	if bytes.Contains(bytes.ToLower(css), []byte("</style")) {
		return `<link rel="stylesheet" href="/build/` + html.EscapeString(file) + `">`, nil
	}
	return "<style>" + string(css) + "</style>", nil
}

// lookup returns the rendered HTML for the page object, if the build rendered it this year.
func (s *prerenderSSR) lookup(pageJSON []byte) (prerenderedPage, bool) {
	key, err := prerenderKey(pageJSON)
	if err != nil {
		return prerenderedPage{}, false
	}
	p, ok := s.pages[key]
	if !ok || p.Year != s.now().Year() {
		return prerenderedPage{}, false
	}
	return p, true
}

// legalValues replaces each legal setting's placeholder by the page's value, escaped for HTML
// (React escapes the same characters in text and attributes).
func legalValues(pageJSON []byte) *strings.Replacer {
	var p struct {
		Props struct {
			App struct {
				Legal map[string]string `json:"legal"`
			} `json:"app"`
		} `json:"props"`
	}
	_ = json.Unmarshal(pageJSON, &p) // the key was computed from the same bytes
	var pairs []string
	for _, f := range legalFields {
		pairs = append(pairs, legalSlot(f), html.EscapeString(p.Props.App.Legal[f]))
	}
	return strings.NewReplacer(pairs...)
}

// RoundTrip answers gonertia's SSR request. It never fails: a page the build did not render gets
// the same container gonertia writes without SSR, and the client renders it.
func (s *prerenderSSR) RoundTrip(r *http.Request) (*http.Response, error) {
	pageJSON, err := io.ReadAll(r.Body)
	_ = r.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("prerender: read page: %w", err)
	}
	var out struct {
		Head []string `json:"head"`
		Body string   `json:"body"`
	}
	out.Head = []string{}
	var body strings.Builder
	// As gonertia's own container (response.go, writePageScript): the page object for the client.
	body.WriteString(`<script data-page="`)
	template.HTMLEscape(&body, []byte(s.id))
	body.WriteString(`" type="application/json">`)
	body.WriteString(strings.ReplaceAll(string(pageJSON), `</script>`, `<\/script>`))
	body.WriteString(`</script>`)
	if p, ok := s.lookup(pageJSON); ok {
		fill := legalValues(pageJSON)
		out.Head = make([]string, 0, len(p.Head)+1)
		for _, h := range p.Head {
			out.Head = append(out.Head, fill.Replace(h))
		}
		out.Head = append(out.Head, s.style)
		body.WriteString(`<div data-server-rendered="true" id="`)
		template.HTMLEscape(&body, []byte(s.id))
		body.WriteString(`">`)
		body.WriteString(fill.Replace(p.HTML))
		body.WriteString(`</div>`)
	} else {
		body.WriteString(`<div id="`)
		template.HTMLEscape(&body, []byte(s.id))
		body.WriteString(`"></div>`)
	}
	out.Body = body.String()
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("prerender: %w", err)
	}
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(bytes.NewReader(b)),
		Request: r, ContentLength: int64(len(b)),
	}, nil
}
