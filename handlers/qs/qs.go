// Package qs parses query strings and form bodies whose keys describe nested data
// (`a[b][c]=1`, `ids[]=3&ids[]=4`, `items[0][name]=x`) into maps and slices, with the bounds of
// the JavaScript `qs` library that the frontend's conventions come from (docs/product.md §9): at most 5
// levels of brackets, arrays of at most 21 entries (indices 0 to 20), and at most 1000
// parameters. The bounds are what make the parser safe on hostile input: the result's size is
// linear in the input's, whatever the keys say.
//
// The rules, and where they differ from qs:
//   - `k=v` pairs are split on `&`; only the first ParameterLimit pieces are read, the rest is
//     dropped. `+` means a space; a bad percent escape is kept as written (qs does the same).
//   - A key is a name followed by bracket segments. Past Depth segments, the remainder of the key
//     is kept literally as one more key (`a[b][c][d][e][f][g][h]` gives the key `[g][h]` below
//     `f`). Text between segments is ignored (`a[b]x[c]` is `a[b][c]`), like qs.
//   - `[]` appends; `[n]` (n a canonical integer from 0 to ArrayLimit) sets index n; holes are
//     removed at the end (`a[1]=x&a[3]=y` is `["x","y"]`). An index above ArrayLimit, or an
//     array that grows past ArrayLimit+1 entries, turns the array into a map keyed by the index
//     strings ("21", …). Any other segment is a map key; a name is always a map key.
//   - A repeated leaf key collects its values into an array (`a=1&a=2` is `["1","2"]`).
//   - Unlike qs, repeated `a[][x]=…` pairs build one object per pair (qs merges them into a
//     single object of arrays); this is how PHP and Rails read such forms and what the pages send.
//   - Mixing shapes under one name (`a=1&a[b]=2`) never fails: the scalar becomes the first
//     element (key "0" once the value is a map).
package qs

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// Limits bound what the parser builds.
type Limits struct {
	// Depth is how many bracket segments are parsed after the name; the rest is one literal key.
	Depth int
	// ArrayLimit is the largest array index; larger indices make the array a map.
	ArrayLimit int
	// ParameterLimit is how many `&`-separated pieces are read.
	ParameterLimit int
}

// Default are the product's limits (docs/product.md §9).
var Default = Limits{Depth: 5, ArrayLimit: 20, ParameterLimit: 1000}

// Pair is one decoded key and value, in the order they came.
type Pair struct{ Key, Value string }

// Parse decodes a raw query string or urlencoded body with the Default limits.
func Parse(raw string) map[string]any { return Default.Parse(raw) }

// Parse decodes a raw query string or urlencoded body (without the leading `?`).
func (l Limits) Parse(raw string) map[string]any {
	return l.ParsePairs(l.Split(raw))
}

// Split cuts raw into decoded pairs, keeping only the first ParameterLimit pieces.
func (l Limits) Split(raw string) []Pair {
	var pairs []Pair
	for n := 0; raw != "" && n < l.ParameterLimit; n++ {
		var part string
		part, raw, _ = strings.Cut(raw, "&")
		// `a[b]=c=d` keeps `c=d` as the value; `a[=]=x`, whose key holds `=` inside brackets,
		// is cut after the first `]=` like qs does.
		pos := strings.Index(part, "]=")
		if pos >= 0 {
			pos++
		} else {
			pos = strings.IndexByte(part, '=')
		}
		var key, val string
		if pos < 0 {
			key = decode(part)
		} else {
			key, val = decode(part[:pos]), decode(part[pos+1:])
		}
		if key == "" {
			continue
		}
		pairs = append(pairs, Pair{key, val})
	}
	return pairs
}

// FromValues turns already decoded form values (a multipart form's fields) into pairs. The
// order of names in a map is lost, so names are sorted to keep the result deterministic, and
// only ParameterLimit values are kept.
func (l Limits) FromValues(v url.Values) []Pair {
	names := make([]string, 0, len(v))
	for k := range v {
		names = append(names, k)
	}
	sort.Strings(names)
	var pairs []Pair
	for _, k := range names {
		for _, val := range v[k] {
			if len(pairs) == l.ParameterLimit {
				return pairs
			}
			if k != "" {
				pairs = append(pairs, Pair{k, val})
			}
		}
	}
	return pairs
}

func decode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if d, err := url.PathUnescape(s); err == nil {
		return d
	}
	return s
}

// segment is one step of a key: a map key, an array index or an append (`[]`).
type segment struct {
	kind  segKind
	key   string
	index int
}

type segKind int

const (
	segKey segKind = iota
	segIndex
	segAppend
)

// segments splits a key the way qs does: the name before the first `[`, then up to Depth
// bracket groups without nested brackets, then the remainder as one literal key.
func (l Limits) segments(key string) []segment {
	var segs []segment
	open := findGroup(key, 0)
	name := key
	if open.start >= 0 && l.Depth > 0 {
		name = key[:open.start]
	}
	if name != "" {
		segs = append(segs, segment{kind: segKey, key: name})
	}
	if l.Depth <= 0 {
		return segs
	}
	g := open
	for i := 0; g.start >= 0; i++ {
		if i == l.Depth {
			segs = append(segs, segment{kind: segKey, key: key[g.start:]})
			break
		}
		segs = append(segs, l.bracketed(key[g.start+1:g.end]))
		g = findGroup(key, g.end+1)
	}
	return segs
}

