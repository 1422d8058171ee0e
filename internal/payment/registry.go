package payment

import "fmt"

// Registry is the configured providers: which one takes each method, and
// each by name (for its webhook).
type Registry struct {
	byMethod map[Method]Provider
	byName   map[string]Provider
	order    []Method
}

// NewRegistry registers providers in order; the first provider taking a
// method takes it (so "tpay,paypal" gives card and bank to tpay and
// PayPal to paypal).
func NewRegistry(providers ...Provider) (*Registry, error) {
	r := &Registry{byMethod: map[Method]Provider{}, byName: map[string]Provider{}}
	for _, p := range providers {
		if _, dup := r.byName[p.Name()]; dup {
			return nil, fmt.Errorf("payment: provider %q configured twice", p.Name())
		}
		r.byName[p.Name()] = p
		for _, m := range p.Methods() {
			if _, taken := r.byMethod[m]; !taken {
				r.byMethod[m] = p
				r.order = append(r.order, m)
			}
		}
	}
	return r, nil
}

// For is the provider taking method m.
func (r *Registry) For(m Method) (Provider, bool) {
	if r == nil {
		return nil, false
	}
	p, ok := r.byMethod[m]
	return p, ok
}

// Named is the provider with the name.
func (r *Registry) Named(name string) (Provider, bool) {
	if r == nil {
		return nil, false
	}
	p, ok := r.byName[name]
	return p, ok
}

// Methods lists the methods that have a provider, in registration order.
func (r *Registry) Methods() []Method {
	if r == nil {
		return nil
	}
	return append([]Method(nil), r.order...)
}

// CardKey is the public key of the provider taking cards, or "".
func (r *Registry) CardKey() string {
	if p, ok := r.For(Card); ok {
		return p.PublicKey()
	}
	return ""
}

// Providers lists every provider once.
func (r *Registry) Providers() []Provider {
	if r == nil {
		return nil
	}
	var out []Provider
	for _, p := range r.byName {
		out = append(out, p)
	}
	return out
}
