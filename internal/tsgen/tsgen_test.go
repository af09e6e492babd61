package tsgen

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

type color string

type base struct {
	ID      uuid.UUID `json:"id"`
	Created time.Time `json:"created"`
	Shadow  int       `json:"shadow"`
}

type item struct {
	Name  string `json:"name"`
	Color color  `json:"color"`
}

type sample struct {
	base
	Shadow  string           `json:"shadow"` // shallower than base.Shadow: wins
	Items   []item           `json:"items"`
	Parent  *item            `json:"parent"`
	Note    string           `json:"note,omitempty"`
	Count   int64            `json:"count,string"`
	ByColor map[color]int    `json:"byColor"`
	Meta    map[string]any   `json:"meta"`
	Raw     []byte           `json:"raw"`
	Nested  struct{ A bool } `json:"nested"`
	Choice  string           `json:"choice" ts:"Color | ''"`
	Skipped string           `json:"-"`
	//lint:ignore U1000 an unexported field the generator must skip (never read by design)
	private  string
	Untagged float64
}

func TestDeclarationsFollowEncodingJSON(t *testing.T) {
	t.Parallel()
	g := New()
	g.Enum(reflect.TypeFor[color](), []string{"red", "it's"})
	ref, err := g.Ref(reflect.TypeFor[sample]())
	require.NoError(t, err)
	require.Equal(t, "Sample", ref)
	require.Equal(t, `export type Color = 'red' | 'it\'s'

export type Item = {
  name: string
  color: Color
}

export type Sample = {
  id: string
  created: string
  shadow: string
  items: Item[]
  parent: Item | null
  note?: string
  count: string
  byColor: Record<Color, number>
  meta: Record<string, unknown>
  raw: string
  nested: {
    A: boolean
  }
  choice: Color | ''
  Untagged: number
}
`, g.Declarations())
}

type clashA struct{ X int }

func TestNamesMustNotClash(t *testing.T) {
	t.Parallel()
	g := New()
	require.NoError(t, g.Name(reflect.TypeFor[clashA](), "Thing"))
	require.ErrorContains(t, g.Name(reflect.TypeFor[item](), "Thing"), "both want the TypeScript name Thing")
}

type withMarshaler struct {
	At jsonTime `json:"at"`
}

type jsonTime struct{}

func (jsonTime) MarshalJSON() ([]byte, error) { return []byte(`0`), nil }

func TestOwnMarshalJSONNeedsAnOverride(t *testing.T) {
	t.Parallel()
	_, err := New().Ref(reflect.TypeFor[withMarshaler]())
	require.ErrorContains(t, err, "has its own MarshalJSON")

	g := New()
	g.Override(reflect.TypeFor[jsonTime](), "number")
	_, err = g.Ref(reflect.TypeFor[withMarshaler]())
	require.NoError(t, err)
	require.Contains(t, g.Declarations(), "at: number")
}

type twins struct {
	a
	b
}
type a struct{ X int }
type b struct{ X int }

func TestSameNameAtSameDepthIsAnError(t *testing.T) {
	t.Parallel()
	_, err := Fields(reflect.TypeFor[twins]())
	require.ErrorContains(t, err, `two fields named "X"`)
}
