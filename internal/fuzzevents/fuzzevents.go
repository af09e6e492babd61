// Package fuzzevents is the one fuzz harness of the domain event decoders: every area's
// Decode(type, payload) must hold the same promises for whatever a stored row holds. It is
// test-only code (it imports testing) and no package of the binary imports it.
package fuzzevents

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// payloads are the damaged stored payloads every event type is seeded with: overflowing and
// out-of-range numbers, broken JSON, wrong kinds, lone surrogates and invalid UTF-8.
var payloads = []string{`{}`, `null`, `[`, `{"amount":9223372036854775808}`, `{"amount":1e309}`, `{"name":"\u202e\u0000"}`,
	`{"name":"\ud800"}`, `{"id":["x"],"amount":"12"}`, "{\"name\":\"\xff\"}"}

// Decode fuzzes decode: a stored payload, however damaged, decodes into its type or fails with
// an error, never a panic; an unknown type is errUnknown; a decoded event says its own type and
// survives a second encode and decode unchanged (what a projection rebuild does). The corpus is
// seeded with every one of types and an unknown type, each with the damaged payloads.
func Decode[E interface{ EventType() string }](f *testing.F, decode func(eventType string, payload []byte) (E, error), errUnknown error, types ...string) {
	f.Helper()
	for _, typ := range append(types[:len(types):len(types)], "NoSuchEvent") {
		for _, p := range payloads {
			f.Add(typ, []byte(p))
		}
	}
	f.Fuzz(func(t *testing.T, typ string, payload []byte) {
		e, err := decode(typ, payload)
		if err != nil {
			// any(e): E is an interface, so a nil E is a nil any.
			if any(e) != nil && errors.Is(err, errUnknown) {
				t.Fatalf("an unknown type decoded to %T", e)
			}
			return
		}
		if e.EventType() != typ {
			t.Fatalf("%q decoded to a %q", typ, e.EventType())
		}
		again, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("re-encode %q: %v", typ, err)
		}
		e2, err := decode(typ, again)
		if err != nil {
			t.Fatalf("re-decode %q %s: %v", typ, again, err)
		}
		if !reflect.DeepEqual(e, e2) {
			t.Fatalf("%q changed across encode and decode: %#v then %#v", typ, e, e2)
		}
	})
}
