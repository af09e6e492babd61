package nutrition_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// texts writes the texts of a recipe of these foods (code, grams per serving…).
func texts(t *testing.T, c nutrition.Category, servings int, codeGrams ...int) nutrition.Recipe {
	t.Helper()
	cat, _ := shipped(t)
	foods := map[int]nutrition.Food{}
	r := nutrition.Recipe{Category: c, Servings: servings}
	for i := 0; i < len(codeGrams); i += 2 {
		f, ok := cat[codeGrams[i]]
		require.True(t, ok, "food %d", codeGrams[i])
		foods[f.Code] = f
		r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: f.Code, Grams: codeGrams[i+1] * servings})
	}
	nutrition.WriteTexts(&r, foods, 1)
	require.Len(t, r.Steps.EN, len(r.Steps.FR), "one English step per French step")
	return r
}

// stepWith returns the first step holding every word, or "".
func stepWith(steps []string, words ...string) string {
	for _, s := range steps {
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			return s
		}
	}
	return ""
}

const nb, nnb = "\u00a0", "\u202f"

// Golden names and steps for a fixed recipe, both languages.
func TestWriteTextsGolden(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 2, 9100, 80, 36017, 150, 20057, 100, 17270, 10)
	require.Contains(t, []string{"Bol de riz, poulet poêlé et brocoli", "Poulet poêlé, riz et brocoli", "Assiette de poulet poêlé, riz et brocoli"}, r.Name.FR)
	require.Equal(t, []string{
		"Pesez les ingrédients selon les quantités de la recette.",
		"Rincez le riz à l’eau froide, puis faites-le cuire dans deux volumes d’eau salée, à couvert et à feu doux, 11 à 12" + nb + "minutes, jusqu’à absorption de l’eau" + nnb + "; laissez reposer 5" + nb + "minutes hors du feu.",
		"Coupez le poulet en morceaux et faites-le dorer dans un peu d’huile d’olive à feu moyen, 8 à 10" + nb + "minutes en retournant, jusqu’à 74" + nb + "°C à cœur (plus aucune trace de rose).",
		"Lavez le brocoli, coupez-le en morceaux et faites-le cuire à la vapeur 6 à 8" + nb + "minutes, jusqu’à ce qu’il soit tendre.",
		"Salez d’une pincée de sel et poivrez. Facultatif, selon votre placard" + nnb + ": paprika, thym, herbes de Provence.",
		"Répartissez le riz, le poulet et le brocoli dans 2 boîtes hermétiques, laissez refroidir moins d’une heure, puis fermez et gardez au réfrigérateur 3 jours au plus.",
		"Au moment de manger, réchauffez une boîte 2 à 3" + nb + "minutes au micro-ondes, jusqu’à ce que ce soit bien chaud.",
	}, r.Steps.FR)
	require.Equal(t, []string{
		"Weigh the ingredients as the recipe lists them.",
		"Rinse the rice in cold water, then cook it in 2 volumes of salted water, covered over low heat, for 11 to 12 minutes, until the water is absorbed; rest for 5 minutes off the heat.",
		"Cut the chicken into pieces and brown it in a little olive oil over medium heat for 8 to 10 minutes, turning, until the centre reaches 74 °C (165 °F), with no pink left.",
		"Wash the broccoli, cut it into pieces and steam it for 6 to 8 minutes, until tender.",
		"Season with a pinch of salt and some pepper. Optional, from the cupboard: paprika, thyme, dried Provence herbs.",
		"Divide the rice, chicken and broccoli between 2 airtight boxes, let cool for under an hour, then close and keep in the fridge for up to 3 days.",
		"To eat, reheat one box in the microwave for 2 to 3 minutes, until piping hot.",
	}, r.Steps.EN)
	// 3 set-up + 9 hands-on (rice 2, chicken 3, broccoli 3, oil 1) + 2 boxing + 12 rice
	// cooking (the chicken and broccoli cook meanwhile) = 26 → 30.
	require.Equal(t, 30, r.DurationMin)
	cat, _ := shipped(t)
	require.Equal(t, 30, nutrition.Duration(r.Ingredients, map[int]nutrition.Food{9100: cat[9100], 36017: cat[36017], 20057: cat[20057], 17270: cat[17270]}, 2))
}

