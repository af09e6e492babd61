package nutrition

import (
	"fmt"
	"strings"
)

// longCookings are the long cookings, written first and then ordered longest first.
var longCookings = []technique{
	{hows: []how{hSoakBeans}, food: writeSoakBeans},
	{hows: []how{hLentils}, food: writeLentils},
	{hows: []how{hRice}, food: writeRice},
	{hows: []how{hPasta}, food: writePasta},
	{hows: []how{hNoodles}, food: writeNoodles},
	{hows: []how{hGrain}, food: writeGrain},
	{hows: []how{hCouscous}, food: writeCouscous},
	{hows: []how{hPolenta}, food: writePolenta},
	{hows: []how{hPotatoBoil}, food: writePotatoBoil},
	{hows: []how{hTuberRoast}, food: writeTuberRoast},
	{hows: []how{hBraise}, food: writeBraise},
	{hows: []how{hPoultryRoast}, food: writePoultryRoast},
	{hows: []how{hVegRoast}, food: writeVegRoast},
	{hows: []how{hFishOven}, food: writeFishOven},
}

// panCookings are the pan and pot cookings of proteins, eggs and vegetables.
var panCookings = []technique{
	{hows: []how{hPoultryPan}, food: writePoultryPan},
	{hows: []how{hMincedPan}, food: writeMincedPan},
	{hows: []how{hSteakPan}, food: writeSteakPan},
	{hows: []how{hPorkPan, hMeatPan}, food: writePorkPan},
	{hows: []how{hSausage}, food: writeSausage},
	{hows: []how{hLardons}, food: writeLardons},
	{hows: []how{hFishPan}, food: writeFishPan},
	{hows: []how{hSeafood}, food: writeSeafood},
	{hows: []how{hTofu}, food: writeTofu},
	{hows: []how{hEggsBoiled}, food: writeEggsBoiled},
	{hows: []how{hEggsScrambled}, food: writeEggsScrambled},
	{hows: []how{hVegSteam}, food: writeVegSteam},
	{hows: []how{hVegSaute}, food: writeVegSaute},
	{hows: []how{hVegWilt}, food: writeVegWilt},
}

// asBought are the foods eaten as bought: drained, sliced, reheated, raw vegetables and fruit.
var asBought = []technique{
	{hows: []how{hDrain}, group: writeDrain},
	{hows: []how{hTomatoSimmer}, food: writeTomatoSimmer},
	{hows: []how{hDrainFlake}, group: writeDrainFlake},
	{hows: []how{hReheat}, group: writeReheat},
	{hows: []how{hSlice}, group: writeSlice},
	{hows: []how{hFlake}, group: writeFlake},
	{hows: []how{hShell}, group: writeShell},
	{hows: []how{hEggsPeel}, group: writeEggsPeel},
	{hows: []how{hVegRaw}, food: writeVegRaw},
	{hows: []how{hFruit, hFruitDessert}, food: writeFruit},
	{hows: []how{hLemon}, food: writeLemon},
	{hows: []how{hHerb}, food: writeHerb},
}

func writeSoakBeans(k *composer, p prep) {
	kidney := strings.Contains(strings.ToLower(p.food.Name.FR), "haricot rouge")
	fr := fmt.Sprintf("La veille, faites tremper %s 8 à 12%sheures dans trois fois leur volume d’eau froide. Égouttez, couvrez d’eau fraîche", p.n.le(), nbsp)
	en := fmt.Sprintf("The day before, soak the %s for 8 to 12 hours in three times their volume of cold water. Drain, cover with fresh water", p.n.EN)
	if kidney {
		fr += ", faites bouillir vivement 10" + nbsp + "minutes"
		en += ", boil hard for 10 minutes"
	}
	end, endEN := "salez en fin de cuisson et égouttez", "salt at the end and drain"
	if !k.saltOK {
		end, endEN = "égouttez sans saler", "drain without salting"
	}
	fr += fmt.Sprintf(" puis laissez frémir à couvert 1%sh à 1%sh 30, jusqu’à ce que les grains soient tendres ; %s.", nbsp, nbsp, end)
	en += " then simmer, covered, for 1 hour to 1 hour 30, until tender; " + endEN + "."
	k.step(fr, en)
}

