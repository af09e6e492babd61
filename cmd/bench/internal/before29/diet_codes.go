// Diet code lists for the CIQUAL 2025 table (data/ciqual/foods.csv). They were drafted once from
// the foods' names and corrected by hand (docs/nutrition.md, Diets); the app never reads names to
// judge a diet. Edit by hand when the table changes; TestDietEveryCatalogueFood checks them.

package before29

// compositeAnimal lists the composite foods (dishes, sweets, breads, sauces, drinks…) that hold
// meat, fish, eggs, dairy or honey. A composite food not listed holds none.
var compositeAnimal = map[int]animal{
	1016:  aEgg,                          // Marsala aux oeufs
	4041:  aDairy,                        // Aligot (purée de pomme de terre à la tomme fraîche), préemballé
	7210:  aEgg | aDairy,                 // Pain de mie brioché, préemballé
	7225:  aEgg | aDairy,                 // Pain brioché ou viennois, artisanal
	7301:  aEgg | aDairy,                 // Biscotte briochée
	7348:  aDairy,                        // Cracker de table au fromage et aux graines
	7399:  aEgg | aDairy,                 // Toast ou pain grillé brioché aux raisins secs, tranches, préemballé
	7403:  aEgg | aDairy,                 // Pain grillé brioché, tranches, préemballé
	7422:  aEgg | aDairy,                 // Petit pain grillé suédois brioché
	7600:  aDairy,                        // Viennoiserie (aliment moyen)
	7603:  aDairy,                        // Croissant, sans précision (aliment moyen)
	7615:  aDairy,                        // Croissant ordinaire, artisanal
	7616:  aDairy,                        // Croissant ordinaire, préemballé
	7619:  aDairy,                        // Croissant pur beurre, sans précision (aliment moyen)
	7620:  aDairy,                        // Croissant pur beurre, artisanal
	7621:  aDairy,                        // Croissant pur beurre, préemballé
	7650:  aDairy,                        // Croissant aux amandes, artisanal
	7710:  aDairy,                        // Pain au lait, artisanal
	7711:  aDairy,                        // Pain au lait, préemballé
	7712:  aDairy,                        // Pain au lait aux pépites de chocolat, préemballé
	7719:  aEgg | aDairy,                 // Panettone (brioche italienne aux raisins secs et écorces d'orange confite), préemballée
	7720:  aDairy,                        // Pain aux raisins (viennoiserie), artisanal
	7730:  aDairy,                        // Pain au chocolat, artisanal
	7733:  aDairy,                        // Pain au chocolat, préemballé
	7735:  aEgg | aDairy,                 // Brioche (ou briochettes) aux pépites de chocolat ou fourrée au chocolat, préemballée
	7738:  aEgg | aDairy,                 // Brioche fourrée aux fruits, préemballée
	7739:  aEgg | aDairy,                 // Brioche fourrée crème pâtissière (type "chinois"), préemballée
	7740:  aEgg | aDairy,                 // Brioche nature, préemballée
	7742:  aEgg | aDairy,                 // Brioche nature, artisanale
	7744:  aEgg | aDairy,                 // Couronne des rois (brioche) aux fruits confits, préemballée
	7745:  aEgg | aDairy,                 // Brioche pur beurre (ex : gâche vendéenne) nature, préemballée
	7746:  aEgg | aDairy,                 // Brioche, sans précision (aliment moyen)
	7814:  aMeat | aFish | aEgg | aDairy, // Cake salé (garniture : fromage, légumes, viande, poisson, volaille, etc.), préemballé
	8297:  aEgg | aDairy,                 // Flan de légumes aux oeufs
	8406:  aMeat,                         // Salade de museau de porc, avec sauce, préemballée
	8407:  aMeat,                         // Salade de cervelas, avec sauce, préemballée
	8601:  aMeat,                         // Tripes à la mode de Caen (estomac et pied de boeuf, carottes…), préemballées
	8612:  aMeat,                         // Tripes à la tomate ou à la provençale, préemballées
	9085:  aMeat | aEgg,                  // Nouilles asiatiques cuisinées (boeuf, poulet, légumes…) non instantanées
	9232:  aDairy,                        // Pop-corn ou maïs éclaté, au caramel
	10082: aFish,                         // Moules marinières (oignons et vin blanc), préemballées
	10083: aMeat | aFish,                 // Moules farcies (matière grasse, persillade…), préemballées, crues
	11001: aMeat,                         // Bouillon de boeuf, déshydraté
	11007: aMeat,                         // Gélatine, sèche
	11043: aFish,                         // Tapenade, préemballée
	11051: aEgg,                          // Sauce tartare, préemballée
	11054: aEgg,                          // Mayonnaise (70% MG min.), préemballée
	11079: aEgg,                          // Mayonnaise à teneur réduite en matière grasse ou mayonnaise allégée, préemballée
	11101: aDairy,                        // Sauce béchamel, préemballée
	11102: aEgg,                          // Sauce béarnaise, préemballée
	11105: aEgg,                          // Sauce hollandaise, préemballée
	11114: aMeat,                         // Sauce tomate à la viande ou sauce bolognaise, préemballée
	11120: aMeat,                         // Sauce bourguignonne, préemballée
	11122: aDairy,                        // Sauce à l'échalote à la crème, préemballée
	11128: aMeat | aDairy,                // Sauce carbonara, préemballée
	11140: aDairy,                        // Sauce au beurre blanc, préemballée
	11143: aDairy,                        // Sauce béchamel au beurre, faite maison
	11158: aDairy,                        // Sauce au beurre, préemballée
	11159: aDairy,                        // Sauce à la crème
	11161: aDairy,                        // Sauce à la crème aux épices
	11162: aDairy,                        // Sauce à la crème aux herbes
	11166: aDairy,                        // Sauce au yaourt, faite maison
	11168: aEgg,                          // Sauce aïoli, préemballée
	11169: aMeat,                         // Fond de veau pour sauces et cuisson, déshydraté
	11171: aMeat,                         // Fond de volaille pour sauces et cuisson, déshydraté
	11172: aFish,                         // Court-bouillon pour poissons, déshydraté
	11174: aMeat,                         // Bouillon de volaille, déshydraté
	11179: aDairy,                        // Sauce pesto, préemballée
	11189: aDairy,                        // Sauce au fromage pour risotto ou pâtes, préemballée
	11192: aDairy,                        // Sauce aux champignons et à la crème, préemballée
	11194: aFish,                         // Sauce nuoc mâm ou sauce au poisson, préemballée
	11205: aFish | aEgg,                  // Sauce rouille, préemballée
	11208: aDairy,                        // Sauce tomate au fromage, préemballée
	11210: aDairy,                        // Sauce pesto rosso, préemballée
	11217: aFish,                         // Sauce pour nems à base de nuoc-mam dilué, préemballée
	11222: aDairy,                        // Ktipiti, tartinade de fromage frais aux poivrons rouges, préemballé
	11223: aFish,                         // Sauce d'huître, préemballée
	11303: aFish,                         // Fumet de poisson, prêt à consommer, préemballé
	11304: aMeat,                         // Fond de veau, préemballé
	13147: aMeat | aFish,                 // Olives vertes, fourrées ou farcies (anchois, poivrons, etc.)
	13164: aDairy,                        // Dessert infantile lacté type crème dessert
	13165: aDairy,                        // Dessert infantile lacté au riz ou à la semoule
	13166: aDairy,                        // Dessert infantile lacté, sucré, nature ou aux fruits
	18041: aDairy,                        // Lait de coco
	18104: aDairy,                        // Chocolat chaud, boisson instantanée, sucrée, prête à boire (reconstituée avec du lait demi-écrémé)
	18106: aDairy,                        // Chocolat chaud, boisson instantanée, sucrée, enrichie en vitamines, prête à boire (reconstituée avec du lait demi-écrémé)
	18151: aDairy,                        // Café au lait, café crème ou cappuccino, instantané ou non, sans sucres ajoutés, prêt à boire
	18153: aDairy,                        // Chicorée et café, instantané, sans sucres ajoutés, prête à boire (reconstituée avec du lait demi-écrémé)
	18160: aDairy,                        // Café au lait ou cappuccino, poudre soluble
	18161: aDairy,                        // Chicorée, instantanée, sans sucres ajoutés, prête à boire (reconstituée avec du lait demi-écrémé)
	18163: aDairy,                        // Café au lait ou cappuccino au chocolat, poudre soluble
	18343: aDairy,                        // Boisson au(x) fruit(s) et au lait
	19114: aDairy,                        // Boisson lactée aromatisée à la vanille, sucrée, au lait partiellement écrémé, enrichie en vitamine D
	19116: aDairy,                        // Boisson lactée aromatisée au café, sucrée, au lait partiellement écrémé, enrichie en vitamine(s) et/ou minéraux
	19117: aDairy,                        // Boisson lactée aromatisée au café, sucrée, au lait partiellement écrémé, non enrichie
	19118: aDairy,                        // Boisson lactée aromatisée au chocolat, sucrée, au lait partiellement écrémé, non enrichie
	19119: aDairy,                        // Boisson lactée aromatisée au chocolat, sucrée, au lait partiellement écrémé, enrichie en vitamine(s) et/ou minéraux
	19120: aDairy,                        // Boisson lactée aromatisée (sans précision sur l'arôme), sucrée, au lait partiellement écrémé, enrichie et/ou restaurée en vitamine(s) et/ou minéraux (aliment moyen)
	19127: aDairy,                        // Boisson lactée aromatisée à la fraise, sucrée, au lait partiellement écrémé, enrichie en vitamine D
	19437: aDairy,                        // Fromage de chèvre pané à dorer, préemballé
	19688: aEgg,                          // Baba au rhum, rayon frais
	19863: aDairy,                        // Tzatziki à base de yaourt, préemballé
	19864: aDairy,                        // Tzatziki à base de fromage frais, préemballé
	20249: aDairy,                        // Plat légumes, avec féculent et lait/crème, dès 6/8 mois
	20250: aDairy,                        // Plat légumes, avec féculent et lait/crème, dès 8/12 mois
	20251: aDairy,                        // Plat légumes, avec féculent et lait/crème, dès 12 mois
	20253: aDairy,                        // Soupe pour bébé légumes, céréales et lait
	20254: aDairy,                        // Plat légumes, avec féculent et lait/crème, dès 18 mois
	23000: aEgg | aDairy,                 // Gâteau (aliment moyen)
	23001: aEgg | aDairy,                 // Cheesecake, préemballé
	23005: aEgg | aDairy,                 // Gâteau Paris-Brest (pâte à choux crème mousseline praliné)
	23006: aEgg | aDairy,                 // Forêt noire, pâtisserie type génoise au chocolat et crème multi-couches, avec ou sans cerises
	23007: aEgg | aDairy,                 // Gâteau mousse de fruits sur génoise, type miroir, bavarois
	23008: aEgg,                          // Entremets type Opéra
	23009: aEgg,                          // Fraisier ou framboisier
	23021: aEgg,                          // Baba au rhum, artisanal
	23022: aEgg,                          // Canelé
	23023: aEgg | aDairy,                 // Kouign amann, préemballé
	23024: aEgg | aDairy,                 // Macaron moelleux fourré à la confiture ou à la crème
	23027: aEgg | aDairy,                 // Macaron sec
	23030: aEgg,                          // Bûche de Noël pâtissière
	23031: aEgg,                          // Brownie au chocolat et aux fruits à coques, préemballé
	23032: aEgg,                          // Brownie au chocolat, préemballé
	23033: aEgg | aDairy,                 // Rocher coco ou congolais (petit gâteau à la noix de coco), préemballé
	23050: aEgg | aDairy,                 // Biscuit de Savoie
	23080: aEgg | aDairy,                 // Quatre-quarts (beurre, oeufs, sucre, farine), artisanal
	23081: aEgg | aDairy,                 // Quatre-quarts (beurre, oeufs, sucre, farine), préemballé
	23082: aEgg,                          // Barre pâtissière, préemballée
	23103: aEgg | aDairy,                 // Gâteau moelleux au citron, préemballé
	23120: aEgg | aDairy,                 // Gâteau breton fourré à la crème de pruneaux, préemballé
	23121: aEgg | aDairy,                 // Far breton aux pruneaux
	23122: aEgg | aDairy,                 // Kouign Amann, artisanal
	23200: aEgg | aHoney,                 // Pain d'épices, préemballé
	23220: aEgg | aHoney,                 // Pain d'épices fourré aux fruits ou nonnette, préemballé
	23301: aDairy,                        // Corne de gazelle (pâtisserie orientale aux amandes en forme de croissant recouverte de sucre glace)
	23414: aDairy,                        // Pâte brisée, pur beurre, préemballée, crue
	23415: aDairy,                        // Pâte brisée, pur beurre, surgelée, préemballée, crue
	23416: aDairy,                        // Pâte brisée, pur beurre, préemballée, cuite
	23424: aDairy,                        // Pâte feuilletée, pur beurre, préemballée, crue
	23425: aDairy,                        // Pâte feuilletée, pur beurre, surgelée, préemballée, crue
	23426: aDairy,                        // Pâte feuilletée, pur beurre, préemballée, cuite
	23440: aEgg | aDairy,                 // Pâte sablée, préemballée, crue
	23442: aEgg | aDairy,                 // Pâte sablée, préemballée, cuite
	23444: aEgg | aDairy,                 // Pâte sablée, pur beurre, préemballée, crue
	23446: aEgg | aDairy,                 // Pâte sablée, pur beurre, surgelée, préemballée, crue
	23448: aEgg | aDairy,                 // Pâte sablée, pur beurre, préemballée, cuite
	23455: aDairy,                        // Chou à la crème, sans précision (chantilly ou pâtissière)
	23456: aDairy,                        // Chou à la crème chantilly, Saint-honoré
	23457: aDairy,                        // Chou à la crème pâtissière
	23467: aEgg,                          // Chouquette
	23477: aEgg,                          // Éclair
	23479: aEgg | aDairy,                 // Tarte aux fruits et crème pâtissière
	23481: aEgg | aDairy,                 // Tarte normande aux pommes (garniture farine, oeufs, crème, sucre, calvados), artisanale
	23485: aEgg | aDairy,                 // Tarte au citron
	23490: aEgg | aDairy,                 // Tarte ou tartelette aux pommes
	23491: aEgg | aDairy,                 // Tarte aux fraises, artisanale
	23494: aEgg | aDairy,                 // Tarte aux abricots
	23495: aEgg | aDairy,                 // Tarte aux fruits rouges
	23496: aEgg | aDairy,                 // Tarte tatin aux pommes
	23497: aEgg | aDairy,                 // Tarte au chocolat, fabrication artisanale
	23498: aEgg | aDairy,                 // Tarte ou tartelette aux fruits (aliment moyen)
	23525: aEgg | aDairy,                 // Flan pâtissier aux oeufs ou à la parisienne
	23540: aEgg | aDairy,                 // Gâteau moka ou gâteau au café
	23585: aEgg | aDairy,                 // Gâteau au chocolat, préemballé
	23586: aEgg | aDairy,                 // Gâteau au chocolat type fondant ou mi-cuit, préemballé
	23588: aEgg | aDairy,                 // Gâteau ou cake au yaourt, préemballé
	23594: aEgg | aDairy,                 // Gâteau moelleux nature type génoise, préemballé
	23680: aEgg | aDairy,                 // Galette des rois feuilletée, fourrée à la pomme
	23684: aEgg | aDairy,                 // Galette des rois feuilletée, fourrée frangipane, et Pithiviers
	23799: aEgg,                          // Crêpe, nature, préemballée, rayon frais
	23800: aEgg,                          // Crêpe, nature, préemballée, rayon température ambiante
	23801: aEgg,                          // Galette de sarrasin, nature, souple (à garnir) préemballée
	23802: aEgg | aDairy,                 // Gâteau basque à la crème pâtissière
	23803: aEgg | aDairy,                 // Gâteau basque aux cerises
	23804: aEgg,                          // Crêpe fourrée au chocolat et aux billes de céréales croustillantes, préemballée
	23815: aEgg,                          // Crêpe fourrée au sucre, préemballée
	23820: aEgg,                          // Crêpe fourrée à la confiture, faite maison
	23821: aEgg,                          // Crêpe fourrée au chocolat ou à la pâte à tartiner chocolat et noisettes, faite maison
	23827: aEgg,                          // Pancake (petite crêpe épaisse), sucrée, préemballée
	23828: aEgg,                          // Pancake (petite crêpe épaisse), fourrée à la pâte à tartiner chocolat noisette, préemballée
	23829: aEgg,                          // Crêpe fourrée au chocolat, préemballée
	23830: aEgg,                          // Crêpe fourrée fraise, préemballée
	23849: aEgg | aDairy | aHoney,        // Gaufre fine fourrée au miel, au caramel ou à la vergeoise, préemballée
	23850: aEgg,                          // Gaufre bruxelloise ou liégeoise nature, artisanale
	23851: aEgg,                          // Gaufre moelleuse (type bruxelloise ou liégeoise), nature ou sucrée, préemballée
	23852: aEgg,                          // Gaufre moelleuse (type bruxelloise ou liégeoise), au chocolat, préemballée
	23853: aEgg | aDairy,                 // Gaufre croustillante (fine ou sèche), nature ou sucrée, préemballée
	23880: aEgg,                          // Beignet ou donut rond moelleux, sans fourrage, saupoudré de sucre
	23881: aEgg,                          // Beignet ou donut fourré aux fruits (fourrage type confiture), préemballé
	23885: aEgg,                          // Beignet ou donut fourré ou nappé goût chocolat ou chocolat noisette, préemballé
	23909: aEgg,                          // Cake aux fruits (confits et/ou raisins secs), préemballé
	23925: aEgg | aDairy,                 // Gâteau marbré au chocolat, préemballé
	23935: aEgg | aDairy,                 // Gâteau moelleux nature, préemballé
	23937: aEgg | aDairy,                 // Gâteau moelleux aux fruits, préemballé
	23938: aEgg | aDairy,                 // Gâteau moelleux aux fruits à coque, type gâteau creusois, préemballé
	23939: aEgg | aDairy,                 // Gâteau moelleux fourré au chocolat, type mini-cake, mini-roulé, ourson…, préemballé
	23941: aEgg | aDairy,                 // Gâteau moelleux fourré aux fruits type mini-roulé ou mini-cake fourré, préemballé
	23943: aEgg | aDairy,                 // Gâteau moelleux aux pépites de chocolat, type mini-cake, préemballé
	23944: aEgg | aDairy,                 // Gâteau moelleux fourré au chocolat et enrobé ou nappé de chocolat, préemballé
	23945: aEgg | aDairy,                 // Gâteau moelleux fourré au chocolat et au lait, enrobé de chocolat, préemballé
	23951: aEgg,                          // Muffin, aux fruits (myrtilles et autres), préemballé
	23952: aEgg,                          // Muffin, au chocolat, préemballé
	24000: aEgg | aDairy,                 // Biscuit sec, sans précision
	24001: aEgg | aDairy,                 // Biscuit sec nature
	24002: aEgg | aDairy,                 // Biscuit sec à teneur garantie en vitamines
	24003: aEgg | aDairy,                 // Biscuit sec à teneur garantie en vitamines et minéraux
	24004: aEgg | aDairy,                 // Biscuit sec aux fruits, hyposodé ou à teneur réduite en sel
	24006: aEgg | aDairy,                 // Biscuit sec au soja, enrichi en vitamines et minéraux
	24008: aEgg | aDairy,                 // Biscuit sec fourré aux fruits, allégé en matière grasse
	24009: aEgg | aDairy,                 // Spéculoos
	24010: aEgg | aDairy,                 // Biscuit sec, avec matière grasse végétale
	24011: aEgg | aDairy,                 // Biscuit sec, assortiment
	24012: aEgg | aDairy,                 // Biscuit sec au chocolat, sans sucres ajoutés, avec édulcorants, enrichi en vitamines
	24013: aEgg | aDairy,                 // Biscuit sec, sans sucres ajoutés, avec édulcorant
	24014: aEgg | aDairy,                 // Biscuit sec avec tablette de chocolat et fourrage au lait
	24015: aEgg | aDairy,                 // Biscuit sec petit beurre
	24016: aEgg | aDairy,                 // Biscuit sec avec tablette de chocolat
	24017: aEgg | aDairy,                 // Biscuit sec petit beurre au chocolat (tablette ou pépites)
	24018: aEgg | aDairy,                 // Biscuit sec sans gluten, petit beurre
	24019: aEgg | aDairy,                 // Biscuit sec sans gluten, au chocolat
	24020: aEgg | aDairy,                 // Biscuit sec aux céréales complètes
	24021: aEgg | aDairy,                 // Biscuit sec petit beurre au blé complet
	24028: aEgg | aDairy,                 // Biscuit sec au sésame, non enrichi
	24029: aEgg | aDairy,                 // Biscuit sec au sésame, enrichi en vitamines et minéraux
	24031: aEgg | aDairy,                 // Biscuit sec sans chocolat, allégé en matière grasse
	24034: aEgg | aDairy,                 // Biscuit sec pour petit déjeuner, sans chocolat, non enrichi
	24035: aEgg | aDairy,                 // Biscuit sec pour petit déjeuner, allégé en sucres
	24036: aEgg | aDairy,                 // Biscuit sec au chocolat, non enrichi
	24037: aEgg | aDairy,                 // Biscuit sec fourré à la pâte ou purée de fruits (ex : figue)
	24038: aEgg | aDairy,                 // Biscuit sec, sablé, nappé de chocolat
	24040: aEgg | aDairy,                 // Biscuit sec pour petit déjeuner, au chocolat, non enrichi
	24041: aEgg | aDairy,                 // Biscuit sec pour petit déjeuner, tous parfums, enrichi en vitamines et minéraux
	24042: aEgg | aDairy,                 // Biscuit sec au chocolat, enrichi en vitamines et minéraux
	24048: aEgg | aDairy,                 // Biscuit sec, sablé, galette ou palet, autre que pur beurre
	24049: aEgg | aDairy,                 // Biscuit sec, sablé, galette ou palet, au beurre
	24050: aEgg | aDairy,                 // Biscuit sec, sablé, galette ou palet, au beurre, au chocolat
	24051: aEgg | aDairy,                 // Biscuit (génoise), nappé de chocolat, type barquette
	24052: aEgg | aDairy,                 // Biscuit sec (tartelette), nappé au chocolat, préemballé
	24054: aEgg | aDairy,                 // Biscuit sec, sablé, galette ou palet, aux fruits
	24056: aEgg | aDairy,                 // Florentin (biscuit sec au chocolat et aux amandes)
	24057: aEgg | aDairy,                 // Biscuit sec, sablé, fourré aux fruits type lunette de Romans
	24061: aEgg | aDairy,                 // Biscuit meringué fourré (chocolat, noisette, noix de coco…), nappé ou sur base de chocolat
	24070: aEgg | aDairy,                 // Biscuit sec à la noix de coco
	24071: aEgg | aDairy,                 // Sablé pâtissier, artisanal
	24224: aEgg | aDairy,                 // Biscuit au chocolat fourré ("sandwiché") parfum vanille, rond, noir et blanc
	24225: aEgg | aDairy,                 // Goûter sec fourré ("sandwiché") parfum lait ou vanille
	24230: aEgg | aDairy,                 // Goûter sec fourré ("sandwiché") parfum chocolat, au blé complet
	24231: aEgg | aDairy,                 // Goûter sec fourré ("sandwiché") parfum chocolat
	24240: aEgg | aDairy,                 // Goûter sec fourré ("sandwiché") parfum fruits
	24300: aEgg | aDairy,                 // Gaufrette (éventail, cigarette…), sans fourrage
	24311: aEgg | aDairy,                 // Gaufrette fourrée et/ou enrobée de chocolat
	24312: aEgg | aDairy,                 // Gaufrette fourrée, aux fruits à coque (noisette, amande, praliné, etc.), avec ou sans chocolat
	24313: aEgg | aDairy,                 // Gaufrette, fourrée vanille
	24320: aEgg | aDairy,                 // Gaufrette fourrée, aux fruits
	24370: aEgg | aDairy,                 // Crêpe dentelle nature
	24371: aEgg | aDairy,                 // Crêpe dentelle, nappée de chocolat
	24430: aEgg | aDairy,                 // Biscuit sec aux oeufs à la cuillère (cuiller) ou boudoir
	24441: aEgg | aDairy,                 // Biscuit sec, type langue de chat ou cigarette russe
	24520: aEgg,                          // Meringue
	24614: aEgg | aDairy,                 // Biscuit sec croquant aux amandes (ex. canistrelli)
	24615: aEgg | aDairy,                 // Biscuit sec fin ou tuile, aux amandes
	24616: aEgg | aDairy,                 // Biscuit sec fin ou tuile, saveur citron ou orange
	24630: aEgg | aDairy,                 // Madeleine, pur beurre, préemballée
	24631: aEgg | aDairy,                 // Madeleine au chocolat (nappage, pépites ou fourrage…), préemballée
	24632: aEgg | aDairy,                 // Madeleine ordinaire, préemballée
	24654: aEgg | aDairy,                 // Biscuit sec ou galette à l'avoine, nappée de chocolat
	24655: aEgg | aDairy,                 // Biscuit sec ou galette à l'avoine
	24656: aEgg | aDairy,                 // Cookie aux cranberries et au chocolat blanc, préemballé
	24657: aEgg | aDairy,                 // Biscuit sec, type batonnet, stick, vrille ou torsade, nappé de chocolat
	24658: aEgg | aDairy,                 // Biscuit sec feuilleté, type palmier ou autres, nappé de chocolat
	24659: aEgg | aDairy,                 // Biscuit sec feuilleté, type palmier ou autres, préemballé
	24660: aEgg | aDairy,                 // Biscuit sec feuilleté, type palmier ou autres, artisanal
	24663: aEgg | aDairy,                 // Tarte aux poires amandine
	24664: aEgg | aDairy,                 // Gâteau aux amandes type financier, préemballé
	24674: aEgg | aDairy,                 // Gâteau moelleux sans gluten (cake, madeleine…), préemballé
	24675: aEgg | aDairy,                 // Gâteau moelleux sans gluten (cake, brownie…), au chocolat, préemballé
	24676: aEgg | aDairy,                 // Cookie au chocolat et aux fruits à coque (noisettes, amandes, noix de pécan…), préemballé
	24678: aEgg | aDairy,                 // Biscuit (génoise), nappé aux fruits, type barquette
	24679: aEgg | aDairy,                 // Biscuit sec (tartelette), nappé aux fruits, préemballé
	24680: aEgg | aDairy,                 // Biscuit moelleux fourré à l'orange et enrobé de sucre glace
	24684: aEgg | aDairy,                 // Cookie au chocolat, préemballé
	24685: aDairy,                        // Cône ou cornet classique, pour glace
	24686: aEgg | aDairy,                 // Biscuit (génoise), fourré aux fruits (ex : orange, cerise…), nappé de chocolat
	24687: aEgg | aDairy,                 // Cookie aux pépites de chocolat et à la noix de coco, préemballé
	24689: aEgg | aDairy,                 // Biscuit pour bébé
	24998: aFish,                         // Poisson blanc en sauce, préemballé (aliment moyen)
	25001: aMeat,                         // Blanquette de veau, préemballée
	25002: aMeat,                         // Cassoulet, appertisé
	25003: aMeat,                         // Choucroute garnie, préemballée
	25009: aMeat,                         // Hachis parmentier à la viande, préemballé
	25010: aMeat,                         // Petit salé ou saucisse aux lentilles, préemballé
	25013: aMeat,                         // Pot-au-feu, préemballé
	25019: aMeat,                         // Ravioli au boeuf, sauce tomate, appertisé
	25020: aDairy,                        // Soufflé au fromage
	25026: aDairy,                        // Épinard à la crème, préemballé
	25029: aMeat,                         // Couscous au mouton
	25033: aMeat,                         // Boeuf bourguignon, préemballé
	25035: aMeat,                         // Sauté d'agneau au curry, préemballé
	25037: aFish | aDairy,                // Gratin ou cassolette de poisson et / ou fruits de mer, préemballé, cru
	25038: aFish | aDairy,                // Gratin ou cassolette de poisson et / ou fruits de mer, préemballé, cuit
	25043: aMeat,                         // Couscous à la viande ou au poulet, allégé en matière grasse, préemballé,
	25052: aDairy,                        // Gratin d'aubergine, préemballé
	25056: aDairy,                        // Gratin dauphinois, préemballé
	25057: aMeat,                         // Poêlée de pommes de terre préfrites, lardons ou poulet, et autres, sans légumes verts, préemballée
	25058: aMeat,                         // Canard en sauce (poivre vert, chasseur, etc.), préemballé
	25063: aMeat,                         // Lapin à la moutarde, préemballé
	25065: aMeat,                         // Boeuf aux carottes, préemballé
	25071: aMeat,                         // Potée auvergnate (chou et porc)
	25073: aMeat,                         // Endive au jambon, préemballée
	25077: aFish,                         // Saumon sauce à l'oseille, préemballé
	25081: aMeat,                         // Lasagnes ou canellonis à la viande (bolognaise), préemballés
	25085: aMeat,                         // Pâtes à la bolognaise (spaghetti, tagliatelles…), préemballées
	25086: aFish,                         // Poisson blanc à la bordelaise (chapelure, huile…), préemballé
	25089: aMeat | aDairy,                // Cordon bleu de volaille, préemballé
	25098: aMeat,                         // Cassoulet au porc, appertisé
	25099: aMeat,                         // Cassoulet au canard ou oie, appertisé
	25101: aDairy,                        // Gratin de chou-fleur, préemballé
	25103: aMeat,                         // Tomate farcie, préemballée
	25106: aMeat,                         // Chou farci, préemballé
	25107: aFish,                         // Couscous au poisson
	25110: aFish,                         // Ravioli chinois à la vapeur à la crevette, cuit
	25111: aMeat,                         // Chili con carne, préemballé
	25121: aMeat,                         // Coq au vin
	25122: aMeat | aDairy,                // Gratin de pâtes au jambon, préemballé
	25123: aMeat,                         // Moussaka, préemballée
	25124: aMeat,                         // Navarin d'agneau aux légumes
	25125: aMeat,                         // Paupiette de veau
	25126: aMeat,                         // Paupiette de volaille
	25127: aMeat,                         // Couscous royal (avec plusieurs viandes), préemballé
	25128: aFish,                         // Poisson blanc à la provençale ou niçoise (sauce tomate), préemballé
	25135: aMeat | aDairy,                // Pâtes à la carbonara (spaghetti, tagliatelles…), préemballées
	25137: aMeat | aDairy,                // Tartiflette (pommes de terre, reblochon, lardons…), préemballée
	25138: aMeat,                         // Couscous au poulet
	25139: aFish,                         // Lasagnes ou cannellonis au poisson, préemballées
	25140: aFish,                         // Poisson blanc à la florentine (sauce aux épinards), préemballé
	25141: aFish,                         // Poisson blanc à la marinière (sauce aux oignons, vin blanc, moules), préemballé
	25142: aFish,                         // Poisson blanc à la sauce moutarde, préemballé
	25143: aFish,                         // Poisson blanc à la parisienne (sauce aux champignons), préemballé
	25145: aFish,                         // Poisson blanc à l'estragon, préemballé
	25146: aFish,                         // Poisson blanc sauce oseille, préemballé
	25151: aFish | aDairy,                // Feuilleté ou friand au poisson et/ou fruits de mer, préemballé, à cuire
	25152: aMeat,                         // Couscous à la viande, préemballé
	25154: aMeat | aFish | aDairy,        // Gratin de poisson et purée ou brandade aux pommes de terre ou parmentier de poisson, préemballé
	25157: aMeat | aEgg,                  // Pâtes fraîches farcies (ex : raviolis, tortellinis), au boeuf (ex : bolognaise), préemballées, crues
	25158: aMeat | aEgg,                  // Pâtes fraîches farcies (ex : raviolis, tortellinis), au boeuf (ex : bolognaise), préemballées, cuites
	25159: aMeat,                         // Tajine de mouton, préemballé
	25162: aDairy,                        // Gratin de légumes, préemballé
	25163: aMeat,                         // Boulettes au boeuf, cuites
	25164: aMeat,                         // Osso buco de veau à la milanaise (jarret de porc , légumes, vin blanc)
	25172: aMeat,                         // Viande en sauce (aliment moyen)
	25173: aMeat | aDairy,                // Escalope panée, viennoise ou milanaise, veau, cuite
	25175: aMeat,                         // Meloukhia, plat à base de boeuf et corète, fait maison
	25183: aFish | aEgg,                  // Nouilles aux crevettes, préemballées, sautées/poêlées
	25186: aMeat,                         // Boulettes au porc et au boeuf (à la suédoise), préemballées, crues
	25188: aFish,                         // Risotto, aux fruits de mer, préemballé
	25189: aDairy,                        // Risotto, aux fromages, préemballé
	25190: aMeat,                         // Poulet basquaise, préemballé
	25194: aMeat,                         // Boulettes au boeuf et à l'agneau (type kefta), préemballées, crues
	25195: aMeat,                         // Parmentier de canard, préemballé, à cuire
	25198: aDairy,                        // Pâtes en sauce aux fromages (spaghetti, tagliatelles…), préemballées
	25200: aMeat,                         // Palette à la diable, préemballée
	25201: aMeat,                         // Langue de boeuf sauce madère, préemballée
	25204: aMeat,                         // Tajine de poulet, préemballé
	25205: aMeat,                         // Chop suey (porc ou poulet, légumes), préemballé
	25210: aMeat | aFish,                 // Saumon farci, préemballé
	25211: aMeat,                         // Boulettes au boeuf, à la sauce tomate, préemballées
	25213: aMeat,                         // Paupiette de veau, préemballée, rôtie/cuite au four
	25219: aDairy,                        // Lasagnes ou cannellonis aux légumes et au fromage de chèvre, préemballés, cuits
	25220: aMeat,                         // Choucroute cuisinée aux lardons, sans garniture, égouttée, cuite
	25221: aMeat,                         // Boulettes au boeuf et à l'agneau (type kefta), préemballées, cuites
	25222: aMeat,                         // Boulettes au porc et au boeuf (à la suédoise), préemballées, cuites
	25238: aDairy,                        // Gratin de légumes, fait maison
	25242: aMeat | aFish,                 // Paëlla (poulet fruit de mer, chorizo, colin), fait maison
	25243: aEgg,                          // Nouilles asiatiques instantanées, aromatisées, cuites
	25396: aMeat | aDairy,                // Feuilleté ou friand jambon fromage, préemballé
	25398: aDairy,                        // Feuilleté ou friand au fromage, préemballé, à cuire
	25399: aMeat | aDairy,                // Feuilleté ou friand aux escargots, préemballé
	25400: aMeat | aDairy,                // Croque-monsieur, jambon, fromage et beurre, fait maison
	25401: aDairy,                        // Feuilleté ou friand au fromage, préemballé, cuit
	25402: aMeat | aDairy,                // Feuilleté ou friand à la viande, préemballé
	25404: aDairy,                        // Pizza au fromage ou pizza margherita, préemballée
	25405: aMeat | aEgg | aDairy,         // Quiche lorraine, préemballée
	25409: aMeat | aEgg | aDairy,         // Crêpe ou galette béchamel et jambon, préemballée
	25410: aMeat | aEgg | aDairy,         // Crêpe ou galette béchamel, jambon et fromage, préemballée
	25411: aEgg | aDairy,                 // Crêpe ou galette béchamel et champignon, préemballée, surgelée
	25412: aMeat,                         // Bouchée à la reine, à la viande/volaille/quenelle
	25413: aMeat,                         // Hamburger, de restauration rapide
	25414: aMeat | aDairy,                // Cheeseburger, de restauration rapide
	25415: aMeat | aDairy,                // Double cheeseburger, de restauration rapide
	25416: aMeat | aFish,                 // Burger au poisson, de restauration rapide
	25417: aEgg | aDairy,                 // Tarte aux légumes, préemballée
	25418: aMeat | aDairy,                // Croissant au jambon fromage, fait maison
	25428: aMeat,                         // Sandwich grec ou kebab, pita, crudités
	25429: aMeat,                         // Sandwich grec ou kebab, baguette, crudités
	25431: aFish | aEgg,                  // Sandwich baguette, thon crudités mayonnaise, fait maison
	25434: aMeat | aDairy,                // Sandwich panini, jambon cru mozzarella, tomates
	25435: aMeat | aDairy,                // Pizza jambon fromage, préemballée
	25437: aDairy,                        // Gougère
	25444: aEgg | aDairy,                 // Tarte au fromage, préemballée
	25454: aEgg | aDairy,                 // Tarte à la provençale, préemballée
	25456: aFish,                         // Sushi ou maki aux produits de la mer
	25457: aMeat | aDairy,                // Pizza à la viande, type bolognaise, préemballée
	25459: aMeat,                         // Burritos au boeuf
	25460: aMeat,                         // Fajita au poulet, préparé maison avec un kit
	25462: aMeat | aDairy,                // Pizza au chorizo ou salami, préemballée
	25463: aFish | aDairy,                // Pizza aux fruits de mer, préemballée
	25464: aFish | aDairy,                // Pizza au saumon, préemballée
	25468: aMeat | aDairy,                // Pizza au chèvre et lardons, préemballée
	25472: aDairy,                        // Pizza aux légumes ou pizza 4 saisons, préemballée
	25475: aMeat | aEgg | aDairy,         // Sandwich baguette, jambon, oeuf, crudités, beurre
	25476: aMeat | aEgg,                  // Sandwich baguette, poulet crudités mayonnaise, fait maison
	25477: aDairy,                        // Pizza champignons fromage, préemballée
	25478: aDairy,                        // Pizza aux fromages, préemballée
	25485: aMeat | aDairy,                // Sandwich baguette, jambon emmental, préemballé
	25488: aFish | aDairy,                // Sandwich baguette, saumon fumé beurre
	25490: aFish,                         // Sandwich baguette, thon maïs crudités, préemballé
	25501: aDairy,                        // Sandwich panini, trois fromages
	25502: aMeat,                         // Burger au poulet, de restauration rapide
	25503: aFish,                         // Bouchée à la reine, au poisson et fruits de mer, faite maison
	25504: aMeat,                         // Brochette de volaille, crue
	25505: aMeat,                         // Brochette de boeuf, crue
	25506: aMeat,                         // Brochette mixte de viande
	25508: aMeat | aDairy,                // Feuilleté ou friand jambon fromage, fait maison
	25509: aDairy,                        // Préparation à base de fromage(s) pour fondue savoyarde, préemballée
	25511: aMeat,                         // Légumes farcis (sauf tomate)
	25512: aMeat | aDairy,                // Nuggets ou croquette panée de volaille, préemballé
	25513: aFish,                         // Pan bagnat
	25516: aDairy,                        // Pizza (aliment moyen)
	25517: aMeat | aDairy,                // Sandwich baguette, jambon beurre, fait maison
	25518: aDairy,                        // Sandwich baguette, camembert beurre, fait maison
	25519: aMeat,                         // Sandwich baguette, pâté cornichons
	25520: aMeat | aDairy,                // Sandwich baguette, saucisson beurre, fait maison
	25521: aMeat | aDairy,                // Sandwich baguette, jambon emmental beurre
	25525: aDairy,                        // Sauce tomate cuisinée pour pizza
	25528: aFish | aDairy,                // Pissaladière, préemballée
	25529: aEgg | aDairy,                 // Tarte à l'oignon, préemballée
	25530: aEgg,                          // Sandwich baguette, crudités diverses mayonnaise
	25531: aMeat | aEgg,                  // Sandwich baguette, dinde crudités mayonnaise
	25532: aEgg,                          // Sandwich baguette, oeuf crudités mayonnaise
	25533: aMeat | aEgg,                  // Sandwich baguette, porc crudités mayonnaise
	25535: aMeat,                         // Sandwich baguette, merguez ketchup moutarde
	25536: aMeat | aDairy,                // Sandwich baguette, salami beurre
	25538: aMeat | aDairy,                // Carpaccio de boeuf, avec marinade (huile, herbes, fromage), fait maison
	25539: aFish,                         // Brochette de poisson
	25540: aFish,                         // Brochette de crevettes
	25541: aMeat,                         // Brochette d'agneau
	25542: aMeat | aEgg | aDairy,         // Croque-madame, fait maison
	25546: aMeat | aDairy,                // Fromage pané au jambon, préemballé
	25547: aMeat | aDairy,                // Croque-monsieur, préemballé
	25548: aMeat | aDairy,                // Pizza jambon fromage champignons ou pizza royale, reine ou regina, préemballée
	25549: aEgg | aDairy,                 // Crêpe ou galette béchamel et fromage, préemballée
	25550: aMeat | aEgg | aDairy,         // Flammenkueche ou tarte flambée aux lardons, préemballée
	25551: aMeat | aFish | aEgg,          // Beignet de viande, volaille ou poisson, fait maison, cuit
	25552: aMeat | aEgg | aDairy,         // Crêpe ou galette béchamel, jambon et fromage et champignon, préemballée
	25553: aEgg | aDairy,                 // Tarte ou tourte aux poireaux, préemballée
	25555: aFish | aEgg | aDairy,         // Tarte au saumon, préemballée
	25556: aEgg,                          // Beignet de légumes
	25557: aEgg,                          // Brick à l'oeuf, fait maison, cuit
	25558: aMeat,                         // Samossa ou samoussa ou brick au boeuf, fait maison, cuit
	25560: aMeat,                         // Tourte au riesling (porc, riesling, champignons), préemballée
	25561: aEgg | aDairy,                 // Tarte à la tomate, préemballée
	25562: aMeat | aEgg | aDairy,         // Crêpe ou galette complète (oeuf, jambon, fromage), préemballée
	25564: aFish | aEgg | aDairy,         // Tarte aux noix de Saint-Jacques, préemballée
	25565: aMeat,                         // Yakitori (brochettes japonaises grillées en sauce)
	25566: aMeat,                         // Brochette de porc, crue
	25568: aMeat,                         // Pastilla au poulet, préemballée
	25570: aMeat | aDairy,                // Pizza aux lardons, oignons et fromage, préemballée
	25572: aFish | aEgg,                  // Crêpe ou galette aux noix de Saint-Jacques, préemballée
	25573: aEgg | aDairy,                 // Tarte ou quiche salée (aliment moyen)
	25575: aFish,                         // Sandwich pain de mie complet, thon crudités, préemballé
	25576: aMeat | aDairy,                // Sandwich pain de mie complet, jambon fromage, préemballé
	25577: aMeat,                         // Sandwich pain de mie complet, poulet crudités, préemballé
	25578: aDairy,                        // Feuilleté ou friand salé (aliment moyen)
	25581: aEgg | aDairy,                 // Crêpe ou galette béchamel et champignon, préemballée, cuite
	25582: aMeat | aEgg,                  // Nem ou pâté impérial, au poulet, préemballé, cuit
	25583: aMeat | aEgg,                  // Nem ou pâté impérial, au porc, préemballé, cuit
	25584: aMeat | aFish | aEgg,          // Nem ou pâté impérial, aux crevettes et/ou au crabe, préemballé, cuit
	25585: aMeat,                         // Brochette de boeuf, cuite
	25586: aMeat,                         // Brochette de volaille, cuite
	25587: aMeat,                         // Parmentier de canard, préemballé, cuit
	25588: aDairy,                        // Gratin de légumes en sauce blanche type béchamel, préemballé, cuit
	25594: aMeat,                         // Galette ou pavé au blé et soja (ne convient pas aux véganes ou végétaliens), préemballé
	25599: aMeat,                         // Sandwich pain de mie complet, jambon, préemballé
	25601: aFish,                         // Salade de thon et légumes, appertisée
	25602: aMeat | aFish,                 // Salade composée avec viande ou poisson, appertisée
	25610: aMeat,                         // Salade de museau de boeuf, avec sauce, préemballée
	25615: aDairy,                        // Salade de pâtes au fromage et légumes, avec sauce
	25619: aMeat | aFish,                 // Salade de pâtes aux légumes et poisson ou viande, avec sauce, préemballée
	25623: aEgg | aDairy,                 // Tarte au maroilles ou flamiche au maroilles, préemballée
	25625: aFish | aEgg,                  // Crêpe ou galette au poisson et / ou fruits de mer, préemballée
	25628: aMeat | aFish | aDairy,        // Salade César au poulet (salade verte, fromage, croûtons, sauce), préemballée
	25632: aFish | aEgg,                  // Sandwich baguette, thon crudités mayonnaise, vente à emporter
	25633: aMeat | aDairy,                // Sandwich baguette, jambon beurre, vente à emporter
	25634: aMeat | aDairy,                // Sandwich baguette, jambon emmental, vente à emporter
	25635: aDairy,                        // Lasagnes ou cannellonis au fromage et aux épinards, préemballés
	25638: aMeat | aEgg,                  // Sandwich baguette, poulet crudités mayonnaise, vente à emporter
	25639: aMeat | aDairy,                // Sandwich baguette, saucisson beurre, vente à emporter
	25640: aDairy,                        // Sandwich baguette, camembert beurre, vente à emporter
	25641: aMeat,                         // Sandwich pain de mie complet, saucisson ou rosette, préemballé
	25643: aMeat,                         // Burger au poulet, préemballé
	25644: aMeat | aDairy,                // Cheeseburger, préemballé
	25645: aMeat,                         // Sandwich pain de mie complet, bacon crudités, préemballé
	25646: aDairy,                        // Wrap végétarien fromage crudités
	25647: aMeat,                         // Wrap poulet crudités
	25648: aMeat,                         // Wrap jambon crudités
	25649: aMeat | aEgg | aDairy,         // Crêpe ou galette chèvre, lardon, préemballée
	25650: aFish | aEgg,                  // Sandwich pain de mie complet, thon oeuf crudités, préemballé
	25651: aFish,                         // Sandwich pain de mie complet, saumon fumé, préemballé
	25652: aMeat | aEgg,                  // Sandwich pain de mie complet, jambon oeuf crudités, préemballé
	25653: aMeat | aDairy,                // Sandwich pain de mie complet, jambon fromage crudités, préemballé
	25654: aMeat,                         // Sandwich pain de mie complet, jambon crudités, préemballé
	25655: aMeat | aEgg | aDairy,         // Sandwich pain viennois, jambon oeuf crudités, préemballé
	25656: aFish | aEgg | aDairy,         // Sandwich pain viennois, thon oeuf crudités, préemballé
	25657: aMeat | aEgg | aDairy,         // Sandwich pain viennois, poulet oeuf crudités, préemballé
	25658: aMeat | aDairy,                // Sandwich pain viennois, poulet crudités, préemballé
	25659: aMeat,                         // Sandwich pain polaire, poulet crudités, préemballé
	25660: aFish,                         // Sandwich pain polaire, saumon, préemballé
	25661: aMeat | aDairy,                // Sandwich pain polaire, jambon fromage, préemballé
	25662: aMeat,                         // Sandwich pain de mie complet, poulet, préemballé
	25663: aMeat,                         // Sandwich baguette, poulet crudités, préemballé
	25664: aFish,                         // Salade de pomme de terre au thon, préemballée
	25665: aMeat,                         // Salade de pomme de terre à la saucisse, préemballée
	25666: aMeat | aDairy,                // Salade composée à base de crudités, charcuterie et fromage, avec sauce, préemballée
	25667: aFish,                         // Salade composée à base de crudités et produits de la mer, avec sauce, préemballée
	25668: aFish | aEgg,                  // Salade composée à base de crudités, oeuf et produits de la mer, avec sauce, préemballée
	25669: aMeat | aDairy,                // Salade composée à base de crudités, poulet et fromage, avec sauce, préemballée
	25670: aMeat,                         // Salade composée à base de crudités et poulet, avec sauce, préemballée
	25671: aDairy,                        // Pizza au chèvre, préemballée
	25674: aMeat | aEgg,                  // Nem ou pâté impérial, préemballé, cuit (aliment moyen)
	25901: aMeat,                         // Soupe à la volaille et aux légumes, préemballée à réchauffer
	25904: aFish,                         // Soupe de poissons et/ou crustacés, préemballée à réchauffer
	25908: aMeat,                         // Soupe à la volaille et aux vermicelles, préemballée à réchauffer
	25909: aMeat,                         // Bouillon de viande et légumes type pot-au-feu, prêt à consommer
	25915: aMeat,                         // Soupe chorba frik, à base de viande et de frik
	25919: aFish,                         // Soupe de poissons et/ou crustacés, déshydratée reconstituée
	25928: aMeat,                         // Soupe à la volaille et aux légumes, déshydratée reconstituée
	25930: aMeat,                         // Bouillon de boeuf, déshydraté reconstitué
	25947: aMeat,                         // Bouillon de volaille, déshydraté reconstitué
	25950: aMeat,                         // Soupe à la volaille et aux vermicelles, déshydratée reconstituée
	25962: aDairy,                        // Soupe aux légumes avec fromage, préemballée à réchauffer
	25970: aMeat,                         // Bouillon de viande et légumes type pot-au-feu, non dégraissé, déshydraté
	25971: aMeat,                         // Bouillon de viande et légumes type pot-au-feu, dégraissé, déshydraté
	25975: aMeat,                         // Soupe au boeuf et aux vermicelles, déshydratée reconstituée
	25976: aMeat,                         // Soupe asiatique, avec poulet et pâtes, préemballée à réchauffer
	26140: aFish,                         // Poisson cuit (aliment moyen)
	26249: aFish,                         // Poisson blanc, cuit (aliment moyen)
	26256: aMeat | aEgg | aDairy,         // Ficelle picarde, préemballée
	26260: aDairy,                        // Salade de concombre à la crème/fromage blanc, préemballée
	26261: aMeat,                         // Salade de lentilles et saucisse fumée, préemballée
	26263: aFish,                         // Salade de riz au thon et légumes, avec sauce, préemballée
	26266: aMeat | aDairy,                // Croissant au jambon fromage, préemballé
	26267: aEgg | aDairy,                 // Tarte épinard chèvre, préemballée
	26268: aFish,                         // Tielle sétoise, préemballée
	26269: aMeat,                         // Taboulé ou salade de semoule au poulet, préemballé
	26270: aFish | aDairy,                // Pizza au thon, préemballée
	26271: aMeat | aDairy,                // Pizza kebab, préemballée
	26272: aMeat | aDairy,                // Pizza au poulet, préemballée
	26273: aMeat | aDairy,                // Pizza type raclette ou tartiflette, préemballée
	26274: aMeat | aDairy,                // Pizza au speck ou jambon cru, préemballée
	26276: aFish,                         // Salade de pâtes au surimi, avec sauce, préemballée
	26277: aFish,                         // Salade Alaska au surimi, ananas, carottes, avec sauce, préemballée
	26278: aMeat | aDairy,                // Salade de pâtes au poulet, fromage et crudités, avec sauce, préemballée
	26279: aMeat | aEgg | aDairy,         // Salade de pâtes aux poulet, oeuf, fromage et crudités, avec sauce, préemballée
	26280: aMeat | aDairy,                // Salade de pâtes au jambon cru, fromage et crudités, avec sauce, préemballée
	26282: aMeat,                         // Salade de pâtes au poulet et crudités, avec sauce, préemballée
	31000: aEgg | aDairy,                 // Barre chocolatée biscuitée
	31001: aEgg | aDairy,                 // Barre chocolatée non biscuitée enrobée
	31004: aDairy,                        // Chocolat au lait, tablette
	31008: aHoney,                        // Miel
	31009: aDairy,                        // Chocolat au lait aux céréales croustillantes, tablette
	31010: aDairy,                        // Chocolat blanc, tablette
	31012: aDairy,                        // Barre ou confiserie chocolatée au lait
	31018: aDairy,                        // Chocolat au lait aux fruits secs (noisettes, amandes, raisins, praline), tablette
	31020: aDairy,                        // Chocolat au lait sans sucres ajoutés, avec édulcorants, tablette
	31026: aDairy,                        // Chocolat blanc aux fruits secs (noisettes, amandes, raisins, praliné) , tablette
	31040: aDairy,                        // Confiture de lait
	31046: aDairy,                        // Caramel liquide ou nappage caramel
	31050: aEgg,                          // Guimauve ou marshmallow
	31073: aEgg | aDairy,                 // Gâteau moelleux fourré au chocolat et au lait, enrobé de chocolat, préemballé, rayon frais
	31081: aDairy,                        // Bonbon tendre, au caramel
	31084: aDairy,                        // Chocolat au lait fourré au praliné, tablette
	31091: aEgg | aDairy,                 // Bouchée/bonbon au chocolat fourrage gaufrettes ou biscuit
	31093: aEgg,                          // Guimauve ou marshmallow, enrobé de chocolat
	31094: aDairy,                        // Bonbon dur, au caramel
	31098: aEgg | aDairy | aHoney,        // Barre chocolat au lait avec nougat
	31100: aDairy,                        // Barre céréalière pour petit déjeuner au lait, au chocolat ou non, enrichie en vitamines et minéraux
	31108: aHoney,                        // Gelée royale
	31109: aHoney,                        // Pollen, partiellement séché
	31111: aHoney,                        // Pollen, frais
	31122: aDairy,                        // Bonbon tendre, au caramel enrobé de chocolat
	31127: aEgg | aHoney,                 // Nougat tendre
	32000: aDairy | aHoney,               // Grains de blé soufflés au miel ou caramel, enrichis en vitamines et minéraux
	32018: aDairy,                        // Céréales pour petit déjeuner fourrées au lait ou à la vanille, enrichies en vitamines et minéraux
	32037: aDairy,                        // Céréales pour petit déjeuner au chocolat et caramel, extrudées, enrichies en vitamines et minéraux
	32038: aDairy,                        // Céréales pour petit déjeuner au chocolat et caramel, extrudées, non enrichies en vitamines et minéraux
	32039: aDairy,                        // Céréales pour petit déjeuner fourrées au lait ou à la vanille, non enrichies en vitamines et minéraux
	32040: aDairy | aHoney,               // Grains de blé soufflés au miel ou caramel, non enrichis en vitamines et minéraux
	32129: aHoney,                        // Boules de maïs soufflées au miel, non enrichies en vitamines et minéraux
	32133: aHoney,                        // Boules de maïs soufflées au miel, enrichies en vitamines et minéraux
	32142: aDairy | aHoney,               // Céréales pour petit déjeuner au miel ou caramel, soufflées ou extrudées, enrichies en vitamines et minéraux
	32143: aDairy | aHoney,               // Céréales pour petit déjeuner au miel ou caramel, soufflées ou extrudées, non enrichies en vitamines et minéraux
	36027: aMeat | aDairy,                // Nuggets ou croquette panée de poulet, préemballé
	36035: aMeat,                         // Poulet, manchons marinés, préemballés, rôtis/cuits au four
	36036: aMeat | aDairy,                // Escalope panée, viennoise ou milanaise, poulet, cuite
	36318: aMeat | aDairy,                // Escalope panée, viennoise ou milanaise, dinde, cuite
	37000: aDairy,                        // Base de pizza (pâte et sauce à la crème), crue
	38104: aFish | aEgg,                  // Chips, beignet ou pétale à la crevette
	38106: aEgg | aDairy,                 // Biscuit ou cracker apéritif, soufflé, goût pomme de terre
	38107: aEgg | aDairy,                 // Biscuit ou cracker apéritif, mini bretzel ou sticks
	38109: aEgg | aDairy,                 // Biscuit apéritif, mini-chou fourré, préemballé
	38399: aEgg | aDairy,                 // Biscuit ou cracker apéritif (aliment moyen)
	38401: aEgg | aDairy,                 // Biscuit ou cracker apéritif, à base de blé, au fromage
	38402: aEgg | aDairy,                 // Biscuit ou cracker apéritif, à base de blé, nature ou aromatisé
	38403: aEgg | aDairy,                 // Biscuit ou cracker apéritif, à base de blé, nature, allégé en matière grasse
	38404: aEgg | aDairy,                 // Biscuit ou cracker apéritif, soufflé, goût cacahuète
	38405: aEgg | aDairy,                 // Biscuit ou cracker apéritif, tuile, à base de pomme de terre
	38406: aEgg | aDairy,                 // Cacahuète enrobée d'un biscuit salé ou aromatisé, pour apéritif
	38407: aEgg | aDairy,                 // Biscuit ou cracker apéritif, feuilleté (flûtes, torsades, palmiers…), sans fromage
	38408: aEgg | aDairy,                 // Biscuit apéritif, crêpe dentelle fourrée, préemballée
	38410: aEgg | aDairy,                 // Biscuit ou cracker apéritif, feuilleté (flûtes, torsades, palmiers…), au fromage
	38411: aEgg | aDairy,                 // Biscuit ou cracker apéritif, à base de blé, assortiment
	38413: aEgg | aDairy,                 // Biscuit ou cracker apéritif, gaufrette fourrée
	38416: aEgg | aDairy,                 // Biscuit ou cracker apéritif, à base de riz et cacahuètes enrobées, mélange japonais
	38419: aMeat | aEgg | aDairy,         // Biscuit ou cracker apéritif, soufflé, goût bacon
	38420: aEgg | aDairy,                 // Biscuit ou cracker apéritif, soufflé, nature
	38421: aEgg | aDairy,                 // Biscuit ou cracker apéritif, soufflé, goût fromage
	38422: aEgg | aDairy,                 // Biscuit ou cracker apéritif, soufflé, sans précision (aliment moyen)
	38501: aDairy,                        // Croûton, au fromage, préemballé
	39500: aDairy,                        // Glace à l'eau ou sorbet ou crème glacée, tout parfum (aliment moyen)
	39700: aEgg | aDairy,                 // Crème anglaise, préemballée
	42000: aDairy,                        // Substitut de repas hypocalorique, crème dessert
	42003: aDairy,                        // Substitut de repas hypocalorique, prêt à boire
	42004: aDairy,                        // Substitut de repas hypocalorique, poudre reconstituée avec lait écrémé
	42005: aDairy,                        // Substitut de repas hypocalorique, poudre reconstituée avec lait écrémé, type milkshake
	42603: aMeat | aFish,                 // Plat légumes, avec féculent et viande/poisson, dès 6/8 mois
	42604: aMeat | aFish,                 // Plat légumes, avec féculent et viande/poisson, dès 8/12 mois
	42605: aMeat | aFish,                 // Plat légumes, avec féculent et viande/poisson, dès 12 mois
	42606: aMeat | aFish,                 // Plat légumes, avec féculent et viande/poisson, dès 18 mois
}

