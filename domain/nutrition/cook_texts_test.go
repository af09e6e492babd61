package nutrition_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// mustBeNamed reports whether a recipe's name must show the food: its protein (meat, fish,
// eggs, deli, tofu…), and at breakfast or a snack the yoghurt or fromage blanc of the bowl and
// the cheese on the bread.
func mustBeNamed(c nutrition.Category, f nutrition.Food) bool {
	switch nutrition.KindOf(f) {
	case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindDeli, nutrition.KindVegetarian:
		return true
	case nutrition.KindDairy:
		return c != nutrition.LunchDinner && !strings.Contains(strings.ToLower(f.Name.FR), "à boire")
	case nutrition.KindCheese:
		return c != nutrition.LunchDinner
	}
	return false
}

// namesFood reports whether a dish name shows the food, in both languages.
func namesFood(t *testing.T, name nutrition.Text, f nutrition.Food) {
	t.Helper()
	n := nutrition.CulinaryNameOf(f)
	require.Contains(t, strings.ToLower(name.FR), strings.ToLower(n.FR), "the name leaves out %s", f.Name.FR)
	require.Contains(t, strings.ToLower(name.EN), strings.ToLower(n.EN), "the name leaves out %s", f.Name.EN)
}

// A name never leaves out a protein of the dish, over many generated recipes of every meal: a
// breakfast of eggs, yoghurt, apple and bread is not "a yoghurt bowl with apple".
func TestNamesNeverLeaveOutTheProtein(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	pool := nutritiontest.UsableFoods(cat)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(19, 77))
	checked := 0
	for range 400 {
		c := nutritiontest.Category(rng)
		foods, target := nutritiontest.PlateCase(rng, pool, 6, c)
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Target: target,
			Category: c, Seed: rng.Int64(), Servings: 1 + rng.IntN(3)})
		if err != nil {
			continue
		}
		for _, r := range rs {
			proteins := 0
			for _, ing := range r.Ingredients {
				if f := cat[ing.FoodCode]; mustBeNamed(c, f) {
					namesFood(t, r.Name, f)
					proteins++
					checked++
				}
			}
			if proteins == 0 && c != nutrition.LunchDinner {
				// Milk or a plant drink that brings the protein is named too: "au lait",
				// "un verre de lait", "with milk".
				for _, ing := range r.Ingredients {
					f := cat[ing.FoodCode]
					if nutrition.KindOf(f) == nutrition.KindMilk {
						require.Contains(t, r.Name.FR, "lait", "%s: %s", r.Name.FR, f.Name.FR)
						require.Contains(t, r.Name.EN, "milk", "%s: %s", r.Name.EN, f.Name.EN)
					}
				}
			}
		}
	}
	require.Greater(t, checked, 200, "enough proteins met")
}

// The names the lead found wrong, read as a cook: the milk of a snack, milk over muesli, eggs
// beside a yoghurt or fromage blanc bowl.
func TestNamesShowEveryMainComponent(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.Snack, 1, 19023, 250, 13005, 100)
	require.Equal(t, nutrition.Text{FR: "Banane et un verre de lait entier", EN: "Banana with a glass of whole milk"}, r.Name)
	r = texts(t, nutrition.Breakfast, 1, 19041, 250, 32004, 70)
	require.Equal(t, nutrition.Text{FR: "Muesli au lait", EN: "Muesli with milk"}, r.Name)
	r = texts(t, nutrition.Breakfast, 1, 18901, 250, 32140, 60, 13028, 100)
	require.Equal(t, nutrition.Text{FR: "Flocons d’avoine à la boisson au soja et myrtilles", EN: "Oats with soy drink and blueberries"}, r.Name)
	r = texts(t, nutrition.Breakfast, 1, 13039, 195, 19593, 170, 22000, 90, 7110, 80)
	// the 195 g of apple is named too: a name never leaves out 50 g or more of the plate
	require.Equal(t, nutrition.Text{FR: "Œufs brouillés, pain grillé, yaourt nature et pomme", EN: "Scrambled eggs with toast, plain yoghurt and apple"}, r.Name)
	r = texts(t, nutrition.Breakfast, 1, 19644, 150, 13005, 120, 22000, 100, 7001, 60)
	require.Equal(t, nutrition.Text{FR: "Œufs brouillés, pain grillé, fromage blanc et banane", EN: "Scrambled eggs with toast, fromage blanc and banana"}, r.Name)
	r = texts(t, nutrition.Snack, 1, 7110, 60, 12115, 25, 13039, 120, 13005, 100)
	require.Contains(t, r.Name.FR, "emmental", "the cheese is named even beside two fruits")
}

