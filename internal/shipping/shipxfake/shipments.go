package shipxfake

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/shipping"
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

func (p peer) name() string {
	n := strings.TrimSpace(p.FirstName + " " + p.LastName)
	if p.CompanyName != "" {
		if n != "" {
			return p.CompanyName + ", " + n
		}
		return p.CompanyName
	}
	return n
}

type parcel struct {
	Template   string `json:"template,omitempty"`
	Dimensions *struct {
		Length float64 `json:"length"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
		Unit   string  `json:"unit"`
	} `json:"dimensions,omitempty"`
	Weight *struct {
		Amount float64 `json:"amount"`
		Unit   string  `json:"unit"`
	} `json:"weight,omitempty"`
}

// request is the body of POST /v1/organizations/{id}/shipments.
type request struct {
	Receiver         peer              `json:"receiver"`
	Sender           *peer             `json:"sender"`
	Parcels          []parcel          `json:"parcels"`
	CustomAttributes map[string]string `json:"custom_attributes"`
	Service          string            `json:"service"`
	Reference        string            `json:"reference"`
}

// shipment is the fake's shipment: the request and where it is.
type shipment struct {
	ID       int64
	Req      request
	Status   string
	Tracking string
	Created  time.Time
	Updated  time.Time
}

func (s *shipment) locker() bool { return s.Req.Service == "inpost_locker_standard" }

func (s *shipment) json() map[string]any {
	var tracking any
	if s.Tracking != "" {
		tracking = s.Tracking
	}
	return map[string]any{
		"href":              fmt.Sprintf("/v1/shipments/%d", s.ID),
		"id":                s.ID,
		"status":            s.Status,
		"tracking_number":   tracking,
		"service":           s.Req.Service,
		"reference":         s.Req.Reference,
		"receiver":          s.Req.Receiver,
		"sender":            s.Req.Sender,
		"parcels":           s.Req.Parcels,
		"custom_attributes": s.Req.CustomAttributes,
		"created_at":        s.Created.Format(time.RFC3339),
		"updated_at":        s.Updated.Format(time.RFC3339),
	}
}

func (s *shipment) info() Shipment {
	return Shipment{
		ID: strconv.FormatInt(s.ID, 10), Status: shopStatus[s.Status], Carrier: s.Status,
		Tracking: s.Tracking, Service: s.Req.Service, Point: s.Req.CustomAttributes["target_point"],
		Receiver: s.Req.Receiver.name(), Reference: s.Req.Reference, Created: s.Created,
	}
}

// shopStatus is the shop's name of each status the fake uses (the
// client's table, shipx.Status, has them all).
var shopStatus = map[string]shipping.Status{
	"created":                     shipping.StatusCreated,
	"confirmed":                   shipping.StatusConfirmed,
	"dispatched_by_sender":        shipping.StatusCollected,
	"dispatched_by_sender_to_pok": shipping.StatusCollected,
	"collected_from_sender":       shipping.StatusCollected,
	"adopted_at_sorting_center":   shipping.StatusInTransit,
	"out_for_delivery":            shipping.StatusInTransit,
	"ready_to_pickup":             shipping.StatusReadyForPickup,
	"delivered":                   shipping.StatusDelivered,
	"canceled":                    shipping.StatusCancelled,
}

var (
	phoneRE = regexp.MustCompile(`^\d{9}$`)
	emailRE = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
)

// Courier standard's limits the fake checks: 350 x 240 x 240 cm and
// 50 kg, as clients of ShipX quote them.
const (
	maxLongMM  = 3500
	maxOtherMM = 2400
	maxKG      = 50
)

// details collects validation errors by field path, nested as ShipX
// nests them for the shipment's resources ({"receiver": {"phone":
// ["invalid_format"]}}).
type details map[string]any

func (d details) add(path, key string) {
	parts := strings.Split(path, ".")
	m := d
	for _, p := range parts[:len(parts)-1] {
		sub, ok := m[p].(details)
		if !ok {
			sub = details{}
			m[p] = sub
		}
		m = sub
	}
	last := parts[len(parts)-1]
	l, _ := m[last].([]string)
	m[last] = append(l, key)
}

func (f *Fake) validate(q *request) details {
	d := details{}
	need := func(path, v string) bool {
		if strings.TrimSpace(v) == "" {
			d.add(path, "required")
			return false
		}
		return true
	}
	r := q.Receiver
	if need("receiver.phone", r.Phone) && !phoneRE.MatchString(r.Phone) {
		d.add("receiver.phone", "invalid_format")
	}
	if need("receiver.email", r.Email) && !emailRE.MatchString(r.Email) {
		d.add("receiver.email", "invalid_format")
	}
	switch q.CustomAttributes["sending_method"] {
	case "", "parcel_locker", "dispatch_order", "pok", "branch", "any_point":
	default:
		d.add("custom_attributes.sending_method", "invalid")
	}
	if q.Sender != nil {
		f.validatePeer(d, "sender", q.Sender, false)
	}
	switch q.Service {
	case "":
		d.add("service", "required")
	case "inpost_locker_standard":
		if code := q.CustomAttributes["target_point"]; need("custom_attributes.target_point", code) {
			f.mu.Lock()
			p, ok := f.points[code]
			operating := ok && p.Status == "Operating"
			f.mu.Unlock()
			switch {
			case !ok:
				d.add("custom_attributes.target_point", "does_not_exist")
			case !operating:
				d.add("custom_attributes.target_point", "point_not_operating")
			}
		}
		if len(q.Parcels) != 1 {
			d.add("parcels", "invalid")
		} else {
			switch q.Parcels[0].Template {
			case "small", "medium", "large":
			case "":
				d.add("parcels.template", "required")
			default:
				d.add("parcels.template", "invalid")
			}
		}
	case "inpost_courier_standard":
		f.validatePeer(d, "receiver", &q.Receiver, true)
		if len(q.Parcels) != 1 {
			d.add("parcels", "invalid")
			break
		}
		p := q.Parcels[0]
		if p.Dimensions == nil {
			d.add("parcels.dimensions", "required")
		} else {
			dm := p.Dimensions
			if dm.Unit != "mm" {
				d.add("parcels.dimensions.unit", "invalid")
			}
			for _, v := range []struct {
				name string
				v    float64
				max  float64
			}{{"length", dm.Length, maxLongMM}, {"width", dm.Width, maxOtherMM}, {"height", dm.Height, maxOtherMM}} {
				switch {
				case v.v <= 0:
					d.add("parcels.dimensions."+v.name, "required")
				case v.v > v.max:
					d.add("parcels.dimensions."+v.name, "too_big")
				}
			}
		}
		switch {
		case p.Weight == nil || p.Weight.Amount <= 0:
			d.add("parcels.weight.amount", "required")
		case p.Weight.Unit != "kg":
			d.add("parcels.weight.unit", "invalid")
		case p.Weight.Amount > maxKG:
			d.add("parcels.weight.amount", "too_big")
		}
	default:
		d.add("service", "invalid")
	}
	return d
}

// validatePeer checks a party's name and address (address: required).
func (f *Fake) validatePeer(d details, path string, p *peer, address bool) {
	if p.CompanyName == "" && (p.FirstName == "" || p.LastName == "") && address {
		d.add(path+".name", "required")
	}
	if path == "sender" {
		if p.Phone != "" && !phoneRE.MatchString(p.Phone) {
			d.add(path+".phone", "invalid_format")
		}
		if p.Email != "" && !emailRE.MatchString(p.Email) {
			d.add(path+".email", "invalid_format")
		}
	}
	a := p.Address
	if a == nil {
		if address {
			d.add(path+".address", "required")
		}
		return
	}
	for _, fl := range []struct{ name, v string }{
		{"street", a.Street}, {"building_number", a.BuildingNumber}, {"city", a.City}, {"post_code", a.PostCode},
	} {
		if strings.TrimSpace(fl.v) == "" {
			d.add(path+".address."+fl.name, "required")
		}
	}
	if a.PostCode != "" && (a.CountryCode == "" || a.CountryCode == "PL") && !postcodeRE.MatchString(a.PostCode) {
		d.add(path+".address.post_code", "invalid_format")
	}
}

// create is POST /v1/organizations/{org}/shipments: 403 for another
// organization's number, 404 for no number; the body validated; the
// shipment answered "created" (201) and confirmed after ProcessDelay.
func (f *Fake) create(w http.ResponseWriter, r *http.Request) {
	if !f.ownOrg(w, r.PathValue("org")) {
		return
	}
	f.mu.Lock()
	failing := f.failNext > 0
	if failing {
		f.failNext--
	}
	f.mu.Unlock()
	if failing {
		fail(w, http.StatusInternalServerError, "internal_server_error", "The server failed to fulfil a request (fake).", nil)
		return
	}
	var q request
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&q); err != nil {
		fail(w, http.StatusBadRequest, "invalid_json", "The body is not valid JSON.", nil)
		return
	}
	if d := f.validate(&q); len(d) > 0 {
		fail(w, http.StatusBadRequest, "validation_failed",
			"Data sent by POST or PUT request are not valid. Check details for more info", d)
		return
	}
	if q.CustomAttributes == nil {
		q.CustomAttributes = map[string]string{}
	}
	if q.CustomAttributes["sending_method"] == "" {
		q.CustomAttributes["sending_method"] = "parcel_locker"
	}
	now := time.Now().UTC()
	f.mu.Lock()
	s := &shipment{ID: f.nextID, Req: q, Status: "created", Created: now, Updated: now}
	f.nextID++
	f.shipments[s.ID] = s
	body := s.json()
	delay := f.ProcessDelay
	f.mu.Unlock()
	if delay <= 0 {
		delay = DefaultProcessDelay
	}
	time.AfterFunc(delay, func() { f.confirm(s.ID) })
	writeJSON(w, http.StatusCreated, body)
}

func (f *Fake) ownOrg(w http.ResponseWriter, org string) bool {
	if org == f.OrganizationID {
		return true
	}
	if _, err := strconv.ParseUint(org, 10, 64); err == nil {
		fail(w, http.StatusForbidden, "forbidden", "The access token does not entitle you to this organization.", nil)
	} else {
		fail(w, http.StatusNotFound, "resource_not_found", "Resource you are looking for are not found", nil)
	}
	return false
}

// confirm buys a created shipment: its tracking number, "confirmed",
// and the shipment_confirmed webhook.
func (f *Fake) confirm(id int64) {
	f.mu.Lock()
	s, ok := f.shipments[id]
	if !ok || s.Status != "created" {
		f.mu.Unlock()
		return
	}
	s.Status, s.Tracking, s.Updated = "confirmed", trackingNumber(), time.Now().UTC()
	ev := s.event("shipment_confirmed", f.OrganizationID)
	f.mu.Unlock()
	f.send(ev)
}

// trackingNumber is 24 digits, as InPost's are.
func trackingNumber() string {
	n, _ := rand.Int(rand.Reader, new(big.Int).Exp(big.NewInt(10), big.NewInt(23), nil))
	return fmt.Sprintf("6%023d", n)
}

// shipmentFor finds the shipment of the path's id, or answers 404.
func (f *Fake) shipmentFor(w http.ResponseWriter, r *http.Request) *shipment {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s, ok := f.shipments[id]
	if err != nil || !ok {
		fail(w, http.StatusNotFound, "resource_not_found", "Resource you are looking for are not found", nil)
		return nil
	}
	return s
}

func (f *Fake) get(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	s := f.shipmentFor(w, r)
	var body map[string]any
	if s != nil {
		body = s.json()
	}
	f.mu.Unlock()
	if s != nil {
		writeJSON(w, http.StatusOK, body)
	}
}

// cancel is DELETE /v1/shipments/{id}: only in created, offers_prepared
// or offer_selected ("Shipment cancellation"), invalid_action otherwise.
func (f *Fake) cancel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	s := f.shipmentFor(w, r)
	if s == nil {
		f.mu.Unlock()
		return
	}
	switch s.Status {
	case "created", "offers_prepared", "offer_selected":
	default:
		st := s.Status
		f.mu.Unlock()
		fail(w, http.StatusBadRequest, "invalid_action",
			fmt.Sprintf("Action (cancel) can not be taken on shipment with status (%s).", st),
			map[string]string{"action": "cancel", "shipment_status": st})
		return
	}
	s.Status, s.Updated = "canceled", time.Now().UTC()
	ev := s.event("shipment_status_changed", f.OrganizationID)
	f.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
	go f.send(ev)
}

// label is GET /v1/shipments/{id}/label?format=Pdf&type=normal|A6: a
// PDF for a confirmed (or later) shipment; invalid_action before.
// ShipX has no A4 label for the courier and answers A6 (the fake
// follows); Zpl and Epl it does not render.
func (f *Fake) label(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	format, typ := q.Get("format"), q.Get("type")
	bad := details{}
	if format != "" && !strings.EqualFold(format, "pdf") {
		bad.add("format", "invalid")
	}
	if typ != "" && typ != "normal" && typ != "A6" {
		bad.add("type", "invalid")
	}
	f.mu.Lock()
	s := f.shipmentFor(w, r)
	if s == nil {
		f.mu.Unlock()
		return
	}
	cp := *s
	f.mu.Unlock()
	if len(bad) > 0 {
		fail(w, http.StatusBadRequest, "validation_failed", "Query parameters are not valid.", bad)
		return
	}
	switch cp.Status {
	case "created", "offers_prepared", "offer_selected", "canceled":
		fail(w, http.StatusBadRequest, "invalid_action",
			fmt.Sprintf("Action (label) can not be taken on shipment with status (%s).", cp.Status),
			map[string]string{"action": "label", "shipment_status": cp.Status})
		return
	}
	a6 := typ == "A6" || !cp.locker()
	pdf, err := renderLabel(&cp, a6)
	if err != nil {
		fail(w, http.StatusInternalServerError, "label_generation_failed", err.Error(), nil)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.pdf"`, cp.Tracking))
	_, _ = w.Write(pdf)
}

