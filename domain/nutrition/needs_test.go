package nutrition

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// Worked by hand: 80 kg, 180 cm, 30 years, male → BMR 10·80 + 6.25·180 − 5·30 + 5 = 1780.
// 60 kg, 165 cm, 40 years, female → 600 + 1031.25 − 200 − 161 = 1270.25.
var (
	man   = Body{WeightKg: 80, HeightCm: 180, Age: 30, Sex: Male}
	woman = Body{WeightKg: 60, HeightCm: 165, Age: 40, Sex: Female}
)

func TestBMRMifflinStJeor(t *testing.T) {
	t.Parallel()
	if got := man.BMR(); got != 1780 {
		t.Errorf("man BMR = %v, want 1780", got)
	}
	if got := woman.BMR(); got != 1270.25 {
		t.Errorf("woman BMR = %v, want 1270.25", got)
	}
}

func TestCalculateNeedsEveryActivityLevel(t *testing.T) {
	t.Parallel()
	// Maintenance with the default 25/25/50 split: kcal = BMR × factor.
	cases := []struct {
		level ActivityLevel
		kcal  int // 1780 × factor, rounded
	}{
		{Sedentary, 2136},  // 1780 × 1.2
		{Light, 2448},      // 1780 × 1.375 = 2447.5
		{Moderate, 2759},   // 1780 × 1.55
		{Active, 3071},     // 1780 × 1.725 = 3070.5
		{VeryActive, 3382}, // 1780 × 1.9
	}
	for _, c := range cases {
		n, err := CalculateNeeds(NeedsInput{Body: man, Activity: c.level, Objective: Maintenance, Preset: PresetDefault})
		if err != nil {
			t.Fatalf("%s: %v", c.level, err)
		}
		if n.Kcal != c.kcal {
			t.Errorf("%s: kcal = %d, want %d", c.level, n.Kcal, c.kcal)
		}
	}
}

func TestCalculateNeedsMacroGramsFromPreset(t *testing.T) {
	t.Parallel()
	// 2759 kcal moderate maintenance: 25 % protein → 172.4 g, 25 % fat → 76.6 g, 50 % carbs → 344.9 g.
	n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetDefault})
	if err != nil {
		t.Fatal(err)
	}
	if n.ProteinG != 172 || n.FatG != 77 || n.CarbsG != 345 {
		t.Errorf("grams = %d/%d/%d, want 172/77/345", n.ProteinG, n.FatG, n.CarbsG)
	}
	if n.BMR != 1780 || n.ActivityFactor != 1.55 || n.Maintenance != 2759 {
		t.Errorf("explanation figures = %v × %v = %v", n.BMR, n.ActivityFactor, n.Maintenance)
	}
	// Balanced is 33/33/33 (sum 99): normalised, so the grams still add up to the calories.
	b, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetBalanced})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.ProteinG*4 + b.FatG*9 + b.CarbsG*4; math.Abs(float64(got-b.Kcal)) > 10 {
		t.Errorf("balanced macros give %d kcal, target %d", got, b.Kcal)
	}
}

func TestCalculateNeedsObjectives(t *testing.T) {
	t.Parallel()
	// Woman, sedentary: maintenance 1270.25 × 1.2 = 1524.3 kcal.
	cases := []struct {
		objective Objective
		kcal      int
		adj       float64
	}{
		{WeightLoss, 1219, -0.2},    // 1524.3 × 0.8 = 1219.44
		{MuscleGain, 1677, 0.1},     // × 1.1 = 1676.73
		{Recomposition, 1372, -0.1}, // × 0.9 = 1371.87
		{Maintenance, 1524, 0},
	}
	for _, c := range cases {
		n, err := CalculateNeeds(NeedsInput{Body: woman, Activity: Sedentary, Objective: c.objective, Preset: PresetDefault})
		if err != nil {
			t.Fatalf("%s: %v", c.objective, err)
		}
		if n.Kcal != c.kcal || n.ObjectiveAdjustment != c.adj {
			t.Errorf("%s: kcal %d adj %v, want %d %v", c.objective, n.Kcal, n.ObjectiveAdjustment, c.kcal, c.adj)
		}
	}
}

