package nutrition

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Culinary names: the short name a cook writes for a food ("riz", "lentilles corail", "flocons
// d’avoine"), never the table's words ("cru", "ou basmati", "appertisé", "égoutté"). The ~60
// foods people buy most have a name of their own, keyed by CIQUAL code; every other food gets
// its name from CIQUAL's wording by the rules of culinaryFromTable.

// nm, nf, nmp and nfp build the override table: masculine or feminine, singular or plural.
func nm(fr, en string) noun  { return noun{FR: fr, EN: en} }
func nf(fr, en string) noun  { return noun{FR: fr, EN: en, fem: true} }
func nmp(fr, en string) noun { return noun{FR: fr, EN: en, plural: true} }
func nfp(fr, en string) noun { return noun{FR: fr, EN: en, fem: true, plural: true} }

// culinaryNames are the names of the most common foods, by CIQUAL code.
var culinaryNames = map[int]noun{
	// Grains and starches.
	9100: nm("riz", "rice"), 9104: nm("riz", "rice"), 9101: nm("riz étuvé", "parboiled rice"),
	9105: nm("riz étuvé", "parboiled rice"), 9102: nm("riz complet", "brown rice"), 9103: nm("riz complet", "brown rice"),
	9119: nm("riz basmati", "basmati rice"), 9125: nm("riz basmati", "basmati rice"), 9124: nm("riz thaï", "Thai rice"),
	9340: nm("quinoa", "quinoa"), 9341: nm("quinoa", "quinoa"),
	9810: nfp("pâtes", "pasta"), 9811: nfp("pâtes", "pasta"), 9870: nfp("pâtes complètes", "wholewheat pasta"),
	9871: nfp("pâtes complètes", "wholewheat pasta"), 9821: nfp("pâtes aux œufs", "egg pasta"),
	9690: nm("boulgour", "bulgur"), 9691: nm("boulgour", "bulgur"),
	9681: nf("semoule", "couscous"), 9683: nf("semoule", "couscous"), 9614: nf("polenta", "polenta"),
	4008: nfp("pommes de terre", "potatoes"), 4023: nfp("pommes de terre nouvelles", "new potatoes"),
	4003: nfp("pommes de terre", "potatoes"), 4101: nf("patate douce", "sweet potato"), 4102: nf("patate douce", "sweet potato"),
	// Pulses.
	20535: nfp("lentilles corail", "red lentils"), 20589: nfp("lentilles corail", "red lentils"),
	20585: nfp("lentilles vertes", "green lentils"), 20587: nfp("lentilles vertes", "green lentils"),
	20359: nfp("lentilles", "lentils"), 20360: nfp("lentilles", "lentils"), 20510: nfp("lentilles", "lentils"),
	20516: nmp("pois chiches", "chickpeas"), 20507: nmp("pois chiches", "chickpeas"), 20532: nmp("pois chiches", "chickpeas"),
	20525: nmp("haricots rouges", "kidney beans"), 20503: nmp("haricots rouges", "kidney beans"), 20524: nmp("haricots rouges", "kidney beans"),
	20501: nmp("haricots blancs", "white beans"), 20502: nmp("haricots blancs", "white beans"), 20511: nmp("haricots blancs", "white beans"),
	20515: nmp("pois cassés", "split peas"), 20506: nmp("pois cassés", "split peas"),
	// Meat, fish, eggs, vegetarian proteins.
	36017: nm("poulet", "chicken"), 36039: nm("poulet", "chicken"), 36040: nm("poulet", "chicken"), 36003: nm("poulet", "chicken"),
	36024: nfp("cuisses de poulet", "chicken legs"), 36002: nfp("cuisses de poulet", "chicken legs"),
	36304: nf("escalope de dinde", "turkey escalope"), 36301: nf("dinde", "turkey"),
	6250: nm("steak haché", "minced beef"), 6252: nm("steak haché", "minced beef"), 6254: nm("steak haché", "minced beef"),
	6256: nm("steak haché", "minced beef"), 6201: nm("steak", "beef steak"), 6111: nm("faux-filet", "sirloin steak"),
	6206: nm("rumsteck", "rump steak"), 6231: nm("bœuf", "beef"),
	28204: nm("filet mignon de porc", "pork tenderloin"), 28100: nf("côte de porc", "pork chop"),
	28460: nf("escalope de porc", "pork escalope"), 28501: nmp("lardons", "bacon lardons"), 28720: nmp("lardons fumés", "smoked lardons"),
	28800: nm("jambon cru", "cured ham"), 28900: nm("jambon", "ham"),
	26036: nm("saumon", "salmon"), 26161: nm("saumon", "salmon"), 26043: nm("cabillaud", "cod"), 26129: nm("colin", "pollock"),
	26134: nm("lieu noir", "saithe"), 26044: nm("merlu", "hake"), 26037: nm("saumon fumé", "smoked salmon"),
	26696: nm("saumon fumé", "smoked salmon"), 26039: nm("thon", "tuna"), 26181: nm("thon", "tuna"), 26245: nm("thon", "tuna"),
	26180: nm("thon", "tuna"), 26034: nfp("sardines", "sardines"), 26040: nfp("sardines", "sardines"), 26123: nm("maquereau", "mackerel"),
	10021: nfp("crevettes", "prawns"), 10038: nfp("crevettes", "prawns"),
	22000: nmp("œufs", "eggs"), 22010: nmp("œufs durs", "hard-boiled eggs"), 22001: nmp("blancs d’œufs", "egg whites"),
	20904: nm("tofu", "tofu"), 20912: nm("tofu fumé", "smoked tofu"), 20917: nm("tempeh", "tempeh"),
	// Vegetables.
	20057: nm("brocoli", "broccoli"), 20204: nm("brocoli", "broccoli"), 20009: nfp("carottes", "carrots"), 20208: nfp("carottes", "carrots"),
	20020: nf("courgette", "courgette"), 20230: nf("courgette", "courgette"), 20059: nmp("épinards", "spinach"),
	20027: nmp("épinards", "spinach"), 20270: nfp("pousses d’épinards", "baby spinach"),
	20061: nmp("haricots verts", "green beans"), 20070: nmp("haricots verts", "green beans"), 20030: nmp("haricots verts", "green beans"),
	20062: nmp("haricots verts", "green beans"), 20016: nm("chou-fleur", "cauliflower"), 20082: nm("chou-fleur", "cauliflower"),
	20041: nm("poivron", "pepper"), 20087: nm("poivron rouge", "red pepper"), 20056: nmp("champignons", "mushrooms"),
	20010: nmp("champignons", "mushrooms"), 20031: nf("laitue", "lettuce"), 20272: nm("mesclun", "salad leaves"),
	20385: nfp("tomates", "tomatoes"), 20276: nfp("tomates", "tomatoes"), 20172: nfp("tomates cerises", "cherry tomatoes"),
	20137: nfp("tomates pelées", "peeled tomatoes"), 20048: nfp("tomates pelées", "peeled tomatoes"), 20169: nfp("tomates concassées", "chopped tomatoes"),
	20019: nm("concombre", "cucumber"), 20034: nm("oignon", "onion"), 20039: nm("poireau", "leek"),
	20072: nmp("petits pois", "peas"), 20084: nmp("petits pois", "peas"), 20036: nmp("petits pois", "peas"),
	20066: nm("maïs", "sweetcorn"), 20138: nf("courge butternut", "butternut squash"), 20044: nm("potiron", "pumpkin"),
	20053: nf("aubergine", "aubergine"), 13004: nm("avocat", "avocado"), 20058: nmp("choux de Bruxelles", "Brussels sprouts"),
	// Fruit.
	13005: nf("banane", "banana"), 13039: nf("pomme", "apple"), 13396: nf("pomme", "apple"), 13037: nf("poire", "pear"),
	13034: nf("orange", "orange"), 13024: nfp("clémentines", "clementines"), 13021: nm("kiwi", "kiwi"),
	13014: nfp("fraises", "strawberries"), 13015: nfp("framboises", "raspberries"), 13028: nfp("myrtilles", "blueberries"),
	13132: nfp("myrtilles", "blueberries"), 13136: nfp("framboises", "raspberries"), 13395: nm("raisin", "grapes"),
	13038: nf("compote de pommes", "apple compote"), 13046: nmp("raisins secs", "raisins"),
	// Dairy, cereals, bread.
	19644: nm("fromage blanc", "fromage blanc"), 19646: nm("fromage blanc", "fromage blanc"), 19711: nm("fromage blanc", "fromage blanc"),
	19501: nm("fromage blanc", "fromage blanc"), 19593: nm("yaourt nature", "plain yoghurt"), 19594: nm("yaourt nature", "plain yoghurt"),
	19860: nm("yaourt grec", "Greek yoghurt"), 19664: nmp("petits-suisses", "petits-suisses"),
	19041: nm("lait demi-écrémé", "semi-skimmed milk"), 19033: nm("lait demi-écrémé", "semi-skimmed milk"),
	19023: nm("lait entier", "whole milk"), 19050: nm("lait écrémé", "skimmed milk"),
	18900: nf("boisson au soja", "soy drink"), 18901: nf("boisson au soja", "soy drink"), 18113: nf("boisson au soja", "soy drink"),
	18899: nf("boisson à l’avoine", "oat drink"),
	32140: nmp("flocons d’avoine", "oats"), 9313: nm("porridge", "porridge"), 32004: nm("muesli", "muesli"), 32141: nm("muesli", "muesli"), 32139: nm("muesli", "muesli"),
	32110: nm("muesli", "muesli"), 32108: nm("granola", "granola"), 32005: nmp("pétales de maïs", "cornflakes"),
	7001: nm("pain", "bread"), 7000: nm("pain", "bread"), 7110: nm("pain complet", "wholemeal bread"),
	7100: nm("pain de campagne", "country bread"), 7111: nm("pain de mie complet", "wholemeal sandwich bread"),
	7200: nm("pain de mie", "sandwich bread"), 7300: nfp("biscottes", "rusks"), 7255: nm("pain aux céréales", "multigrain bread"),
	// Fats, sweeteners, nuts, cheese, sauces, drinks.
	16400: nm("beurre", "butter"), 16402: nm("beurre demi-sel", "salted butter"), 17270: nf("huile d’olive", "olive oil"),
	17130: nf("huile de colza", "rapeseed oil"), 17440: nf("huile de tournesol", "sunflower oil"),
	31008: nm("miel", "honey"), 31034: nm("sirop d’érable", "maple syrup"), 31024: nf("confiture de fraises", "strawberry jam"),
	31037: nf("confiture d’abricots", "apricot jam"), 31016: nm("sucre", "sugar"),
	15000: nfp("amandes", "almonds"), 15041: nfp("amandes", "almonds"), 15005: nfp("noix", "walnuts"), 15004: nfp("noisettes", "hazelnuts"),
	15054: nfp("noix de cajou", "cashews"), 15001: nfp("cacahuètes", "peanuts"), 15202: nm("beurre de cacahuète", "peanut butter"),
	12115: nm("emmental", "Emmental"), 12118: nm("emmental râpé", "grated Emmental"), 12120: nm("parmesan", "Parmesan"),
	12110: nm("comté", "Comté"), 12066: nf("feta", "feta"), 19590: nf("mozzarella", "mozzarella"),
	12001: nm("camembert", "Camembert"), 12805: nm("chèvre frais", "fresh goat’s cheese"), 12803: nm("crottin de chèvre", "goat’s cheese"),
	11104: nf("sauce soja", "soy sauce"), 11013: nf("moutarde", "mustard"), 25621: nm("houmous", "hummus"),
	2070: nm("jus d’orange", "orange juice"), 2013: nm("jus d’orange", "orange juice"), 2012: nm("jus d’orange", "orange juice"),
	31074: nm("chocolat noir", "dark chocolate"),
}

var (
	parens = regexp.MustCompile(`\s*\([^)]*\)`)
	// cookedHow: "bouillis/cuits à l’eau", "rôti/cuit au four", "grillé/poêlé" at the end of a name.
	cookedHow = regexp.MustCompile(`\s+\S+/\S+(\s+(à l’eau|au four|à la vapeur))?$`)
	// slashed keeps the first of "sautée/poêlée", "maize/corn".
	slashed  = regexp.MustCompile(`([^\s/]+)(/[^\s/]+)+`)
	fatShare = regexp.MustCompile(`(?i)\s*(à\s+)?\d+([,.]\d+)?\s*%\s*(mg|fat|de cacao|cocoa)?.*$`)
	// tableWordsFR are the table's words for a food's state or packing, never a cook's.
	tableWordsFR = []string{"crue", "crues", "crus", "cru", "cuite", "cuites", "cuits", "cuit", "sèche", "sèches", "secs", "sec",
		"appertisée", "appertisées", "appertisés", "appertisé", "égouttée", "égouttées", "égouttés", "égoutté",
		"préemballée", "préemballées", "préemballés", "préemballé", "nature", "surgelée", "surgelées", "surgelés", "surgelé",
		"à cuire", "bouillie/cuite à l’eau", "bouilli/cuit à l’eau", "sans précision", "aliment moyen", "sans sel ajouté"}
	tableWordsEN = []string{"raw", "cooked", "dried", "dry", "canned", "drained", "prepacked", "plain", "frozen", "to cook",
		"boiled/cooked in water", "average", "no added salt", "average food"}
	// notACut: second parts of a meat name that are not a cut ("Poulet, viande crue").
	notACut = []string{"viande", "viande et peau", "chair", "élevage", "sauvage", "tout type", "sans précision"}
)

// cleanWords removes table words at the end of a name part, then trims.
func cleanWords(s string, words []string) string {
	s = strings.TrimSpace(cookedHow.ReplaceAllString(fatShare.ReplaceAllString(s, ""), ""))
	s = slashed.ReplaceAllString(strings.TrimSpace(strings.SplitN(s, "(", 2)[0]), "$1")
	for changed := true; changed; {
		changed = false
		low := strings.ToLower(s)
		for _, w := range words {
			if low == w {
				return ""
			}
			if strings.HasSuffix(low, " "+w) {
				s = strings.TrimSpace(s[:len(s)-len(w)-1])
				changed = true
				break
			}
		}
	}
	return s
}

// firstAlternative keeps "riz thaï" of "riz thaï ou basmati".
func firstAlternative(s, or string) string {
	if i := strings.Index(s, or); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

func lowerFirst(s string) string {
	if s == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(s)
	// Keep acronyms ("UHT") in capitals: only when the second letter is one too.
	if r2, _ := utf8.DecodeRuneInString(s[size:]); unicode.IsUpper(r2) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// culinaryName is the name a cook writes for f, in both languages, with its French gender.
func culinaryName(f Food) noun {
	if n, ok := culinaryNames[f.Code]; ok {
		return n
	}
	return culinaryFromTable(f)
}

// culinaryFromTable derives a cook's name from CIQUAL's: the part before the first comma, its
// first alternative ("Riz thaï ou basmati" → "riz thaï"), without state or packing words
// ("Oeuf cru" → "œuf"), with ligatures; for meat, the cut first ("Dinde, escalope crue" →
// "escalope de dinde", "turkey escalope").
func culinaryFromTable(f Food) noun {
	// CleanNameFR again: a database imported before a correction still holds the slip.
	fr := ligatures(strings.ReplaceAll(parens.ReplaceAllString(CleanNameFR(f.Name.FR), ""), "'", "’"))
	en := parens.ReplaceAllString(f.Name.EN, "")
	frParts, enParts := strings.Split(fr, ","), strings.Split(en, ",")
	head := strings.TrimSpace(frParts[0])
	for _, cut := range []string{" ou ", " et/ou ", " à base de ", " à base d’", " avec ", " à teneur ", " enrichi", " allégé", " non affiné", " sans précision"} {
		head = firstAlternative(head, cut)
	}
	if KindOf(f) == KindCheese {
		// "Fromage à pâte pressée cuite type emmental" is emmental; "Fromage de chèvre à pâte
		// molle…" is fromage de chèvre.
		if i := strings.Index(head, " type "); i > 0 {
			head = head[i+len(" type "):]
		}
		head = firstAlternative(head, " à pâte ")
	}
	head = cleanWords(head, tableWordsFR)
	headEN := strings.TrimSpace(enParts[0])
	for _, cut := range []string{" or ", " and/or ", " made from ", " with "} {
		headEN = firstAlternative(headEN, cut)
	}
	headEN = cleanWords(headEN, tableWordsEN)
	for _, w := range []string{"drained ", "canned ", "raw ", "prepacked "} {
		if strings.HasPrefix(strings.ToLower(headEN), w) {
			headEN = headEN[len(w):]
		}
	}
	if head == "" {
		head = strings.TrimSpace(frParts[0])
	}
	if headEN == "" {
		headEN = strings.TrimSpace(enParts[0])
	}
	head = lowerFirst(head)
	if first, _, _ := strings.Cut(headEN, " "); !slicesContain(placeNamesEN, first) { // "Toulouse sausage" keeps its capital
		headEN = lowerFirst(headEN)
	}
	out := noun{FR: head, EN: headEN}
	if f.Subgroup == "raw meat" || f.Subgroup == "cooked meat" {
		out = meatName(out, frParts, enParts)
	}
	out.fem, out.plural = genderFR(out.FR)
	return out
}

// meatName names a cut or an offal with its animal: "Foie, poulet, cru" is foie de poulet
// (chicken liver), "Dinde, escalope crue" escalope de dinde (turkey escalope), "Boeuf, à
// bourguignon" bœuf à bourguignon. out holds the head words of both names.
func meatName(out noun, frParts, enParts []string) noun {
	head, headEN := out.FR, out.EN
	offal := []string{"foie", "cœur", "rognon", "langue", "cervelle", "gésier", "ris", "tripes", "joue", "queue", "pied", "tête"}
	if len(frParts) > 1 && slicesContain(offal, strings.ToLower(head)) {
		// "Foie, poulet, cru" is foie de poulet, chicken liver.
		animal := lowerFirst(cleanWords(strings.TrimSpace(frParts[1]), tableWordsFR))
		animalEN := ""
		if len(enParts) > 1 {
			animalEN = lowerFirst(cleanWords(strings.TrimSpace(enParts[1]), tableWordsEN))
		}
		if animal != "" && !strings.Contains(animal, " ") {
			out.FR = head + " " + noun{FR: animal}.de()
			if animalEN != "" {
				out.EN = animalEN + " " + headEN
			}
		}
	} else if len(frParts) > 1 {
		cut := lowerFirst(cleanWords(firstAlternative(strings.TrimSpace(frParts[1]), " ou "), tableWordsFR))
		cut = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(cut, " sans peau"), " avec peau"))
		cutEN := ""
		if len(enParts) > 1 {
			cutEN = lowerFirst(cleanWords(firstAlternative(strings.TrimSpace(enParts[1]), " or "), tableWordsEN))
		}
		switch {
		case strings.HasPrefix(cut, "à "):
			// "Boeuf, à bourguignon ou pot-au-feu" is bœuf à bourguignon.
			out.FR = head + " " + cut
		case cut != "" && !hasAny(cut, notACut) && len(strings.Fields(cut)) <= 3 && !strings.Contains(cut, "/"):
			animal := noun{FR: head}
			out.FR = cut + " " + animal.de()
			if cutEN != "" && !strings.Contains(cutEN, "/") {
				out.EN = headEN + " " + cutEN
			}
		}
	}
	return out
}

// Exceptions to the French gender rule of genderFR (feminine when the head word ends in -e or -a).
var (
	mascE = []string{"fromage", "beurre", "légume", "concombre", "chèvre", "gruyère", "sucre", "poivre", "pamplemousse",
		"seigle", "épeautre", "gingembre", "cèpe", "foie", "vinaigre", "guacamole", "cake", "sandre", "poulpe", "crabe",
		"lièvre", "céleri-rave", "chou-rave", "cidre", "mélange", "brie", "quinoa", "soja", "tapioca", "chia", "cottage",
		"pavé", "pâté", "thé", "café", "blé", "rôti", "comté", "magret", "tofu", "tempeh", "pilon", "cœur", "filet", "haut",
		"steak", "blanc", "jaune", "muesli", "reblochon", "parmesan", "yaourt", "rumsteck", "faux-filet", "gigot"}
	femOther = []string{"merguez", "noix", "perdrix", "brebis", "cuisse", "aile", "escalope", "côte", "côtelette", "bavette",
		"hampe", "joue", "poitrine", "épaule", "noix", "échine", "selle", "langue", "cervelle", "tranche", "saucisse",
		"boisson", "eau", "fleur", "chair", "liqueur", "vapeur", "saveur", "part", "dent", "nuit", "paella"}
	singularS = []string{"riz", "maïs", "jus", "radis", "ananas", "cassis", "couscous", "houmous", "panais", "salsifis",
		"anchois", "pois", "lupin", "anis", "bras", "tapas", "os", "nems", "frais", "maroilles", "mont-d’or", "fois"}
)

// placeNamesEN are the places English food names start with, written with a capital.
var placeNamesEN = []string{"Toulouse", "Morteau", "Montbéliard", "Strasbourg", "Frankfurt", "Bayonne", "Parma", "Paris", "Brussels", "Dijon", "Bresse", "Cantal"}

// genderFR guesses a French noun's gender and number from its head word.
func genderFR(s string) (fem, plural bool) {
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 {
		return false, false
	}
	head := words[0]
	switch {
	case strings.HasPrefix(head, "sainte-"):
		return true, false
	case strings.HasPrefix(head, "saint-"):
		return false, false // le saint-nectaire
	}
	if strings.HasSuffix(head, "s") || strings.HasSuffix(head, "x") {
		if !slicesContain(singularS, head) && !slicesContain(femOther, head) {
			plural = true
			head = strings.TrimRight(head, "sx")
		}
	}
	switch {
	case slicesContain(femOther, head):
		return true, plural
	case slicesContain(mascE, head):
		return false, plural
	case strings.HasSuffix(head, "e") || strings.HasSuffix(head, "a") || strings.HasSuffix(head, "tion") || strings.HasSuffix(head, "té"):
		return true, plural
	}
	return false, plural
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ShortName is the name a cook writes for a CIQUAL name ("Poulet, filet sans peau cru" →
// "filet de poulet", "Oeuf cru" → "œuf"), lower-cased to read well inside a sentence. It knows
// only the name: the override table by code applies in recipe texts.
func ShortName(name string) string {
	f := Food{Name: Text{FR: name, EN: name}}
	return culinaryFromTable(f).FR
}