func writeLentils(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	rinse, rinseEN := "Rincez", "Rinse"
	// salt hardens pulses while they cook: the pinch (seasonOf) goes in at the end, or not at all
	end, endEN := "salez en fin de cuisson et égouttez si besoin", "salt at the end and drain if needed"
	if !k.saltOK {
		end, endEN = "ne salez pas et égouttez si besoin", "add no salt and drain if needed"
	}
	k.step(fmt.Sprintf("%s %s, puis faites-%s cuire à frémissement dans %s d’eau non salée, %s, %s ; %s.", rinse, p.n.le(), p.n.pron(), p.vol, m.FR, p.n.until("tendre"), end),
		fmt.Sprintf("%s the %s, then simmer %s in %s of unsalted water for %s, until tender; %s.", rinseEN, p.n.EN, enIt(p.n), volEN[p.vol], m.EN, endEN))
}

func writeRice(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Rincez %s à l’eau froide, puis faites-%s cuire dans %s d’eau %s, à couvert et à feu doux, %s, jusqu’à absorption de l’eau ; laissez reposer 5%sminutes hors du feu.", p.n.le(), p.n.pron(), p.vol, k.salted, m.FR, nbsp),
		fmt.Sprintf("Rinse the %s in cold water, then cook it in %s of %swater, covered over low heat, for %s, until the water is absorbed; rest for 5 minutes off the heat.", p.n.EN, volEN[p.vol], k.saltedEN, m.EN))
}

func writePasta(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Faites cuire %s dans un grand volume d’eau bouillante %s (1%sL pour 100%sg), %s en remuant de temps en temps, puis égouttez.", p.n.le(), k.salted, nbsp, nbsp, m.FR),
		fmt.Sprintf("Cook the %s in plenty of boiling %swater (1 L per 100 g) for %s, stirring now and then, then drain.", p.n.EN, k.saltedEN, m.EN))
}

func writeNoodles(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Plongez %s dans l’eau bouillante hors du feu, %s, puis égouttez et rincez à l’eau froide.", p.n.le(), m.FR),
		fmt.Sprintf("Soak the %s in water just off the boil for %s, then drain and rinse in cold water.", p.n.EN, m.EN))
}

func writeGrain(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Rincez %s, puis faites-%s cuire dans %s d’eau %s, à couvert et à feu doux, %s, jusqu’à absorption de l’eau.", p.n.le(), p.n.pron(), p.vol, k.salted, m.FR),
		fmt.Sprintf("Rinse the %s, then cook %s in %s of %swater, covered over low heat, for %s, until the water is absorbed.", p.n.EN, enIt(p.n), volEN[p.vol], k.saltedEN, m.EN))
}

func writeCouscous(k *composer, p prep) {
	k.step(fmt.Sprintf("Versez sur %s son volume d’eau bouillante %s, couvrez 5%sminutes, puis égrainez à la fourchette.", p.n.le(), k.salted, nbsp),
		fmt.Sprintf("Pour the same volume of boiling %swater over the %s, cover for 5 minutes, then fluff with a fork.", k.saltedEN, p.n.EN))
}

func writePolenta(k *composer, p prep) {
	k.step(fmt.Sprintf("Versez %s en pluie dans quatre volumes d’eau bouillante %s et faites cuire 5%sminutes en remuant.", p.n.le(), k.salted, nbsp),
		fmt.Sprintf("Rain the %s into 4 volumes of boiling %swater and cook for 5 minutes, stirring.", p.n.EN, k.saltedEN))
}

func writePotatoBoil(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Épluchez %s, coupez-%s en morceaux et faites-%s cuire %s dans l’eau %s, départ à froid, jusqu’à ce que la pointe d’un couteau s’y enfonce sans résistance.", p.n.le(), p.n.pron(), p.n.pron(), m.FR, k.salted),
		fmt.Sprintf("Peel the %s, cut %s into pieces and cook %s in %swater started cold for %s, until a knife goes in easily.", p.n.EN, enIt(p.n), enIt(p.n), k.saltedEN, m.EN))
}