func TestRecompositionRaisesProteinToTwoGramsPerKg(t *testing.T) {
	t.Parallel()
	// Man, moderate, recomposition: 2759 × 0.9 = 2483.1 kcal; 25 % protein = 155.2 g < 160 g
	// (2 g × 80 kg), so protein becomes 160 g and the 19.2 kcal it adds come off fat and carbs
	// in their 1:2 calorie ratio: fat 68.3 g, carbs 307.2 g.
	n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Recomposition, Preset: PresetDefault})
	if err != nil {
		t.Fatal(err)
	}
	if !n.ProteinRaised || n.ProteinG != 160 || n.FatG != 68 || n.CarbsG != 307 || n.Kcal != 2483 {
		t.Errorf("got %+v", n)
	}
	// High protein already exceeds the floor: nothing raised, but 40 % (248 g, 3.1 g/kg) is
	// over the 2.2 g/kg bound: 176 g, the 289 kcal moved go to fat and carbs 30:30.
	h, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Recomposition, Preset: PresetHighProtein})
	if err != nil {
		t.Fatal(err)
	}
	if h.ProteinRaised || h.ProteinG != 176 || h.FatG != 99 || h.CarbsG != 222 || !h.Bounded {
		t.Errorf("high protein: %+v", h)
	}
}

// Every preset's split is held within physiology (docs/nutrition.md, "Targets a plate can
// meet"): protein 0.8–2.2 g/kg, fat ≥ 20 % of energy, the energy a bound moves shared by the
// other macros in the preset's proportion; the calories never change.
func TestNeedsBoundedByPhysiology(t *testing.T) {
	t.Parallel()
	lifter := Body{WeightKg: 80, HeightCm: 185, Age: 25, Sex: Male}
	heavy := Body{WeightKg: 300, HeightCm: 170, Age: 50, Sex: Male}
	for _, c := range []struct {
		name   string
		body   Body
		act    ActivityLevel
		obj    Objective
		preset MacroPreset
		bounds []string
	}{
		{"default stays the preset", man, Moderate, Maintenance, PresetDefault, []string{}},
		{"high protein at 3,400 kcal", lifter, VeryActive, MuscleGain, PresetHighProtein, []string{BoundProteinMax}},
		{"low carbs", lifter, Active, Maintenance, PresetLowCarbs, []string{BoundProteinMax}},
		{"high carbs lifts fat to 20 %", woman, Light, Maintenance, PresetHighCarbs, []string{BoundFatMin}},
		{"a very heavy body gets 0.8 g/kg", heavy, Sedentary, WeightLoss, PresetDefault, []string{BoundProteinMin}},
	} {
		n, err := CalculateNeeds(NeedsInput{Body: c.body, Activity: c.act, Objective: c.obj, Preset: c.preset})
		if err != nil {
			t.Fatal(err)
		}
		perKg := float64(n.ProteinG) / c.body.WeightKg
		if perKg < MinProteinPerKg-0.01 || perKg > MaxProteinPerKg+0.01 {
			t.Errorf("%s: protein %.2f g/kg", c.name, perKg)
		}
		if float64(n.FatG*KcalPerGFat) < MinFatEnergyShare*float64(n.Kcal)-9 {
			t.Errorf("%s: fat %d g is under 20 %% of %d kcal", c.name, n.FatG, n.Kcal)
		}
		if got := n.ProteinG*4 + n.FatG*9 + n.CarbsG*4; math.Abs(float64(got-n.Kcal)) > 10 {
			t.Errorf("%s: macros make %d kcal, want %d", c.name, got, n.Kcal)
		}
		if n.Bounded != (len(c.bounds) > 0) || fmt.Sprint(n.Bounds) != fmt.Sprint(c.bounds) {
			t.Errorf("%s: bounded %v %v, want %v", c.name, n.Bounded, n.Bounds, c.bounds)
		}
	}
	// The energy a bound moves keeps the preset's proportion between the free macros: low carbs
	// (45/40/15) with protein bounded keeps fat:carbs kcal at 40:15.
	n, _ := CalculateNeeds(NeedsInput{Body: lifter, Activity: Active, Objective: Maintenance, Preset: PresetLowCarbs})
	if r := float64(n.FatG*9) / float64(n.CarbsG*4); math.Abs(r-40.0/15) > 0.05 {
		t.Errorf("low carbs: fat:carbs kcal = %.2f, want %.2f", r, 40.0/15)
	}
}

