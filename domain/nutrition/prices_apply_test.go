package nutrition

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

const applyCSV = "group,subgroup,eur_per_kg\n,,6\nfish,,20\nfish,raw fish,25\n"

func TestPriceTableApplyOverridesInPlaceAndRestores(t *testing.T) {
	t.Parallel()
	table, err := ParsePrices(strings.NewReader(applyCSV))
	if err != nil {
		t.Fatal(err)
	}
	raw := Food{Group: "fish", Subgroup: "raw fish"}
	if err := table.Apply([]PriceRow{{Group: "fish", Subgroup: "raw fish", EURPerKg: 30}, {EURPerKg: 7}}); err != nil {
		t.Fatal(err)
	}
	if got := table.PerKgEUR(raw); got != 30 {
		t.Fatalf("overridden subgroup: %v, want 30", got)
	}
	if got := table.PerKgEUR(Food{Group: "none"}); got != 7 {
		t.Fatalf("overridden default: %v, want 7", got)
	}
	rows := table.Rows()
	if len(rows) != 3 || rows[0].EURPerKg != 7 || rows[1].EURPerKg != 20 || rows[2].EURPerKg != 30 {
		t.Fatalf("rows %+v", rows)
	}
	if s, _ := table.Shipped("fish", "raw fish"); s.EURPerKg != 25 {
		t.Fatalf("shipped changed: %+v", s)
	}
	if err := table.Apply(nil); err != nil {
		t.Fatal(err)
	}
	if got := table.PerKgEUR(raw); got != 25 {
		t.Fatalf("restored: %v, want 25", got)
	}
}

func TestPriceTableApplyRefusesUnknownRowsAndBadPrices(t *testing.T) {
	t.Parallel()
	table, err := ParsePrices(strings.NewReader(applyCSV))
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Apply([]PriceRow{{Group: "fish", Subgroup: "raw fish", EURPerKg: 30}, {Group: "fish", Subgroup: "nope", EURPerKg: 1}}); !errors.Is(err, ErrUnknownPriceRow) {
		t.Fatalf("unknown row: %v", err)
	}
	for _, p := range []float64{0, -1, 1000.01} {
		if err := table.Apply([]PriceRow{{Group: "fish", EURPerKg: p}}); !errors.Is(err, ErrBadPrice) {
			t.Fatalf("price %v: %v", p, err)
		}
	}
	if got := table.PerKgEUR(Food{Group: "fish", Subgroup: "raw fish"}); got != 25 {
		t.Fatalf("a refused Apply changed the table: %v", got)
	}
}

func TestPriceTableApplyIsSafeWhileReading(t *testing.T) {
	t.Parallel()
	table, err := ParsePrices(strings.NewReader(applyCSV))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_ = table.Apply([]PriceRow{{Group: "fish", EURPerKg: float64(10 + i)}})
		}()
		go func() {
			defer wg.Done()
			if p := table.PerKgEUR(Food{Group: "fish"}); p < 10 || p > 20 {
				t.Errorf("price %v", p)
			}
			_ = table.Rows()
		}()
	}
	wg.Wait()
}

const codesCSV = "group,subgroup,eur_per_kg,code,food\n,,6,,\noils,,4,,\noils,vegetable oils,3,,\noils,vegetable oils,10,17270,olive oil\n"

// A food's own row wins over its subgroup and follows an admin's override of the subgroup; it
// is not an overridable row itself.
func TestPriceTableFoodRowsFollowTheirSubgroup(t *testing.T) {
	t.Parallel()
	table, err := ParsePrices(strings.NewReader(codesCSV))
	if err != nil {
		t.Fatal(err)
	}
	olive := Food{Code: 17270, Group: "oils", Subgroup: "vegetable oils"}
	sunflower := Food{Code: 17420, Group: "oils", Subgroup: "vegetable oils"}
	if got := table.PerKgEUR(olive); got != 10 {
		t.Fatalf("olive oil %v, want 10", got)
	}
	if got := table.PerKgEUR(sunflower); got != 3 {
		t.Fatalf("sunflower oil %v, want the subgroup's 3", got)
	}
	if err := table.Apply([]PriceRow{{Group: "oils", Subgroup: "vegetable oils", EURPerKg: 4.5}}); err != nil {
		t.Fatal(err)
	}
	if got := table.PerKgEUR(olive); got != 15 {
		t.Fatalf("olive oil after +50 %% on its subgroup: %v, want 15", got)
	}
	if rows := table.Rows(); len(rows) != 3 {
		t.Fatalf("admin rows %+v: foods' rows are not listed", rows)
	}
	if rows := table.FoodRows(); len(rows) != 1 || rows[0].Code != 17270 {
		t.Fatalf("food rows %+v", rows)
	}
	if err := table.Apply([]PriceRow{{Group: "oils", Subgroup: "vegetable oils", Code: 17270, EURPerKg: 1}}); !errors.Is(err, ErrUnknownPriceRow) {
		t.Fatalf("a food row is not overridable: %v", err)
	}
	for _, bad := range []string{
		"group,subgroup,eur_per_kg,code,food\n,,6,,\noils,vegetable oils,3,x,\n",
		"group,subgroup,eur_per_kg,code,food\n,,6,,\noils,vegetable oils,3,1,a\noils,vegetable oils,3,1,b\n",
		"group,subgroup,eur_per_kg\n,,6\noils,,4\noils,,5\n",
	} {
		if _, err := ParsePrices(strings.NewReader(bad)); !errors.Is(err, ErrBadPrices) {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}
