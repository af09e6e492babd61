package nutrition

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gamelle/gamelle/domain/fault"
)

// Allergen is one of the 14 substances EU regulation 1169/2011 (Annex II) requires a food to
// declare. The ids are a contract of the command line and the pages.
type Allergen string

// The 14 allergens, in Annex II's order.
const (
	AllergenGluten      Allergen = "gluten"
	AllergenCrustaceans Allergen = "crustaceans"
	AllergenEggs        Allergen = "eggs"
	AllergenFish        Allergen = "fish"
	AllergenPeanuts     Allergen = "peanuts"
	AllergenSoy         Allergen = "soy"
	AllergenMilk        Allergen = "milk"
	AllergenNuts        Allergen = "nuts"
	AllergenCelery      Allergen = "celery"
	AllergenMustard     Allergen = "mustard"
	AllergenSesame      Allergen = "sesame"
	AllergenSulphites   Allergen = "sulphites"
	AllergenLupin       Allergen = "lupin"
	AllergenMolluscs    Allergen = "molluscs"
)

// Allergens lists the 14 in Annex II's order.
var Allergens = []Allergen{AllergenGluten, AllergenCrustaceans, AllergenEggs, AllergenFish, AllergenPeanuts, AllergenSoy,
	AllergenMilk, AllergenNuts, AllergenCelery, AllergenMustard, AllergenSesame, AllergenSulphites, AllergenLupin, AllergenMolluscs}

// allergenNames are Annex II's names, as the French and English versions of the regulation
// write them.
var allergenNames = map[Allergen]Text{
	AllergenGluten:      {FR: "céréales contenant du gluten", EN: "cereals containing gluten"},
	AllergenCrustaceans: {FR: "crustacés", EN: "crustaceans"},
	AllergenEggs:        {FR: "œufs", EN: "eggs"},
	AllergenFish:        {FR: "poissons", EN: "fish"},
	AllergenPeanuts:     {FR: "arachides", EN: "peanuts"},
	AllergenSoy:         {FR: "soja", EN: "soybeans"},
	AllergenMilk:        {FR: "lait", EN: "milk"},
	AllergenNuts:        {FR: "fruits à coque", EN: "nuts"},
	AllergenCelery:      {FR: "céleri", EN: "celery"},
	AllergenMustard:     {FR: "moutarde", EN: "mustard"},
	AllergenSesame:      {FR: "graines de sésame", EN: "sesame seeds"},
	AllergenSulphites:   {FR: "anhydride sulfureux et sulfites", EN: "sulphur dioxide and sulphites"},
	AllergenLupin:       {FR: "lupin", EN: "lupin"},
	AllergenMolluscs:    {FR: "mollusques", EN: "molluscs"},
}

// Name is the allergen's name in both languages.
func (a Allergen) Name() Text { return allergenNames[a] }

// ErrUnknownAllergen is an id that is not one of the 14.
var ErrUnknownAllergen = fault.New(fault.Invalid, "allergens", "profile.error.allergens", "nutrition: unknown allergen")

// ParseAllergens checks ids against the 14 and returns them in Annex II's order, once each.
func ParseAllergens(ids []string) ([]Allergen, error) {
	seen := map[Allergen]bool{}
	for _, id := range ids {
		a := Allergen(strings.TrimSpace(id))
		if _, ok := allergenNames[a]; !ok {
			return nil, fmt.Errorf("%w: %q", ErrUnknownAllergen, id)
		}
		seen[a] = true
	}
	out := []Allergen{}
	for _, a := range Allergens {
		if seen[a] {
			out = append(out, a)
		}
	}
	return out, nil
}

