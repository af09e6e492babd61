package page

import (
	"encoding/json"
	"reflect"
	"testing"

	inertia "github.com/romsar/gonertia/v3"
	"github.com/stretchr/testify/require"
)

type row struct {
	Tags []string `json:"tags"`
}

type embedded struct {
	Inner []int `json:"inner"`
}

type props struct {
	embedded
	Rows   []row             `json:"rows"`
	ByKey  map[string][]int  `json:"byKey"`
	Ptr    *row              `json:"ptr"`
	Note   string            `json:"note,omitempty"`
	Auth   string            `json:"auth" inertia:"always"`
	Errors map[string]string `json:"errors" inertia:"-"`
}

// The generated types promise arrays and objects, never null: nil slices and maps, however
// deep, go out empty; nil pointers stay null.
func TestToPropsSendsEmptyCollectionsNotNull(t *testing.T) {
	t.Parallel()
	m, err := ToProps(props{Rows: []row{{}}, ByKey: map[string][]int{"a": nil}, Auth: "x"})
	require.NoError(t, err)
	out, err := json.Marshal(map[string]any{"rows": m["rows"], "byKey": m["byKey"], "ptr": m["ptr"], "inner": m["inner"]})
	require.NoError(t, err)
	require.JSONEq(t, `{"rows":[{"tags":[]}],"byKey":{"a":[]},"ptr":null,"inner":[]}`, string(out))

	m, err = ToProps(props{})
	require.NoError(t, err)
	require.Equal(t, []row{}, m["rows"])
	require.NotContains(t, m, "note", "omitempty and empty: left out")
	require.NotContains(t, m, "errors", `inertia:"-" is gonertia's to set`)
	require.IsType(t, inertia.AlwaysProp{}, m["auth"], `inertia:"always" survives partial reloads`)
}

func TestDefineBindsOneComponentToItsPropsType(t *testing.T) {
	t.Parallel()
	p := Define[props]("test/define-binds")
	v := p.With(props{Note: "n"})
	require.Equal(t, "test/define-binds", v.Component)
	require.Equal(t, "n", v.Props["note"])

	var found bool
	for _, e := range Pages() {
		if e.Component == "test/define-binds" {
			found = e.Props == reflect.TypeFor[props]()
		}
	}
	require.True(t, found, "the page is in the registry the generator reads")
	require.PanicsWithValue(t, "page test/define-binds declared twice (props page.props and page.None)", func() {
		Define[None]("test/define-binds")
	})
}

func TestDefineAnswerListsAJSONRouteForTheGenerator(t *testing.T) {
	t.Parallel()
	DefineAnswer[props]("test.answer")

	var found bool
	for _, e := range Answers() {
		if e.Component == "test.answer" {
			found = e.Props == reflect.TypeFor[props]()
		}
	}
	require.True(t, found, "the answer is in the registry the generator reads")
	require.PanicsWithValue(t, "answer of test.answer declared twice (page.props and page.None)", func() {
		DefineAnswer[None]("test.answer")
	})
	require.Panics(t, func() { DefineAnswer[[]props]("test.answer-slice") }, "an answer is a struct")
}