// next is the status after s's in InPost's usual course.
func (s *shipment) next() string {
	switch s.Status {
	case "confirmed":
		switch s.Req.CustomAttributes["sending_method"] {
		case "dispatch_order":
			return "collected_from_sender"
		case "pok", "branch":
			return "dispatched_by_sender_to_pok"
		}
		return "dispatched_by_sender"
	case "dispatched_by_sender", "collected_from_sender", "dispatched_by_sender_to_pok":
		return "adopted_at_sorting_center"
	case "adopted_at_sorting_center":
		if s.locker() {
			return "ready_to_pickup"
		}
		return "out_for_delivery"
	case "ready_to_pickup", "out_for_delivery":
		return "delivered"
	}
	return ""
}

// Advance moves a confirmed shipment one step along (collected, in
// transit, in the locker or out for delivery, delivered), sends its
// webhook and returns its new status; ErrCannotAdvance before it is
// confirmed and after it is delivered or cancelled.
func (f *Fake) Advance(id string) (shipping.Status, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	f.mu.Lock()
	s, ok := f.shipments[n]
	if err != nil || !ok {
		f.mu.Unlock()
		return "", ErrNoShipment
	}
	next := s.next()
	if next == "" {
		st := s.Status
		f.mu.Unlock()
		return "", fmt.Errorf("%w: %s is %s", ErrCannotAdvance, id, st)
	}
	s.Status, s.Updated = next, time.Now().UTC()
	ev := s.event("shipment_status_changed", f.OrganizationID)
	f.mu.Unlock()
	f.send(ev)
	return shopStatus[next], nil
}