// Steps start from the food's state in the table: raw grains and dry pulses are boiled with
// their water and time, raw meat and fish cooked to a safe core temperature, canned foods
// drained, cooked foods reheated, salad leaves kept raw.
func TestStepsStartFromTheFoodsState(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		cat        nutrition.Category
		code       int
		fr, en     []string // words one step holds
		notFR      []string // words no step holds
		minMinutes int
	}{
		{"raw rice is boiled in 2 volumes", nutrition.LunchDinner, 9100, []string{"le riz", "deux volumes d’eau", "11 à 12"}, []string{"2 volumes of", "11 to 12 minutes"}, []string{"Réchauffez"}, 15},
		{"raw basmati is rice, not a choice", nutrition.LunchDinner, 9119, []string{"le riz basmati", "deux volumes d’eau"}, []string{"basmati rice", "2 volumes"}, []string{"ou basmati", "Réchauffez", "thaï"}, 15},
		{"brown rice cooks longer", nutrition.LunchDinner, 9102, []string{"riz complet", "25 à 30"}, []string{"brown rice", "25 to 30 minutes"}, []string{"Réchauffez"}, 30},
		{"dry red lentils simmer 15-20 min", nutrition.LunchDinner, 20535, []string{"les lentilles corail", "trois volumes", "15 à 20"}, []string{"red lentils", "15 to 20 minutes"}, []string{"Réchauffez", "tremper"}, 20},
		{"dry green lentils simmer 20-25 min", nutrition.LunchDinner, 20585, []string{"les lentilles vertes", "20 à 25"}, []string{"green lentils", "20 to 25 minutes"}, []string{"Réchauffez"}, 25},
		{"dry chickpeas soak overnight then simmer", nutrition.LunchDinner, 20516, []string{"La veille", "tremper les pois chiches", "1" + nb + "h à 1" + nb + "h 30"}, []string{"soak the chickpeas", "1 hour to 1 hour 30"}, []string{"Réchauffez"}, 90},
		{"dry kidney beans boil hard first", nutrition.LunchDinner, 20525, []string{"haricots rouges", "bouillir vivement 10"}, []string{"boil hard for 10 minutes"}, nil, 90},
		{"dry pasta in plenty of salted water", nutrition.LunchDinner, 9810, []string{"les pâtes", "grand volume d’eau bouillante salée", "9 à 11"}, []string{"plenty of boiling salted water", "9 to 11 minutes"}, []string{"Réchauffez"}, 15},
		{"quinoa is rinsed and simmered", nutrition.LunchDinner, 9340, []string{"Rincez le quinoa", "12 à 15"}, []string{"quinoa", "12 to 15 minutes"}, nil, 15},
		{"raw chicken to 74 °C", nutrition.LunchDinner, 36017, []string{"le poulet", "74" + nb + "°C à cœur"}, []string{"74 °C (165 °F)"}, []string{"Réchauffez"}, 10},
		{"raw turkey to 74 °C", nutrition.LunchDinner, 36304, []string{"l’escalope de dinde", "74" + nb + "°C"}, []string{"turkey escalope", "74 °C (165 °F)"}, nil, 10},
		{"minced beef to 70 °C", nutrition.LunchDinner, 6252, []string{"le steak haché", "70" + nb + "°C à cœur"}, []string{"70 °C (158 °F)"}, nil, 10},
		{"pork to 63 °C", nutrition.LunchDinner, 28204, []string{"le filet mignon de porc", "63" + nb + "°C à cœur"}, []string{"63 °C (145 °F)"}, nil, 10},
		{"raw salmon until it flakes", nutrition.LunchDinner, 26036, []string{"le saumon", "s’effeuille", "63" + nb + "°C"}, []string{"flakes", "63 °C / 145 °F"}, nil, 15},
		{"canned tuna is drained, not cooked", nutrition.LunchDinner, 26039, []string{"Égouttez le thon", "émiettez"}, []string{"Drain the tuna", "flake"}, []string{"Faites cuire", "°C", "Réchauffez"}, 5},
		{"canned chickpeas are drained", nutrition.LunchDinner, 20532, []string{"Égouttez et rincez les pois chiches"}, []string{"Drain and rinse the chickpeas"}, []string{"tremper", "Faites cuire"}, 5},
		{"canned green beans are drained, not rinsed", nutrition.LunchDinner, 20062, []string{"Égouttez les haricots verts."}, []string{"Drain the green beans."}, []string{"rincez", "Faites cuire"}, 5},
		{"tomatoes in their juice simmer into a sauce", nutrition.LunchDinner, 20137, []string{"avec leur jus dans une casserole", "mijoter 8 à 10" + nb + "minutes", "la sauce épaississe"}, []string{"with their juice into a pan", "simmer for 8 to 10 minutes"}, []string{"Égouttez"}, 10},
		{"raw parboiled rice is boiled, not reheated", nutrition.LunchDinner, 9101, []string{"le riz", "volumes d’eau"}, []string{"2 volumes of"}, []string{"Réchauffez"}, 15},
		// Cooked grains, pulses, meat and fish are bought dry or raw (the shopping list): the
		// steps weigh them so and cook them, never "reheat" rice the cook bought dry.
		{"cooked parboiled rice is cooked from the dry rice bought", nutrition.LunchDinner, 9105, []string{"Le riz étuvé se pèse sec" + nnb + ": comptez 40" + nb + "g de riz étuvé sec pour 100" + nb + "g de riz étuvé cuit de la recette."}, []string{"Weigh the parboiled rice dry"}, []string{"Réchauffez"}, 15},
		{"cooked rice is cooked from the dry rice bought", nutrition.LunchDinner, 9104, []string{"riz", "deux volumes d’eau"}, []string{"Weigh the rice dry: allow 45 g of dry rice per 100 g of cooked rice in the recipe."}, []string{"Réchauffez"}, 15},
		{"cooked lentils are cooked from dry ones", nutrition.LunchDinner, 20360, []string{"Les lentilles se pèsent sèches" + nnb + ": comptez", "de lentilles sèches pour 100" + nb + "g de lentilles cuites"}, []string{"simmer them"}, []string{"Réchauffez"}, 20},
		{"grilled chicken is cooked from raw", nutrition.LunchDinner, 36018, []string{"Le filet de poulet se pèse cru" + nnb + ": comptez 140" + nb + "g de filet de poulet cru pour 100" + nb + "g de filet de poulet cuit"}, []string{"74 °C (165 °F)"}, []string{"Réchauffez", "Coupez le poulet en tranches"}, 10},
		{"raw eggs are boiled 9 min at lunch", nutrition.LunchDinner, 22000, []string{"les œufs", "9" + nb + "minutes"}, []string{"9 minutes"}, []string{"oeuf"}, 10},
		{"raw eggs are scrambled at breakfast", nutrition.Breakfast, 22000, []string{"Battez les œufs", "pris (œufs brouillés)"}, []string{"scrambled"}, nil, 5},
		{"hard-boiled eggs are peeled", nutrition.Snack, 22010, []string{"Écalez les œufs durs"}, []string{"Peel and quarter"}, []string{"Plongez"}, 5},
		{"lettuce stays raw", nutrition.LunchDinner, 20031, []string{"Lavez et essorez la laitue", "gardez-la crue"}, []string{"spin-dry the lettuce"}, []string{"vapeur", "sauter"}, 5},
		{"tomatoes stay raw", nutrition.LunchDinner, 20385, []string{"les tomates", "quartiers", "crues"}, []string{"tomatoes", "wedges"}, []string{"vapeur", "sauter"}, 5},
		{"raw broccoli is steamed", nutrition.LunchDinner, 20057, []string{"le brocoli", "vapeur 6 à 8"}, []string{"steam it for 6 to 8 minutes"}, nil, 10},
		{"raw potatoes are boiled", nutrition.LunchDinner, 4008, []string{"Épluchez les pommes de terre", "20 à 25"}, []string{"potatoes", "20 to 25 minutes"}, nil, 25},
		{"tofu is browned", nutrition.LunchDinner, 20904, []string{"le tofu", "dorer"}, []string{"brown it"}, nil, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := texts(t, tc.cat, 1, tc.code, 150)
			require.NotEmpty(t, stepWith(r.Steps.FR, tc.fr...), "FR %v in\n%s", tc.fr, strings.Join(r.Steps.FR, "\n"))
			require.NotEmpty(t, stepWith(r.Steps.EN, tc.en...), "EN %v in\n%s", tc.en, strings.Join(r.Steps.EN, "\n"))
			for _, w := range tc.notFR {
				require.Empty(t, stepWith(r.Steps.FR, w), "no step says %q", w)
			}
			require.GreaterOrEqual(t, r.DurationMin, tc.minMinutes, "the duration follows the steps")
		})
	}
}

