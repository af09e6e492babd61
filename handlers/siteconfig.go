package handlers

import (
	"fmt"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/handlers/page"
)

// routeEntry is a navigation link to a server route, named as in the generated route table:
// the frontend builds the path with url(), and a test checks that the route exists. Hash is an
// anchor on that page, without the #.
type routeEntry struct {
	Name  page.MessageKey `json:"name"`
	Route page.RouteName  `json:"route"`
	Hash  string          `json:"hash,omitempty"`
	Roles []identity.Role `json:"roles"`
}

type faqEntry struct {
	Question page.MessageKey `json:"question"`
	Answer   page.MessageKey `json:"answer"`
	Value    string          `json:"value"`
}

// socialProvider names a sign-in provider; its routes are <name>.redirect and <name>.callback.
type socialProvider string

var _ = page.Enum[socialProvider]("google", "apple")

// featureIcon names an icon of the landing's feature list.
type featureIcon string

var featureIcons = []featureIcon{"recipes", "macros", "mealprep", "shopping", "needs", "tokens"}

var _ = page.Enum(featureIcons...)

type featureEntry struct {
	Icon        featureIcon     `json:"icon"`
	Title       page.MessageKey `json:"title"`
	Description page.MessageKey `json:"description"`
}

// siteConfig is docs/product.md §3 "Site configuration". Texts are i18n keys: the frontend owns the
// wording in both languages, the server owns which entries exist.
type siteConfig struct {
	AvailableProviders     []socialProvider `json:"availableProviders"`
	IsOtpAvailable         bool             `json:"isOtpAvailable"`
	IsCredentialsAvailable bool             `json:"isCredentialsAvailable"`
	BrandName              string           `json:"brandName"`
	BrandURL               string           `json:"brandUrl"`
	TwitterURL             string           `json:"twitterUrl"`
	YoutubeURL             string           `json:"youtubeUrl"`
	FaqList                []faqEntry       `json:"faqList"`
	FeaturesList           []featureEntry   `json:"featuresList"`
	MainRouteList          []routeEntry     `json:"mainRouteList"`
	DashboardRouteList     []routeEntry     `json:"dashboardRouteList"`
	Legal                  legalInfo        `json:"legal"`
}

// legalInfo is the legal notice's data, from configuration (LEGAL_*, CONTACT_EMAIL).
type legalInfo struct {
	Publisher    string `json:"publisher"`
	Address      string `json:"address"`
	Director     string `json:"director"`
	Host         string `json:"host"`
	ContactEmail string `json:"contactEmail"`
}

func (s *Core) siteConfig() siteConfig {
	providers := []socialProvider{}
	if s.cfg.GoogleEnabled() {
		providers = append(providers, "google")
	}
	if s.cfg.AppleEnabled() {
		providers = append(providers, "apple")
	}
	c := siteConfig{
		AvailableProviders:     providers,
		IsOtpAvailable:         true,
		IsCredentialsAvailable: true,
		BrandName:              "Gamelle",
		Legal: legalInfo{
			Publisher: s.cfg.LegalPublisher, Address: s.cfg.LegalAddress, Director: s.cfg.LegalDirector,
			Host: s.cfg.LegalHost, ContactEmail: s.cfg.ContactEmail,
		},
		BrandURL:   s.cfg.AppURL,
		TwitterURL: "https://twitter.com/gamelle_app",
		YoutubeURL: "https://www.youtube.com/@gamelle_app",
		MainRouteList: []routeEntry{
			{Name: "nav.features", Route: "index", Hash: "features"},
			{Name: "nav.proof", Route: "index", Hash: "proof"},
			{Name: "nav.pricing", Route: "index", Hash: "pricing"},
			{Name: "nav.faq", Route: "index", Hash: "faq"},
		},
		// An entry joins the list when its page exists (a test checks every route).
		DashboardRouteList: []routeEntry{
			{Name: "nav.general", Route: "dashboard.general", Roles: []identity.Role{identity.RoleUser, identity.RoleAdmin}},
			{Name: "nav.household", Route: "household", Roles: []identity.Role{identity.RoleUser, identity.RoleAdmin}},
			{Name: "nav.account", Route: "dashboard.account", Roles: []identity.Role{identity.RoleUser, identity.RoleAdmin}},
			{Name: "nav.settings", Route: "dashboard.settings", Roles: []identity.Role{identity.RoleUser, identity.RoleAdmin}},
			{Name: "nav.products", Route: "dashboard.products", Roles: []identity.Role{identity.RoleUser, identity.RoleAdmin}},
			{Name: "nav.admin", Route: "dashboard.admin", Roles: []identity.Role{identity.RoleAdmin}},
		},
	}
	for i := 1; i <= 9; i++ {
		c.FaqList = append(c.FaqList, faqEntry{
			Value:    fmt.Sprintf("faq-%d", i),
			Question: page.MessageKey(fmt.Sprintf("landing.faq.%d.question", i)),
			Answer:   page.MessageKey(fmt.Sprintf("landing.faq.%d.answer", i)),
		})
	}
	for _, f := range featureIcons {
		c.FeaturesList = append(c.FeaturesList, featureEntry{
			Icon:        f,
			Title:       page.MessageKey("landing.features." + f + ".title"),
			Description: page.MessageKey("landing.features." + f + ".description"),
		})
	}
	return c
}
