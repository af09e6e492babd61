package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"slices"

	"github.com/gamelle/gamelle/handlers/page"
)

// serverMessageKeys renders a public page of a real (offline) server, one that reads nothing
// from the database, and lists the translation keys its shared props carry: every value of type page.MessageKey.
// These come from the server's actual site configuration, so the frontend's check that each is
// translated cannot drift from what the server sends.
func serverMessageKeys(ctx context.Context) ([]string, error) {
	return sharedPropValues(ctx, messageKeyType)
}

// sharedPropValues lists the distinct values of type t (a string type) in the shared props a
// real (offline) server sends with a public page.
func sharedPropValues(ctx context.Context, t reflect.Type) ([]string, error) {
	srv, closeSrv, err := offlineServer(ctx)
	if err != nil {
		return nil, err
	}
	defer closeSrv()
	req := httptest.NewRequestWithContext(ctx, http.MethodGet, "/terms", nil)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("render /terms for its shared props: status %d", rec.Code)
	}
	m := pageScriptRe.FindSubmatch(rec.Body.Bytes())
	if m == nil {
		return nil, fmt.Errorf("render /terms for its shared props: no page object in the HTML")
	}
	var visit struct {
		Props json.RawMessage `json:"props"`
	}
	if err := json.Unmarshal(m[1], &visit); err != nil {
		return nil, fmt.Errorf("read the page object of /terms: %w", err)
	}
	shared := page.Shared()
	if shared == nil {
		return nil, fmt.Errorf("types: no shared props declared (page.DefineShared)")
	}
	v := reflect.New(shared)
	if err := json.Unmarshal(visit.Props, v.Interface()); err != nil {
		return nil, fmt.Errorf("read the shared props of /terms as %s: %w", shared, err)
	}
	var keys []string
	collectStrings(v.Elem(), t, &keys)
	slices.Sort(keys)
	return slices.Compact(keys), nil
}

// pageScriptRe finds the page object in the first visit's HTML (gonertia writes it in a
// <script data-page> element).
var pageScriptRe = regexp.MustCompile(`(?s)<script[^>]* data-page="[^"]*"[^>]*>(.*?)</script>`)

var messageKeyType = reflect.TypeFor[page.MessageKey]()

// collectStrings appends every non-empty value of type t found in v.
func collectStrings(v reflect.Value, t reflect.Type, keys *[]string) {
	if v.Type() == t {
		if s := v.String(); s != "" {
			*keys = append(*keys, s)
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectStrings(v.Elem(), t, keys)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			collectStrings(v.Index(i), t, keys)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			collectStrings(it.Value(), t, keys)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				collectStrings(v.Field(i), t, keys)
			}
		}
	}
}
