package nutrition

import "testing"

func TestGoalsValidateNamesEachFieldOutOfBounds(t *testing.T) {
	t.Parallel()
	if errs := (Goals{Kcal: 2000, ProteinG: 150, FatG: 70, CarbsG: 200}).Validate(); errs != nil {
		t.Fatalf("sane goals refused: %v", errs)
	}
	errs := Goals{Kcal: 500, ProteinG: 401, FatG: 301, CarbsG: 901}.Validate()
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

func TestGoalsValidateNegativeIsNotOutOfRange(t *testing.T) {
	t.Parallel()
	errs := Goals{Kcal: -5, ProteinG: -1, FatG: -2, CarbsG: -3}.Validate()
	for _, f := range []string{"kcal", "proteinG", "fatG", "carbsG"} {
		if errs[f] != ErrGoalNegative {
			t.Errorf("%s: got %v, want %v", f, errs[f], ErrGoalNegative)
		}
	}
	if errs := (Goals{Kcal: 0, ProteinG: 0, FatG: 0, CarbsG: 0}).Validate(); errs["kcal"] != ErrGoalNegative {
		t.Errorf("zero kcal: got %v", errs["kcal"])
	}
}

func TestGoalsValidateMacrosMustMatchTheCalories(t *testing.T) {
	t.Parallel()
	// The example: 300 g protein, 150 g fat, 300 g carbs are 1,200 + 1,350 + 1,200 = 3,750 kcal.
	g := Goals{Kcal: 2000, ProteinG: 300, FatG: 150, CarbsG: 300}
	if got := g.MacroKcal(); got != 3750 {
		t.Fatalf("MacroKcal: got %d, want 3750", got)
	}
	if errs := g.Validate(); errs["kcal"] != ErrGoalKcalInconsistent || len(errs) != 1 {
		t.Fatalf("contradicting goals: got %v", errs)
	}
	// The engine's rule (ConsistentTarget): within 15 % of the grams' energy, plus 12 kcal.
	// 2,000 kcal with carbs alone: 591 g (2,364 kcal) and 433 g (1,732 kcal) pass, 592 and 432 not.
	for carbs, ok := range map[int]bool{591: true, 592: false, 433: true, 432: false} {
		errs := Goals{Kcal: 2000, CarbsG: carbs}.Validate()
		if (errs == nil) != ok {
			t.Errorf("2000 kcal, %d g carbs: got %v, accepted want %v", carbs, errs, ok)
		}
	}
	// Out-of-range figures are told as such, not as a mismatch.
	if errs := (Goals{Kcal: 500, ProteinG: 300, FatG: 150, CarbsG: 300}).Validate(); errs["kcal"] != ErrGoalKcalOutOfRange {
		t.Fatalf("got %v", errs)
	}
}

func TestStarterGoalsFollowTheObjectiveAndPreset(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		o    Objective
		kcal int
	}{{WeightLoss, 1600}, {MuscleGain, 2200}, {Recomposition, 1800}, {Maintenance, 2000}} {
		for _, p := range Presets {
			g, err := StarterGoals(c.o, p.Name)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := GoalsForPreset(c.kcal, p.Name)
			if g != want {
				t.Errorf("%s/%s: got %+v, want %+v", c.o, p.Name, g, want)
			}
			if errs := g.Validate(); errs != nil {
				t.Errorf("%s/%s: starter goals refused: %v", c.o, p.Name, errs)
			}
		}
	}
	if _, err := StarterGoals("bulk", PresetDefault); err == nil {
		t.Fatal("unknown objective accepted")
	}
}
