package baseline

// The wire between the bench and the harness: one JSON line per case on the harness's stdin, one
// JSON line per result on its stdout, in order. This file is also written into the pinned
// worktree as part of the harness (package clause swapped), so both ends share one definition;
// it imports nothing, and every field must mean the same at every pinned commit.

// Case is one request to the engine of the pinned commit.
type Case struct {
	// Foods are the meal prep's CIQUAL codes; the harness reads its commit's own CIQUAL table.
	Foods    []int  `json:"foods"`
	Category string `json:"category"`
	Diet     string `json:"diet,omitempty"`
	// Target is one serving's target; when nil, Needs gives it.
	Target *Macros `json:"target,omitempty"`
	// Needs asks the pinned engine's own CalculateNeeds and default meal split for the target,
	// so the baseline answers the request its app would have made.
	Needs *Needs `json:"needs,omitempty"`
	Count int    `json:"count"`
	Seed  int64  `json:"seed"`
}

// Needs is the person whose daily needs the pinned engine computes (nutrition.NeedsInput).
type Needs struct {
	WeightKg float64 `json:"weightKg"`
	HeightCm float64 `json:"heightCm"`
	Age      int     `json:"age"`
	Sex      string  `json:"sex"`
	Activity string  `json:"activity"`
	Goal     string  `json:"goal"`
	Preset   string  `json:"preset"`
}

// Macros are energy and macronutrients, as nutrition.Macros.
type Macros struct {
	Kcal     float64 `json:"kcal"`
	ProteinG float64 `json:"proteinG"`
	FatG     float64 `json:"fatG"`
	CarbsG   float64 `json:"carbsG"`
}

// Ingredient is a food of a recipe and its grams for all servings.
type Ingredient struct {
	FoodCode int `json:"foodCode"`
	Grams    int `json:"grams"`
}

// Recipe is what the bench judges of one recipe.
type Recipe struct {
	Feasible        bool         `json:"feasible"`
	WithinTolerance bool         `json:"withinTolerance"`
	Servings        int          `json:"servings"`
	Totals          Macros       `json:"totals"`
	Ingredients     []Ingredient `json:"ingredients"`
	// Suggestion is the engine's English explanation of a miss, if any.
	Suggestion string `json:"suggestion,omitempty"`
}

// Result is the engine's answer to one Case.
type Result struct {
	Recipes []Recipe `json:"recipes,omitempty"`
	// Refused is the engine's error (no recipe for these foods), empty when it served.
	Refused string `json:"refused,omitempty"`
	// Fail is the harness's own failure (a bad case); the bench stops on it.
	Fail string `json:"fail,omitempty"`
	// ElapsedNs is Generate's wall time measured inside the harness, so the bench compares the
	// engines' time and not a process's start or a pipe's round trip.
	ElapsedNs int64 `json:"elapsedNs"`
}
