package identity

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Email jobs wait in river_job, which backups, the River UI and anyone with read access to the
// database can see. The one-time code and the link of an email are the secrets the keyed
// hashes of otp_codes and link_tokens protect, and the recipient's address and name (and the
// other address of an address change) are personal data, so a job carries none of them in
// clear: they are sealed with AES-256-GCM under a key derived from APP_KEY (HKDF-SHA256, its own
// label), bound to the template so a sealed value cannot be replayed into another email. The job
// keeps only a keyed hash of the recipient (Recipient), so erasing an account can still find
// its waiting emails.

// errSealed is why a sealed job cannot be opened (APP_KEY changed, or no key given).
var errSealed = errors.New("identity: cannot open the sealed email secrets")

const (
	sealLabel      = "gamelle/email-job-secrets/v1"
	recipientLabel = "gamelle/email-job-recipient/v1"
)

type sealedSecrets struct {
	Code  string `json:"c,omitempty"`
	Link  string `json:"l,omitempty"`
	To    string `json:"t,omitempty"`
	Name  string `json:"n,omitempty"`
	Email string `json:"e,omitempty"`
}

// RecipientKey is the keyed hash (HMAC-SHA256 under a key derived from APP_KEY) of an address,
// as a sealed email job stores it: the same address always gives the same key, and the key
// does not reveal the address.
func RecipientKey(appKey []byte, to string) (string, error) {
	if len(appKey) == 0 {
		return "", fmt.Errorf("%w: no APP_KEY", errSealed)
	}
	key, err := hkdf.Key(sha256.New, appKey, nil, recipientLabel, 32)
	if err != nil {
		return "", fmt.Errorf("identity: derive recipient key: %w", err)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strings.ToLower(strings.TrimSpace(to))))
	return hex.EncodeToString(m.Sum(nil)), nil
}

func emailAEAD(appKey []byte) (cipher.AEAD, error) {
	if len(appKey) == 0 {
		return nil, fmt.Errorf("%w: no APP_KEY", errSealed)
	}
	key, err := hkdf.Key(sha256.New, appKey, nil, sealLabel, 32)
	if err != nil {
		return nil, fmt.Errorf("identity: derive email key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("identity: email cipher: %w", err)
	}
	return cipher.NewGCM(block)
}

// sealAD binds a sealed part to its template (and, in jobs sealed before the address was
// sealed too, to the address in clear).
func sealAD(a SendEmailArgs) []byte { return []byte(string(a.Template) + "\x00" + a.To) }

// SealEmailArgs moves the recipient, their name, the other address, the code and the link of a
// into a.Sealed, and sets a.Recipient: what every email job must go through before it is
// inserted (the worker opens it with OpenEmailArgs).
func SealEmailArgs(appKey []byte, a SendEmailArgs) (SendEmailArgs, error) {
	if a.Sealed != "" {
		return a, nil
	}
	aead, err := emailAEAD(appKey)
	if err != nil {
		return a, err
	}
	if a.Recipient, err = RecipientKey(appKey, a.To); err != nil {
		return a, err
	}
	plain, err := json.Marshal(sealedSecrets{Code: a.Data.Code, Link: a.Data.Link, To: a.To, Name: a.Data.Name, Email: a.Data.Email})
	if err != nil {
		return a, fmt.Errorf("identity: seal email: %w", err)
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return a, fmt.Errorf("identity: seal email: %w", err)
	}
	a.To, a.Data.Code, a.Data.Link, a.Data.Name, a.Data.Email = "", "", "", "", ""
	a.Sealed = base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, sealAD(a)))
	return a, nil
}

// OpenEmailArgs returns a with its sealed parts restored (what the worker renders): the
// recipient into To, the code, link, name and other address into Data; args without a sealed
// part come back unchanged. Jobs sealed before the address was sealed (code and link only, To
// in clear) open too.
func OpenEmailArgs(appKey []byte, a SendEmailArgs) (SendEmailArgs, error) {
	if a.Sealed == "" {
		return a, nil
	}
	aead, err := emailAEAD(appKey)
	if err != nil {
		return a, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(a.Sealed)
	if err != nil || len(raw) < aead.NonceSize() {
		return a, fmt.Errorf("%w: malformed", errSealed)
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], sealAD(a))
	if err != nil {
		return a, fmt.Errorf("%w: %v", errSealed, err)
	}
	var s sealedSecrets
	if err := json.Unmarshal(plain, &s); err != nil {
		return a, fmt.Errorf("%w: %v", errSealed, err)
	}
	a.Data.Code, a.Data.Link, a.Sealed = s.Code, s.Link, ""
	if s.To != "" {
		a.To, a.Data.Name, a.Data.Email, a.Recipient = s.To, s.Name, s.Email, ""
	}
	return a, nil
}
