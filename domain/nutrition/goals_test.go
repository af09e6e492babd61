package nutrition

import "testing"

func TestGoalsValidateNamesEachFieldOutOfBounds(t *testing.T) {
	t.Parallel()
	if errs := (Goals{Kcal: 2000, ProteinG: 150, FatG: 70, CarbsG: 200}).Validate(); errs != nil {
		t.Fatalf("sane goals refused: %v", errs)
	}
	errs := Goals{Kcal: 500, ProteinG: -1, FatG: 301, CarbsG: 901}.Validate()
	want := map[string]error{"kcal": ErrGoalKcalOutOfRange, "proteinG": ErrGoalProteinOutOfRange, "fatG": ErrGoalFatOutOfRange, "carbsG": ErrGoalCarbsOutOfRange}
	for f, e := range want {
		if errs[f] != e {
			t.Errorf("%s: got %v, want %v", f, errs[f], e)
		}
	}
}

func TestGoalsForPresetSplitsByFourNineFour(t *testing.T) {
	t.Parallel()
	// high protein 40/30/30 of 2000 kcal: 800/4 = 200 g, 600/9 = 66.7 g, 600/4 = 150 g.
	g, err := GoalsForPreset(2000, PresetHighProtein)
	if err != nil {
		t.Fatal(err)
	}
	if g != (Goals{Kcal: 2000, ProteinG: 200, FatG: 67, CarbsG: 150}) {
		t.Fatalf("got %+v", g)
	}
	if _, err := GoalsForPreset(2000, "keto"); err == nil {
		t.Fatal("unknown preset accepted")
	}
}

// Calories that contradict the macros (4/9/4 kcal per g, beyond 15 %) are refused on kcal:
// 150 g protein, 70 g fat and 200 g carbs make 2,030 kcal, not 1,500.
func TestGoalsRefuseCaloriesThatContradictTheMacros(t *testing.T) {
	errs := Goals{Kcal: 1500, ProteinG: 150, FatG: 70, CarbsG: 200}.Validate()
	if errs["kcal"] != ErrGoalKcalInconsistent || len(errs) != 1 {
		t.Fatalf("got %v", errs)
	}
	if errs := (Goals{Kcal: 1800, ProteinG: 150, FatG: 70, CarbsG: 200}).Validate(); errs != nil {
		t.Fatalf("within 15 %%: %v", errs)
	}
}
