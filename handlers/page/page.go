// Package page binds every Inertia page component to the Go struct of its props, so the
// frontend's prop types are generated from the structs the handlers fill
// (`gamelle types --ts`, frontend/src/types/props.gen.ts) instead of being kept in step by
// hand. The rules are in docs/client-contract.md ("Page props").
//
// Declare a page once, beside its handler, and render it through the declaration:
//
//	type otpProps struct {
//		Email    string `json:"email"`
//		ResendIn int    `json:"resendIn"`
//	}
//
//	var otpPage = page.Define[otpProps]("auth/otp")
//
//	s.render(w, r, otpPage.With(otpProps{Email: email, ResendIn: wait}))
//
// A component name is declared once (a second Define panics at start-up), and a page cannot
// be rendered with props of another type.
package page

import (
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"sync"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/internal/tsgen"
)

// None is the props of a page that has only the shared props.
type None struct{}

// Page is an Inertia component bound to the Go type of its props.
type Page[P any] struct{ component string }

// View is a page with its props, ready for gonertia's Render.
type View struct {
	Component string
	Props     inertia.Props
}

// Entry is one declared page: what the TypeScript generator reads.
type Entry struct {
	Component string
	Props     reflect.Type
}

var (
	mu        sync.Mutex
	pages     = map[string]reflect.Type{}
	shared    reflect.Type
	enums     = map[reflect.Type][]string{}
	overrides = map[reflect.Type]string{}
	lazies    = map[reflect.Type]reflect.Type{} // Lazy[T] → T
)

// Lazy is a page prop computed only when the response carries it: on a partial reload that
// asks for other props (the recipes page's one-second generation poll asks for one), it never
// runs. gonertia receives it as a closure; its generated TypeScript type is T's, so the page
// sees no difference. Only top-level props may be lazy.
type Lazy[T any] struct {
	fn func(ctx context.Context) (T, error)
}

// LazyOf is a prop that fn computes, with the request's context, when the response needs it.
// An error fails the render (the server-error page), as an eager query's would.
func LazyOf[T any](fn func(ctx context.Context) (T, error)) Lazy[T] { return Lazy[T]{fn: fn} }

// lazyProp is what every Lazy[T] is, whatever T.
type lazyProp interface {
	resolver() func(ctx context.Context) (any, error)
	valueType() reflect.Type
}

// resolver is the closure gonertia resolves: the value, with nil slices and maps made empty
// as With does for eager props.
func (l Lazy[T]) resolver() func(ctx context.Context) (any, error) {
	return func(ctx context.Context) (any, error) {
		var v T
		if l.fn != nil {
			var err error
			if v, err = l.fn(ctx); err != nil {
				return nil, err
			}
		}
		return normalize(reflect.ValueOf(&v).Elem()).Interface(), nil
	}
}

func (Lazy[T]) valueType() reflect.Type { return reflect.TypeFor[T]() }

var lazyPropType = reflect.TypeFor[lazyProp]()

// Define declares the component (its file is frontend/src/pages/<component>.tsx) with props
// of type P, a struct. Call it in a package-level var; a component declared twice, or props
// that are not a struct the generator can describe, panic at start-up.
func Define[P any](component string) Page[P] {
	t := reflect.TypeFor[P]()
	mustBeProps(t, component)
	mu.Lock()
	defer mu.Unlock()
	if prev, ok := pages[component]; ok {
		panic(fmt.Sprintf("page %s declared twice (props %s and %s)", component, prev, t))
	}
	pages[component] = t
	return Page[P]{component: component}
}

// With pairs the page with its props. Nil slices and maps are sent as [] and {}, as the
// generated types promise; a field with omitempty or omitzero is left out when empty.
func (p Page[P]) With(props P) View {
	m, err := ToProps(props)
	if err != nil {
		panic(fmt.Sprintf("page %s: %v", p.component, err)) // Define checked the type already
	}
	return View{Component: p.component, Props: m}
}

