package handlers

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// fuzzShapes has the shapes the app's forms decode: text, a password, numbers, lists, nested
// objects, a map, a pointer and free-form values.
type fuzzShapes struct {
	Name     string             `json:"name"`
	Password string             `json:"password"`
	Grams    float64            `json:"grams"`
	Code     int64              `json:"foodCode"`
	IDs      []string           `json:"ids"`
	Split    map[string]float64 `json:"mealSplit"`
	Foods    []struct {
		Code int    `json:"code"`
		Name string `json:"name"`
	} `json:"foods"`
	Note  *string        `json:"note"`
	Extra map[string]any `json:"extra"`
}

// requireRefusal: a decoder error is one the handlers answer with a 4xx (malformed, too large
// or refused text), never an unclassified error that would end as a 500.
func requireRefusal(t *testing.T, err error) {
	t.Helper()
	var te *textError
	if !errors.Is(err, errMalformed) && !errors.Is(err, errTooLarge) && !errors.As(err, &te) {
		t.Fatalf("unclassified decoder error %T: %v", err, err)
	}
}

// FuzzDecodeBodyRefusals: beside FuzzDecodeBody (valid UTF-8), any body under any content type
// decodes nested shapes into text that obeys the text rules, or is refused with an error the
// handlers answer with a 4xx; never a panic.
func FuzzDecodeBodyRefusals(f *testing.F) {
	for _, s := range []struct{ ct, body string }{
		{"application/json", `{"name":"Semaine","grams":500,"foodCode":36018,"ids":["a"],"mealSplit":{"lunch":0.4},"foods":[{"code":1,"name":"riz"}]}`},
		{"application/json", `{"name":"a\u0000b"}`}, {"application/json", `{"name":"\u202eabc"}`}, {"application/json", `{"name":"\ud800"}`},
		{"application/json", `{"grams":1e309}`}, {"application/json", `{"foodCode":9223372036854775808}`}, {"application/json", `{"name":["x"]}`},
		{"application/json", `{"name":"x"} trailing`}, {"application/json", "{\"name\":\"\xff\"}"}, {"application/json", `{"extra":{"a":[{"b":"\u2066"}]}}`},
		{"application/x-www-form-urlencoded", "name=Semaine&foods[0][code]=1&foods[0][name]=riz&mealSplit[lunch]=0.4&ids[]=a"},
		{"application/x-www-form-urlencoded", "name=%zz&ids[][x]=1"}, {"application/x-www-form-urlencoded", "name=a%00b&password=p%E2%80%AE"},
		{"application/x-www-form-urlencoded", "foods[99999999999999999999][code]=1&a[b][c][d][e][f][g]=1"},
		{"multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nSemaine\r\n--xyz--\r\n"},
		{"multipart/form-data; boundary=xyz", "--nope\r\ngarbage"}, {"text/plain", `{"name":"x"}`}, {"", ""}, {"", "x"},
		{"application/json; charset=utf-8", `null`},
	} {
		f.Add(s.ct, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, ct string, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, MaxBodyBytes)
		r.Header.Set("Content-Type", ct)
		var dst fuzzShapes
		err := decodeBody(r, &dst)
		if err != nil {
			requireRefusal(t, err)
			return
		}
		if err := checkText(&dst); err != nil {
			t.Fatalf("accepted text the rules refuse: %v", err)
		}
	})
}

// FuzzDecodeQuery: any query string decodes within the rules or is refused; never a panic.
func FuzzDecodeQuery(f *testing.F) {
	for _, q := range []string{"page=-1&days=99999&q=%00", "q=%E2%80%AE", "days=1e309&foodCode=9223372036854775808",
		"ids[]=a&ids[]=b&mealSplit[lunch]=0.4", "foods[0][code]=1&foods[0][name]=riz", "name=%zz", "name[]=x", "a[b][c][d][e][f][g]=1",
		"ids[21]=x&ids[0]=y", "&&=&=x&x=", "name=%ff"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.URL.RawQuery = q
		var dst fuzzShapes
		if err := decodeQuery(r, &dst); err != nil {
			requireRefusal(t, err)
			return
		}
		if err := checkText(&dst); err != nil {
			t.Fatalf("accepted text the rules refuse: %v", err)
		}
	})
}