// The recipe's own fat cooks; without fat, the pan is dry or the vegetables steam.
func TestStepsCookInTheRecipesFat(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 1, 36017, 150, 20020, 150, 9340, 70, 16400, 10)
	require.NotEmpty(t, stepWith(r.Steps.FR, "le poulet", "dans un peu de beurre"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "la courgette", "sauter dans un peu de beurre"))
	require.NotEmpty(t, stepWith(r.Steps.EN, "in a little butter"))
	require.Empty(t, stepWith(r.Steps.FR, "Assaisonnez avec"), "fat is for cooking, not a seasoning")

	r = texts(t, nutrition.LunchDinner, 1, 36017, 150, 20020, 150, 9340, 70)
	require.NotEmpty(t, stepWith(r.Steps.FR, "le poulet", "à sec dans une poêle antiadhésive"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "la courgette", "vapeur"), "no fat: the courgette steams")

	// Nothing cooks: the oil dresses the plate.
	r = texts(t, nutrition.LunchDinner, 1, 26039, 100, 20385, 150, 9104, 150, 17270, 10)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Arrosez le plat d’un filet d’huile d’olive"))
}

// Salt is a pinch, never grams, and only while the serving stays under its cap.
func TestStepsSaltAPinchWithinTheCap(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 1, 36017, 150, 9100, 70, 20057, 150)
	require.NotEmpty(t, stepWith(r.Steps.FR, "une pincée de sel"))
	require.NotEmpty(t, stepWith(r.Steps.EN, "a pinch of salt"))
	for _, s := range r.Steps.FR {
		require.NotRegexp(t, `\d\s*g de sel`, s)
	}
	// 55 g of soy sauce hold over 7 g of salt: no salt added, not even in the cooking water.
	r = texts(t, nutrition.LunchDinner, 1, 20904, 150, 9100, 70, 11104, 55)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Ne salez pas", "la sauce soja"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "d’eau non salée"))
	require.Empty(t, stepWith(r.Steps.FR, "pincée de sel"))
	require.NotEmpty(t, stepWith(r.Steps.EN, "Do not add salt"))
}

