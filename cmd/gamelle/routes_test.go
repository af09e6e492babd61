package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"
)

func TestRouteNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/", "index"},
		{"GET", "/home", "home"},
		{"GET", "/notFound", "notFound"},
		{"GET", "/robots.txt", "robotsTxt"},
		{"POST", "/mealprep", "mealprep.post"},
		{"DELETE", "/mealprep", "mealprep.delete"},
		{"POST", "/mealprep/duplicate", "mealprep.duplicate.post"},
		{"GET", "/mealprep/{id}/food", "mealprep.food"},
		{"POST", "/mealprep/{id}/food", "mealprep.food.post"},
		{"PATCH", "/mealprep/{id}/recipes", "mealprep.recipes.patch"},
		{"GET", "/mealprep/{id}/recipe/{recipeId}", "mealprep.recipe"},
		{"GET", "/auth/otp/ask-otp/{email}", "auth.otp.askOtp"},
		{"POST", "/reset-password/reset-password/{email}", "resetPassword.resetPassword.post"},
		{"PUT", "/products", "products.put"},
	} {
		require.Equal(t, tc.want, routeName(tc.method, tc.path), "%s %s", tc.method, tc.path)
	}
}

func TestWalkRoutesListsMethodsAndParams(t *testing.T) {
	t.Parallel()
	h := http.NotFoundHandler()
	r := chi.NewRouter()
	r.Get("/", h.ServeHTTP)
	r.Handle("/build/*", h)
	r.Get("/mealprep/{id:[0-9]+}/recipe/{recipeId}", h.ServeHTTP)
	r.Route("/mealprep/{id}/food", func(r chi.Router) {
		r.Get("/", h.ServeHTTP)
		r.Post("/", h.ServeHTTP)
	})
	r.Options("/x", h.ServeHTTP)
	table, err := walkRoutes(r)
	require.NoError(t, err)
	require.Equal(t, []routeEntry{
		{Name: "index", Method: "get", Path: "/", Params: []string{}},
		{Name: "mealprep.food", Method: "get", Path: "/mealprep/{id}/food", Params: []string{"id"}},
		{Name: "mealprep.food.post", Method: "post", Path: "/mealprep/{id}/food", Params: []string{"id"}},
		{Name: "mealprep.recipe", Method: "get", Path: "/mealprep/{id}/recipe/{recipeId}", Params: []string{"id", "recipeId"}},
	}, table)

	ts := renderRoutesTS(table)
	require.Contains(t, ts, "  'mealprep.recipe': { method: 'get', path: '/mealprep/{id}/recipe/{recipeId}', params: ['id', 'recipeId'] },\n")
	require.True(t, strings.HasPrefix(ts, "// Code generated"))
}

func TestWalkRoutesRefusesSharedNames(t *testing.T) {
	t.Parallel()
	h := http.NotFoundHandler().ServeHTTP
	r := chi.NewRouter()
	r.Get("/user/list", h)
	r.Get("/user/{id}/list", h)
	_, err := walkRoutes(r)
	require.ErrorContains(t, err, "user.list (get /user/list and get /user/{id}/list)")
}

// A collection and its member differ by a trailing parameter: the member is ".show".
func TestWalkRoutesNamesAMemberShow(t *testing.T) {
	t.Parallel()
	h := http.NotFoundHandler().ServeHTTP
	r := chi.NewRouter()
	r.Get("/user", h)
	r.Get("/user/{id}", h)
	r.Put("/user/{id}", h)
	r.Put("/user", h)
	table, err := walkRoutes(r)
	require.NoError(t, err)
	names := map[string]string{}
	for _, e := range table {
		names[e.Method+" "+e.Path] = e.Name
	}
	require.Equal(t, map[string]string{
		"get /user": "user", "get /user/{id}": "user.show", "put /user": "user.put", "put /user/{id}": "user.show.put",
	}, names)
}

// The real server's table builds without a database and holds the routes the pages call.
func TestRouteTableOfTheServer(t *testing.T) {
	t.Parallel()
	table, err := routeTable(t.Context())
	require.NoError(t, err)
	byName := map[string]routeEntry{}
	for _, e := range table {
		byName[e.Name] = e
	}
	require.Equal(t, routeEntry{Name: "waitlist.post", Method: "post", Path: "/waitlist", Params: []string{}}, byName["waitlist.post"])
	require.Contains(t, byName, "index")
	require.NotContains(t, byName, "build", "static files are not routes")
}