// Hard-boiled eggs, salad and raw vegetables are a cold dish: the box is never microwaved (the
// eggs would burst), it is taken out of the fridge 10 minutes before eating.
func TestColdLunchIsEatenCold(t *testing.T) {
	t.Parallel()
	for _, servings := range []int{3, 1} {
		r := texts(t, nutrition.LunchDinner, servings, 22000, 165, 20172, 300, 20272, 80, 7111, 120)
		last, lastEN := r.Steps.FR[len(r.Steps.FR)-1], r.Steps.EN[len(r.Steps.EN)-1]
		for _, s := range r.Steps.FR {
			require.NotContains(t, strings.ToLower(s), "réchauffez", "a cold dish is not reheated: %s", s)
		}
		for _, s := range r.Steps.EN {
			require.NotContains(t, strings.ToLower(s), "reheat", s)
		}
		require.Contains(t, last, "10"+nb+"minutes avant")
		require.Contains(t, last, "froid")
		require.Contains(t, last, "les œufs durs", "the eggs are not microwaved")
		require.Contains(t, lastEN, "cold")
		require.Contains(t, last, "les tomates cerises et le mesclun")
	}
	// Canned fish and raw vegetables: cold too.
	r := texts(t, nutrition.LunchDinner, 2, 26039, 120, 20019, 150, 20385, 150, 7001, 80)
	require.Empty(t, stepWith(r.Steps.FR, "réchauffez"), "%q", r.Steps.FR)
	require.NotEmpty(t, stepWith(r.Steps.FR, "mangez froid"))
}

// A box of hot and cold foods is reheated for its hot part only; the tuna, eggs and salad are
// kept apart and added after.
func TestMixedLunchReheatsOnlyTheHotPart(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 3, 9104, 230, 26245, 140, 20031, 80)
	require.Equal(t, "Au moment de manger, réchauffez une boîte de riz 2 à 3"+nb+"minutes au micro-ondes, jusqu’à ce que ce soit bien chaud, puis ajoutez le thon et la laitue.",
		r.Steps.FR[len(r.Steps.FR)-1])
	require.Equal(t, "To eat, reheat one box of rice in the microwave for 2 to 3 minutes, until piping hot, then add the tuna and lettuce.",
		r.Steps.EN[len(r.Steps.EN)-1])
	box := stepWith(r.Steps.FR, "Répartissez")
	require.Contains(t, box, "Répartissez le riz dans 3 boîtes")
	require.Contains(t, box, "gardez le thon à part")
	require.Empty(t, stepWith(r.Steps.FR, "Réchauffez le riz"), "boxed rice is reheated once, when eaten")

	// Rice, hard-boiled eggs and spinach: the eggs are never in the microwave.
	r = texts(t, nutrition.LunchDinner, 2, 9100, 80, 22000, 120, 20059, 150)
	last := r.Steps.FR[len(r.Steps.FR)-1]
	require.Contains(t, last, "réchauffez une boîte")
	require.Contains(t, last, "puis ajoutez les œufs")
	require.NotContains(t, stepWith(r.Steps.FR, "Répartissez"), "les œufs dans", "eggs are kept apart")

	// All hot: one box reheated, as before.
	r = texts(t, nutrition.LunchDinner, 2, 9100, 80, 36017, 150, 20057, 100, 17270, 10)
	require.Equal(t, "Au moment de manger, réchauffez une boîte 2 à 3"+nb+"minutes au micro-ondes, jusqu’à ce que ce soit bien chaud.", r.Steps.FR[len(r.Steps.FR)-1])
}

