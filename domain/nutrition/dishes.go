package nutrition

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Dish forms (docs/nutrition.md, "Dish forms"): after the solve, the recipe's foods (and the
// person's pantry) pick the dish a French household would cook from them, a curry, a gratin, a
// salad, an omelette, and the dish writes the name and the steps. The grams, totals and salt
// stay the solver's: every food is still cooked by its own technique (steps_techniques.go, safe
// core temperatures), and the dish's technique then brings them together (simmer in a sauce,
// bake under cheese, toss cold) with seasonings from the pantry (pantry.go).

// PlateDish is the id of the plate of separately cooked foods the engine wrote before dish
// forms: the form of a recipe when no other fits, or when the request holds no pantry.
const PlateDish = "assiette"

// dishForm is one dish form of the repertoire.
type dishForm struct {
	id   string
	cats []Category
	// cold: eaten cold (a salad, overnight oats): the cooked foods are cooled, the box is not
	// reheated. oven: the dish bakes at this °C (0: no oven).
	cold bool
	oven int
	// keep is the days the dish keeps in a box in the fridge; box is the dish as its boxes name
	// it ("le curry"; empty: its foods).
	keep int
	box  noun
	// needs: staples the dish cannot be without; anyOf: at least one of them; spices: the
	// seasonings it takes from the pantry when they are there, in the order they go in;
	// salty: the salty staple that replaces its pinch of salt.
	needs, anyOf, spices []string
	salty                string
	// mash: the dish's potatoes are boiled for a mash, even where the plate's fat would roast
	// them (a hachis parmentier).
	mash bool
	// fits reports whether the recipe's foods fill the dish's roles.
	fits func(d *dish) bool
	// inDish are the foods the dish's own step prepares (eggs beaten into an omelette, oats
	// cooked into a porridge); their usual technique writes nothing.
	inDish func(p prep) bool
	// name names the dish; cook writes its technique, after the foods' own cookings.
	name func(d *dish) Text
	cook func(k *composer, d *dish)
}

// dish is one recipe's foods in the roles of its form, and the staples it uses.
type dish struct {
	form  *dishForm
	c     Category
	parts []prep
	// roles, heaviest first.
	protein, legume, starch, veg, raw, cheese, dairy, base, cereal, fruit, nuts, bread, eggs []prep
	pantry                                                                                   map[string]bool
	saltOK                                                                                   bool
	// seasonings are the usable staples of the form in the pantry; salty the salty one used.
	seasonings []Staple
	salty      *Staple
	force      map[int]bool
}

// rolesOf sorts parts into a dish's roles.
func rolesOf(c Category, parts []prep, pantry []string, saltOK bool) *dish {
	d := &dish{c: c, parts: parts, pantry: map[string]bool{}, saltOK: saltOK}
	for _, id := range pantry {
		d.pantry[id] = true
	}
	for _, p := range byWeight(parts) {
		d.assign(p)
	}
	return d
}

func (d *dish) assign(p prep) {
	switch {
	case p.kind == KindEgg:
		d.eggs = append(d.eggs, p)
		d.protein = append(d.protein, p)
	case p.kind == KindMeat || p.kind == KindFish || p.kind == KindVegetarian || p.kind == KindDeli:
		d.protein = append(d.protein, p)
	case p.kind == KindLegume:
		d.legume = append(d.legume, p)
	case p.kind == KindGrain || p.kind == KindTuber:
		d.starch = append(d.starch, p)
	case p.kind == KindVegetable && p.how == hVegRaw:
		d.raw = append(d.raw, p)
	case p.kind == KindVegetable:
		d.veg = append(d.veg, p)
	case p.kind == KindCheese:
		d.cheese = append(d.cheese, p)
	case p.how == hBase:
		d.base = append(d.base, p)
	case p.kind == KindDairy || p.kind == KindCream:
		d.dairy = append(d.dairy, p)
	case p.how == hCereal:
		d.cereal = append(d.cereal, p)
	case p.how == hFruit || p.how == hFruitDessert:
		d.fruit = append(d.fruit, p)
	case p.how == hNuts:
		d.nuts = append(d.nuts, p)
	case p.how == hToast || p.how == hBreadSide:
		d.bread = append(d.bread, p)
	}
}

// byWeight sorts foods by their weight in the plate, as dishName does.
func byWeight(parts []prep) []prep {
	out := slices.Clone(parts)
	w := func(p prep) float64 { return p.gramsPerServing * (p.food.Per100g.Kcal.Or(0) + 50) }
	slices.SortStableFunc(out, func(a, b prep) int {
		switch {
		case w(a) > w(b):
			return -1
		case w(a) < w(b):
			return 1
		}
		return 0
	})
	return out
}

