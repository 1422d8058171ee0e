package sandbox

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Files in Config.DataDir.
const (
	KeyFile    = "sandbox-key.pem"
	SecretFile = "sandbox-secret"
)

// loadOrCreateKey reads DataDir/sandbox-key.pem or makes it (RSA 2048,
// PKCS#8, 0600).
func loadOrCreateKey(dir string) (*rsa.PrivateKey, error) {
	if dir == "" {
		return rsa.GenerateKey(rand.Reader, 2048)
	}
	data, err := loadOrCreate(filepath.Join(dir, KeyFile), func() ([]byte, error) {
		key, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, err
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			return nil, err
		}
		return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
	})
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("sandbox: %s: no PEM PRIVATE KEY", filepath.Join(dir, KeyFile))
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %s: %w", filepath.Join(dir, KeyFile), err)
	}
	key, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("sandbox: %s: not an RSA key", filepath.Join(dir, KeyFile))
	}
	return key, nil
}

// loadOrCreateSecret reads DataDir/sandbox-secret (hex) or makes it (32
// random bytes, 0600).
func loadOrCreateSecret(dir string) ([]byte, error) {
	if dir == "" {
		b := make([]byte, 32)
		_, _ = rand.Read(b)
		return b, nil
	}
	path := filepath.Join(dir, SecretFile)
	data, err := loadOrCreate(path, func() ([]byte, error) {
		return []byte(randomHex(32) + "\n"), nil
	})
	if err != nil {
		return nil, err
	}
	secret, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(secret) < 16 {
		return nil, fmt.Errorf("sandbox: %s: not a hex secret of at least 16 bytes", path)
	}
	return secret, nil
}

// loadOrCreate reads path, or writes what create gives to a temporary file
// and links it into place: a crash never leaves half a key, and of two
// daemons starting at once on the same directory both end up with the
// file that won.
func loadOrCreate(path string, create func() ([]byte, error)) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		return data, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	data, err = create()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file 0600 already; the key never exists with
	// wider permissions.
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return os.ReadFile(path)
		}
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	return data, nil
}

// encodePublicKey is base64 of the PEM "PUBLIC KEY" block (PKIX).
func encodePublicKey(pub *rsa.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", fmt.Errorf("sandbox: public key: %w", err)
	}
	return base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}