// A breakfast bowl is assembled cold: the banana is peeled and sliced, never washed or cooked;
// the bread is toasted and served beside, the juice in a glass.
func TestBreakfastBowlIsAssembledCold(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.Breakfast, 1, 19644, 200, 13005, 100, 32140, 40, 15000, 15, 31008, 10, 7110, 40, 2070, 150)
	// the 150 g glass of orange juice is named (50 g or more), the 40 g of oats give way
	require.Equal(t, nutrition.Text{FR: "Fromage blanc, banane et un verre de jus d’orange", EN: "Fromage blanc with banana and a glass of orange juice"}, r.Name)
	require.Contains(t, r.Steps.FR, "Pelez la banane et coupez-la en rondelles.")
	require.Contains(t, r.Steps.EN, "Peel the banana and slice it.")
	require.NotEmpty(t, stepWith(r.Steps.FR, "Dans un bol, versez le fromage blanc", "les flocons d’avoine, la banane et les amandes", "nappez de miel"))
	require.Contains(t, r.Steps.FR, "Faites griller le pain complet et servez-le à côté.")
	require.Contains(t, r.Steps.FR, "Servez le jus d’orange dans un verre.")
	for _, s := range r.Steps.FR {
		require.NotContains(t, s, "Lavez", "nothing to wash")
		require.NotContains(t, s, "cuire", "nothing to cook")
		require.NotContains(t, s, "°C")
		require.NotContains(t, s, "de sel", "a sweet bowl is not salted")
		if strings.Contains(s, "Dans un bol") {
			require.NotContains(t, s, "jus", "the juice is not poured into the bowl")
			require.NotContains(t, s, "pain", "the bread is not put into the bowl")
		}
	}
	require.LessOrEqual(t, r.DurationMin, 15)

	// The same with a plain yoghurt, banana and oats only.
	r = texts(t, nutrition.Breakfast, 1, 19593, 125, 13005, 100, 32140, 40)
	require.Equal(t, nutrition.Text{FR: "Bol de yaourt nature, banane et flocons d’avoine", EN: "Plain yoghurt bowl with banana and oats"}, r.Name)
	require.Equal(t, []string{
		"Pesez les ingrédients selon les quantités de la recette.",
		"Pelez la banane et coupez-la en rondelles.",
		"Dans un bol, versez le yaourt nature" + nnb + "; ajoutez les flocons d’avoine et la banane. Pour des flocons plus tendres, préparez le bol la veille et gardez-le au réfrigérateur.",
		"Facultatif, selon votre placard" + nnb + ": une pincée de cannelle.",
		"Servez aussitôt, ou emportez dans une boîte hermétique.",
	}, r.Steps.FR)
	require.Equal(t, []string{
		"Weigh the ingredients as the recipe lists them.",
		"Peel the banana and slice it.",
		"In a bowl, spoon the plain yoghurt; add the oats and banana. For softer flakes, make the bowl the night before and keep it in the fridge.",
		"Optional, from the cupboard: a pinch of cinnamon.",
		"Serve at once, or pack in an airtight box.",
	}, r.Steps.EN)
	require.Equal(t, 10, r.DurationMin)
}