func writeTuberRoast(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	if strings.Contains(strings.ToLower(p.food.Name.FR), "à cuire") {
		k.step(fmt.Sprintf("Faites cuire %s au four à 200%s°C, %s, en %s retournant à mi-cuisson.", p.n.le(), nbsp, m.FR, p.n.pron()),
			fmt.Sprintf("Bake the %s at 200 °C (400 °F) for %s, turning halfway.", p.n.EN, m.EN))
		return
	}
	f, e := k.inFat(p)
	f, e = strings.Replace(f, "dans un peu", "avec un peu", 1), strings.Replace(e, "in a little", "with a little", 1)
	wash, washEN := "Épluchez", "Peel"
	if hasAny(strings.ToLower(p.food.Name.FR), []string{"nouvelle", "primeur", "grenaille"}) {
		wash, washEN = "Lavez", "Wash" // new potatoes roast in their skin
	}
	k.step(fmt.Sprintf("%s %s, coupez-%s en cubes, mélangez %s et faites rôtir au four à 200%s°C, %s, %s.", wash, p.n.le(), p.n.pron(), f, nbsp, m.FR, p.n.until("doré", "tendre")),
		fmt.Sprintf("%s the %s, cut %s into cubes, toss %s and roast at 200 °C (400 °F) for %s, until golden and tender.", washEN, p.n.EN, enIt(p.n), e, m.EN))
}

func writeBraise(k *composer, p prep) {
	m := Text{FR: "2" + nbsp + "h à 2" + nbsp + "h 30", EN: "2 to 2½ hours"}
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Coupez %s en morceaux, faites-%s dorer %s, couvrez d’eau à hauteur et laissez mijoter à couvert et à feu doux %s, jusqu’à ce que la viande soit fondante.", p.n.le(), p.n.pron(), f, m.FR),
		fmt.Sprintf("Cut the %s into pieces, brown %s %s, cover with water and simmer, covered, over low heat for %s, until the meat is tender.", p.n.EN, enIt(p.n), e, m.EN))
}

func writePoultryRoast(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Faites rôtir %s au four à 200%s°C, %s, jusqu’à 74%s°C à cœur (le jus qui s’écoule est clair, sans trace de rose).", p.n.le(), nbsp, m.FR, nbsp),
		fmt.Sprintf("Roast the %s at 200 °C (400 °F) for %s, until the centre reaches 74 °C (165 °F) and the juices run clear.", p.n.EN, m.EN))
}

func writeVegRoast(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	f, e := k.inFat(p)
	f, e = strings.Replace(f, "dans un peu", "avec un peu", 1), strings.Replace(e, "in a little", "with a little", 1)
	wash, washEN := "Lavez", "Wash"
	if hasAny(strings.ToLower(p.food.Name.FR), []string{"courge", "butternut", "potiron", "potimarron", "betterave", "panais"}) {
		wash, washEN = "Épluchez", "Peel"
	}
	if !p.fat {
		f, e = "étalez-"+p.n.pron()+" sur une plaque couverte de papier cuisson", "spread "+enIt(p.n)+" on a lined baking tray"
	} else {
		f, e = "mélangez "+f, "toss "+e
	}
	k.step(fmt.Sprintf("%s %s, coupez-%s en cubes, %s et faites rôtir au four à 200%s°C, %s.", wash, p.n.le(), p.n.pron(), f, nbsp, m.FR),
		fmt.Sprintf("%s the %s, cut %s into cubes, %s and roast at 200 °C (400 °F) for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
}

func writeFishOven(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Faites cuire %s au four à 180%s°C, en papillote, %s, jusqu’à ce que la chair s’effeuille à la fourchette (63%s°C à cœur).", p.n.le(), nbsp, m.FR, nbsp),
		fmt.Sprintf("Bake the %s in a parcel at 180 °C (350 °F) for %s, until the flesh flakes with a fork (63 °C / 145 °F in the centre).", p.n.EN, m.EN))
}

func writePoultryPan(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Coupez %s en morceaux et faites-%s dorer %s à feu moyen, %s en retournant, jusqu’à 74%s°C à cœur (plus aucune trace de rose).", p.n.le(), p.n.pron(), f, m.FR, nbsp),
		fmt.Sprintf("Cut the %s into pieces and brown %s %s over medium heat for %s, turning, until the centre reaches 74 °C (165 °F), with no pink left.", p.n.EN, enIt(p.n), e, m.EN))
}

