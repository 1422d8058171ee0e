package daemon

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/ksefake"
)

// sandboxKSeFToken is the local KSeF's token: not a secret, it opens
// nothing but the fake in this process.
const sandboxKSeFToken = "sandbox-ksef-token"

// SandboxKSeFRefusal in a buyer's company name makes the local KSeF refuse
// that invoice the first time it is sent (status 450) and accept it when
// the owner sends it again.
const SandboxKSeFRefusal = "KSeF-ODMOWA"

// ksefClient is the KSeF client setting names (Config.KSeF), sending in
// the name of the catalogue's company:
//
//   - "sandbox": a local KSeF in this process (ksefake), offline;
//   - "live": KSeF's environment that [ksef] environment names, with the
//     token in ORDERD_KSEF_TOKEN;
//   - an http(s) address: a service with KSeF's API there (the tests'
//     local KSeF on its own port), with the same token;
//   - "": the sandbox when every payment provider is the sandbox (make
//     run, the tests), live otherwise, as for the exchange rates.
func ksefClient(setting, payments string, cat *catalog.Catalog, getenv func(string) string) (*ksef.Client, error) {
	if cat == nil {
		return nil, nil // no catalogue, no company: documents wait
	}
	nip := ksef.NIP(cat.Shop.Company.TaxID)
	token := getenv("ORDERD_KSEF_TOKEN")
	switch setting = strings.TrimSpace(setting); {
	case setting == "sandbox" || setting == "" && onlySandbox(payments):
		f, err := ksefake.New()
		if err != nil {
			return nil, err
		}
		f.AddToken(nip, sandboxKSeFToken)
		// A refusal on demand, like the sandbox's test cards: a buyer
		// company named "… KSeF-ODMOWA …" is refused the first time
		// (docs/decisions/ksef.md#a-local-ksef-for-make-run-and-the-tests).
		f.RefuseFirst(SandboxKSeFRefusal, 450, "Błąd weryfikacji semantyki dokumentu faktury")
		return &ksef.Client{BaseURL: "http://ksef.sandbox/v2", HTTP: f.Client(), NIP: nip, Token: sandboxKSeFToken}, nil
	case setting == "" || setting == "live":
		return &ksef.Client{BaseURL: ksef.BaseURL(ksef.Environment(cat.KSeF.Environment)), NIP: nip, Token: token}, nil
	}
	u, err := url.Parse(setting)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf(`-ksef %q: want "live", "sandbox" or the http(s) address of a service with KSeF's API`, setting)
	}
	return &ksef.Client{BaseURL: strings.TrimSuffix(setting, "/"), NIP: nip, Token: token}, nil
}

// ksefOffline is the owner's KSeF Offline certificate, which signs the
// second QR code (KOD II) of an invoice handed over in KSeF's offline24
// mode (docs/decisions/ksef.md): the PEM certificate at the path in
// ORDERD_KSEF_OFFLINE_CERT and its PEM private key (RSA of 2048 bits or
// more, or ECDSA P-256) at the path in ORDERD_KSEF_OFFLINE_KEY. Neither
// set: nil, no offline mode. One without the other, an unreadable file, a
// key that is not the certificate's, a wrong key type or a certificate
// not valid at now is an error naming the variable.
func ksefOffline(getenv func(string) string, now time.Time) (*ksef.OfflineSigner, error) {
	const certVar, keyVar = "ORDERD_KSEF_OFFLINE_CERT", "ORDERD_KSEF_OFFLINE_KEY"
	certPath, keyPath := strings.TrimSpace(getenv(certVar)), strings.TrimSpace(getenv(keyVar))
	switch {
	case certPath == "" && keyPath == "":
		return nil, nil
	case certPath == "":
		return nil, fmt.Errorf("%s is set without %s (the KSeF Offline certificate's PEM file)", keyVar, certVar)
	case keyPath == "":
		return nil, fmt.Errorf("%s is set without %s (the certificate's PEM private key)", certVar, keyVar)
	}
	certPEM, err := os.ReadFile(certPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", certVar, err)
	}
	keyPEM, err := os.ReadFile(keyPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", keyVar, err)
	}
	s, err := ksef.NewOfflineSigner(certPEM, keyPEM, now)
	if err != nil {
		return nil, fmt.Errorf("%s, %s: %w", certVar, keyVar, err)
	}
	return s, nil
}