// Bread and spreads make tartines; milk is poured over cereal, and goes in a glass beside bread.
func TestBreakfastTartinesAndMilk(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.Breakfast, 1, 7110, 60, 16400, 10, 31024, 20, 19041, 200)
	require.Equal(t, nutrition.Text{FR: "Tartines de pain complet, beurre et un verre de lait demi-écrémé", EN: "Wholemeal toast with butter and a glass of semi-skimmed milk"}, r.Name,
		"the milk is the protein of the breakfast: the name shows it")
	require.Contains(t, r.Steps.FR, "Faites griller le pain complet et tartinez de beurre, puis de confiture de fraises.")
	require.Contains(t, r.Steps.FR, "Servez le lait demi-écrémé dans un verre.")

	r = texts(t, nutrition.Breakfast, 1, 32004, 60, 19041, 200, 13039, 120)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Dans un bol, mettez le muesli et la pomme, puis versez le lait demi-écrémé"))
	require.Empty(t, stepWith(r.Steps.FR, "dans un verre"))
	require.Equal(t, nutrition.Text{FR: "Muesli au lait et pomme", EN: "Muesli with milk and apple"}, r.Name, "cereal with milk poured over it")
	require.Contains(t, r.Steps.FR, "Lavez la pomme, retirez le trognon et coupez-la en dés.")
}

// Steps name foods, never quantities, so they stay true after an edit: only water ratios, times
// and, for a cooked food bought dry or raw, the grams to weigh per 100 g of it carry numbers.
func TestStepsNeverShowQuantities(t *testing.T) {
	t.Parallel()
	grams := regexp.MustCompile(`\d\s?(g|kg|ml|cl)\b`)
	perHundred := regexp.MustCompile(`comptez \d+` + nb + `g d[e’] ?.* pour 100` + nb + `g d|allow \d+ g of .* per 100 g of cooked`)
	for _, r := range randomRecipes(t, 150) {
		for _, s := range append(append([]string{}, r.Steps.FR...), r.Steps.EN...) {
			s = perHundred.ReplaceAllString(s, "")
			s = strings.ReplaceAll(strings.ReplaceAll(s, "pour 100"+nb+"g", ""), "per 100 g", "")
			require.NotRegexp(t, grams, s, "%s", r.Name.EN)
		}
	}
}

