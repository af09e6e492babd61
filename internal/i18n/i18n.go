// Package i18n translates the server's user-facing texts (form errors, flash messages,
// email bodies) into French or English with go-i18n. French is the product's default language
// and English the fallback for a missing key.
//
// The catalogue is embedded and split by area: locales/<area>.<locale>.json (core.fr.json,
// identity.en.json, …), all loaded by glob, so an area adds its own pair of files instead of
// editing a shared one. Every area has a file for every locale, and a key defined in two files
// is a start-up error rather than a silent override.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.json
var files embed.FS

// Supported locales, default first.
const (
	French  = "fr"
	English = "en"
)

// Locales lists the supported locales, default first.
var Locales = []string{French, English}

// Default is the locale used when nothing about the visitor says otherwise.
const Default = French

// CookieName is the cookie the frontend's language detector caches the chosen language in.
const CookieName = "i18next"

// Translator renders message keys for a locale.
type Translator struct {
	locs map[string]*goi18n.Localizer
	keys map[string][]string
}

// New loads the embedded catalogue.
func New() (*Translator, error) {
	sub, err := fs.Sub(files, "locales")
	if err != nil {
		return nil, fmt.Errorf("open embedded locales: %w", err)
	}
	return Load(sub)
}

// Load reads every <area>.<locale>.json file at the root of fsys. It fails on a file whose
// name does not follow that pattern or names an unsupported locale, on an area missing one of
// the locales, and on a key defined by two areas.
func Load(fsys fs.FS) (*Translator, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, fmt.Errorf("list locale files: %w", err)
	}
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	owner := map[string]map[string]string{} // locale -> key -> file that defines it
	areas := map[string][]string{}          // area -> locales it has a file for
	for _, name := range names {
		area, locale, ok := strings.Cut(strings.TrimSuffix(path.Base(name), ".json"), ".")
		if !ok || area == "" || !slices.Contains(Locales, locale) {
			return nil, fmt.Errorf("locale file %s: want <area>.<locale>.json with locale in %v", name, Locales)
		}
		areas[area] = append(areas[area], locale)
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		var msgs map[string]any
		if err := json.Unmarshal(raw, &msgs); err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		if owner[locale] == nil {
			owner[locale] = map[string]string{}
		}
		for k := range msgs {
			if prev, dup := owner[locale][k]; dup {
				return nil, fmt.Errorf("message %q is defined in both %s and %s", k, prev, name)
			}
			owner[locale][k] = name
		}
		if _, err := b.ParseMessageFileBytes(raw, name); err != nil {
			return nil, fmt.Errorf("load %s: %w", name, err)
		}
	}
	for area, have := range areas {
		for _, l := range Locales {
			if !slices.Contains(have, l) {
				return nil, fmt.Errorf("locale files: %s.%s.json is missing", area, l)
			}
		}
	}
	t := &Translator{
		locs: map[string]*goi18n.Localizer{
			French:  goi18n.NewLocalizer(b, French, English),
			English: goi18n.NewLocalizer(b, English),
		},
		keys: map[string][]string{},
	}
	for _, l := range Locales {
		for k := range owner[l] {
			t.keys[l] = append(t.keys[l], k)
		}
		slices.Sort(t.keys[l])
	}
	return t, nil
}

// MustNew is New for program start-up and tests, where a broken embedded catalogue is a bug.
func MustNew() *Translator {
	t, err := New()
	if err != nil {
		panic(err)
	}
	return t
}

// T translates key with optional template data. An unknown key returns the key itself so a
// missing translation is visible rather than silent.
func (t *Translator) T(locale, key string, data ...map[string]any) string {
	loc, ok := t.locs[locale]
	if !ok {
		loc = t.locs[Default]
	}
	cfg := &goi18n.LocalizeConfig{MessageID: key}
	if len(data) > 0 {
		cfg.TemplateData = data[0]
		// A "Count" value picks the plural form by the language's rules (CLDR: French "one"
		// covers 0 and 1), for messages written as {"one": …, "other": …}.
		if n, ok := data[0]["Count"]; ok {
			cfg.PluralCount = n
		}
	}
	s, err := loc.Localize(cfg)
	if err != nil {
		return key
	}
	return s
}

// Keys returns the message ids present for a locale, sorted (used by tests for parity).
func (t *Translator) Keys(locale string) []string { return slices.Clone(t.keys[locale]) }

// Normalize maps a language tag such as "en-GB" to a supported locale, or "" when unsupported.
func Normalize(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	switch {
	case tag == French || strings.HasPrefix(tag, French+"-"):
		return French
	case tag == English || strings.HasPrefix(tag, English+"-"):
		return English
	}
	return ""
}

// Detect picks the request's locale in the frontend's order as far as a server can see it:
// the lng query parameter, the language cookie, then Accept-Language; French otherwise.
func Detect(r *http.Request) string {
	if l := Normalize(r.URL.Query().Get("lng")); l != "" {
		return l
	}
	if c, err := r.Cookie(CookieName); err == nil {
		if l := Normalize(c.Value); l != "" {
			return l
		}
	}
	if h := r.Header.Get("Accept-Language"); h != "" {
		tags, _, err := language.ParseAcceptLanguage(h)
		if err == nil {
			for _, t := range tags {
				if l := Normalize(t.String()); l != "" {
					return l
				}
			}
		}
	}
	return Default
}