func TestCalculateNeedsRefusesBadInput(t *testing.T) {
	t.Parallel()
	ok := NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetDefault}
	cases := []struct {
		name string
		edit func(*NeedsInput)
		want error
	}{
		{"light weight", func(in *NeedsInput) { in.Body.WeightKg = 19.9 }, ErrWeightOutOfRange},
		{"heavy weight", func(in *NeedsInput) { in.Body.WeightKg = 401 }, ErrWeightOutOfRange},
		{"NaN weight", func(in *NeedsInput) { in.Body.WeightKg = math.NaN() }, ErrWeightOutOfRange},
		{"short", func(in *NeedsInput) { in.Body.HeightCm = 99 }, ErrHeightOutOfRange},
		{"tall", func(in *NeedsInput) { in.Body.HeightCm = 251 }, ErrHeightOutOfRange},
		{"young", func(in *NeedsInput) { in.Body.Age = 13 }, ErrAgeOutOfRange},
		{"old", func(in *NeedsInput) { in.Body.Age = 111 }, ErrAgeOutOfRange},
		{"sex", func(in *NeedsInput) { in.Body.Sex = "x" }, ErrSexInvalid},
		{"activity", func(in *NeedsInput) { in.Activity = "lazy" }, ErrActivityInvalid},
		{"objective", func(in *NeedsInput) { in.Objective = "bulk" }, ErrObjectiveInvalid},
		{"preset", func(in *NeedsInput) { in.Preset = "keto" }, ErrPresetInvalid},
	}
	for _, c := range cases {
		in := ok
		c.edit(&in)
		if _, err := CalculateNeeds(in); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	// The bounds themselves are accepted.
	edge := ok
	edge.Body = Body{WeightKg: MinWeightKg, HeightCm: MaxHeightCm, Age: MinAge, Sex: Female}
	if _, err := CalculateNeeds(edge); err != nil {
		t.Errorf("bounds refused: %v", err)
	}
}

func TestMealSplitValidate(t *testing.T) {
	t.Parallel()
	if err := DefaultMealSplit.Validate(); err != nil {
		t.Errorf("default split: %v", err)
	}
	for _, m := range []MealSplit{{25, 35, 30, 9}, {101, 0, 0, -1}, {0, 0, 0, 0}, {50, 50, 10, -10}} {
		if err := m.Validate(); !errors.Is(err, ErrMealSplitInvalid) {
			t.Errorf("%+v accepted", m)
		}
	}
}

func TestParsePreferences(t *testing.T) {
	t.Parallel()
	for _, d := range Diets {
		if got, err := ParseDiet(string(d)); err != nil || got != d {
			t.Errorf("diet %s: %v", d, err)
		}
	}
	for _, o := range Objectives {
		if got, err := ParseObjective(string(o)); err != nil || got != o {
			t.Errorf("objective %s: %v", o, err)
		}
	}
	if _, err := ParseDiet("carnivore"); !errors.Is(err, ErrDietInvalid) {
		t.Errorf("unknown diet: %v", err)
	}
}

