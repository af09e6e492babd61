package baseline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

func TestCaseAndResultRoundTripOneJSONLineEach(t *testing.T) {
	c := Case{Foods: []int{20047, 9100}, Category: "lunch_dinner", Diet: "vegan", Count: 3, Seed: 7,
		Target: &Macros{Kcal: 650, ProteinG: 40, FatG: 20, CarbsG: 75},
		Needs:  &Needs{WeightKg: 70.5, HeightCm: 178, Age: 31, Sex: "female", Activity: "moderate", Goal: "maintain", Preset: "balanced"}}
	r := Result{Refused: "", ElapsedNs: 1_234_567, Recipes: []Recipe{{Feasible: true, WithinTolerance: false, Servings: 2,
		Totals: Macros{Kcal: 640.5, ProteinG: 41, FatG: 19.5, CarbsG: 74}, Ingredients: []Ingredient{{FoodCode: 20047, Grams: 150}},
		Suggestion: "add a protein food"}}}
	for _, v := range []any{&c, &r} {
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(v); err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(buf.Bytes(), []byte("\n")); n != 1 {
			t.Fatalf("%T takes %d lines on the wire, want 1", v, n)
		}
		back := reflect.New(reflect.TypeOf(v).Elem())
		if err := json.Unmarshal(buf.Bytes(), back.Interface()); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Interface(), v) {
			t.Fatalf("round trip changed %T:\n got %+v\nwant %+v", v, back.Elem(), v)
		}
	}
	if got := r.Elapsed().Microseconds(); got != 1234 {
		t.Fatalf("Elapsed = %d µs, want 1234", got)
	}
}

func TestHarnessGetsTheWireAsPackageMain(t *testing.T) {
	src := wireAsMain()
	if !bytes.HasPrefix(src, []byte("package main\n")) || bytes.Contains(src, []byte("package baseline")) {
		t.Fatalf("wire.go for the harness starts %q", src[:min(len(src), 40)])
	}
}

func TestACommitNotInTheCloneIsUnavailable(t *testing.T) {
	root := gitRepo(t)
	_, err := Start(context.Background(), root, "0123456789abcdef0123456789abcdef01234567", false)
	var un *UnavailableError
	if !errors.As(err, &un) {
		t.Fatalf("Start = %v, want an UnavailableError", err)
	}
	if want := "baseline unavailable: commit 0123456 is not in this clone (a shallow clone? git fetch --unshallow)"; err.Error() != want {
		t.Fatalf("error = %q, want %q", err, want)
	}
	if _, serr := os.Stat(filepath.Join(root, ".data")); !os.IsNotExist(serr) {
		t.Fatalf("nothing should be checked out, .data: %v", serr)
	}
}

func TestADirectoryWithoutGitIsUnavailable(t *testing.T) {
	root := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(root)) // no parent repository counts
	_, err := Start(context.Background(), root, PlausibilityPin, false)
	var un *UnavailableError
	if !errors.As(err, &un) || un.Why != root+" is not a git clone (a tarball?), so commit ebe7157 cannot be checked out" {
		t.Fatalf("Start = %v, want unavailable: not a git clone", err)
	}
}

// gitRepo is an empty repository with one commit, standing for a clone without the pins.
func gitRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(root))
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	return root
}

// In a clone holding the pins, both build and serve; elsewhere Start says why it cannot.
func TestThePinsBuildAndServe(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	student := []int{26034, 9810, 20066, 20036, 22000, 19041, 32005, 13038, 7200, 7001}
	for _, pin := range []string{PlausibilityPin, AvailabilityPin} {
		e, err := Start(context.Background(), root, pin, pin == AvailabilityPin)
		held := exec.Command("git", "-C", root, "cat-file", "-e", pin+"^{commit}").Run() == nil
		var un *UnavailableError
		if !held {
			if !errors.As(err, &un) {
				t.Fatalf("%.7s is not in this clone; Start = %v, want an UnavailableError", pin, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Start(%.7s): %v", pin, err)
		}
		for _, c := range []Case{
			{Foods: student, Category: "lunch_dinner", Count: 2, Seed: 1, Target: &Macros{Kcal: 700, ProteinG: 45, FatG: 22, CarbsG: 80}},
			{Foods: student, Category: "breakfast", Count: 1, Seed: 1,
				Needs: &Needs{WeightKg: 78, HeightCm: 178, Age: 38, Sex: "male", Activity: "moderate", Goal: "maintenance", Preset: "default"}},
		} {
			r, err := e.Generate(c)
			if err != nil {
				t.Fatalf("%.7s %s: %v", pin, c.Category, err)
			}
			if r.ElapsedNs <= 0 || (r.Refused == "" && len(r.Recipes) != c.Count) {
				t.Fatalf("%.7s %s: %+v", pin, c.Category, r)
			}
			for _, rec := range r.Recipes {
				if len(rec.Ingredients) == 0 || rec.Totals.Kcal <= 0 {
					t.Fatalf("%.7s %s: an empty recipe %+v", pin, c.Category, rec)
				}
			}
		}
		if _, err := e.Generate(Case{Foods: []int{-1}, Category: "snack", Count: 1, Target: &Macros{Kcal: 200}}); err == nil {
			t.Fatalf("%.7s: a food no table holds was served", pin)
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