// Names read as a cook writes them: no table words, ligatures, elision, a "poêlé" name only
// when a step pan-fries.
func TestNamesReadAsACookWrites(t *testing.T) {
	t.Parallel()
	// Go's \b knows only ASCII letters: "précuit" must not read as "cuit".
	tableFR := regexp.MustCompile(`(?i)(^|[\s’])(crue?s?|cuite?s?|appertisée?s?|égouttée?s?|préemballée?s?|sèche?s?|surgelée?s?|oeufs?|boeuf|ou|aliment moyen|sans précision|MG)($|[\s,])|'|\(|,\s*$`)
	tableEN := regexp.MustCompile(`(?i)\b(raw|canned|drained|prepacked|average|or)\b|\(`)
	elision := regexp.MustCompile(`(?i)\b(de|le|la) [aeiouéèêœh]`)
	broken := regexp.MustCompile(`  | ,|\.\.|%!|\x{FFFD}|^\s|\s$| \.|(?i)\bthe the\b|(^|\s)(de|à) les? `)
	recipes := randomRecipes(t, 300)
	require.Greater(t, len(recipes), 250)
	for _, r := range recipes {
		for _, s := range append(append([]string{r.Name.FR, r.Name.EN}, r.Steps.FR...), r.Steps.EN...) {
			require.NotRegexp(t, broken, s, "du, des, au, aux; no formatting slip")
		}
		require.NotRegexp(t, tableFR, strings.ReplaceAll(r.Name.FR, "ambon cru", "ambon"), "cured ham is jambon cru")
		require.NotRegexp(t, tableEN, r.Name.EN)
		if m := elision.FindString(r.Name.FR); m != "" {
			require.Contains(t, []string{"de h", "le h", "la h"}, strings.ToLower(m), "elide before a vowel: %s", r.Name.FR)
		}
		if strings.Contains(r.Name.FR, "poêlé") {
			// "à la poêle", or "dans un peu d'huile … à feu moyen" when the recipe has a fat.
			require.True(t, len(stepWith(r.Steps.FR, "poêle")) > 0 || len(stepWith(r.Steps.FR, "dans un peu d", "à feu moyen")) > 0 ||
				len(stepWith(r.Steps.FR, "saisir", "dans un peu d", "à feu vif")) > 0,
				"a pan-fried name needs a pan: %s", r.Name.FR)
		}
		if strings.Contains(r.Name.FR, "vapeur") {
			require.NotEmpty(t, stepWith(r.Steps.FR, "vapeur"), r.Name.FR)
		}
		for _, s := range r.Steps.FR {
			require.NotContains(t, s, "'", "typographic apostrophe")
			require.NotContains(t, s, " :", "narrow no-break space before a colon")
			require.NotContains(t, s, " ;")
			require.NotRegexp(t, `(?i)\boeuf`, s)
		}
		require.NotContains(t, r.Name.FR, "'")
	}

	// Elision and ligatures in the names themselves.
	r := texts(t, nutrition.Breakfast, 1, 22000, 120, 7110, 60, 16400, 10)
	require.Equal(t, nutrition.Text{FR: "Œufs brouillés et pain grillé", EN: "Scrambled eggs with toast"}, r.Name)
	var plate string
	for seed := uint64(0); seed < 30 && plate == ""; seed++ {
		cat, _ := shipped(t)
		rr := nutrition.Recipe{Category: nutrition.LunchDinner, Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: 22000, Grams: 120}, {FoodCode: 20059, Grams: 150}}}
		nutrition.WriteTexts(&rr, map[int]nutrition.Food{22000: cat[22000], 20059: cat[20059]}, seed)
		if strings.HasPrefix(rr.Name.FR, "Assiette") {
			plate = rr.Name.FR
		}
	}
	require.Equal(t, "Assiette d’œufs durs et épinards", plate)
	r = texts(t, nutrition.Snack, 1, 19593, 125, 32140, 30)
	require.Equal(t, "Bol de yaourt nature et flocons d’avoine", r.Name.FR, "no elision before y")
}

