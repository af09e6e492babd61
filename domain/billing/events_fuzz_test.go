package billing_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/gamelle/gamelle/domain/billing"
)

// FuzzDecode: a stored payload, however damaged, decodes into its type or fails with an error,
// never a panic; an unknown type is ErrUnknownEventType; a decoded event says its own type and
// survives a second encode and decode unchanged (what a projection rebuild does).
func FuzzDecode(f *testing.F) {
	payloads := []string{`{}`, `null`, `[`, `{"amount":9223372036854775808}`, `{"amount":1e309}`, `{"name":"\u202e\u0000"}`,
		`{"name":"\ud800"}`, `{"id":["x"],"amount":"12"}`, "{\"name\":\"\xff\"}"}
	for _, typ := range []string{billing.TypePackSaved, billing.TypePackRetired, billing.TypeCheckoutStarted, billing.TypeCheckoutSessionOpened, billing.TypeCheckoutCompleted, billing.TypeCheckoutFailed, billing.TypeCheckoutExpired, billing.TypeCheckoutRefunded, "NoSuchEvent"} {
		for _, p := range payloads {
			f.Add(typ, []byte(p))
		}
	}
	f.Fuzz(func(t *testing.T, typ string, payload []byte) {
		e, err := billing.Decode(typ, payload)
		if err != nil {
			if e != nil && errors.Is(err, billing.ErrUnknownEventType) {
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
		e2, err := billing.Decode(typ, again)
		if err != nil {
			t.Fatalf("re-decode %q %s: %v", typ, again, err)
		}
		if !reflect.DeepEqual(e, e2) {
			t.Fatalf("%q changed across encode and decode: %#v then %#v", typ, e, e2)
		}
	})
}