func writeMincedPan(k *composer, p prep) {
	f, e := k.inFat(p)
	if k.dish != nil && k.dish.form != nil && k.dish.form.id != PlateDish {
		// In a dish (gratin, chili, hachis, poêlée) minced meat is crumbled, not cooked as a patty.
		k.step(fmt.Sprintf("Faites dorer %s %s à feu moyen en l’émiettant à la spatule, 6 à 8%sminutes, jusqu’à 70%s°C à cœur (plus de rose).", p.n.le(), f, nbsp, nbsp),
			fmt.Sprintf("Brown the %s %s over medium heat, breaking it up with a spatula, for 6 to 8 minutes, until it reaches 70 °C (158 °F), with no pink left.", p.n.EN, e))
		return
	}
	k.step(fmt.Sprintf("Faites cuire %s %s à feu moyen, 3 à 4%sminutes par face, jusqu’à 70%s°C à cœur (plus de rose au centre).", p.n.le(), f, nbsp, nbsp),
		fmt.Sprintf("Cook the %s %s over medium heat, 3 to 4 minutes a side, until the centre reaches 70 °C (158 °F), with no pink left.", p.n.EN, e))
}

func writeSteakPan(k *composer, p prep) {
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Faites saisir %s %s à feu vif, 2 à 3%sminutes par face selon l’épaisseur, jusqu’à 63%s°C à cœur pour une cuisson à point ; laissez reposer 3%sminutes, puis tranchez.", p.n.le(), f, nbsp, nbsp, nbsp),
		fmt.Sprintf("Sear the %s %s over high heat, 2 to 3 minutes a side depending on thickness, until the centre reaches 63 °C (145 °F) for medium; rest for 3 minutes, then slice.", p.n.EN, e))
}

func writePorkPan(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	t, tEN := "63"+nbsp+"°C", "63 °C (145 °F)"
	if p.how == hMeatPan {
		t, tEN = "70"+nbsp+"°C", "70 °C (158 °F)"
	}
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Faites cuire %s %s à feu moyen, %s en retournant à mi-cuisson, jusqu’à %s à cœur ; laissez reposer 3%sminutes.", p.n.le(), f, m.FR, t, nbsp),
		fmt.Sprintf("Cook the %s %s over medium heat for %s, turning halfway, until the centre reaches %s; rest for 3 minutes.", p.n.EN, e, m.EN, tEN))
}

func writeSausage(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	if strings.Contains(strings.ToLower(p.food.Name.FR), "quenelle") {
		k.step(fmt.Sprintf("Faites pocher %s 10%sminutes dans l’eau frémissante, %s.", p.n.le(), nbsp, p.n.until("gonflé")),
			fmt.Sprintf("Poach the %s in simmering water for 10 minutes, until puffed.", p.n.EN))
		return
	}
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Piquez %s et faites-%s cuire %s à feu moyen, %s en retournant, jusqu’à 70%s°C à cœur.", p.n.le(), p.n.pron(), f, m.FR, nbsp),
		fmt.Sprintf("Prick the %s and cook %s %s over medium heat for %s, turning, until the centre reaches 70 °C (158 °F).", p.n.EN, enIt(p.n), e, m.EN))
}

func writeLardons(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	k.step(fmt.Sprintf("Faites revenir %s à sec dans une poêle, %s, %s ; égouttez sur du papier absorbant.", p.n.le(), m.FR, p.n.until("doré")),
		fmt.Sprintf("Fry the %s in a dry pan for %s until golden; drain on kitchen paper.", p.n.EN, m.EN))
}

func writeFishPan(k *composer, p prep) {
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Faites cuire %s %s à feu moyen, 3 à 4%sminutes par face (côté peau d’abord), jusqu’à ce que la chair s’effeuille à la fourchette (63%s°C à cœur).", p.n.le(), f, nbsp, nbsp),
		fmt.Sprintf("Cook the %s %s over medium heat, 3 to 4 minutes a side (skin side first), until the flesh flakes with a fork (63 °C / 145 °F in the centre).", p.n.EN, e))
}

func writeSeafood(k *composer, p prep) {
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Faites sauter %s %s à feu vif, 2 à 3%sminutes, %s (63%s°C à cœur).", p.n.le(), f, nbsp, p.n.until("rose", "opaque"), nbsp),
		fmt.Sprintf("Stir-fry the %s %s over high heat for 2 to 3 minutes, until pink and opaque (63 °C / 145 °F in the centre).", p.n.EN, e))
}

func writeTofu(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Égouttez %s, épongez-%s, coupez-%s en dés et faites-%s dorer %s, %s en remuant.", p.n.le(), p.n.pron(), p.n.pron(), p.n.pron(), f, m.FR),
		fmt.Sprintf("Drain the %s, pat %s dry, dice %s and brown %s %s for %s, stirring.", p.n.EN, enIt(p.n), enIt(p.n), enIt(p.n), e, m.EN))
}