// nameHas reports whether a food's French name holds one of the words.
func nameHas(p prep, ws ...string) bool {
	fr := strings.ToLower(p.food.Name.FR)
	for _, w := range ws {
		if strings.Contains(fr, w) {
			return true
		}
	}
	return false
}

func anyHas(ps []prep, ws ...string) bool {
	return slices.ContainsFunc(ps, func(p prep) bool { return nameHas(p, ws...) })
}

// staplesFit reports whether the pantry holds the staples the form cannot be without.
func (d *dish) staplesFit(f *dishForm) bool {
	for _, id := range f.needs {
		if !d.usable(id) {
			return false
		}
	}
	if len(f.anyOf) > 0 && !slices.ContainsFunc(f.anyOf, d.usable) {
		return false
	}
	return true
}

// usable: the staple is in the pantry and stays a seasoning; a salty one only when the steps salt.
func (d *dish) usable(id string) bool {
	s, ok := stapleByID(id)
	if !ok || !d.pantry[id] || !s.seasoningOK() {
		return false
	}
	return !s.Salty || d.saltOK
}

// use sets the dish's form and the staples it seasons with.
func (d *dish) use(f *dishForm) {
	d.form = f
	d.seasonings, d.salty = nil, nil
	for _, id := range f.spices {
		if s, _ := stapleByID(id); d.usable(id) && !s.Salty {
			d.seasonings = append(d.seasonings, s)
		}
	}
	if f.salty != "" && d.usable(f.salty) {
		s, _ := stapleByID(f.salty)
		d.salty = &s
	}
}

// pickDish picks the dish form of parts: among the forms the foods and the pantry allow, those
// not in recent by seed; when every one is, the one recent used longest ago (recent holds the
// forms oldest first, the last the latest), so a form follows itself only when it is the only
// one. Nil pantry: the plate of today (PlateDish).
func pickDish(c Category, parts []prep, pantry, recent []string, saltOK bool, rng *rand.Rand) *dish {
	if pantry == nil {
		return nil
	}
	d := rolesOf(c, parts, pantry, saltOK)
	fit := d.fittingForms()
	if len(fit) == 0 {
		return nil
	}
	var fresh []*dishForm
	for _, f := range fit {
		if !slices.Contains(recent, f.id) {
			fresh = append(fresh, f)
		}
	}
	if len(fresh) > 0 {
		d.use(fresh[rng.IntN(len(fresh))])
		return d
	}
	d.use(slices.MinFunc(fit, func(a, b *dishForm) int { return cmp.Compare(lastUse(recent, a.id), lastUse(recent, b.id)) }))
	return d
}

// fittingForms are the forms of d's meal whose roles its foods fill and whose staples the pantry
// holds, in the repertoire's order.
func (d *dish) fittingForms() []*dishForm {
	var fit []*dishForm
	for i := range dishForms {
		f := &dishForms[i]
		if slices.Contains(f.cats, d.c) && d.staplesFit(f) && f.fits(d) {
			fit = append(fit, f)
		}
	}
	return fit
}

// lastUse is the index of id's last use in recent, -1 when it is not there.
func lastUse(recent []string, id string) int {
	for i := len(recent) - 1; i >= 0; i-- {
		if recent[i] == id {
			return i
		}
	}
	return -1
}

// Staleness of the dish a plate would be (plate.stale): a form recent lacks, an older one, or only
// the form of the last recipe.
const (
	formFresh = iota
	formOlder
	formLast
)

// staleness is how stale the dish form pickDish gives the foods of ings is against recent, the
// plate of separately cooked foods (PlateDish) counting as a form; formFresh without a pantry or
// a recent form.
func staleness(c Category, kcal float64, ings []Ingredient, foods map[int]Food, pantry, recent []string) int {
	if pantry == nil || len(recent) == 0 {
		return formFresh
	}
	parts := partsOf(c, ings, foods, 1)
	ids := []string{PlateDish}
	if fit := rolesOf(c, parts, pantry, seasonOf(c, kcal, parts).ok).fittingForms(); len(fit) > 0 {
		ids = ids[:0]
		for _, f := range fit {
			ids = append(ids, f.id)
		}
	}
	oldest := slices.MinFunc(ids, func(a, b string) int { return cmp.Compare(lastUse(recent, a), lastUse(recent, b)) })
	switch lastUse(recent, oldest) {
	case -1:
		return formFresh
	case len(recent) - 1:
		return formLast
	}
	return formOlder
}

// dishByID rebuilds a recipe's dish from its form id (names told apart, distinctNames).
func dishByID(id string, c Category, parts []prep, pantry []string, saltOK bool) *dish {
	for i := range dishForms {
		if dishForms[i].id == id {
			d := rolesOf(c, parts, pantry, saltOK)
			d.use(&dishForms[i])
			return d
		}
	}
	return nil
}