type group struct{ start, end int }

// findGroup finds the next `[…]` at or after from whose content holds no bracket.
func findGroup(s string, from int) group {
	for i := from; i < len(s); i++ {
		if s[i] != '[' {
			continue
		}
		j := strings.IndexAny(s[i+1:], "[]")
		if j < 0 {
			return group{-1, -1}
		}
		if s[i+1+j] == ']' {
			return group{i, i + 1 + j}
		}
		// Another `[` first: the group starts there instead.
		i += j
	}
	return group{-1, -1}
}

func (l Limits) bracketed(inner string) segment {
	if inner == "" {
		return segment{kind: segAppend}
	}
	if n, err := strconv.Atoi(inner); err == nil && n >= 0 && strconv.Itoa(n) == inner && n <= l.ArrayLimit {
		return segment{kind: segIndex, index: n}
	}
	return segment{kind: segKey, key: inner}
}

// list is an array under construction: sparse until finish compacts it.
type list struct {
	items map[int]any
	next  int // one past the largest index set
}

// ParsePairs builds the nested value from decoded pairs.
func (l Limits) ParsePairs(pairs []Pair) map[string]any {
	root := map[string]any{}
	for _, p := range pairs {
		segs := l.segments(p.Key)
		if len(segs) == 0 {
			continue
		}
		// The first segment is a map key even when the key starts with `[` (qs drops the empty
		// name and uses the first group as the name).
		first := segs[0]
		if first.kind == segIndex {
			first = segment{kind: segKey, key: strconv.Itoa(first.index)}
		}
		if first.kind == segAppend {
			continue
		}
		root[first.key] = l.set(root[first.key], segs[1:], p.Value)
	}
	return finish(root).(map[string]any)
}

// set stores value at segs below cur (nil when nothing is there yet) and returns the new node.
func (l Limits) set(cur any, segs []segment, value string) any {
	if len(segs) == 0 {
		switch c := cur.(type) {
		case nil:
			return value
		case string:
			return l.push(&list{items: map[int]any{0: c}, next: 1}, value)
		case *list:
			return l.push(c, value)
		case map[string]any:
			// qs turns a plain value merged into an object into a flag key (`a[b]=1&a=c` gives
			// {"b":"1","c":"true"}); every leaf here is a string, so the flag is too.
			c[value] = "true"
			return c
		}
		return cur
	}
	seg := segs[0]
	switch c := cur.(type) {
	case nil:
		if seg.kind == segKey {
			return l.setInMap(map[string]any{}, seg, segs[1:], value)
		}
		return l.setInList(&list{items: map[int]any{}}, seg, segs[1:], value)
	case string:
		// A scalar that now gets children: keep it as the first element.
		return l.set(&list{items: map[int]any{0: c}, next: 1}, segs, value)
	case *list:
		if seg.kind == segKey {
			return l.setInMap(toMap(c), seg, segs[1:], value)
		}
		return l.setInList(c, seg, segs[1:], value)
	case map[string]any:
		return l.setInMap(c, seg, segs[1:], value)
	}
	return cur
}

func (l Limits) setInMap(m map[string]any, seg segment, rest []segment, value string) any {
	var key string
	switch seg.kind {
	case segKey:
		key = seg.key
	case segIndex:
		key = strconv.Itoa(seg.index)
	case segAppend:
		key = nextFreeKey(m)
	}
	m[key] = l.set(m[key], rest, value)
	return m
}

func (l Limits) setInList(a *list, seg segment, rest []segment, value string) any {
	i := a.next
	if seg.kind == segIndex {
		// segments only yields indices up to ArrayLimit; a taken slot is merged into (a
		// repeated leaf collects its values there, as qs does for `a[0]=x&a[0]=y`).
		i = seg.index
	}
	if i > l.ArrayLimit {
		m := toMap(a)
		m[strconv.Itoa(i)] = l.set(m[strconv.Itoa(i)], rest, value)
		return m
	}
	a.items[i] = l.set(a.items[i], rest, value)
	if i >= a.next {
		a.next = i + 1
	}
	return a
}

// push appends a leaf value to a list, turning it into a map when it would pass the limit.
func (l Limits) push(a *list, value string) any {
	if a.next > l.ArrayLimit {
		m := toMap(a)
		m[strconv.Itoa(a.next)] = value
		return m
	}
	a.items[a.next] = value
	a.next++
	return a
}

func toMap(a *list) map[string]any {
	m := make(map[string]any, len(a.items))
	for i, v := range a.items {
		m[strconv.Itoa(i)] = v
	}
	return m
}

// nextFreeKey is the smallest integer key not used in m, for `[]` under a map.
func nextFreeKey(m map[string]any) string {
	for i := 0; ; i++ {
		if _, ok := m[strconv.Itoa(i)]; !ok {
			return strconv.Itoa(i)
		}
	}
}

// finish replaces every list with a compact slice, in index order.
func finish(v any) any {
	switch c := v.(type) {
	case *list:
		idx := make([]int, 0, len(c.items))
		for i := range c.items {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		out := make([]any, 0, len(idx))
		for _, i := range idx {
			out = append(out, finish(c.items[i]))
		}
		return out
	case map[string]any:
		for k, e := range c {
			c[k] = finish(e)
		}
		return c
	}
	return v
}