func writeEggsBoiled(k *composer, p prep) {
	k.step(fmt.Sprintf("Plongez %s dans l’eau bouillante 9%sminutes, refroidissez-%s à l’eau froide, écalez-%s et coupez-%s en quartiers.", p.n.le(), nbsp, p.n.pron(), p.n.pron(), p.n.pron()),
		fmt.Sprintf("Lower the %s into boiling water for 9 minutes, cool %s in cold water, peel and quarter %s.", p.n.EN, enIt(p.n), enIt(p.n)))
}

func writeEggsScrambled(k *composer, p prep) {
	f, e := k.inFat(p)
	k.step(fmt.Sprintf("Battez %s à la fourchette, puis faites-%s cuire %s à feu doux, 3 à 4%sminutes en remuant, %s (œufs brouillés).", p.n.le(), p.n.pron(), f, nbsp, p.n.until("pris")),
		fmt.Sprintf("Beat the %s with a fork, then cook %s %s over low heat for 3 to 4 minutes, stirring, until set (scrambled).", p.n.EN, enIt(p.n), e))
}

func writeVegSteam(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	if low := strings.ToLower(p.food.Name.FR); hasAny(low, []string{"petits pois", "maïs", "surgelé"}) {
		k.step(fmt.Sprintf("Faites cuire %s à la vapeur %s, %s.", p.n.le(), m.FR, p.n.until("tendre")),
			fmt.Sprintf("Steam the %s for %s, until tender.", p.n.EN, m.EN))
		return
	}
	k.step(fmt.Sprintf("Lavez %s, coupez-%s en morceaux et faites-%s cuire à la vapeur %s, %s.", p.n.le(), p.n.pron(), p.n.pron(), m.FR, p.n.until("tendre")),
		fmt.Sprintf("Wash the %s, cut %s into pieces and steam %s for %s, until tender.", p.n.EN, enIt(p.n), enIt(p.n), m.EN))
}