// DefineShared declares the props every page receives (set by middleware with SharedProps).
func DefineShared[P any]() {
	t := reflect.TypeFor[P]()
	mustBeProps(t, "shared props")
	mu.Lock()
	defer mu.Unlock()
	shared = t
}

// Enum declares the values of a named string or integer type, so TypeScript sees `'a' | 'b'`
// (or `1 | 2`) rather than string or number. Call it in a package-level var:
// `var _ = page.Enum(nutrition.Diets...)`.
func Enum[T ~string | ~int](values ...T) struct{} {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = fmt.Sprint(v)
	}
	mu.Lock()
	defer mu.Unlock()
	enums[reflect.TypeFor[T]()] = s
	return struct{}{}
}

// Override makes T appear as the TypeScript expression ts (a type with its own MarshalJSON,
// or a type the frontend already declares).
func Override[T any](ts string) struct{} {
	mu.Lock()
	defer mu.Unlock()
	overrides[reflect.TypeFor[T]()] = ts
	return struct{}{}
}

// Pages lists the declared pages by component name.
func Pages() []Entry {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Entry, 0, len(pages))
	for c, t := range pages {
		out = append(out, Entry{Component: c, Props: t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Component < out[j].Component })
	return out
}

// Shared is the shared props type, nil until DefineShared.
func Shared() reflect.Type {
	mu.Lock()
	defer mu.Unlock()
	return shared
}

// Generator returns a TypeScript generator that knows the declared enums and overrides.
func Generator() *tsgen.Generator {
	mu.Lock()
	defer mu.Unlock()
	g := tsgen.New()
	for t, v := range enums {
		g.Enum(t, v)
	}
	for t, ts := range overrides {
		g.Override(t, ts)
	}
	for t, as := range lazies {
		g.As(t, as)
	}
	return g
}

func mustBeProps(t reflect.Type, what string) {
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("%s: props must be a struct, not %s", what, t))
	}
	fields, err := tsgen.Fields(t)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", what, err))
	}
	for _, f := range fields {
		if f.AsString {
			panic(fmt.Sprintf("%s: top-level prop %s cannot use the ,string option", what, f.Name))
		}
		if f.Type.Implements(lazyPropType) {
			if f.Optional {
				panic(fmt.Sprintf("%s: lazy prop %s cannot be optional", what, f.Name))
			}
			mu.Lock()
			lazies[f.Type] = reflect.Zero(f.Type).Interface().(lazyProp).valueType()
			mu.Unlock()
		}
	}
}

// ToProps turns a props struct into gonertia's map, one entry per top-level JSON field, so
// partial reloads can still pick props by name. As in encoding/json, omitempty leaves out an
// empty value and omitzero a zero one (a nil slice, not an empty one). A field tagged `inertia:"always"` is sent on
// partial reloads too; a field tagged `inertia:"-"` is set by gonertia itself (errors) and
// only exists for the generated type.
func ToProps(props any) (inertia.Props, error) {
	v := reflect.ValueOf(props)
	if v.Kind() != reflect.Struct {
		return nil, fmt.Errorf("props must be a struct, not %s", v.Type())
	}
	fields, err := tsgen.Fields(v.Type())
	if err != nil {
		return nil, err
	}
	out := inertia.Props{}
	for _, f := range fields {
		mode := f.Tag.Get("inertia")
		if mode == "-" {
			continue
		}
		fv := v.FieldByIndex(f.Index)
		if l, ok := fv.Interface().(lazyProp); ok {
			if mode == "always" {
				out[f.Name] = inertia.Always(l.resolver())
			} else {
				out[f.Name] = l.resolver()
			}
			continue
		}
		if f.OmitZero && fv.IsZero() || f.Optional && !f.OmitZero && isEmpty(fv) {
			continue
		}
		val := normalize(fv).Interface()
		if mode == "always" {
			out[f.Name] = inertia.Always(val)
		} else {
			out[f.Name] = val
		}
	}
	return out, nil
}

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	}
	return v.IsZero()
}

