package eventstore_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gamelle/gamelle/eventstore"
)

// FuzzRecordedEventDecode: any stored payload decodes or fails with an error naming the event's
// type and position (what a projection logs when it stops); never a panic.
func FuzzRecordedEventDecode(f *testing.F) {
	for _, p := range []string{`{"name":"Semaine","grams":500}`, `{}`, `null`, `[`, `{"grams":1e309}`, `{"grams":9223372036854775808}`,
		`{"name":"\ud800\u202e\u0000"}`, `{"name":["x"]}`, "{\"name\":\"\xff\"}", `{"a":1} {"b":2}`} {
		f.Add(p)
	}
	type payload struct {
		Name  string  `json:"name"`
		Grams float64 `json:"grams"`
	}
	f.Fuzz(func(t *testing.T, raw string) {
		e := eventstore.RecordedEvent{Position: 42, Type: "FuzzEvent", Payload: json.RawMessage(raw)}
		var v payload
		if err := e.Decode(&v); err != nil {
			if !strings.Contains(err.Error(), "FuzzEvent at position 42") {
				t.Fatalf("decode error without the event's type and position: %v", err)
			}
			return
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("decoded value does not encode: %v", err)
		}
	})
}
