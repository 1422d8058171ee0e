package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"sabershop/internal/i18n"
	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay"
)

// DefaultPayments works offline with no keys: the sandbox takes cards,
// bank transfers and PayPal.
const DefaultPayments = "sandbox"

// payments builds the providers named in list ("sandbox", or e.g.
// "tpay,paypal"), in order: the first provider taking a method takes it.
// Credentials come from getenv (ORDERD_TPAY_*, ORDERD_PAYPAL_*).
func payments(ctx context.Context, list, dataDir string, sandboxDelay time.Duration, getenv func(string) string, sandboxStrings *i18n.Set, log *slog.Logger) (*payment.Registry, func(), error) {
	var providers []payment.Provider
	stop := func() {}
	for _, name := range strings.Split(list, ",") {
		switch strings.TrimSpace(name) {
		case "":
		case sandbox.Name:
			p, err := sandbox.New(sandbox.Config{DataDir: dataDir, Delay: sandboxDelay, Log: log, Context: ctx, Strings: sandboxStrings})
			if err != nil {
				return nil, stop, fmt.Errorf("sandbox payments: %w", err)
			}
			stop = p.Stop
			providers = append(providers, p)
		case "tpay":
			cfg, err := tpay.ConfigFromEnv(getenv)
			if err != nil {
				return nil, stop, fmt.Errorf("tpay: %w", err)
			}
			cfg.Log = log
			p, err := tpay.New(cfg)
			if err != nil {
				return nil, stop, fmt.Errorf("tpay: %w", err)
			}
			providers = append(providers, p)
		case "paypal":
			cfg, err := paypal.ConfigFromEnv(getenv)
			if err != nil {
				return nil, stop, fmt.Errorf("paypal: %w", err)
			}
			cfg.Log = log
			p, err := paypal.New(cfg)
			if err != nil {
				return nil, stop, fmt.Errorf("paypal: %w", err)
			}
			providers = append(providers, p)
		default:
			return nil, stop, fmt.Errorf("unknown payment provider %q (sandbox, tpay, paypal)", name)
		}
	}
	reg, err := payment.NewRegistry(providers...)
	return reg, stop, err
}
