package identity

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
)

// Email jobs wait in river_job, which backups, the River UI and anyone with read access to the
// database can see. The one-time code and the link of an email are the secrets the keyed
// hashes of otp_codes and link_tokens protect, so a job never carries them in clear: they are
// sealed with AES-256-GCM under a key derived from APP_KEY (HKDF-SHA256, its own label), bound
// to the recipient and the template so a sealed value cannot be replayed into another email.

// errSealed is why a sealed job cannot be opened (APP_KEY changed, or no key given).
var errSealed = errors.New("identity: cannot open the sealed email secrets")

const sealLabel = "gamelle/email-job-secrets/v1"

type sealedSecrets struct {
	Code string `json:"c,omitempty"`
	Link string `json:"l,omitempty"`
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

func sealAD(a SendEmailArgs) []byte { return []byte(string(a.Template) + "\x00" + a.To) }

// sealEmailArgs moves the code and the link of a's data into a.Sealed.
func sealEmailArgs(appKey []byte, a SendEmailArgs) (SendEmailArgs, error) {
	if a.Data.Code == "" && a.Data.Link == "" {
		return a, nil
	}
	aead, err := emailAEAD(appKey)
	if err != nil {
		return a, err
	}
	plain, err := json.Marshal(sealedSecrets{Code: a.Data.Code, Link: a.Data.Link})
	if err != nil {
		return a, fmt.Errorf("identity: seal email: %w", err)
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return a, fmt.Errorf("identity: seal email: %w", err)
	}
	a.Data.Code, a.Data.Link = "", ""
	a.Sealed = base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, sealAD(a)))
	return a, nil
}

// OpenEmailArgs returns a with its sealed code and link restored into Data (what the worker
// renders); args without a sealed part come back unchanged.
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
	return a, nil
}
