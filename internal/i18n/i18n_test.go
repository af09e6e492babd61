package i18n

import (
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestCatalogueParity(t *testing.T) {
	t.Parallel()
	tr := MustNew()
	fr, en := tr.Keys(French), tr.Keys(English)
	sort.Strings(fr)
	sort.Strings(en)
	require.NotEmpty(t, fr)
	require.Equal(t, fr, en, "every message must exist in both languages")
}

func TestEveryAreaFileHasTheSameKeysInEveryLocale(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(files, "locales/*.json")
	require.NoError(t, err)
	byArea := map[string]map[string][]string{} // area -> locale -> keys
	for _, name := range names {
		area, locale, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(name, "locales/"), ".json"), ".")
		raw, err := files.ReadFile(name)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m), name)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if byArea[area] == nil {
			byArea[area] = map[string][]string{}
		}
		byArea[area][locale] = keys
	}
	require.Contains(t, byArea, "core")
	for area, locs := range byArea {
		require.Equal(t, locs[French], locs[English], "%s.fr.json and %s.en.json must hold the same keys", area, area)
	}
}

func TestLoadRefusesAKeyDefinedByTwoAreas(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"core.fr.json":     {Data: []byte(`{"error.server": "Erreur"}`)},
		"core.en.json":     {Data: []byte(`{"error.server": "Error"}`)},
		"mealprep.fr.json": {Data: []byte(`{"error.server": "Autre erreur"}`)},
		"mealprep.en.json": {Data: []byte(`{"mealprep.title": "Meal preps"}`)},
	}
	_, err := Load(fsys)
	require.ErrorContains(t, err, `"error.server" is defined in both core.fr.json and mealprep.fr.json`)

	fsys["mealprep.fr.json"] = &fstest.MapFile{Data: []byte(`{"mealprep.title": "Meal preps"}`)}
	tr, err := Load(fsys)
	require.NoError(t, err, "the same key in two locales of one area is not a duplicate")
	require.Equal(t, "Meal preps", tr.T(English, "mealprep.title"))
}

func TestLoadRefusesAnAreaMissingALocaleOrABadName(t *testing.T) {
	t.Parallel()
	_, err := Load(fstest.MapFS{
		"core.fr.json":  {Data: []byte(`{"a": "b"}`)},
		"core.en.json":  {Data: []byte(`{"a": "b"}`)},
		"admin.fr.json": {Data: []byte(`{"admin.x": "y"}`)},
	})
	require.ErrorContains(t, err, "admin.en.json is missing")

	_, err = Load(fstest.MapFS{"fr.json": {Data: []byte(`{"a": "b"}`)}})
	require.ErrorContains(t, err, "want <area>.<locale>.json")
	_, err = Load(fstest.MapFS{"core.de.json": {Data: []byte(`{"a": "b"}`)}})
	require.ErrorContains(t, err, "want <area>.<locale>.json")
}

func TestTranslate(t *testing.T) {
	t.Parallel()
	tr := MustNew()
	require.Equal(t, "Saisissez une adresse e-mail valide.", tr.T(French, "error.email.invalid"))
	require.Equal(t, "Enter a valid email address.", tr.T(English, "error.email.invalid"))
	require.Equal(t, "Too many attempts. Try again in 30 seconds.", tr.T(English, "error.rate_limited", map[string]any{"Count": 30}))
	require.Equal(t, "Too many attempts. Try again in 1 second.", tr.T(English, "error.rate_limited", map[string]any{"Count": 1}))
	require.Equal(t, "Trop de tentatives. Réessayez dans 1 seconde.", tr.T(French, "error.rate_limited", map[string]any{"Count": 1}))
	require.Equal(t, tr.T(French, "error.csrf"), tr.T("de", "error.csrf"), "unknown locale falls back to French")
	require.Equal(t, "no.such.key", tr.T(French, "no.such.key"))
}

func TestDetect(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url, cookie, accept, want string
	}{
		{"nothing", "/", "", "", French},
		{"german browser", "/", "", "de-DE,de;q=0.9", French},
		{"accept english", "/", "", "de-DE,en-US;q=0.8", English},
		{"cookie beats header", "/", "fr", "en-US", French},
		{"query beats cookie", "/?lng=en", "fr", "fr", English},
		{"unsupported query ignored", "/?lng=es", "en", "", English},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", CookieName+"="+c.cookie)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		require.Equal(t, c.want, Detect(r), c.name)
	}
}
