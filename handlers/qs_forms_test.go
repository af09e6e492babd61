package handlers

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nestedForm is the shape a meal-prep form would post; the same struct reads JSON and forms.
type nestedForm struct {
	Name  string `json:"name"`
	Foods []struct {
		Code  string `json:"code"`
		Grams string `json:"grams"`
	} `json:"foods"`
	Tags []string `json:"tags"`
}

func TestQsDecodeBodyReadsNestedForms(t *testing.T) {
	t.Parallel()
	want := nestedForm{Name: "Semaine 1", Tags: []string{"vegan", "rapide"}}
	want.Foods = append(want.Foods, struct {
		Code  string `json:"code"`
		Grams string `json:"grams"`
	}{"20047", "150"}, struct {
		Code  string `json:"code"`
		Grams string `json:"grams"`
	}{"9340", ""})

	urlenc := "name=Semaine+1&foods[1][code]=9340&foods[0][code]=20047&foods[0][grams]=150&tags[]=vegan&tags[]=rapide"
	r := httptest.NewRequest("POST", "/x", strings.NewReader(urlenc))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var got nestedForm
	require.NoError(t, decodeBody(r, &got))
	require.Equal(t, want, got)
	require.Equal(t, "Semaine 1", r.FormValue("name"), "fields stay readable after decoding")

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, kv := range [][2]string{{"name", "Semaine 1"}, {"foods[0][code]", "20047"}, {"foods[0][grams]", "150"}, {"foods[1][code]", "9340"}, {"tags[]", "vegan"}, {"tags[]", "rapide"}} {
		require.NoError(t, mw.WriteField(kv[0], kv[1]))
	}
	fw, err := mw.CreateFormFile("photo", "p.jpg")
	require.NoError(t, err)
	_, _ = fw.Write([]byte("jpeg"))
	require.NoError(t, mw.Close())
	r = httptest.NewRequest("POST", "/x", &buf)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	got = nestedForm{}
	require.NoError(t, decodeBody(r, &got))
	require.Equal(t, want, got)

	r = httptest.NewRequest("POST", "/x", strings.NewReader(`{"name":"Semaine 1","foods":[{"code":"20047","grams":"150"},{"code":"9340"}],"tags":["vegan","rapide"]}`))
	r.Header.Set("Content-Type", "application/json")
	got = nestedForm{}
	require.NoError(t, decodeBody(r, &got))
	require.Equal(t, want, got)
}

func TestQsDecodeBodyRefusesWhatDoesNotFit(t *testing.T) {
	t.Parallel()
	// A scalar field given nested data is a malformed form, not a 500.
	r := httptest.NewRequest("POST", "/x", strings.NewReader("name[a]=1"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	require.ErrorIs(t, decodeBody(r, &nestedForm{}), errMalformed)

	// An unread body past the limit is too large, whatever its format.
	w := httptest.NewRecorder()
	r = httptest.NewRequest("POST", "/x", strings.NewReader("name="+strings.Repeat("a", MaxBodyBytes)))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	require.ErrorIs(t, decodeBody(r, &nestedForm{}), errTooLarge)
}

func TestQsDecodeQuery(t *testing.T) {
	t.Parallel()
	var q struct {
		IDs    []string          `json:"ids"`
		Filter map[string]string `json:"filter"`
	}
	r := httptest.NewRequest("GET", "/x?ids[]=3&ids[]=4&filter[diet]=vegan&filter[q]=p%C3%A2tes", nil)
	require.NoError(t, decodeQuery(r, &q))
	require.Equal(t, []string{"3", "4"}, q.IDs)
	require.Equal(t, map[string]string{"diet": "vegan", "q": "pâtes"}, q.Filter)
}