func writeVegSaute(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	f, e := k.inFat(p)
	wash, washEN := "Lavez", "Wash"
	if hasAny(strings.ToLower(p.food.Name.FR), []string{"oignon", "échalote", "ail"}) {
		wash, washEN = "Épluchez", "Peel"
	}
	k.step(fmt.Sprintf("%s %s, émincez-%s et faites-%s sauter %s à feu moyen, %s.", wash, p.n.le(), p.n.pron(), p.n.pron(), f, m.FR),
		fmt.Sprintf("%s and slice the %s and sauté %s %s over medium heat for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
}

func writeVegWilt(k *composer, p prep) {
	m := mins(p.lo, p.hi)
	f, e := k.inFat(p)
	if !p.fat {
		f, e = "dans une poêle avec un fond d’eau", "in a pan with a splash of water"
	}
	if low := strings.ToLower(p.food.Name.FR); hasAny(low, []string{"oignon", "poireau", "échalote"}) {
		wash, washEN := "Lavez", "Wash"
		if !strings.Contains(low, "poireau") {
			wash, washEN = "Épluchez", "Peel"
		}
		if !p.fat {
			f, e = "à couvert dans une poêle avec un fond d’eau", "in a covered pan with a splash of water"
		}
		k.step(fmt.Sprintf("%s %s, émincez-%s et faites-%s fondre %s à feu doux, %s.", wash, p.n.le(), p.n.pron(), p.n.pron(), f, m.FR),
			fmt.Sprintf("%s and slice the %s and sweat %s %s over low heat for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
		return
	}
	k.step(fmt.Sprintf("Lavez %s et faites-%s tomber %s, %s.", p.n.le(), p.n.pron(), f, m.FR),
		fmt.Sprintf("Wash the %s and wilt %s %s for %s.", p.n.EN, enIt(p.n), e, m.EN))
}

func writeDrain(k *composer, ps []prep) {
	// Pulses and grains lose their canning liquid's starch and salt under the tap; canned
	// vegetables are only drained.
	var rinse, drain []prep
	for _, p := range ps {
		if p.kind == KindLegume || p.kind == KindGrain {
			rinse = append(rinse, p)
		} else {
			drain = append(drain, p)
		}
	}
	if len(rinse) > 0 {
		fr, en := names(rinse)
		k.step(fmt.Sprintf("Égouttez et rincez %s.", fr), fmt.Sprintf("Drain and rinse %s.", en))
	}
	if len(drain) > 0 {
		fr, en := names(drain)
		k.step(fmt.Sprintf("Égouttez %s.", fr), fmt.Sprintf("Drain %s.", en))
	}
}

func writeTomatoSimmer(k *composer, p prep) {
	k.step(fmt.Sprintf("Versez %s avec %s jus dans une casserole et faites mijoter %d à %d%sminutes à feu moyen, en écrasant à la cuillère, jusqu’à ce que la sauce épaississe.", p.n.le(), possFR(p.n), p.lo, p.hi, nbsp),
		fmt.Sprintf("Pour the %s with their juice into a pan and simmer for %d to %d minutes over medium heat, crushing with a spoon, until the sauce thickens.", p.n.EN, p.lo, p.hi))
}

func writeDrainFlake(k *composer, ps []prep) {
	fr, en := names(ps)
	k.step(fmt.Sprintf("Égouttez %s et émiettez-%s à la fourchette.", fr, pronOf(ps)), fmt.Sprintf("Drain %s and flake with a fork.", en))
}

func writeReheat(k *composer, ps []prep) {
	if !(k.c != LunchDinner || k.servings == 1) {
		return
	}
	fr, en := names(ps)
	k.step(fmt.Sprintf("Réchauffez %s 2 à 3%sminutes à la poêle ou au micro-ondes, avec une cuillerée d’eau.", fr, nbsp),
		fmt.Sprintf("Reheat %s for 2 to 3 minutes in a pan or the microwave, with a spoonful of water.", en))
}

func writeSlice(k *composer, ps []prep) {
	fr, en := names(ps)
	k.step(fmt.Sprintf("Coupez %s en tranches ou en lanières.", fr), fmt.Sprintf("Slice %s.", en))
}

func writeFlake(k *composer, ps []prep) {
	fr, en := names(ps)
	k.step(fmt.Sprintf("Effeuillez %s en gros morceaux, sans les arêtes.", fr), fmt.Sprintf("Flake %s into large pieces, removing any bones.", en))
}

func writeShell(k *composer, ps []prep) {
	fr, en := names(ps)
	k.step(fmt.Sprintf("Décortiquez %s si besoin.", fr), fmt.Sprintf("Shell %s if needed.", en))
}

func writeEggsPeel(k *composer, ps []prep) {
	fr, en := names(ps)
	k.step(fmt.Sprintf("Écalez %s et coupez-%s en quartiers.", fr, pronOf(ps)), fmt.Sprintf("Peel and quarter %s.", en))
}

func writeVegRaw(k *composer, p prep) {
	fr, en := rawVegPrep(p)
	if k.c == LunchDinner && !strings.HasPrefix(fr, "Au moment de servir") {
		fr += fmt.Sprintf(" ; gardez-%s %s à part jusqu’au moment de servir", p.n.pron(), p.n.agree("cru"))
		en += fmt.Sprintf("; keep %s raw and apart until serving", enIt(p.n))
	}
	k.step(fr+".", en+".")
}

func writeFruit(k *composer, p prep) {
	fr, en := fruitPrep(p)
	if p.how == hFruitDessert {
		fr += " Servez en dessert."
		en += " Serve as dessert."
	}
	k.step(fr, en)
}

func writeLemon(k *composer, p prep) {
	k.step(fmt.Sprintf("Pressez %s et arrosez-en le plat au moment de servir.", p.n.le()),
		fmt.Sprintf("Squeeze the %s and sprinkle the juice over the dish when serving.", p.n.EN))
}

func writeHerb(k *composer, p prep) {
	switch p.food.Subgroup {
	case "herbs":
		k.step(fmt.Sprintf("Ciselez %s et parsemez-en le plat au moment de servir.", p.n.le()),
			fmt.Sprintf("Chop the %s and scatter it over the dish when serving.", p.n.EN))
	case "spices":
		k.step(fmt.Sprintf("Saupoudrez le plat %s.", p.n.de()), fmt.Sprintf("Sprinkle the dish with the %s.", p.n.EN))
	default:
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"bouillon", "fond de"}) {
			k.step(fmt.Sprintf("Délayez %s dans un peu d’eau chaude et versez sur le plat.", p.n.le()),
				fmt.Sprintf("Dissolve the %s in a little hot water and pour it over the dish.", p.n.EN))
			return
		}
		k.step(fmt.Sprintf("Ajoutez %s au moment de servir.", p.n.le()), fmt.Sprintf("Add the %s when serving.", p.n.EN))
	}
}
