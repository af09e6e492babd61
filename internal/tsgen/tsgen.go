// Package tsgen writes TypeScript declarations for Go types by reflection, following the rules
// of encoding/json, so that the frontend's types are the JSON the server actually sends.
//
// It is deliberately small: the usual generators (tygo, typescriptify, guts) are not available
// here, and the page props only need structs, slices, maps, pointers, string enums and a few
// well-known types. Anything it cannot describe exactly (a type with its own MarshalJSON, a
// func, a channel) is an error naming the type, fixed by an Override.
//
// Rules, from encoding/json:
//   - exported fields only, named by their json tag, `json:"-"` left out;
//   - embedded structs without a tag are flattened into the outer object;
//   - omitempty or omitzero makes a field optional (`name?:`), `,string` makes it a string;
//   - a pointer is `T | null`; a slice or array is `T[]` ([]byte is a base64 string);
//     a map is `Record<K, V>`; an interface is `unknown`;
//   - a type implementing encoding.TextMarshaler is a string; time.Time is a string;
//   - a field tagged `ts:"..."` has that TypeScript type, for what Go cannot say (a Diet
//     or the empty string).
//
// Slices and maps are declared non-null (`T[]`, not `T[] | null`): the page renderer replaces
// nil slices and maps by empty ones before sending (handlers/page), so the declaration holds.
package tsgen

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Generator collects named Go types and writes them as TypeScript declarations.
type Generator struct {
	overrides map[reflect.Type]string
	as        map[reflect.Type]reflect.Type
	enums     map[reflect.Type][]string
	names     map[reflect.Type]string // TypeScript name of each declared type
	byName    map[string]reflect.Type
	decls     map[string]string // TypeScript name → declaration
	visiting  map[reflect.Type]bool
}

// New returns a generator that knows time.Time.
func New() *Generator {
	g := &Generator{
		overrides: map[reflect.Type]string{},
		as:        map[reflect.Type]reflect.Type{},
		enums:     map[reflect.Type][]string{},
		names:     map[reflect.Type]string{},
		byName:    map[string]reflect.Type{},
		decls:     map[string]string{},
		visiting:  map[reflect.Type]bool{},
	}
	g.Override(reflect.TypeFor[time.Time](), "string")
	return g
}

// Override makes t appear as the TypeScript expression ts wherever it is used, e.g. a type
// with its own MarshalJSON, or a name imported from another generated module.
func (g *Generator) Override(t reflect.Type, ts string) { g.overrides[t] = ts }

// As makes t appear as the TypeScript type of as: t is a wrapper whose JSON is as's (a lazy
// page prop is sent as the value it computes).
func (g *Generator) As(t, as reflect.Type) { g.as[t] = as }

// Enum declares t (a named string or integer type) as the union of the given values, written
// as `export type Name = 'a' | 'b'`.
func (g *Generator) Enum(t reflect.Type, values []string) { g.enums[t] = values }

// Name declares t under an explicit TypeScript name instead of its Go name. Use it for a type
// whose Go name clashes with another's, or reads badly from TypeScript.
func (g *Generator) Name(t reflect.Type, name string) error {
	if other, ok := g.byName[name]; ok && other != t {
		return fmt.Errorf("tsgen: %s and %s both want the TypeScript name %s", other, t, name)
	}
	g.names[t] = name
	g.byName[name] = t
	return nil
}

// Ref returns the TypeScript expression for t, declaring every named struct and enum it
// reaches.
func (g *Generator) Ref(t reflect.Type) (string, error) {
	if as, ok := g.as[t]; ok {
		return g.Ref(as)
	}
	if ts, ok := g.overrides[t]; ok {
		return ts, nil
	}
	if values, ok := g.enums[t]; ok {
		name, err := g.declName(t)
		if err != nil {
			return "", err
		}
		if _, done := g.decls[name]; !done {
			quoted := make([]string, len(values))
			for i, v := range values {
				if t.Kind() == reflect.String {
					quoted[i] = quote(v)
				} else {
					quoted[i] = v
				}
			}
			g.decls[name] = fmt.Sprintf("export type %s = %s\n", name, strings.Join(quoted, " | "))
		}
		return name, nil
	}
	if t.Implements(reflect.TypeFor[json.Marshaler]()) || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Marshaler]()) {
		if t.Kind() != reflect.Pointer {
			return "", fmt.Errorf("tsgen: %s has its own MarshalJSON: declare its TypeScript type with Override", t)
		}
	}
	if t.Kind() != reflect.Pointer && (t.Implements(reflect.TypeFor[encoding.TextMarshaler]()) ||
		reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextMarshaler]())) {
		return "string", nil
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Interface:
		return "unknown", nil
	case reflect.Pointer:
		inner, err := g.Ref(t.Elem())
		if err != nil {
			return "", err
		}
		return inner + " | null", nil
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "string", nil
		}
		inner, err := g.Ref(t.Elem())
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(inner, "|&") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", nil
	case reflect.Map:
		key, err := g.mapKey(t.Key())
		if err != nil {
			return "", err
		}
		val, err := g.Ref(t.Elem())
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Record<%s, %s>", key, val), nil
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t, "")
		}
		return g.declareStruct(t)
	default:
		return "", fmt.Errorf("tsgen: %s (%s) has no JSON form", t, t.Kind())
	}
}

func (g *Generator) mapKey(t reflect.Type) (string, error) {
	if _, ok := g.enums[t]; ok {
		return g.Ref(t)
	}
	switch {
	case t.Kind() == reflect.String, t.Implements(reflect.TypeFor[encoding.TextMarshaler]()):
		return "string", nil
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		return "string", nil // JSON object keys are strings
	}
	return "", fmt.Errorf("tsgen: map key %s has no JSON form", t)
}