// normalize returns v with every nil slice and map (outside nil pointers) replaced by an
// empty one, copying only what changes.
func normalize(v reflect.Value) reflect.Value {
	if !mayHoldNil(v.Type()) {
		return v
	}
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return reflect.MakeSlice(v.Type(), 0, 0)
		}
		if !mayHoldNil(v.Type().Elem()) {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(normalize(v.Index(i)))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			out.Index(i).Set(normalize(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return reflect.MakeMap(v.Type())
		}
		if !mayHoldNil(v.Type().Elem()) {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), normalize(it.Value()))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(normalize(v.Elem()))
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(normalize(v.Elem()))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		normalizeFields(out)
		return out
	}
	return v
}

// normalizeFields normalizes the exported fields of the addressable struct v in place, and
// those of structs it embeds without exporting them (JSON promotes their fields too).
func normalizeFields(v reflect.Value) {
	for i := range v.NumField() {
		sf := v.Type().Field(i)
		switch {
		case sf.IsExported() && mayHoldNil(sf.Type):
			v.Field(i).Set(normalize(v.Field(i)))
		case sf.Anonymous && sf.Type.Kind() == reflect.Struct:
			normalizeFields(v.Field(i))
		}
	}
}

var (
	nilCache      sync.Map // reflect.Type → bool
	marshaler     = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// mayHoldNil reports whether a value of type t can contain a nil slice or map that JSON would
// write as null.
func mayHoldNil(t reflect.Type) bool {
	if b, ok := nilCache.Load(t); ok {
		return b.(bool)
	}
	nilCache.Store(t, true) // recursive types: assume yes while computing
	var b bool
	switch {
	case t.Implements(marshaler), reflect.PointerTo(t).Implements(marshaler),
		t.Implements(textMarshaler), reflect.PointerTo(t).Implements(textMarshaler):
		// Its own encoding decides; leave it alone.
	case t.Kind() == reflect.Slice, t.Kind() == reflect.Map, t.Kind() == reflect.Interface:
		b = true
	case t.Kind() == reflect.Pointer, t.Kind() == reflect.Array:
		b = mayHoldNil(t.Elem())
	case t.Kind() == reflect.Struct:
		for i := range t.NumField() {
			if (t.Field(i).IsExported() || t.Field(i).Anonymous) && mayHoldNil(t.Field(i).Type) {
				b = true
				break
			}
		}
	}
	nilCache.Store(t, b)
	return b
}

// MessageKey is a translation key the frontend translates (frontend/src/locales). Its
// TypeScript type is the union of the keys, so a page cannot pass it to t() unchecked, and
// `gamelle types --ts` lists the keys the shared props name so a missing translation fails the
// type check.
type MessageKey string

// RouteName is the name of a server route without parameters, as in
// frontend/src/lib/routes.gen.ts (the naming rule is in docs/client-contract.md); the frontend
// builds the path with url(). cmd/gamelle's tests fail when one the shared props name does not
// exist.
type RouteName string

var (
	_ = Override[MessageKey]("TranslationKey")
	_ = Override[RouteName]("PlainRouteName")
)

// Answer is a JSON route (not a page) bound to the Go type it answers with, so the frontend's
// api() call on that route is typed from the struct the handler fills (ApiAnswers in
// props.gen.ts) instead of a type written by hand.
type Answer[T any] struct{ route string }

var answers = map[string]reflect.Type{}

// DefineAnswer declares what the route named route (its name in routes.gen.ts) answers. Call it
// in a package-level var; a route declared twice, or a type that is not a struct, panics.
func DefineAnswer[T any](route string) Answer[T] {
	t := reflect.TypeFor[T]()
	mustBeProps(t, "answer of "+route)
	mu.Lock()
	defer mu.Unlock()
	if prev, ok := answers[route]; ok {
		panic(fmt.Sprintf("answer of %s declared twice (%s and %s)", route, prev, t))
	}
	answers[route] = t
	return Answer[T]{route: route}
}

// Answers lists the declared JSON answers by route name (Entry.Component is the route name).
func Answers() []Entry {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Entry, 0, len(answers))
	for r, t := range answers {
		out = append(out, Entry{Component: r, Props: t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Component < out[j].Component })
	return out
}
