// Package messages translates the server's user-facing texts (form errors, flash messages,
// email bodies) into French or English with go-i18n. The catalogue is embedded; French is the
// product's default language and English the fallback for a missing key.
package messages

import (
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.json
var files embed.FS

// Supported locales, default first.
const (
	French  = "fr"
	English = "en"
)

// Default is the locale used when nothing about the visitor says otherwise.
const Default = French

// CookieName is the cookie the frontend's language detector caches the chosen language in.
const CookieName = "i18next"

// Translator renders message keys for a locale.
type Translator struct {
	bundle *i18n.Bundle
	locs   map[string]*i18n.Localizer
}

// New loads the embedded catalogue.
func New() (*Translator, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, l := range []string{French, English} {
		if _, err := b.LoadMessageFileFS(files, "locales/"+l+".json"); err != nil {
			return nil, fmt.Errorf("load %s messages: %w", l, err)
		}
	}
	return &Translator{bundle: b, locs: map[string]*i18n.Localizer{
		French:  i18n.NewLocalizer(b, French, English),
		English: i18n.NewLocalizer(b, English),
	}}, nil
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
	cfg := &i18n.LocalizeConfig{MessageID: key}
	if len(data) > 0 {
		cfg.TemplateData = data[0]
	}
	s, err := loc.Localize(cfg)
	if err != nil {
		return key
	}
	return s
}

// Keys returns the message ids present for a locale (used by tests for parity).
func (t *Translator) Keys(locale string) []string {
	var raw map[string]any
	b, err := files.ReadFile("locales/" + locale + ".json")
	if err != nil {
		return nil
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	return keys
}

var matcher = language.NewMatcher([]language.Tag{language.French, language.English})

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
