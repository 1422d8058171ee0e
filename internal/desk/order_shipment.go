package desk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/shipping"
)

// deskShipping is what the desk can do about an order's parcel: whether
// a carrier the shop is connected to takes it (then "Create shipment"
// is offered to a paid order), the carrier's name, and whether orders are
// marked sent when the carrier collects them.
type deskShipping struct {
	Carrier  string `json:"carrier,omitempty"` // "InPost"; "" when the owner books the parcel by hand
	Create   bool   `json:"create"`            // a shipment can be created now
	AutoSent bool   `json:"auto_sent"`
}

func (d *Desk) shipping(o *order.Order) deskShipping {
	var v deskShipping
	name := o.Delivery.Carrier
	if o.Shipment != nil {
		name = o.Shipment.Carrier
	}
	if d.orders().Carrier(name) != nil {
		v.Carrier = shipping.CarrierName(name)
		v.Create = o.CanShip() == nil
	}
	v.AutoSent, _ = d.orders().AutoSent()
	return v
}

// shipmentTimeout bounds the carrier's part of a desk request: creating
// and confirming a shipment takes ShipX a second or two.
const shipmentTimeout = 20 * time.Second

// postOrderShipment is POST /admin/api/orders/{id}/shipment: the parcel
// created with the carrier and, once confirmed, its tracking number
// (orders.Service.CreateShipment).
func (d *Desk) postOrderShipment(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), shipmentTimeout)
	defer cancel()
	_, err := d.orders().CreateShipment(ctx, orderID(r), d.actor(r))
	d.afterShipment(w, r, err)
}

// postOrderShipmentSend is POST /admin/api/orders/{id}/shipment/send: the
// order marked sent with its shipment's tracking number, one tap.
func (d *Desk) postOrderShipmentSend(w http.ResponseWriter, r *http.Request) {
	_, _, err := d.orders().SendShipment(orderID(r), d.actor(r))
	d.afterShipment(w, r, err)
}

// postOrderShipmentCancel is POST /admin/api/orders/{id}/shipment/cancel:
// the shipment cancelled with the carrier, then in the order.
func (d *Desk) postOrderShipmentCancel(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), shipmentTimeout)
	defer cancel()
	_, err := d.orders().CancelShipment(ctx, orderID(r), d.actor(r))
	d.afterShipment(w, r, err)
}

// afterShipment answers a shipment action: the order as it is now, or
// why nothing changed, in the owner's language.
func (d *Desk) afterShipment(w http.ResponseWriter, r *http.Request, err error) {
	var invalid *shipping.InvalidError
	switch {
	case err == nil:
		d.getOrder(w, r)
	case errors.As(err, &invalid):
		d.fail(w, r, http.StatusUnprocessableEntity, "carrier_refused", map[string]any{"reason": invalidText(invalid)})
	case errors.Is(err, shipping.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		d.fail(w, r, http.StatusServiceUnavailable, "carrier_unavailable", nil)
	case errors.Is(err, orders.ErrNoCarrier):
		d.fail(w, r, http.StatusConflict, "carrier_none", nil)
	case errors.Is(err, order.ErrShipmentExists), errors.Is(err, order.ErrNotShippable), errors.Is(err, orders.ErrNoShipment):
		d.fail(w, r, http.StatusConflict, "not_now", nil)
	case errors.Is(err, shipping.ErrTooLate):
		d.fail(w, r, http.StatusConflict, "shipment_too_late", nil)
	case errors.Is(err, order.ErrIllegalTransition):
		d.fail(w, r, http.StatusConflict, "not_now", nil)
	default:
		d.then(w, r, err, d.getOrder)
	}
}

// invalidText is the carrier's refusal as one inert line: its message
// and the fields it named.
func invalidText(e *shipping.InvalidError) string {
	s := e.Message
	for f, problems := range e.Fields {
		s += fmt.Sprintf("; %s: %v", f, problems)
	}
	return inert.String(s)
}

// getOrderLabel is GET /admin/api/orders/{id}/label?format=A6|A4: the
// shipment's label as the carrier prints it, a PDF to open on the phone
// (A6, a label printer or the phone's print) or at a desk (A4).
func (d *Desk) getOrderLabel(w http.ResponseWriter, r *http.Request) {
	f := shipping.LabelA6
	if r.URL.Query().Get("format") == string(shipping.LabelA4) {
		f = shipping.LabelA4
	}
	ctx, cancel := context.WithTimeout(r.Context(), shipmentTimeout)
	defer cancel()
	o, pdf, err := d.orders().Label(ctx, orderID(r), f)
	switch {
	case errors.Is(err, orders.ErrLabelNotReady):
		d.fail(w, r, http.StatusConflict, "label_not_ready", nil)
		return
	case err != nil:
		d.afterShipment(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", fmt.Sprintf(`inline; filename="label-%d-%s.pdf"`, o.ID, f))
	h.Set("Cache-Control", "private, no-store")
	_, _ = w.Write(pdf)
}

type autoSentRequest struct {
	On bool `json:"on"`
}

// postShippingAutoSent is POST /admin/api/shipping/auto-sent: whether an
// order is marked sent (and its shopper told) when the carrier collects
// the parcel, or only on the owner's tap.
func (d *Desk) postShippingAutoSent(w http.ResponseWriter, r *http.Request) {
	var req autoSentRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	if err := d.orders().SetAutoSent(req.On, d.actor(r)); err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, deskShipping{AutoSent: req.On})
}

// inertDelivery is the delivery with the carrier's words made inert: a
// locker's address comes from the carrier's API, not from the shop.
func inertDelivery(dl order.Delivery) order.Delivery {
	if p := dl.Point; p != nil {
		q := *p
		for _, f := range []*string{&q.Code, &q.Street, &q.Building, &q.Zip, &q.City, &q.Description, &q.Hours} {
			*f = inert.String(*f)
		}
		dl.Point = &q
	}
	return dl
}

// inertShipment is the shipment with the carrier's words made inert.
func inertShipment(s *order.Shipment) *order.Shipment {
	if s == nil {
		return nil
	}
	c := *s
	for _, f := range []*string{&c.ID, &c.CarrierStatus, &c.Tracking, &c.TrackingURL, &c.Point} {
		*f = inert.String(*f)
	}
	return &c
}
