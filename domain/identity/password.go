package identity

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/gamelle/gamelle/domain/fault"
)

// Password length bounds, in characters. The upper bound keeps hashing cost bounded for a
// hostile request while allowing any passphrase a person would type.
const (
	PasswordMinLen = 8
	PasswordMaxLen = 128
)

// Reasons a password is refused. Each maps to a translated message in the web layer.
var (
	ErrPasswordRequired = fault.New(fault.Invalid, "password", "error.password.required", "password required")
	ErrPasswordTooShort = fault.New(fault.Invalid, "password", "error.password.too_short", "password too short")
	ErrPasswordTooLong  = fault.New(fault.Invalid, "password", "error.password.too_long", "password too long")
	ErrPasswordCommon   = fault.New(fault.Invalid, "password", "error.password.common", "password too common")
	ErrPasswordMismatch = fault.New(fault.Invalid, "password_confirmation", "error.password.mismatch", "password confirmation does not match")
)

//go:embed common_passwords.txt
var commonPasswordsFile string

var (
	commonOnce sync.Once
	common     map[string]struct{}
)

func commonPasswords() map[string]struct{} {
	commonOnce.Do(func() {
		common = map[string]struct{}{}
		sc := bufio.NewScanner(strings.NewReader(commonPasswordsFile))
		for sc.Scan() {
			if w := strings.TrimSpace(sc.Text()); w != "" && !strings.HasPrefix(w, "#") {
				common[strings.ToLower(w)] = struct{}{}
			}
		}
	})
	return common
}

// IsCommonPassword reports whether p is in the embedded list of leaked or guessable passwords,
// case-insensitively, or is a trivial pattern (one repeated character, a run of consecutive
// digits or letters) that no list can enumerate completely.
func IsCommonPassword(p string) bool {
	lower := strings.ToLower(p)
	if _, ok := commonPasswords()[lower]; ok {
		return true
	}
	// Lists rank "password1", "password123!", "azerty2024": strip a short trailing run of digits
	// and symbols and look again.
	stem := strings.TrimRightFunc(lower, func(r rune) bool { return strings.ContainsRune("0123456789!?.@#$*_-", r) })
	if stem != lower && len(lower)-len(stem) <= 4 && len(stem) >= 4 {
		if _, ok := commonPasswords()[stem]; ok {
			return true
		}
	}
	return trivialPattern(lower)
}

// runs are the sequences people slide a finger along; a password inside one (or its reverse)
// is trivial however long it is.
var runs = []string{
	"01234567890123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm",
	"azertyuiopqsdfghjklmwxcvbn",
}

func trivialPattern(s string) bool {
	if len(s) < 2 {
		return true
	}
	if strings.Count(s, s[:1]) == len(s) {
		return true
	}
	rev := []byte(s)
	slices.Reverse(rev)
	for _, r := range runs {
		if strings.Contains(r, s) || strings.Contains(r, string(rev)) {
			return true
		}
	}
	return false
}

// CheckPassword applies the password policy: 8 to 128 characters, not a common password, and
// equal to its confirmation. The length is counted in characters, not bytes.
func CheckPassword(password, confirmation string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		return ErrPasswordRequired
	case n < PasswordMinLen:
		return ErrPasswordTooShort
	case n > PasswordMaxLen:
		return ErrPasswordTooLong
	case IsCommonPassword(password):
		return ErrPasswordCommon
	case password != confirmation:
		return ErrPasswordMismatch
	}
	return nil
}

// Argon2id parameters (OWASP's 2023 minimum: 19 MiB, 2 passes, 1 lane).
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// HashPassword derives an argon2id hash in the PHC string format
// ($argon2id$v=19$m=19456,t=2,p=1$salt$hash), so parameters can change later without breaking
// stored hashes.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// ErrMalformedHash means a stored hash is not an argon2id PHC string.
var ErrMalformedHash = errors.New("malformed password hash")

// VerifyPassword reports whether password matches the PHC-encoded hash, in constant time.
func VerifyPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrMalformedHash
	}
	var version int
	var mem uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrMalformedHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &t, &p); err != nil {
		return false, ErrMalformedHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, ErrMalformedHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrMalformedHash
	}
	got := argon2.IDKey([]byte(password), salt, t, mem, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

var (
	dummyOnce sync.Once
	dummyHash string
)

// DummyHash is a valid hash of a random password. Checking a password against it costs the same
// as checking a real one, which is how an unknown email is made to take as long as a known one.
func DummyHash() string {
	dummyOnce.Do(func() {
		b := make([]byte, 24)
		_, _ = rand.Read(b)
		h, err := HashPassword(base64.RawStdEncoding.EncodeToString(b))
		if err != nil {
			panic(err) // crypto/rand failing is unrecoverable
		}
		dummyHash = h
	})
	return dummyHash
}
