// Package fault gives a domain error what the person-facing layers need to answer it the same
// way everywhere: a kind (which decides the answer), the form field it belongs to and the
// translation key that words it (docs/architecture.md, "A request, top down"). Pure Go.
package fault

import "errors"

// Kind is the class of a refusal; the handlers map each kind to one kind of answer.
type Kind int

const (
	// Internal is not the person's to fix: the server-error page. It is the zero Kind, so an
	// error without a fault is internal.
	Internal Kind = iota
	// Invalid is input the rules refuse: the form comes back with the field's message.
	Invalid
	// Conflict is input valid on its own that the current state refuses (nothing left to
	// regenerate, a recipe already replaced): the form comes back with the field's message.
	Conflict
	// InsufficientTokens is a paid action the balance cannot cover: the form comes back with the
	// message on the field and on the page's prompt to get tokens.
	InsufficientTokens
	// NotFound is something that does not exist or is not the person's to see: the 404 page.
	NotFound
	// Forbidden is something the person may not do: the 403 page.
	Forbidden
)

// String names the kind, for logs and test failures.
func (k Kind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case Conflict:
		return "conflict"
	case InsufficientTokens:
		return "insufficient tokens"
	case NotFound:
		return "not found"
	case Forbidden:
		return "forbidden"
	}
	return "internal"
}

// Error is a domain error with its kind, field and translation key. Sentinels are declared with
// New and compared with errors.Is as before; errors.As(err, &*Error) reads the fault of a
// wrapped one.
type Error struct {
	// Kind decides the answer.
	Kind Kind
	// Field is the form field the message belongs to ("form" for the whole form, "" for kinds
	// answered with a page).
	Field string
	// Key is the translation key of the message ("" for kinds answered with a page).
	Key string
	msg string
}

// Error is the developer-facing text, never shown to a person.
func (e *Error) Error() string { return e.msg }

// New declares a domain error of kind, on field, worded by key; msg is for logs.
func New(kind Kind, field, key, msg string) error {
	return &Error{Kind: kind, Field: field, Key: key, msg: msg}
}

// At is the same fault on another field: a map of field errors (the custom-food form, the
// household's goals) names the field itself.
func (e *Error) At(field string) *Error {
	c := *e
	c.Field = field
	return &c
}

// Of is the fault err carries (wrapped or not), or nil when it carries none.
func Of(err error) *Error {
	var f *Error
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// KindOf is the kind of err: Internal when it carries no fault.
func KindOf(err error) Kind {
	if f := Of(err); f != nil {
		return f.Kind
	}
	return Internal
}
