package mail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"github.com/gamelle/gamelle/internal/i18n"
)

// Kind names an email template.
type Kind string

// The emails identity sends.
const (
	KindVerify        Kind = "verify"
	KindOTP           Kind = "otp"
	KindReset         Kind = "reset"
	KindResetUnknown  Kind = "reset_unknown"
	KindAccountExists Kind = "account_exists"
	// KindOnboardingExists tells the owner of an address that someone went through the
	// onboarding with it: the account was kept as it was, and which preferences were chosen.
	KindOnboardingExists Kind = "onboarding_exists"
	// KindPurchaseReceipt confirms a token purchase (billing).
	KindPurchaseReceipt Kind = "purchase_receipt"
	// KindEmailChange carries the link that confirms a new address (to the new address).
	KindEmailChange Kind = "email_change"
	// KindEmailChangeTaken tells an address that belongs to an account that someone tried to
	// move another account to it; it has no link.
	KindEmailChangeTaken Kind = "email_change_taken"
	// KindEmailChangeRequested tells the current address that a change was asked for.
	KindEmailChangeRequested Kind = "email_change_requested"
	// KindEmailChanged tells the former address that the change happened.
	KindEmailChanged Kind = "email_changed"
)

// Valid reports whether k has a template.
func (k Kind) Valid() bool {
	switch k {
	case KindVerify, KindOTP, KindReset, KindResetUnknown, KindAccountExists, KindOnboardingExists, KindPurchaseReceipt,
		KindEmailChange, KindEmailChangeTaken, KindEmailChangeRequested, KindEmailChanged:
		return true
	}
	return false
}

// Data fills a template. Texts come from the messages catalogue (email.<kind>.*), in the
// recipient's language, so wording lives with every other translation.
type Data struct {
	Name  string `json:"name,omitempty"`
	Link  string `json:"link,omitempty"`
	Code  string `json:"code,omitempty"`
	Brand string `json:"brand,omitempty"`
	// Tokens and Amount (already formatted for the locale) fill a purchase receipt.
	Tokens int64  `json:"tokens,omitempty"`
	Amount string `json:"amount,omitempty"`
	// Diet, Objective and MacroPreset (their codes, named in the recipient's language) are the
	// preferences of an onboarding_exists email.
	Diet        string `json:"diet,omitempty"`
	Objective   string `json:"objective,omitempty"`
	MacroPreset string `json:"macroPreset,omitempty"`
	// Email is the other address of an address change (the new one, in the notices to the
	// current address).
	Email string `json:"email,omitempty"`
}

type view struct {
	Lang, Subject, Greeting, Intro, Code, CodeLabel, Action, Link, Outro, Footer, Brand string
	// Colon is ":" as the language writes it before the link in the text version: French puts a
	// narrow no-break space before it.
	Colon string
}

var htmlLayout = htmltemplate.Must(htmltemplate.New("email").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Helvetica,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#077243;margin:0 0 24px">{{.Brand}}</p>
<p style="font-size:16px;margin:0 0 16px">{{.Greeting}}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">{{.Intro}}</p>
{{if .Code}}<p style="font-size:14px;margin:0 0 8px">{{.CodeLabel}}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace;margin:0 0 24px">{{.Code}}</p>{{end}}
{{if .Link}}<p style="margin:24px 0"><a href="{{.Link}}" style="background:#077243;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">{{.Action}}</a></p>
<p style="font-size:13px;color:#57534e;word-break:break-all">{{.Link}}</p>{{end}}
<p style="font-size:14px;line-height:1.5;color:#57534e;margin:16px 0 0">{{.Outro}}</p>
<p style="font-size:12px;color:#a8a29e;margin:24px 0 0">{{.Footer}}</p>
</td></tr></table></body></html>
`))

var textLayout = texttemplate.Must(texttemplate.New("email").Parse(`{{.Greeting}}

{{.Intro}}
{{if .Code}}
{{.CodeLabel}} {{.Code}}
{{end}}{{if .Link}}
{{.Action}}{{.Colon}} {{.Link}}
{{end}}
{{.Outro}}

-- 
{{.Footer}}
`))

// Compose renders the email of kind k for a recipient speaking locale.
func Compose(tr *i18n.Translator, locale string, k Kind, to string, d Data) (Message, error) {
	if !k.Valid() {
		return Message{}, fmt.Errorf("%w: unknown email kind %q", ErrPermanent, k)
	}
	if d.Brand == "" {
		d.Brand = "Gamelle"
	}
	td := map[string]any{"Name": d.Name, "Code": d.Code, "Brand": d.Brand, "Tokens": d.Tokens, "Amount": d.Amount, "Email": d.Email}
	if d.Diet != "" {
		td["Diet"] = tr.T(locale, "email.diet."+d.Diet)
		td["Objective"] = tr.T(locale, "email.objective."+d.Objective)
		td["MacroPreset"] = tr.T(locale, "email.macro_preset."+d.MacroPreset)
	}
	t := func(key string) string { return tr.T(locale, key, td) }
	v := view{
		Lang: locale, Brand: d.Brand, Code: d.Code, Link: d.Link, Colon: ":",
		Subject: t("email." + string(k) + ".subject"),
		Intro:   t("email." + string(k) + ".intro"),
		Action:  t("email." + string(k) + ".action"),
		Outro:   t("email." + string(k) + ".outro"),
		Footer:  t("email.footer"),
		Greeting: func() string {
			if strings.TrimSpace(d.Name) != "" {
				return t("email.greeting_named")
			}
			return t("email.greeting")
		}(),
		CodeLabel: t("email.code_label"),
	}
	if strings.HasPrefix(locale, "fr") {
		v.Colon = "\u202f:"
	}
	var h, x bytes.Buffer
	if err := htmlLayout.Execute(&h, v); err != nil {
		return Message{}, fmt.Errorf("render %s html: %w", k, err)
	}
	if err := textLayout.Execute(&x, v); err != nil {
		return Message{}, fmt.Errorf("render %s text: %w", k, err)
	}
	return Message{To: to, Subject: v.Subject, Text: x.String(), HTML: h.String()}, nil
}
