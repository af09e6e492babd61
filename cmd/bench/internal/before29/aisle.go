package before29

// Aisle groups a shopping list the way shops are laid out.
type Aisle string

// Aisles, in the order a shopping list shows them.
const (
	AisleProduce   Aisle = "produce"
	AisleBakery    Aisle = "bakery"
	AisleMeatFish  Aisle = "meat_fish"
	AisleDairyEggs Aisle = "dairy_eggs"
	AisleFresh     Aisle = "fresh"
	AisleGrocery   Aisle = "grocery"
	AisleDrinks    Aisle = "drinks"
	AisleOther     Aisle = "other"
)

// Aisles lists the aisles in shopping-list order.
var Aisles = []Aisle{AisleProduce, AisleBakery, AisleMeatFish, AisleDairyEggs, AisleFresh, AisleGrocery, AisleDrinks, AisleOther}