// A salty food seasons the dish: no pinch of salt on top of soy sauce or feta.
func TestNoPinchOfSaltOverASaltyFood(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 1, 20904, 160, 9340, 70, 20059, 150, 11104, 10)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Ne salez pas", "la sauce soja"), "%q", r.Steps.FR)
	require.Empty(t, stepWith(r.Steps.FR, "pincée de sel"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "quinoa", "d’eau non salée"))
	r = texts(t, nutrition.LunchDinner, 1, 20532, 250, 9681, 50, 20020, 150, 12066, 30)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Ne salez pas"), "%q", r.Steps.FR)
	require.Empty(t, stepWith(r.Steps.EN, "s already brings"), "the chickpeas bring: %q", r.Steps.EN)
}

// Grated cheese is not grated again; on toast it is melted under the grill.
func TestGratedCheeseIsNotGratedAgain(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 1, 9810, 80, 36017, 120, 20020, 150, 12118, 15)
	require.Empty(t, stepWith(r.Steps.FR, "Râpez"), "%q", r.Steps.FR)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Parsemez le plat d’emmental râpé"))
	r = texts(t, nutrition.Snack, 1, 7111, 70, 12118, 20)
	require.NotEmpty(t, stepWith(r.Steps.FR, "gratiner"), "%q", r.Steps.FR)
}

// Salad leaves are light: a serving is a bowlful, not 200 g of mesclun.
func TestSaladLeavesServedByTheBowlful(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	for _, code := range []int{20272, 20031} {
		_, typ, hi := nutrition.Portion(nutrition.LunchDinner, cat[code])
		require.LessOrEqual(t, hi, 150.0, cat[code].Name.FR)
		require.LessOrEqual(t, typ, 100.0, cat[code].Name.FR)
	}
	_, _, hi := nutrition.Portion(nutrition.LunchDinner, cat[20057])
	require.Equal(t, 300.0, hi, "broccoli keeps a vegetable's portion")
}

// Steps a cook would not object to: peas are not washed and cut, onions and leeks sweat without
// a fat, peppers roast dry rather than steam, peeled potatoes are peeled, an avocado is cut when
// served, each cheese is grated, crumbled or diced as it should be.
func TestStepsFitEachVegetableAndCheese(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 3, 10021, 150, 9124, 70, 20084, 150, 17270, 10)
	require.Contains(t, r.Steps.FR, "Faites cuire les petits pois à la vapeur 8 à 10"+nb+"minutes, jusqu’à ce qu’ils soient tendres.")
	require.Empty(t, stepWith(r.Steps.FR, "Lavez les petits pois"))

	r = texts(t, nutrition.LunchDinner, 1, 20585, 80, 20034, 50, 20039, 150, 20041, 150)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Épluchez l’oignon, émincez-le et faites-le fondre à couvert dans une poêle avec un fond d’eau"), "%q", r.Steps.FR)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Lavez le poireau, émincez-le et faites-le fondre"), "%q", r.Steps.FR)
	require.NotEmpty(t, stepWith(r.Steps.FR, "le poivron", "papier cuisson", "rôtir"), "%q", r.Steps.FR)
	require.Empty(t, stepWith(r.Steps.FR, "vapeur"), "no steamed onion, leek or pepper")

	r = texts(t, nutrition.LunchDinner, 1, 26129, 180, 4008, 250, 20009, 150, 16400, 10)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Épluchez les pommes de terre, coupez-les en cubes"), "%q", r.Steps.FR)

	r = texts(t, nutrition.LunchDinner, 3, 20524, 200, 9100, 60, 13004, 100, 20041, 150)
	s := stepWith(r.Steps.FR, "avocat", "noyau")
	require.NotEmpty(t, s)
	require.Equal(t, 1, strings.Count(s, "au moment de servir")+strings.Count(s, "Au moment de servir"), s)

	r = texts(t, nutrition.LunchDinner, 1, 20585, 80, 20009, 150, 12001, 30)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Coupez le camembert en dés"), "%q", r.Steps.FR)
	r = texts(t, nutrition.LunchDinner, 1, 20585, 80, 20385, 150, 12066, 30)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Émiettez la feta et parsemez-en"), "%q", r.Steps.FR)
	r = texts(t, nutrition.LunchDinner, 1, 9870, 80, 20020, 150, 36017, 120, 12110, 20)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Râpez le comté et parsemez-en"), "%q", r.Steps.FR)
	require.Empty(t, stepWith(r.Steps.FR, "Râpez ou émiettez"))
}