// DishIDs lists the ids of the dish forms, PlateDish last.
func DishIDs() []string {
	ids := make([]string, 0, len(dishForms)+1)
	for _, f := range dishForms {
		ids = append(ids, f.id)
	}
	return append(ids, PlateDish)
}

// DishIDsFor lists the ids of the dish forms of meal c, in the repertoire's order.
func DishIDsFor(c Category) []string {
	var ids []string
	for _, f := range dishForms {
		if slices.Contains(f.cats, c) {
			ids = append(ids, f.id)
		}
	}
	return ids
}

// intoDish marks the foods the dish's own step prepares, and for a mash boils the potatoes a
// roast was planned for, in parts and in the dish's own starch list (the dish's cook reads it).
func (d *dish) intoDish(parts []prep) []prep {
	if d.form.inDish == nil && !d.form.mash {
		return parts
	}
	out := slices.Clone(parts)
	for i := range out {
		if d.form.inDish != nil && d.form.inDish(out[i]) {
			out[i].how = hInDish
		}
		if d.form.mash {
			mashed(&out[i])
		}
	}
	if d.form.mash {
		for i := range d.starch {
			mashed(&d.starch[i])
		}
	}
	return out
}

// roastPotato: raw potatoes the plate's fat would roast, which a mash boils instead.
func roastPotato(p prep) bool {
	return p.how == hTuberRoast && p.fat && nameHas(p, "pomme de terre")
}

// mashed boils the potatoes a roast was planned for (they go into a mash).
func mashed(p *prep) {
	if roastPotato(*p) {
		p.how, p.lo, p.hi, p.fat = hPotatoBoil, 20, 25, false
	}
}

// rankForms sets how stale the dish form of each plate found for req would be (plate.stale), so
// that pick prefers a plate whose foods make a dish the meal prep lacks (docs/nutrition.md, "Dish
// forms").
func (p *problem) rankForms(found []plate, foods map[int]Food, req GenerateRequest) {
	for i := range found {
		found[i].stale = p.plateStaleness(found[i], foods, req, req.RecentDishes)
	}
}

// plateStaleness is how stale the dish form of pl would be against recent.
func (p *problem) plateStaleness(pl plate, foods map[int]Food, req GenerateRequest, recent []string) int {
	ings := make([]Ingredient, len(pl.idx))
	for k, j := range pl.idx {
		ings[k] = Ingredient{FoodCode: p.items[j].food.Code, Grams: int(math.Round(pl.grams[k]))}
	}
	return staleness(p.cat, req.Target.Rounded().Kcal, ings, foods, req.Pantry, recent)
}

// freshen is picked[i], or, when its dish form is in recent (the meal prep's and the request's
// earlier recipes'), the most plausible other plate found whose form recent lacks and which
// leaves no more of the request's recipes sharing a protein, then a starch (pick's spread): a
// request's lunches vary their forms as the meal prep's do.
func (p *problem) freshen(found, picked []plate, i int, foods map[int]Food, req GenerateRequest, recent []string) plate {
	pl := picked[i]
	if req.Pantry == nil || p.plateStaleness(pl, foods, req, recent) == formFresh {
		return pl
	}
	was := p.shared(picked)
	alt := slices.Clone(picked)
	for _, f := range found {
		if p.sameFoods(picked, f) {
			continue
		}
		alt[i] = f
		if c := p.shared(alt); slices.Compare(c[:], was[:]) <= 0 && p.plateStaleness(f, foods, req, recent) == formFresh {
			return f
		}
	}
	return pl
}

// FormsOf lists the dish forms of a recipe's meal whose roles its foods fill, each with the
// staples pantry lacks for it (none: the form can be made; "a|b": one of them), for the bench's
// account of the forms a fortnight reaches (docs/performance.md, "Dish forms over a fortnight").
func FormsOf(r Recipe, foods map[int]Food, pantry []string) map[string][]string {
	parts := partsOf(r.Category, r.Ingredients, foods, r.Servings)
	d := rolesOf(r.Category, parts, pantry, seasonOf(r.Category, r.Target.Kcal, parts).ok)
	out := map[string][]string{}
	for i := range dishForms {
		f := &dishForms[i]
		if !slices.Contains(f.cats, r.Category) || !f.fits(d) {
			continue
		}
		missing := []string{}
		for _, id := range f.needs {
			if !d.usable(id) {
				missing = append(missing, id)
			}
		}
		if len(f.anyOf) > 0 && !slices.ContainsFunc(f.anyOf, d.usable) {
			missing = append(missing, strings.Join(f.anyOf, "|"))
		}
		out[f.id] = missing
	}
	return out
}
