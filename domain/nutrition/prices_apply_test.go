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