// The allergen table (docs/nutrition.md, "Allergens"). It is conservative: a food whose recipe
// is unknown (a ready dish, a cake, a sauce, a sausage) counts as containing what such a food
// usually may contain, and a word of its name adds what it names. A person who declares an
// allergen may lose a food that would have been safe; never the other way round.
var (
	// mayContain are the allergens a composite food of a subgroup may hold, its recipe unknown.
	mayContain = map[string][]Allergen{
		"dishes":                              {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"mixed salads":                        {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"pizzas, crepe and pies":              {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"sandwiches":                          {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites, AllergenSesame},
		"savoury pastries and other starters": {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"soups":                               {AllergenGluten, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"baby dishes":                         {AllergenGluten, AllergenEggs, AllergenMilk, AllergenCelery},
		"baby deserts":                        {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy},
		"baby biscuits and cereals":           {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenNuts},
		"baby milk and beverages":             {AllergenMilk, AllergenSoy},
		"cakes and pastry":                    {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSesame},
		"Viennese pastries":                   {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSesame},
		"sweet biscuits":                      {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSesame},
		"savoury biscuits":                    {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSesame, AllergenMustard, AllergenCelery},
		"pastry dough":                        {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy},
		"cereal bars":                         {AllergenGluten, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSesame},
		"breakfast cereals":                   {AllergenGluten, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts},
		"chocolate and chocolate products":    {AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenGluten},
		"non-chocolate confectionery":         {AllergenGluten, AllergenMilk, AllergenEggs, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenSulphites},
		"ice cream":                           {AllergenMilk, AllergenEggs, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenGluten},
		"frozen desserts":                     {AllergenMilk, AllergenEggs, AllergenSoy, AllergenNuts, AllergenPeanuts, AllergenGluten},
		"sauces":                              {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"cooking aids":                        {AllergenGluten, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"condiments":                          {AllergenMustard, AllergenSulphites},
		"plant-based spreads":                 {AllergenSoy, AllergenNuts, AllergenSesame, AllergenMustard, AllergenCelery},
		"ingredients for vegetarian":          {AllergenSoy, AllergenGluten, AllergenEggs, AllergenMilk, AllergenLupin},
		"foods for particular nutritional uses": {AllergenGluten, AllergenMilk, AllergenSoy, AllergenNuts, AllergenPeanuts,
			AllergenEggs},
		"other meat products":           {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"delicatessen meat and similar": {AllergenGluten, AllergenEggs, AllergenMilk, AllergenSoy, AllergenCelery, AllergenMustard, AllergenSulphites},
		"margarines":                    {AllergenMilk, AllergenSoy},
		"alcoholic beverages":           {AllergenSulphites},
	}
	// plainDeli are cured meats of one ingredient and salt, for which the deli subgroup's
	// "may contain" would be wrong.
	plainDeli = []string{"jambon cru", "jambon sec", "jambon de bayonne", "jambon de parme", "lardons", "lardon", "poitrine", "bacon", "bresaola", "viande des grisons", "viande séchée"}

	// notAllergens are phrases whose words would read as an allergen but name something else,
	// each replaced by what it is before the words are read: coconut and nutmeg are not
	// Annex II's nuts, cocoa and shea butter hold no milk, fish roe is fish and not hens' eggs,
	// "noix de veau" is a cut of meat, butter beans and gooseberries ("groseille à maquereau")
	// are plants.
	notAllergens = map[string]string{"noix de coco": "coco", "lait de coco": "coco", "crème de coco": "coco", "noix de muscade": "muscade",
		"noix de veau": "veau", "noix de jambon": "jambon", "noix de porc": "porc", "noix de bœuf": "bœuf", "noix de boeuf": "bœuf",
		"gîte à la noix": "gîte", "veau noix": "veau", "noix pâtissière": "veau", "noix de saint jacques": "saint jacques",
		"noix de st jacques": "saint jacques", "amande immature": "coco", "beurre de cacao": "cacao", "beurre de karité": "karité",
		"beurre de cacahuète": "cacahuète", "beurre d arachide": "arachide", "pâte d arachide": "arachide", "lait de soja": "soja",
		"lait d amande": "amande", "lait de riz": "riz", "lait d avoine": "avoine", "crème de soja": "soja",
		"œufs de lump": "poisson", "oeufs de lump": "poisson", "œufs de poisson": "poisson", "oeufs de poisson": "poisson",
		"œufs de saumon": "saumon", "oeufs de saumon": "saumon", "œufs de cabillaud": "cabillaud", "oeufs de cabillaud": "cabillaud",
		"sucre glace": "sucre", "glace à l eau": "sorbet", "haricot beurre": "haricot", "groseille à maquereau": "groseille",
		"pomme de lait": "caïmite", "pomme cajou": "fruit", "fruit à pain": "fruit", "légumes pour couscous": "légumes",
		"farine de pulpe": "pulpe", "pomme de terre noisette": "pomme de terre", "pousse de soja": "pousse de haricot mungo",
		"coconut": "coco", "nutmeg": "muscade", "cocoa butter": "cacao", "shea butter": "karité", "peanut butter": "peanut",
		"fish roe": "fish", "icing sugar": "sugar", "butter bean": "bean", "oyster mushroom": "mushroom", "cashew apple": "fruit",
		"milk truit": "fruit", "ice lolly": "sorbet", "noisette potato": "potato", "little lumps": "pieces",
		"vegetables for couscous": "vegetables", "sweet potato flour": "sweet potato"}
	// allergenWords: whole words of the French or English name (a plural in -s or -x too) and
	// what they name.
	allergenWords = []struct {
		words []string
		a     []Allergen
	}{
		{[]string{"blé", "froment", "seigle", "orge", "avoine", "épeautre", "kamut", "triticale", "boulgour", "couscous", "semoule", "pâtes", "pain", "farine", "chapelure", "biscotte", "seitan", "malt", "bière", "nouille", "vermicelle", "gnocchi", "ravioli", "lasagne", "cannelloni", "tortellini", "crêpe", "gaufre", "brioche", "croissant", "quiche", "tarte", "pizza", "muesli", "granola", "taboulé", "wheat", "rye", "barley", "oat", "oatmeal", "spelt", "bulgur", "semolina", "bread", "flour", "pasta", "noodle", "beer"}, []Allergen{AllergenGluten}},
		{[]string{"œuf", "oeuf", "mayonnaise", "meringue", "brioche", "crêpe", "gaufre", "quiche", "omelette", "flan", "madeleine", "aïoli", "egg"}, []Allergen{AllergenEggs}},
		{[]string{"lait", "fromage", "beurre", "crème", "yaourt", "yogourt", "petit suisse", "babeurre", "lactosérum", "béchamel", "gratin", "mozzarella", "parmesan", "emmental", "comté", "ricotta", "mascarpone", "feta", "raclette", "tzatziki", "glace", "milk", "cheese", "butter", "cream", "yoghurt", "yogurt", "whey"}, []Allergen{AllergenMilk}},
		{[]string{"poisson", "thon", "saumon", "sardine", "maquereau", "anchois", "cabillaud", "colin", "lieu", "merlu", "truite", "hareng", "sole", "bar", "dorade", "daurade", "flétan", "églefin", "haddock", "limande", "lotte", "merlan", "raie", "rouget", "sandre", "surimi", "tarama", "caviar", "nuoc", "worcestershire", "brandade", "fish", "tuna", "salmon", "mackerel", "anchovy", "anchovie", "cod", "herring", "trout"}, []Allergen{AllergenFish}},
		{[]string{"crevette", "crabe", "homard", "langouste", "langoustine", "écrevisse", "gambas", "fruits de mer", "surimi", "shrimp", "prawn", "crab", "lobster", "crayfish"}, []Allergen{AllergenCrustaceans}},
		{[]string{"moule", "huître", "coquille", "saint jacques", "pétoncle", "palourde", "bulot", "bigorneau", "calmar", "calamar", "encornet", "seiche", "poulpe", "escargot", "ormeau", "fruits de mer", "mussel", "oyster", "scallop", "clam", "squid", "octopus", "snail", "whelk", "cuttlefish"}, []Allergen{AllergenMolluscs}},
		{[]string{"arachide", "cacahuète", "cacahouète", "peanut"}, []Allergen{AllergenPeanuts}},
		{[]string{"soja", "tofu", "tempeh", "edamame", "miso", "tamari", "soy", "soya"}, []Allergen{AllergenSoy}},
		{[]string{"amande", "noisette", "noix", "cajou", "pécan", "pistache", "macadamia", "praliné", "praline", "nougat", "frangipane", "massepain", "pâte à tartiner", "gianduja", "fruits à coque", "almond", "hazelnut", "walnut", "cashew", "pecan", "pistachio", "brazil nut", "macadamia"}, []Allergen{AllergenNuts}},
		{[]string{"céleri", "celery", "celeriac"}, []Allergen{AllergenCelery}},
		{[]string{"moutarde", "vinaigrette", "mayonnaise", "rémoulade", "mustard"}, []Allergen{AllergenMustard}},
		{[]string{"sésame", "tahin", "tahini", "houmous", "hummus", "halva", "sesame"}, []Allergen{AllergenSesame}},
		{[]string{"vin", "vinaigre", "cidre", "champagne", "bière", "cornichon", "moutarde", "wine", "vinegar", "cider", "beer"}, []Allergen{AllergenSulphites}},
		{[]string{"lupin"}, []Allergen{AllergenLupin}},
	}
	// glutenFreeCereals: a grain, flour, pasta or bread of these alone holds no gluten.
	glutenFreeCereals = []string{"de riz", "de maïs", "de sarrasin", "sans gluten", "de quinoa", "de châtaigne", "de pois chiche", "de millet", "de soja", "de lupin", "de patate douce", "de manioc", "de teff"}
	// glutenCereals are Annex II's cereals by name.
	glutenCereals = []string{"blé", "froment", "épeautre", "seigle", "orge", "avoine", "kamut", "triticale"}
	// notNutSeeds are seeds filed among nuts that are not Annex II's tree nuts (each its own
	// allergen or none).
	notNutSeeds = []string{"arachide", "cacahuète", "sésame", "tahin", "tournesol", "courge", "lin", "chia", "pavot", "chanvre", "luzerne", "pignon", "châtaigne", "marron", "soja", "coco", "peanut"}
)

// normalName is a name as words between spaces, lower case, without punctuation, with the
// phrases of notAllergens struck out: " noix du brésil ou noix d amazonie sans sel ajouté ".
func normalName(s string) string {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
	out := " " + strings.Join(fields, " ") + " "
	for p, is := range notAllergens {
		out = strings.ReplaceAll(out, " "+p+" ", " "+is+" ")
	}
	return out
}

// mentions reports whether one of the words (or its plural in -s or -x) is a whole word of n.
func mentions(n string, words []string) bool {
	for _, w := range words {
		w = strings.Join(strings.FieldsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }), " ")
		if strings.Contains(n, " "+w+" ") || strings.Contains(n, " "+w+"s ") || strings.Contains(n, " "+w+"x ") {
			return true
		}
	}
	return false
}

// AllergensOf is what the food contains or may contain of the 14, in Annex II's order
// (docs/nutrition.md, "Allergens"). A person's own food is read by its name like any other.
func AllergensOf(f Food) []Allergen {
	fr, en := normalName(f.Name.FR), normalName(f.Name.EN)
	both := fr + "|" + en
	has := map[Allergen]bool{}
	add := func(as ...Allergen) {
		for _, a := range as {
			has[a] = true
		}
	}
	for _, w := range allergenWords {
		if mentions(both, w.words) {
			add(w.a...)
		}
	}
	addBySubgroup(f, fr, both, has)
	plain := (f.Subgroup == "delicatessen meat and similar" && mentions(fr, plainDeli)) ||
		(f.Subgroup == "ingredients for vegetarian" && mentions(fr, []string{"tofu nature", "tofu soyeux", "tempeh"}))
	if as, ok := mayContain[f.Subgroup]; ok && !plain {
		add(as...)
	}
	if f.Group == "ice cream and sorbet" && f.Subgroup == "" {
		add(mayContain["ice cream"]...)
	}
	if f.Subgroup == "fruits" && mentions(fr, []string{"sec", "sèche", "séché", "séchée", "confit", "confite"}) {
		add(AllergenSulphites) // dried and candied fruit are usually sulphited
	}
	switch f.Subgroup {
	case "pasta, rice and grains", "flours":
		// Rice, maize, buckwheat and the like hold no gluten unless a gluten cereal is named.
		if mentions(fr, glutenFreeCereals) && !mentions(fr, glutenCereals) {
			delete(has, AllergenGluten)
		}
	case "vegetable oils":
		delete(has, AllergenSoy) // Annex II exempts fully refined soybean oil
	}
	out := []Allergen{}
	for _, a := range Allergens {
		if has[a] {
			out = append(out, a)
		}
	}
	return out
}

// ContainsAny reports whether the food contains or may contain one of the allergens.
func ContainsAny(f Food, allergens []Allergen) bool {
	if len(allergens) == 0 {
		return false
	}
	for _, a := range AllergensOf(f) {
		if slices.Contains(allergens, a) {
			return true
		}
	}
	return false
}

// addBySubgroup adds what the food's CIQUAL subgroup holds by itself: fish, shellfish, eggs,
// milk (not a plant drink), gluten (bread), nuts (not a seed of another allergen or none).
func addBySubgroup(f Food, fr, both string, has map[Allergen]bool) {
	switch f.Subgroup {
	case "fish, raw", "fish, cooked", "fish products", "fish oils":
		has[AllergenFish] = true
	case "seafood, raw", "seafood, cooked":
		if !has[AllergenCrustaceans] && !has[AllergenMolluscs] {
			has[AllergenCrustaceans], has[AllergenMolluscs] = true, true // which shellfish, the name does not say
		}
	case "eggs":
		has[AllergenEggs] = true
	case "cheese and similar", "cream and similar", "dairy products", "milk", "butters":
		if !mentions(fr, []string{"boisson", "végétal", "végétale", "soja", "amande", "avoine", "riz", "coco"}) {
			has[AllergenMilk] = true
		}
	case "breads and similar", "pastry dough":
		has[AllergenGluten] = true
	case "nuts and seeds":
		if !mentions(both, notNutSeeds) || mentions(both, []string{"fruits à coque", "mélange apéritif"}) {
			has[AllergenNuts] = true // an apéritif mix names no nut in particular
		}
	}
}
