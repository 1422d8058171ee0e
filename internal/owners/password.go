package owners

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password hashing is argon2id with OWASP's first recommended setting
// (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1), a 16-byte random
// salt and a 32-byte key, stored as a PHC string so the parameters can
// be raised later without locking anyone out: Verify reads them from the
// hash.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16

	// MinPassword is the least number of characters (NIST SP 800-63B asks
	// for 8; the desk can refund money, so more). MaxPassword bounds the
	// bytes hashed.
	MinPassword = 12
	MaxPassword = 1024
)

// HashPassword returns the PHC string of password:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key> (base64, no padding).
func HashPassword(password string) (string, error) {
	if err := CheckPassword(password); err != nil {
		return "", err
	}
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword is ErrPassword for a password HashPassword refuses: under
// MinPassword characters or over MaxPassword bytes.
func CheckPassword(password string) error {
	if utf8.RuneCountInString(password) < MinPassword || len(password) > MaxPassword {
		return ErrPassword
	}
	return nil
}

// VerifyPassword tells whether password matches hash, in constant time
// for a given hash. A malformed hash matches nothing.
func VerifyPassword(hash, password string) bool {
	if len(password) > MaxPassword {
		return false
	}
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil ||
		memory == 0 || memory > 1<<21 || time == 0 || time > 16 || threads == 0 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 || len(want) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
