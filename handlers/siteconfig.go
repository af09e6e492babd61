package handlers

import "fmt"

// Role names as the pages see them.
const (
	RoleUser  = "USER"
	RoleAdmin = "ADMIN"
)

// routeEntry is a navigation link; Name is an i18n key the frontend translates.
type routeEntry struct {
	Name  string   `json:"name"`
	Href  string   `json:"href"`
	Roles []string `json:"roles,omitempty"`
}

type faqEntry struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Value    string `json:"value"`
}

type featureEntry struct {
	Icon        string `json:"icon"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

type testimonialEntry struct {
	Image    string `json:"image"`
	Name     string `json:"name"`
	UserName string `json:"userName"`
	Comment  string `json:"comment"`
}

// siteConfig is SPEC §3 "Site configuration". Texts are i18n keys: the frontend owns the
// wording in both languages, the server owns which entries exist.
type siteConfig struct {
	AvailableProviders     []string           `json:"availableProviders"`
	IsOtpAvailable         bool               `json:"isOtpAvailable"`
	IsCredentialsAvailable bool               `json:"isCredentialsAvailable"`
	BrandName              string             `json:"brandName"`
	BrandURL               string             `json:"brandUrl"`
	TwitterURL             string             `json:"twitterUrl"`
	YoutubeURL             string             `json:"youtubeUrl"`
	FaqList                []faqEntry         `json:"faqList"`
	FeaturesList           []featureEntry     `json:"featuresList"`
	MainRouteList          []routeEntry       `json:"mainRouteList"`
	DashboardRouteList     []routeEntry       `json:"dashboardRouteList"`
	Testimonials           []testimonialEntry `json:"testimonials"`
	Legal                  legalInfo          `json:"legal"`
}

// legalInfo is the legal notice's data, from configuration (LEGAL_*, CONTACT_EMAIL).
type legalInfo struct {
	Publisher    string `json:"publisher"`
	Address      string `json:"address"`
	Director     string `json:"director"`
	Host         string `json:"host"`
	ContactEmail string `json:"contactEmail"`
}

var testimonialPeople = [6][2]string{
	{"Camille Martin", "@camille_mp"},
	{"Thomas Leroy", "@thomas_lifts"},
	{"Inès Benali", "@ines_cuisine"},
	{"Lucas Moreau", "@lucas.runs"},
	{"Chloé Dubois", "@chloe_veg"},
	{"Hugo Laurent", "@hugo_batch"},
}

func (s *Core) siteConfig() siteConfig {
	providers := []string{}
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
			{Name: "nav.features", Href: "/#features"},
			{Name: "nav.testimonials", Href: "/#testimonials"},
			{Name: "nav.pricing", Href: "/#pricing"},
			{Name: "nav.faq", Href: "/#faq"},
		},
		DashboardRouteList: []routeEntry{
			{Name: "nav.general", Href: "/dashboard/general", Roles: []string{RoleUser, RoleAdmin}},
			{Name: "nav.account", Href: "/dashboard/account", Roles: []string{RoleUser, RoleAdmin}},
			{Name: "nav.products", Href: "/dashboard/products", Roles: []string{RoleUser, RoleAdmin}},
			{Name: "nav.admin", Href: "/dashboard/admin", Roles: []string{RoleAdmin}},
		},
	}
	for i := 1; i <= 9; i++ {
		c.FaqList = append(c.FaqList, faqEntry{
			Value:    fmt.Sprintf("faq-%d", i),
			Question: fmt.Sprintf("landing.faq.%d.question", i),
			Answer:   fmt.Sprintf("landing.faq.%d.answer", i),
		})
	}
	for _, f := range []string{"recipes", "macros", "mealprep", "shopping", "needs", "tokens"} {
		c.FeaturesList = append(c.FeaturesList, featureEntry{
			Icon:        f,
			Title:       "landing.features." + f + ".title",
			Description: "landing.features." + f + ".description",
		})
	}
	for i, p := range testimonialPeople {
		c.Testimonials = append(c.Testimonials, testimonialEntry{
			Image:    fmt.Sprintf("/build/avatars/%d.svg", i+1),
			Name:     p[0],
			UserName: p[1],
			Comment:  fmt.Sprintf("landing.testimonials.%d.comment", i+1),
		})
	}
	return c
}
