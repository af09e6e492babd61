package qs

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func TestQsParse(t *testing.T) {
	t.Parallel()
	many := func(n int, f func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f(i)
		}
		return strings.Join(parts, "&")
	}
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", `{}`},
		{"flat", "a=1&b=two", `{"a":"1","b":"two"}`},
		{"plus and percent", "q=p%C3%A2tes+au+beurre&e=a%40b.fr", `{"e":"a@b.fr","q":"pâtes au beurre"}`},
		{"bad escape kept", "a=%zz&b=100%", `{"a":"%zz","b":"100%"}`},
		{"no value", "a&b=", `{"a":"","b":""}`},
		{"empty pieces and keys", "&&=x&a=1&", `{"a":"1"}`},
		{"value with equals", "a=b=c", `{"a":"b=c"}`},
		{"bracket equals", "a[=]=x", `{"a":{"=":"x"}}`},
		{"nested", "a[b][c]=1&a[b][d]=2&a[e]=3", `{"a":{"b":{"c":"1","d":"2"},"e":"3"}}`},
		{"encoded brackets", "a%5Bb%5D=1", `{"a":{"b":"1"}}`},
		{"append", "ids[]=3&ids[]=4", `{"ids":["3","4"]}`},
		{"indices", "a[1]=y&a[0]=x", `{"a":["x","y"]}`},
		{"holes compacted", "a[1]=x&a[3]=y", `{"a":["x","y"]}`},
		{"repeated leaf", "a=1&a=2", `{"a":["1","2"]}`},
		{"repeated nested leaf", "a[b]=1&a[b]=2", `{"a":{"b":["1","2"]}}`},
		{"repeated index", "a[0]=x&a[0]=y", `{"a":[["x","y"]]}`},
		{"objects in array", "f[0][code]=1&f[0][g]=50&f[1][code]=2", `{"f":[{"code":"1","g":"50"},{"code":"2"}]}`},
		{"append objects", "f[][code]=1&f[][code]=2", `{"f":[{"code":"1"},{"code":"2"}]}`},
		{"non canonical index is a key", "a[01]=x&a[-1]=y", `{"a":{"-1":"y","01":"x"}}`},
		{"key mixes into array", "a[0]=x&a[b]=y", `{"a":{"0":"x","b":"y"}}`},
		{"append onto map", "a[b]=x&a[]=y", `{"a":{"0":"y","b":"x"}}`},
		{"scalar then children", "a=1&a[b]=2", `{"a":{"0":"1","b":"2"}}`},
		{"scalar then index", "a=1&a[0]=2", `{"a":[["1","2"]]}`},
		{"children then scalar", "a[b]=1&a=c", `{"a":{"b":"1","c":"true"}}`},
		{"top-level number is a key", "0=a&1=b", `{"0":"a","1":"b"}`},
		{"leading bracket", "[a]b=c", `{"a":"c"}`},
		{"text between groups ignored", "a[b]x[c]=1", `{"a":{"b":{"c":"1"}}}`},
		{"unclosed bracket literal", "a[b=1", `{"a[b":"1"}`},
		{"nested open bracket", "a[[b]]=1", `{"a[":{"b":"1"}}`},
		{"depth 5 then literal", "a[b][c][d][e][f][g][h]=x",
			`{"a":{"b":{"c":{"d":{"e":{"f":{"[g][h]":"x"}}}}}}}`},
		{"depth counts indices too", "a[1][2][3][4][5][6][7]=x", `{"a":[[[[[{"[6][7]":"x"}]]]]]}`},
		{"depth 5 exactly", "a[b][c][d][e][f]=x", `{"a":{"b":{"c":{"d":{"e":{"f":"x"}}}}}}`},
		{"index 20 is an array", "a[20]=x", `{"a":["x"]}`},
		{"index 21 is a map key", "a[21]=x", `{"a":{"21":"x"}}`},
		{"index above limit turns array into map", "a[0]=x&a[99]=y", `{"a":{"0":"x","99":"y"}}`},
		{"append past limit turns into map", many(23, func(int) string { return "a[]=v" }),
			`{"a":{"0":"v","1":"v","10":"v","11":"v","12":"v","13":"v","14":"v","15":"v","16":"v","17":"v","18":"v","19":"v","2":"v","20":"v","21":"v","22":"v","3":"v","4":"v","5":"v","6":"v","7":"v","8":"v","9":"v"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := json.Marshal(Parse(tc.in))
			require.NoError(t, err)
			require.JSONEq(t, tc.want, string(got), "input %q", tc.in)
		})
	}
}

func TestQsAppendKeepsTwentyOneEntriesAsArray(t *testing.T) {
	t.Parallel()
	var parts []string
	for i := 0; i <= 20; i++ {
		parts = append(parts, fmt.Sprintf("a[]=%d", i))
	}
	got := Parse(strings.Join(parts, "&"))
	require.Len(t, got["a"], 21)
	require.IsType(t, []any{}, got["a"])
}

func TestQsParameterLimitDropsTheRest(t *testing.T) {
	t.Parallel()
	var parts []string
	for i := range 1005 {
		parts = append(parts, fmt.Sprintf("p%d=%d", i, i))
	}
	got := Parse(strings.Join(parts, "&"))
	require.Len(t, got, 1000)
	require.Equal(t, "999", got["p999"])
	require.NotContains(t, got, "p1000")

	// The limit counts pieces as written, like qs, empty ones included.
	l := Limits{Depth: 5, ArrayLimit: 20, ParameterLimit: 2}
	require.Equal(t, map[string]any{"a": "1"}, l.Parse("&a=1&b=2"))
}

func TestQsFromValuesIsSortedAndLimited(t *testing.T) {
	t.Parallel()
	l := Limits{Depth: 5, ArrayLimit: 20, ParameterLimit: 3}
	pairs := l.FromValues(url.Values{"b": {"1", "2"}, "a[x]": {"3"}, "c": {"4"}, "": {"5"}})
	require.Equal(t, []Pair{{"a[x]", "3"}, {"b", "1"}, {"b", "2"}}, pairs)
	require.Equal(t, map[string]any{"a": map[string]any{"x": "3"}, "b": []any{"1", "2"}}, l.ParsePairs(pairs))
}

func TestQsDepthZeroKeepsKeysLiteral(t *testing.T) {
	t.Parallel()
	l := Limits{Depth: 0, ArrayLimit: 20, ParameterLimit: 10}
	require.Equal(t, map[string]any{"a[b]": "1"}, l.Parse("a[b]=1"))
}

// FuzzQsParse checks, on any input, that parsing never panics and that the bounds hold: the
// result is plain JSON, no array has more than ArrayLimit+1 entries, nesting stays within
// Depth plus the name and a collected leaf, and no more values come out than parameters went in.
// The seeds run in every `go test`; `go test -fuzz FuzzQsParse ./handlers/qs` explores further.
func FuzzQsParse(f *testing.F) {
	for _, s := range []string{
		"", "a=1", "a[b][c]=1&a[b][d]=2", "ids[]=1&ids[]=2", "a[0]=x&a[99]=y", "a[21]=x",
		"a[1][2][3][4][5][6][7]=x", "a=1&a[b]=2&a[]=3", "a[b]=1&a=c", "[]=x&[a]=y", "a[[b]]=1",
		"a%5Bb%5D=%zz+1", "a[=]=x", "a[]=1&a[]=2&a[]=3&a[]=4&a[]=5&a[]=6&a[]=7&a[]=8&a[]=9&a[]=10&a[]=11&a[]=12&a[]=13&a[]=14&a[]=15&a[]=16&a[]=17&a[]=18&a[]=19&a[]=20&a[]=21&a[]=22",
		"a[0][0][0]=1&a[0][0][0]=2&a[0]=3", "x[__proto__]=1&constructor[prototype]=2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got := Parse(raw)
		if _, err := json.Marshal(got); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		leaves := 0
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			// name + Depth segments + the literal remainder + a collected leaf array + a
			// scalar that became the first element.
			if depth > Default.Depth+4 {
				t.Fatalf("nesting %d too deep for %q", depth, raw)
			}
			switch c := v.(type) {
			case string:
				leaves++
			case []any:
				if len(c) > Default.ArrayLimit+1 {
					t.Fatalf("array of %d entries from %q", len(c), raw)
				}
				for _, e := range c {
					walk(e, depth+1)
				}
			case map[string]any:
				for _, e := range c {
					walk(e, depth+1)
				}
			default:
				t.Fatalf("unexpected %T", v)
			}
		}
		walk(got, 0)
		pieces := strings.Count(raw, "&") + 1
		if leaves > pieces || leaves > Default.ParameterLimit {
			t.Fatalf("%d values out of %d pieces", leaves, pieces)
		}
		if utf8.ValidString(raw) && !strings.ContainsAny(raw, "%+[]&=") && raw != "" {
			require.Equal(t, map[string]any{raw: ""}, got)
		}
	})
}

// Example shows a meal-prep form as the browser sends it.
func Example() {
	v := Parse("name=Semaine+1&foods[0][code]=20047&foods[0][grams]=150&foods[1][code]=9340&tags[]=vegan")
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
	// Output: {"foods":[{"code":"20047","grams":"150"},{"code":"9340"}],"name":"Semaine 1","tags":["vegan"]}
}