// declName is the TypeScript name of a named type: the one given to Name, or the Go name with
// a capital first letter.
func (g *Generator) declName(t reflect.Type) (string, error) {
	if n, ok := g.names[t]; ok {
		return n, nil
	}
	goName := t.Name()
	if goName == "" || strings.ContainsAny(goName, "[]., ") {
		return "", fmt.Errorf("tsgen: %s needs a TypeScript name: call Name", t)
	}
	r := []rune(goName)
	r[0] = unicode.ToUpper(r[0])
	if err := g.Name(t, string(r)); err != nil {
		return "", fmt.Errorf("%w (give one of them another name with Name)", err)
	}
	return string(r), nil
}

func (g *Generator) declareStruct(t reflect.Type) (string, error) {
	name, err := g.declName(t)
	if err != nil {
		return "", err
	}
	if _, done := g.decls[name]; done || g.visiting[t] {
		return name, nil
	}
	g.visiting[t] = true
	defer delete(g.visiting, t)
	body, err := g.object(t, "")
	if err != nil {
		return "", err
	}
	// A type alias, not an interface: an alias of an object type is assignable to an index
	// signature (Inertia's page props are `Record<string, unknown>`), an interface is not.
	g.decls[name] = fmt.Sprintf("export type %s = %s\n", name, body)
	return name, nil
}

// object writes the fields of struct t as a TypeScript object type.
func (g *Generator) object(t reflect.Type, indent string) (string, error) {
	fields, err := Fields(t)
	if err != nil {
		return "", err
	}
	if len(fields) == 0 {
		return "Record<string, never>", nil
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, f := range fields {
		ts, err := g.fieldType(f)
		if err != nil {
			return "", fmt.Errorf("%s.%s: %w", t, f.GoName, err)
		}
		opt := ""
		if f.Optional {
			opt = "?"
		}
		fmt.Fprintf(&b, "%s  %s%s: %s\n", indent, propName(f.Name), opt, strings.ReplaceAll(ts, "\n", "\n  "))
	}
	b.WriteString(indent + "}")
	return b.String(), nil
}

func (g *Generator) fieldType(f Field) (string, error) {
	if ts := f.Tag.Get("ts"); ts != "" {
		// The field says its own TypeScript type, e.g. `ts:"Diet | ''"` for a choice not made
		// yet. Named types it mentions must be declared by another field.
		return ts, nil
	}
	if f.AsString {
		switch f.Type.Kind() {
		case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			return "string", nil
		case reflect.Pointer:
			return "string | null", nil
		}
	}
	return g.Ref(f.Type)
}

// Declarations returns every declaration reached so far and every enum (a `ts` tag may name
// one no field reaches), sorted by name, so the output only depends on the types.
func (g *Generator) Declarations() string {
	for t := range g.enums {
		if _, err := g.Ref(t); err != nil {
			panic(err) // an enum's name clashes with another type's: a programming error
		}
	}
	names := make([]string, 0, len(g.decls))
	for n := range g.decls {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(g.decls[n])
	}
	return b.String()
}

// Field is one JSON property of a struct, after flattening embedded structs.
type Field struct {
	Name     string // JSON name
	GoName   string
	Index    []int // for reflect.Value.FieldByIndex
	Type     reflect.Type
	Optional bool // omitempty or omitzero
	OmitZero bool // omitzero alone: left out only when zero (a nil slice, not an empty one)
	AsString bool // `,string`
	Tag      reflect.StructTag
}

// Fields lists the JSON properties of struct t in the order encoding/json writes them. Of two
// fields with the same name the shallower wins; two at the same depth are an error (encoding/json
// would silently drop both).
func Fields(t reflect.Type) ([]Field, error) {
	var all []Field
	var walk func(t reflect.Type, index []int) error
	walk = func(t reflect.Type, index []int) error {
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			idx := append(append([]int(nil), index...), i)
			if sf.Anonymous && name == "" {
				et := sf.Type
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					if sf.Type.Kind() == reflect.Pointer {
						return fmt.Errorf("tsgen: %s embeds *%s: embed the struct itself", t, et)
					}
					if err := walk(et, idx); err != nil {
						return err
					}
					continue
				}
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			all = append(all, Field{
				Name: name, GoName: sf.Name, Index: idx, Type: sf.Type, Tag: sf.Tag,
				Optional: hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero"),
				OmitZero: hasOpt(opts, "omitzero") && !hasOpt(opts, "omitempty"),
				AsString: hasOpt(opts, "string"),
			})
		}
		return nil
	}
	if err := walk(t, nil); err != nil {
		return nil, err
	}
	depth := map[string]int{}
	count := map[string]int{}
	for _, f := range all {
		d, ok := depth[f.Name]
		switch {
		case !ok || len(f.Index) < d:
			depth[f.Name], count[f.Name] = len(f.Index), 1
		case len(f.Index) == d:
			count[f.Name]++
		}
	}
	var out []Field
	for _, f := range all {
		if len(f.Index) != depth[f.Name] {
			continue
		}
		if count[f.Name] > 1 {
			return nil, fmt.Errorf("tsgen: %s has two fields named %q at the same depth", t, f.Name)
		}
		out = append(out, f)
	}
	return out, nil
}

func hasOpt(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// propName quotes a property name that is not a plain identifier.
func propName(s string) string {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return quote(s)
		}
	}
	if s == "" {
		return "''"
	}
	return s
}

// quote writes s as a single-quoted TypeScript string.
func quote(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(q, "'", `\'`) + "'"
}

// Quote writes s as a single-quoted TypeScript string literal.
func Quote(s string) string { return quote(s) }
