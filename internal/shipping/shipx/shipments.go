package shipx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sabershop/internal/shipping"
)

// Services (ShipX "Services": the shipment's service).
const (
	serviceLocker  = "inpost_locker_standard"
	serviceCourier = "inpost_courier_standard"
)

type address struct {
	Street         string `json:"street"`
	BuildingNumber string `json:"building_number"`
	City           string `json:"city"`
	PostCode       string `json:"post_code"`
	CountryCode    string `json:"country_code"`
}

type peer struct {
	CompanyName string   `json:"company_name,omitempty"`
	FirstName   string   `json:"first_name,omitempty"`
	LastName    string   `json:"last_name,omitempty"`
	Email       string   `json:"email,omitempty"`
	Phone       string   `json:"phone,omitempty"`
	Address     *address `json:"address,omitempty"`
}

type dimensions struct {
	Length float64 `json:"length"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Unit   string  `json:"unit"`
}

type weight struct {
	Amount float64 `json:"amount"`
	Unit   string  `json:"unit"`
}

type parcel struct {
	Template   string      `json:"template,omitempty"`
	Dimensions *dimensions `json:"dimensions,omitempty"`
	Weight     *weight     `json:"weight,omitempty"`
}

// createRequest is POST /v1/organizations/{id}/shipments's body
// ("Creating a shipment in the simplified mode": receiver, sender,
// parcels, custom_attributes, service, reference).
type createRequest struct {
	Receiver         peer              `json:"receiver"`
	Sender           *peer             `json:"sender,omitempty"`
	Parcels          []parcel          `json:"parcels"`
	CustomAttributes map[string]string `json:"custom_attributes"`
	Service          string            `json:"service"`
	Reference        string            `json:"reference,omitempty"`
}

// shipment is ShipX's shipment as it answers: id, status,
// tracking_number (null until confirmed), updated_at.
type shipment struct {
	ID             json.Number `json:"id"`
	Status         string      `json:"status"`
	TrackingNumber *string     `json:"tracking_number"`
	UpdatedAt      string      `json:"updated_at"`
	CreatedAt      string      `json:"created_at"`
}

func (s shipment) shop() shipping.Shipment {
	out := shipping.Shipment{ID: s.ID.String(), Status: Status(s.Status), Carrier: s.Status}
	if s.TrackingNumber != nil {
		out.Tracking = *s.TrackingNumber
	}
	for _, t := range []string{s.UpdatedAt, s.CreatedAt} {
		if at, err := time.Parse(time.RFC3339, t); err == nil {
			out.At = at
			break
		}
	}
	return out
}

// Create creates the shipment; ShipX answers "created" and confirms it
// (buys it, assigns the tracking number) a moment later.
func (c *Client) Create(ctx context.Context, r shipping.ShipmentRequest) (shipping.Shipment, error) {
	body, err := c.createRequest(r)
	if err != nil {
		return shipping.Shipment{}, err
	}
	var s shipment
	u := c.api(c.base, nil, "v1", "organizations", c.cfg.OrganizationID, "shipments")
	if _, err := c.do(ctx, http.MethodPost, u, true, body, &s); err != nil {
		return shipping.Shipment{}, refused(err)
	}
	return s.shop(), nil
}

func (c *Client) createRequest(r shipping.ShipmentRequest) (*createRequest, error) {
	body := &createRequest{
		Receiver:         person(r.Receiver),
		CustomAttributes: map[string]string{"sending_method": c.cfg.SendingMethod},
		Reference:        r.Reference,
	}
	if r.Sender != (shipping.Party{}) {
		s := person(r.Sender)
		s.Address = addr(r.Sender)
		body.Sender = &s
	}
	switch r.Method {
	case shipping.Locker:
		body.Service = serviceLocker
		body.CustomAttributes["target_point"] = strings.ToUpper(strings.TrimSpace(r.Point))
		// ShipX's templates are the compartments' names: small (A),
		// medium (B), large (C).
		body.Parcels = []parcel{{Template: string(r.Parcel.Size)}}
	case shipping.Courier:
		body.Service = serviceCourier
		body.Receiver.Address = addr(r.Receiver)
		p := r.Parcel
		body.Parcels = []parcel{{
			Dimensions: &dimensions{Length: float64(p.LengthMM), Width: float64(p.WidthMM), Height: float64(p.HeightMM), Unit: "mm"},
			Weight:     &weight{Amount: float64(p.WeightG) / 1000, Unit: "kg"},
		}}
	default:
		return nil, fmt.Errorf("shipx: unknown method %q", r.Method)
	}
	return body, nil
}

func person(p shipping.Party) peer {
	return peer{
		CompanyName: p.Company,
		FirstName:   p.FirstName,
		LastName:    p.LastName,
		Email:       strings.TrimSpace(p.Email),
		Phone:       Phone(p.Phone),
	}
}

func addr(p shipping.Party) *address {
	street, building := SplitStreet(p.Street)
	country := strings.ToUpper(p.Country)
	if country == "" {
		country = "PL"
	}
	zip := strings.TrimSpace(p.Zip)
	if m := postcode.FindStringSubmatch(zip); m != nil {
		zip = m[1] + "-" + m[2]
	}
	return &address{Street: street, BuildingNumber: building, City: strings.TrimSpace(p.City), PostCode: zip, CountryCode: country}
}

// Phone is a Polish phone number as ShipX takes it: nine digits, without
// +48 or 0048 and without spaces and dashes ("+48 601-234-567" →
// "601234567"); anything else is sent as typed, for ShipX to refuse by
// field.
func Phone(s string) string {
	d := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '(' || r == ')' || r == '.' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	for _, p := range []string{"+48", "0048"} {
		if strings.HasPrefix(d, p) && len(d) == len(p)+9 {
			return d[len(p):]
		}
	}
	return d
}

// SplitStreet splits the one line an order stores ("ul. Długa 5/3")
// into ShipX's street and building_number ("ul. Długa", "5/3"): the
// building is the last word that starts with a digit, with what follows
// it ("Długa 5 m. 3" → "5 m. 3"; "al. 3 Maja 12" → "al. 3 Maja", "12";
// "Rynek Główny 1A" → "Rynek Główny", "1A"). A line with no such word is
// all street, and ShipX says the building is missing.
func SplitStreet(line string) (street, building string) {
	f := strings.Fields(line)
	at := -1
	for i := len(f) - 1; i > 0; i-- {
		if w := f[i]; w[0] >= '0' && w[0] <= '9' {
			at = i
			break
		}
	}
	if at < 0 {
		return strings.Join(f, " "), ""
	}
	// "5 m. 3", "5 lok. 3": the flat after the building belongs to it.
	if at >= 2 {
		switch strings.ToLower(f[at-1]) {
		case "m.", "m", "lok.", "lok", "mieszk.":
			if w := f[at-2]; w[0] >= '0' && w[0] <= '9' {
				at -= 2
			}
		}
	}
	return strings.Join(f[:at], " "), strings.Join(f[at:], " ")
}

// Shipment reads the shipment as ShipX has it now.
func (c *Client) Shipment(ctx context.Context, id string) (shipping.Shipment, error) {
	var s shipment
	if _, err := c.do(ctx, http.MethodGet, c.api(c.base, nil, "v1", "shipments", id), true, nil, &s); err != nil {
		return shipping.Shipment{}, refused(err)
	}
	return s.shop(), nil
}

// Label is the shipment's label as a PDF: A6 for a label printer, A4
// ("normal") for an office one. ShipX refuses a label before the
// shipment is confirmed with invalid_action ("Shipment label": only for
// shipments in confirmed or a later status): shipping.ErrNotConfirmed.
func (c *Client) Label(ctx context.Context, id string, f shipping.LabelFormat) ([]byte, error) {
	typ := "normal"
	switch f {
	case shipping.LabelA6:
		typ = "A6"
	case shipping.LabelA4, "":
	default:
		return nil, fmt.Errorf("shipx: unknown label format %q", f)
	}
	q := url.Values{"format": {"Pdf"}, "type": {typ}}
	raw, err := c.do(ctx, http.MethodGet, c.api(c.base, q, "v1", "shipments", id, "label"), true, nil, nil)
	var he *httpError
	if errors.As(err, &he) && he.body.Error == "invalid_action" {
		return nil, fmt.Errorf("%w: %s", shipping.ErrNotConfirmed, he.body.Message)
	}
	if err != nil {
		return nil, refused(err)
	}
	if !strings.HasPrefix(string(raw), "%PDF-") {
		return nil, errors.New("shipx: the label is not a PDF")
	}
	return raw, nil
}

// Cancel cancels the shipment. ShipX cancels only shipments in created
// or offers_prepared ("Shipment cancellation"; the Polish page adds
// offer_selected) and answers invalid_action otherwise: once confirmed
// (paid) a parcel is not cancelled through the API, whether or not it
// was collected, so shipping.ErrTooLate comes sooner than the contract's
// "collected" (docs/decisions/shipx.md).
func (c *Client) Cancel(ctx context.Context, id string) error {
	_, err := c.do(ctx, http.MethodDelete, c.api(c.base, nil, "v1", "shipments", id), true, nil, nil)
	var he *httpError
	if errors.As(err, &he) && he.body.Error == "invalid_action" {
		return fmt.Errorf("%w: %s", shipping.ErrTooLate, he.body.Message)
	}
	if err != nil {
		return refused(err)
	}
	return nil
}

// refused sorts a ShipX refusal: a 4xx is *shipping.InvalidError (with
// fields when ShipX named them), anything else as it came.
func refused(err error) error {
	var he *httpError
	if errors.As(err, &he) {
		return invalid(he)
	}
	return err
}

func invalid(he *httpError) error {
	msg := he.body.Message
	if msg == "" {
		msg = fmt.Sprintf("HTTP %d %s", he.code, he.body.Error)
	} else if he.body.Error != "" {
		msg = he.body.Error + ": " + msg
	}
	e := &shipping.InvalidError{Message: msg, Fields: map[string][]string{}}
	var details any
	if len(he.body.Details) > 0 && json.Unmarshal(he.body.Details, &details) == nil {
		flatten("", details, e.Fields)
	}
	return e
}

// flatten reads ShipX's details into field paths: a flat object of
// lists ({"post_code": ["invalid_format"]}, as the documentation shows)
// and a nested one ({"receiver": {"phone": ["invalid"]}}, or lists of
// objects for nested resources) both end as "receiver.phone" →
// ["invalid"].
func flatten(path string, v any, out map[string][]string) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch t := v.(type) {
	case map[string]any:
		for k, sub := range t {
			flatten(join(k), sub, out)
		}
	case []any:
		for _, sub := range t {
			if s, ok := sub.(string); ok {
				out[path] = append(out[path], s)
			} else {
				flatten(path, sub, out)
			}
		}
	case string:
		out[path] = append(out[path], t)
	case nil:
	default:
		out[path] = append(out[path], fmt.Sprint(t))
	}
}