// Duration follows the steps: cookings side by side, the longest one counts, soaking does not.
func TestDurationFollowsTheSteps(t *testing.T) {
	t.Parallel()
	bowl := texts(t, nutrition.Breakfast, 1, 19593, 125, 13005, 100)
	rice := texts(t, nutrition.LunchDinner, 1, 9100, 70, 36017, 150, 20057, 150)
	riceOnly := texts(t, nutrition.LunchDinner, 1, 9100, 70)
	brown := texts(t, nutrition.LunchDinner, 1, 9102, 70, 36017, 150, 20057, 150)
	beans := texts(t, nutrition.LunchDinner, 1, 20516, 70, 20057, 150)
	require.LessOrEqual(t, bowl.DurationMin, 10)
	require.Less(t, rice.DurationMin, riceOnly.DurationMin+15, "the chicken cooks while the rice simmers")
	require.Greater(t, brown.DurationMin, rice.DurationMin, "brown rice takes longer")
	require.GreaterOrEqual(t, beans.DurationMin, 90)
	require.Less(t, beans.DurationMin, 8*60, "the overnight soak is not cooking time")
	for _, r := range []nutrition.Recipe{bowl, rice, beans} {
		require.Zero(t, r.DurationMin%5)
	}
	cat, _ := shipped(t)
	foods := map[int]nutrition.Food{19593: cat[19593], 13005: cat[13005]}
	require.Equal(t, bowl.DurationMin, nutrition.DurationFor(nutrition.Breakfast, bowl.Ingredients, foods, 1), "DurationFor matches the steps")
}

// The override table names only foods that exist, and generated recipes get their duration from
// their steps.
func TestGeneratedRecipesCarryTheirTexts(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	rs, err := nutrition.NewBuiltin(pt).Generate(context.Background(), nutrition.GenerateRequest{
		Foods: foodsOf(t, 36017, 9100, 20057, 17270), Category: nutrition.LunchDinner, Servings: 2,
		Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}, Seed: 3})
	require.NoError(t, err)
	r := rs[0]
	require.NotEmpty(t, r.Name.FR)
	require.NotEmpty(t, stepWith(r.Steps.FR, "Rincez le riz"), "raw rice is boiled, never reheated")
	require.Empty(t, stepWith(r.Steps.FR, "Réchauffez le riz"))
	require.Positive(t, r.DurationMin)
}

func TestShortName(t *testing.T) {
	t.Parallel()
	require.Equal(t, "poulet", nutrition.ShortName("Poulet, filet sans peau cru"))
	require.Equal(t, "lentille", nutrition.ShortName("Lentille, bouillie/cuite à l'eau (aliment moyen)"))
	require.Equal(t, "UHT milk", nutrition.ShortName("UHT milk, semi-skimmed"))
	require.Equal(t, "œuf", nutrition.ShortName("Oeuf cru"))
	require.Equal(t, "riz thaï", nutrition.ShortName("Riz thaï ou basmati, cru"))
	require.Equal(t, "beurre", nutrition.ShortName("Beurre à 80% MG minimum, doux"))
}

// seedOffset varies the random meal preps only when a person looks at other samples.
var seedOffset uint64 = 9

// randomRecipes generates recipes from random meal preps of the catalogue.
func randomRecipes(t *testing.T, n int) []nutrition.Recipe {
	t.Helper()
	cat, pt := shipped(t)
	pool := nutritiontest.UsableFoods(cat)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(19, seedOffset))
	var out []nutrition.Recipe
	for range n {
		// A plate of the meal from random catalog foods (the meal rules refuse most random
		// sets since the meal rules), so the texts meet every kind.
		c := nutritiontest.Category(rng)
		foods, target := nutritiontest.PlateCase(rng, pool, 6, c)
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Target: target,
			Category: c, Seed: rng.Int64(), Servings: 1 + rng.IntN(3)})
		if err != nil {
			continue
		}
		out = append(out, rs...)
	}
	return out
}

// Every food of a recipe appears in its steps, whatever the mix (two fats, a spread without
// bread, a drink).
func TestStepsNameEveryFood(t *testing.T) {
	t.Parallel()
	r := texts(t, nutrition.LunchDinner, 1, 36017, 150, 9100, 70, 17270, 10, 16400, 10)
	require.NotEmpty(t, stepWith(r.Steps.FR, "le poulet", "d’huile d’olive"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "beurre"), "the second fat has a step")
	r = texts(t, nutrition.Snack, 1, 19593, 125, 15202, 15, 2070, 150)
	require.NotEmpty(t, stepWith(r.Steps.FR, "beurre de cacahuète"))
	require.NotEmpty(t, stepWith(r.Steps.FR, "jus d’orange", "verre"))
}
