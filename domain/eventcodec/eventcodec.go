// Package eventcodec is the one decoder of a domain area's stored events: the area lists its
// event types once, each with how its payload decodes, and every area refuses an unknown type
// and reports a damaged payload alike.
package eventcodec

import "fmt"

// Codec decodes the stored events of one area into E, the area's event interface.
type Codec[E any] struct {
	area     string
	unknown  error
	decoders map[string]func(payload []byte) (E, error)
}

// New is the codec of area (the prefix of its errors, "ledger"): unknown is the error an event
// type missing from decoders is reported with (errors.Is finds it).
func New[E any](area string, unknown error, decoders map[string]func(payload []byte) (E, error)) Codec[E] {
	return Codec[E]{area: area, unknown: unknown, decoders: decoders}
}

// Decode turns a stored event back into its Go value.
func (c Codec[E]) Decode(eventType string, payload []byte) (E, error) {
	var none E
	dec, ok := c.decoders[eventType]
	if !ok {
		return none, fmt.Errorf("%w: %q", c.unknown, eventType)
	}
	e, err := dec(payload)
	if err != nil {
		return none, fmt.Errorf("%s: decode %s: %w", c.area, eventType, err)
	}
	return e, nil
}

// Knows reports whether eventType is one of the area's events.
func (c Codec[E]) Knows(eventType string) bool {
	_, ok := c.decoders[eventType]
	return ok
}