// Meal targets follow meal profiles (docs/nutrition.md, "Meal profiles"): a breakfast and a
// snack carry less protein and more carbohydrate than the day, lunch and dinner more protein;
// every meal keeps its share of energy and fat, is a consistent target, and the day's meals
// add up to the day.
func TestMealTargetsFollowMealProfiles(t *testing.T) {
	t.Parallel()
	for _, preset := range Presets {
		n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Active, Objective: Maintenance, Preset: preset.Name})
		if err != nil {
			t.Fatal(err)
		}
		g := n.Goals()
		day := Macros{Kcal: float64(g.Kcal), ProteinG: float64(g.ProteinG), FatG: float64(g.FatG), CarbsG: float64(g.CarbsG)}
		for _, split := range []MealSplit{DefaultMealSplit, {Breakfast: 30, Lunch: 40, Dinner: 30}, {Breakfast: 20, Lunch: 30, Dinner: 30, Snack: 20}} {
			m := MealTargets(day, split)
			b, l, s := m[Breakfast], m[LunchDinner], m[Snack]
			if b.ProteinG/b.Kcal >= day.ProteinG/day.Kcal || b.CarbsG/b.Kcal <= day.CarbsG/day.Kcal {
				t.Errorf("%s %v: breakfast %+v has no less protein and more carbs than the day %+v", preset.Name, split, b, day)
			}
			if l.ProteinG/l.Kcal <= b.ProteinG/b.Kcal {
				t.Errorf("%s %v: lunch %+v has no more protein than breakfast %+v", preset.Name, split, l, b)
			}
			var sum Macros
			sh := func(v int) float64 { return float64(v) / float64(split.Lunch+split.Dinner) * 2 }
			for _, part := range []struct {
				m Macros
				k float64
			}{{b, min(float64(split.Breakfast), 1)}, {l, sh(split.Lunch) + sh(split.Dinner)}, {s, min(float64(split.Snack), 1)}} {
				if !ConsistentTarget(part.m) {
					t.Errorf("%s %v: inconsistent meal %+v", preset.Name, split, part.m)
				}
				sum.Kcal += part.m.Kcal * part.k
				sum.ProteinG += part.m.ProteinG * part.k
				sum.FatG += part.m.FatG * part.k
				sum.CarbsG += part.m.CarbsG * part.k
			}
			// Lunch and dinner recipes take the mean of both shares, so the day is compared
			// with its energy-weighted sum, within rounding (1 g or kcal a meal).
			if math.Abs(sum.ProteinG-day.ProteinG) > 3 || math.Abs(sum.CarbsG-day.CarbsG) > 3 || math.Abs(sum.FatG-day.FatG) > 3 ||
				math.Abs(sum.Kcal-day.Kcal) > 3 {
				t.Errorf("%s %v: meals add up to %+v, the day is %+v", preset.Name, split, sum, day)
			}
		}
	}
}

// A high-protein day's lunch carries at most 38 % of its energy as protein (maxMainProteinShare):
// the profile moves less, breakfast keeps more, and the day still adds up.
func TestMealProfileCapsLunchProtein(t *testing.T) {
	t.Parallel()
	day := Macros{Kcal: 1400, ProteinG: 120, FatG: 47, CarbsG: 125} // 34 % protein
	m := MealTargets(day, DefaultMealSplit)
	l, b, s := m[LunchDinner], m[Breakfast], m[Snack]
	if share := l.ProteinG * 4 / l.Kcal; share > 0.385 {
		t.Errorf("lunch %+v is %.0f %% protein", l, 100*share)
	}
	if b.ProteinG*4/b.Kcal >= 0.34 {
		t.Errorf("breakfast %+v has no less protein than the day", b)
	}
	if sum := b.ProteinG + 2*l.ProteinG + s.ProteinG; math.Abs(sum-day.ProteinG) > 3 {
		t.Errorf("meals add up to %.0f g of protein, the day is %.0f", sum, day.ProteinG)
	}
}