// Plates a cook would refuse: flakes eaten dry, butter in a bowl of oats without bread, 60 g of
// camembert on a plate of lentils.
func TestBreakfastRulesACookKeeps(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for _, c := range []nutrition.Category{nutrition.Breakfast, nutrition.Snack} {
		// Oats, banana, peanut butter and an oat drink: the oats always come with the drink.
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 32140, 18899, 13005, 15202),
			Category: c, Target: nutrition.Macros{Kcal: 450, ProteinG: 14, FatG: 16, CarbsG: 62}, Count: 3, Seed: 1})
		require.NoError(t, err)
		for _, r := range rs {
			codes := map[int]bool{}
			for _, ing := range r.Ingredients {
				codes[ing.FoodCode] = true
			}
			require.False(t, codes[32140] && !codes[18899], "%s: oats without a drink: %s", c, r.Name.FR)
		}
	}
	// Fromage blanc, pear, oats, butter and milk: the butter never lands in the bowl.
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 19644, 13037, 32140, 16400, 19041),
		Category: nutrition.Breakfast, Target: nutrition.Macros{Kcal: 495, ProteinG: 25, FatG: 15, CarbsG: 65}, Count: 2, Seed: 19})
	require.NoError(t, err)
	for _, r := range rs {
		for _, ing := range r.Ingredients {
			require.NotEqual(t, 16400, ing.FoodCode, "butter without bread: %s", r.Name.FR)
		}
	}
	for _, code := range []int{12001, 12066} {
		_, _, hi := nutrition.Portion(nutrition.LunchDinner, cat[code])
		require.LessOrEqual(t, hi, 30.0, "%s is a garnish", cat[code].Name.FR)
	}
}

// An onion seasons a plate; it is not its vegetable: when the meal prep holds carrots, a lunch of
// red lentils has carrots, not only an onion.
func TestOnionIsNotTheVegetableOfALunch(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 20535, 9119, 20009, 20034, 22000, 19593, 13039, 7110, 17130),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 698, ProteinG: 45, FatG: 22, CarbsG: 80}, Count: 3, Seed: 19, Servings: 3})
	require.NoError(t, err)
	for _, r := range rs {
		veg := false
		for _, ing := range r.Ingredients {
			veg = veg || ing.FoodCode == 20009
		}
		require.True(t, veg, "a lunch without its vegetable: %s", r.Name.FR)
	}
}

// The longest cooking starts first: the squash roasts while the couscous soaks; soaking the
// chickpeas, the day before, stays first.
func TestLongestCookingFirst(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 3, 26043, 165, 20138, 135, 9681, 100, 17270, 20)
	require.Contains(t, r.Steps.FR[1], "courge butternut", "%q", r.Steps.FR)
	require.Contains(t, r.Steps.FR[2], "semoule")
	require.Contains(t, r.Steps.EN[1], "butternut squash")
	r = texts(t, nutrition.LunchDinner, 1, 20516, 100, 9810, 70, 20053, 150, 17270, 10)
	require.Contains(t, r.Steps.FR[1], "La veille")
	require.Contains(t, r.Steps.FR[2], "aubergine", "%q", r.Steps.FR)
	require.Contains(t, r.Steps.FR[3], "pâtes")
}
