package handlers

import (
	"context"
	"net/http"
	"sync"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/internal/i18n"
)

// Validation errors and flash messages are translated by the server, in the request's language,
// and travel to the next page through the session as text: that is the Inertia contract every
// client reads (props.errors, in its error bag). The language switch is client-side, so a page
// showing such a text would keep the old language. To let it follow the switch without changing
// that contract, each text sent through the session carries its rendering in every locale; the
// page receives them as the serverTexts prop (text as sent → locale → text) and the components
// that show errors and flash messages pick the current language's version.

// textRef is what produced a translated text: its key and template data.
type textRef struct {
	key  string
	data map[string]any
}

// textMemo remembers the texts translated during one request, so those that end up in the
// session can be rendered again in the other locales, and holds the texts flashed by the
// previous request.
type textMemo struct {
	mu      sync.Mutex
	refs    map[string]textRef
	flashed serverTexts
}

type textMemoKey struct{}

// serverTexts maps a text to its rendering in every locale. Every rendering is a key too, so a
// text is found whichever language it was last shown in.
type serverTexts map[string]map[string]string

// localizeFlashed runs right after gonertia's middleware, which has put the errors and flash
// messages of the previous request into the context: it takes their every-locale renderings out
// of the session, shows them in this request's language (a language switched between the
// refused form and the page that shows it), and gives the request a memo of the texts its
// handlers translate. The memo's presence also tells that the session is loaded.
func (s *Core) localizeFlashed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		m := &textMemo{refs: map[string]textRef{}}
		m.flashed, _ = s.sessions.Pop(ctx, sessionKeyTexts).(serverTexts)
		if len(m.flashed) > 0 {
			loc := localeFrom(ctx)
			if errs := inertia.ValidationErrorsFromContext(ctx); len(errs) > 0 {
				ctx = inertia.SetValidationErrors(ctx, inertia.ValidationErrors(relocalize(map[string]any(errs), m.flashed, loc).(map[string]any)))
			}
			if f := inertia.FlashFromContext(ctx); len(f) > 0 {
				ctx = inertia.SetFlash(ctx, inertia.Flash(relocalize(map[string]any(f), m.flashed, loc).(map[string]any)))
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, textMemoKey{}, m)))
	})
}

// relocalize returns v with every string that texts knows in locale loc.
func relocalize(v any, texts serverTexts, loc string) any {
	switch x := v.(type) {
	case string:
		if t, ok := texts[x][loc]; ok {
			return t
		}
		return x
	case inertia.ValidationErrors:
		return relocalize(map[string]any(x), texts, loc)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = relocalize(e, texts, loc)
		}
		return out
	}
	return v
}

// noteText records that key with data rendered text in this request (no-op without a memo).
func noteText(ctx context.Context, text, key string, data []map[string]any) {
	m, ok := ctx.Value(textMemoKey{}).(*textMemo)
	if !ok {
		return
	}
	ref := textRef{key: key}
	if len(data) > 0 {
		ref.data = data[0]
	}
	m.mu.Lock()
	m.refs[text] = ref
	m.mu.Unlock()
}

// flashedTexts are the every-locale renderings of the texts the previous request flashed (nil
// outside the page chain).
func flashedTexts(ctx context.Context) serverTexts {
	if m, ok := ctx.Value(textMemoKey{}).(*textMemo); ok {
		return m.flashed
	}
	return nil
}

// localize returns the every-locale renderings of the strings in v (validation errors, nested
// under error bags, or flash values): those this request translated, and those flashed by the
// previous one (re-flashed on a redirect). Strings of neither kind are left out.
func localize(ctx context.Context, tr *i18n.Translator, v any) serverTexts {
	m, _ := ctx.Value(textMemoKey{}).(*textMemo)
	if m == nil {
		return nil
	}
	out := serverTexts{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if all, ok := m.flashed[x]; ok {
				out.add(all)
				return
			}
			m.mu.Lock()
			ref, ok := m.refs[x]
			m.mu.Unlock()
			if !ok {
				return
			}
			all := map[string]string{}
			for _, loc := range i18n.Locales {
				all[loc] = tr.T(loc, ref.key, ref.data)
			}
			out.add(all)
		case inertia.ValidationErrors:
			walk(map[string]any(x))
		case inertia.Flash:
			walk(map[string]any(x))
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// add files one text's renderings under each of them.
func (t serverTexts) add(all map[string]string) {
	for _, text := range all {
		t[text] = all
	}
}