// animalExceptions are foods whose subgroup rule is wrong for them: plant-based products filed
// among meat or dairy (none), an omelette with bacon (egg and meat), dishes the draft misread.
var animalExceptions = map[int]animal{
	1018:  0,                      // Kir (vin blanc, crème de cassis)
	1019:  0,                      // Kir royal (champagne, crème de cassis)
	1021:  0,                      // Crème de cassis
	1027:  0,                      // Spécialité végétale type fromage à tartiner, au soja, préemballée
	1028:  0,                      // Spécialité végétale type fromage, à la noix de cajou, préemballée
	1029:  0,                      // Spécialité végétale type fromage en tranche ou râpé, sans soja, préemballée
	1030:  0,                      // Fines tranches végétales, préemballées
	1031:  0,                      // Spécialité végétale type pâté, préemballée
	1033:  aMeat,                  // Nuggets ou croquette panée de poulet (contenant du soja), préemballé
	4016:  aDairy,                 // Flocons de pomme de terre, au lait ou à la crème, déshydratés
	4017:  aDairy,                 // Purée de pomme de terre, à base de flocons, reconstituée avec lait entier et matière grasse
	4018:  aDairy,                 // Purée de pomme de terre, avec lait et beurre, sans sel ajouté
	4019:  aDairy,                 // Purée de pomme de terre, à base de flocons, reconstituée avec lait demi-écrémé et eau, non salée
	4036:  aMeat,                  // Pomme de terre sautée/poêlée/rissolée à la graisse de canard
	4040:  aDairy,                 // Purée de pomme de terre, avec lait et beurre, salée
	4049:  aEgg | aDairy,          // Croquette de pomme de terre, surgelée, à cuire
	4051:  aMeat,                  // Poêlée de pommes de terre à la sarladaise (graisse de canard, ail et persil), surgelée, à cuire
	4103:  aDairy,                 // Patate douce, purée, cuisinée à la crème
	7256:  aDairy,                 // Muffin anglais complet, petit pain spécial, préemballé
	7257:  aDairy,                 // Muffin anglais, petit pain spécial, préemballé
	7259:  aDairy,                 // Pain pour burger ou hot dog (bun), préemballé
	7261:  0,                      // Pain de campagne, fait maison (avec farine pour machine à pain)
	7262:  aDairy,                 // Pain pour burger ou hot dog (bun) complet, préemballé
	7355:  aDairy,                 // Galette de riz soufflé, nappée de chocolat
	7356:  aDairy,                 // Galette de maïs soufflé, nappée de chocolat
	7412:  aDairy,                 // Tartine craquante, extrudée et grillée, fourrée au chocolat
	7811:  aDairy,                 // Focaccia, garnie
	7812:  aMeat | aDairy,         // Fougasse, garnie
	8296:  aEgg | aDairy,          // Terrine ou mousse de légumes, premballée
	9815:  aEgg,                   // Pâtes fraîches, aux oeufs, crues
	9816:  aEgg,                   // Pâtes fraîches, aux oeufs, cuites, sans sel ajouté
	9821:  aEgg,                   // Pâtes sèches, aux oeufs, crues
	9822:  aEgg,                   // Pâtes sèches, aux oeufs, cuites, sans sel ajouté
	9863:  aEgg,                   // Pâtes ou nouilles asiatiques sèches, au blé et aux oeufs, nature, crues
	11111: aFish,                  // Sauce armoricaine, préemballée
	11115: aDairy,                 // Sauce au poivre vert, préemballée
	11121: aMeat,                  // Sauce madère, préemballée
	11129: aMeat,                  // Sauce chasseur, préemballée
	11160: aDairy,                 // Sauce aux champignons, préemballée
	11164: aMeat,                  // Sauce au vin rouge, faite maison
	11167: aFish,                  // Sauce américaine, préemballée
	11175: aMeat,                  // Gelée au madère, déshydratée
	11176: aMeat,                  // Gelée au madère
	11182: aDairy,                 // Sauce au poivre, chaude, préemballée
	11184: aEgg | aDairy,          // Sauce (aliment moyen)
	11187: aEgg,                   // Sauce crudités ou sauce salade, préemballée
	11191: aDairy,                 // Sauce au roquefort, préemballée
	11196: aEgg,                   // Sauce burger, préemballée
	11198: aEgg,                   // Sauce crudités ou sauce salade, allégée en matière grasse, préemballée
	11199: aMeat,                  // Sauce grand veneur, préemballée
	11203: aEgg | aDairy,          // Sauce kebab, préemballée
	11212: aEgg,                   // Sauce au poivre, froide, préemballée
	11213: aEgg | aDairy,          // Sauce froide (aliment moyen)
	11218: aDairy,                 // Sauce chaude (aliment moyen)
	11219: 0,                      // Sauce végétale type bolognaise, aux protéines de soja, préemballée
	11240: aEgg,                   // Sauce algérienne, préemballée
	11243: aEgg,                   // Sauce andalouse, préemballée
	11244: aEgg,                   // Sauce cocktail, préemballée
	11245: aEgg,                   // Sauce pommes frites, préemballée
	11246: aEgg,                   // Sauce samouraï, préemballée
	11248: aFish | aEgg | aDairy,  // Sauce Caesar, préemballée
	11299: 0,                      // Crème de pruneaux, préemballée
	11300: aDairy,                 // Sauce au chocolat, préemballée
	11302: aDairy,                 // Sauce à l'oseille, préemballée
	13159: 0,                      // Boisson aux fruits pour bébé dès 4/6mois
	13160: 0,                      // Boisson à base de plantes pour bébé
	15013: 0,                      // Crème de marron ou confiture de châtaigne, préemballée
	19692: 0,                      // Dessert au soja, aux fruits, sucré, enrichi en calcium, fermenté, rayon frais
	19693: 0,                      // Dessert au soja, nature, sans sucres ajoutés, non enrichi, fermenté, rayon frais
	19694: 0,                      // Dessert au soja, nature, sans sucres ajoutés, enrichi en calcium, fermenté, rayon frais
	19695: 0,                      // Dessert au soja, aux fruits, sucré, non enrichi, fermenté, rayon frais
	19696: 0,                      // Dessert au soja, aux amandes, sucré, enrichi en vitamines et minéraux, fermenté, rayon frais
	20135: aDairy,                 // Fondue de poireau, préemballée
	20240: aEgg,                   // Piperade basquaise, préemballée
	20298: aDairy,                 // Carotte, purée cuisinée à la crème, préemballée
	20337: 0,                      // Saucisse végétale au tofu (convient aux véganes ou végétaliens), préemballée
	20338: aEgg,                   // Quenelle au tofu (ne convient pas aux véganes ou végétaliens), préemballée
	20911: 0,                      // Dessert au soja, aromatisé, sucré, enrichi en calcium, rayon frais
	20914: aEgg,                   // Galette ou pavé au soja
	20921: 0,                      // Dessert au soja, aromatisé, sucré, non enrichi, rayon frais
	20922: 0,                      // Dessert végétal sans soja (amande, avoine, chanvre, coco, riz), aromatisé, sucré, non enrichi, rayon frais
	20923: 0,                      // Dessert végétal sans soja (coco, riz), aux fruits, sucré, enrichi en calcium, fermenté, rayon frais
	20925: 0,                      // Dessert au soja, aromatisé, sucré, enrichi en calcium et vitamine D, rayon frais
	20926: 0,                      // Dessert au soja, aux fruits, sucré, enrichi en calcium et vitamine D, fermenté, rayon frais
	20927: 0,                      // Dessert végétal sans soja (amande, avoine, chanvre, coco, riz), nature, sans sucres ajoutés, non enrichi, rayon frais
	20928: 0,                      // Dessert végétal sans soja, rayon frais (aliment moyen)
	20929: 0,                      // Dessert au soja, rayon frais (aliment moyen)
	22506: aEgg | aDairy,          // Omelette au fromage, faite maison
	22507: aMeat | aEgg,           // Omelette aux lardons, faite maison
	22511: aMeat | aEgg | aDairy,  // Omelette, garnitures diverses : légumes, fromages, viandes... (aliment moyen)
	23399: aDairy,                 // Pâte brisée, préemballée, cuite (aliment moyen)
	23402: 0,                      // Pâte à pizza fine, préemballée, crue
	23410: 0,                      // Pâte brisée, matière grasse végétale, préemballée, crue
	23412: 0,                      // Pâte brisée, matière grasse végétale, préemballée, cuite
	23420: 0,                      // Pâte feuilletée, matière grasse végétale, crue
	23445: 0,                      // Pâte phyllo ou pâte filo, crue
	23480: aDairy,                 // Chausson aux pommes
	23493: aDairy,                 // Crumble aux pommes, préemballé
	23531: aEgg | aDairy,          // Charlotte aux fruits
	23900: aEgg | aDairy,          // Pâtisserie (aliment moyen)
	24666: aEgg | aDairy,          // Mille-feuille
	24999: aEgg | aDairy,          // Dessert (aliment moyen)
	25031: aMeat | aFish,          // Paëlla, préemballée
	25088: aMeat | aEgg,           // Riz cantonais, préemballé
	25108: aMeat,                  // Samossa ou samoussa ou brick garni, préemballé, cuit
	25131: aDairy,                 // Lasagnes ou cannellonis aux légumes, préemballées, cuits
	25149: aEgg | aDairy,          // Pâtes fraîches farcies (ex : raviolis, tortellinis, ravioles du Dauphiné), au fromage, préemballées, cuites
	25155: aEgg | aDairy,          // Pâtes fraîches farcies (ex : raviolis, tortellinis), au fromage et aux légumes, préemballées, cuites
	25169: aMeat,                  // Spécialité chinoise type bouchée à la vapeur, préemballée, cuite
	25174: aMeat,                  // Poulet au curry et au lait de coco, préemballé
	25181: aEgg | aDairy,          // Pâtes fraîches farcies (ex : raviolis, tortellinis, ravioles du Dauphiné), au fromage, préemballées, crues
	25182: aEgg | aDairy,          // Pâtes fraîches farcies (ex : raviolis, tortellinis), au fromage et aux légumes, préemballées, crues
	25187: aDairy,                 // Risotto, aux légumes, préemballé
	25193: aEgg,                   // Pâtes fraîches farcies (ex : raviolis, tortellinis), aux légumes, préemballées, cuites
	25196: 0,                      // Riste d'aubergines (aubergines, tomates, oignons), préemballée
	25199: aEgg,                   // Palet ou galette de légumes, préfrit, surgelé
	25203: aEgg,                   // Pâtes fraîches farcies (ex : raviolis, tortellinis), aux légumes, préemballées, crues
	25207: aMeat,                  // Porc au caramel, préemballé
	25208: aEgg,                   // Palet ou galette de légumes, préfrit, surgelé, cuit
	25216: aMeat | aEgg,           // Pâtes fraîches farcies (ex : raviolis, tortellinis), cuites (aliment moyen)
	25217: 0,                      // Feuille de vigne farcie au riz ou dolmas, égouttée, préemballée
	25223: 0,                      // Bouchées ou émincé végétal au soja et blé (convient aux véganes ou végétaliens), préemballé
	25224: aEgg,                   // Bouchées ou émincé au soja et blé (ne convient pas aux véganes ou végétaliens), préemballé
	25225: aEgg,                   // Nuggets ou croquette panée de blé (sans soja), préemballé
	25226: aEgg,                   // Nuggets ou croquette panée de soja et blé (ne convient pas aux véganes ou végétaliens), préemballé
	25227: 0,                      // Nuggets ou croquette panée de soja et blé (convient aux véganes ou végétaliens), préemballé
	25228: aEgg,                   // Pané soja et blé (ne convient pas aux véganes ou végétaliens)
	25229: 0,                      // Bâtonnet pané soja et blé (convient aux véganes ou végétaliens), préemballée
	25230: aDairy,                 // Pané soja, blé et fromage, type cordon bleu, préemballé
	25231: 0,                      // Ravioli au tofu, à la sauce tomate, préemballés
	25232: 0,                      // Saucisse végétale au blé ou seitan, préemballé
	25233: aDairy,                 // Galette de céréales au fromage (sans soja), préemballée
	25234: 0,                      // Galette de céréales aux légumes (sans soja), préemballée
	25403: aMeat,                  // Hot-dog, préemballé
	25419: aMeat | aFish,          // Rouleau de printemps
	25438: aMeat,                  // Samoussa ou samossa ou brick garni, fait maison, cuit
	25522: aMeat | aDairy,         // Sandwich (aliment moyen)
	25523: aMeat | aFish | aDairy, // Toasts ou canapés salés, garnitures diverses, préemballés
	25543: aMeat | aDairy,         // Sandwich baguette (aliment moyen)
	25580: aMeat | aDairy,         // Bouchée à la reine, garnie (aliment moyen)
	25589: 0,                      // Boulette végétale au soja et/ou blé, préemballée
	25591: aEgg,                   // Galette ou pavé aux lentilles, soja et légumes, préemballé
	25592: aEgg,                   // Galette ou pavé au blé (seitan) et légumes, préemballé
	25593: 0,                      // Galette ou pavé au blé et soja (convient aux véganes ou végétaliens), préemballé
	25595: aDairy,                 // Galette ou pavé au soja et fromage, préemballé
	25596: aEgg,                   // Galette ou pavé au soja et légumes, préemballé
	25597: aDairy,                 // Galette ou pavé au soja, fromage et légumes, préemballé
	25600: aEgg,                   // Salade de céleri rémoulade, préemballée
	25609: aEgg,                   // Salade de pomme de terre à la piémontaise, préemballée
	25626: aEgg,                   // Macédoine de légumes en salade, avec sauce, préemballée
	25642: aEgg,                   // Salade de céleri et carotte rémoulade, préemballée
	25907: aDairy,                 // Soupe aux poireaux et pommes de terre, préemballée à réchauffer
	25912: aDairy,                 // Soupe aux champignons, préemballée à réchauffer
	25923: aMeat,                  // Soupe asiatique, avec pâtes, déshydratée reconstituée
	25925: aDairy,                 // Soupe aux poireaux et pommes de terre, déshydratée reconstituée
	25932: aDairy,                 // Soupe aux asperges, déshydratée reconstituée
	25936: aDairy,                 // Soupe aux champignons, déshydratée reconstituée
	25945: aDairy,                 // Soupe au potiron, préemballée à réchauffer
	25954: aDairy,                 // Soupe au potiron, déshydratée reconstituée
	25955: aMeat,                  // Soupe asiatique, avec pâtes, préemballée à réchauffer
	25957: aDairy,                 // Soupe au cresson, déshydratée reconstituée
	25958: aDairy,                 // Soupe au cresson, préemballée à réchauffer
	25968: aDairy,                 // Soupe aux asperges, préemballée à réchauffer
	25969: aDairy,                 // Soupe (aliment moyen)
	25972: aFish,                  // Soupe miso, déshydratée reconstituée
	26259: aEgg,                   // Salade de chou et carotte ou coleslaw, avec sauce, préemballée
	26262: aDairy,                 // Salade grecque, avec sauce, préemballée
	26265: aEgg | aDairy,          // Gnocchi à la semoule, à cuire
	30181: 0,                      // Haché végétal à base de soja, préemballé
	31002: aDairy,                 // Barre à la noix de coco, enrobée de chocolat
	31032: aDairy,                 // Pâte à tartiner chocolat et noisette
	31041: aDairy,                 // Confiserie au chocolat dragéifiée
	31042: aDairy,                 // Cacahuète enrobée de chocolat dragéifiée
	31060: aMeat,                  // Bonbon gélifié
	31063: aDairy,                 // Bouchée chocolat fourrage fruits à coques et/ou praliné
	31066: aDairy,                 // Rocher chocolat fourré praliné
	31071: aDairy,                 // Barre chocolatée aux fruits secs
	31092: aEgg,                   // Calisson d'Aix en Provence
	31102: aDairy,                 // Barre céréalière "équilibre" au chocolat, enrichie en vitamines et minéraux
	31106: aDairy,                 // Barre céréalière au chocolat
	31112: aMeat,                  // Bonbon gélifié à la réglisse, type rouleau ou batonnet
	31115: aDairy,                 // Barre céréalière au chocolat et aux fruits
	31120: aDairy,                 // Chocolat, tablette (aliment moyen)
	37001: 0,                      // Pâte à pizza, préemballée, crue
	37002: 0,                      // Base de pizza (pâte et sauce à la tomate), crue
	39215: aEgg | aDairy,          // Ile flottante, rayon frais
	39248: 0,                      // Mousse au chocolat végétale, rayon frais
	39526: 0,                      // Glace à l'eau
	51502: aMeat,                  // Meloukhia, sauce, artisanale
	96778: 0,                      // Pâte à pizza, préemballée, cuite
}
