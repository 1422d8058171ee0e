package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/shipping"
	"sabershop/internal/store"
)

// The parcel's life with the carrier (docs/shipping.md): CreateShipment,
// Label, SendShipment, CancelShipment from the desk; ApplyCarrierUpdate
// from the carrier's webhook and PollShipments where webhooks cannot
// reach. The rules of what a shipment may do to an order are
// internal/order's (shipment.go).

var (
	// ErrNoCarrier is returned when the order's delivery has no carrier
	// the shop is connected to (a courier the owner books by hand, or a
	// carrier not configured): the owner sends it with a tracking number.
	ErrNoCarrier = errors.New("orders: no carrier for this delivery: book the parcel by hand and type its tracking number")
	// ErrNoShipment is returned by Label, SendShipment and CancelShipment
	// for an order without a shipment that stands.
	ErrNoShipment = errors.New("orders: the order has no shipment")
	// ErrLabelNotReady is returned by Label while the carrier has not
	// confirmed the shipment yet.
	ErrLabelNotReady = errors.New("orders: the carrier has not confirmed the shipment yet")
)

// Carrier is the configured carrier named name (deliveries.toml's
// carrier), nil without one.
func (s *Service) Carrier(name string) shipping.Carrier {
	if name == "" {
		return nil
	}
	return s.cfg.Carriers[name]
}

// lockerPoint is the locker an order names, as the carrier says now
// (through the daemon's cache, which stands in briefly when the carrier
// is unreachable): a closed or unknown locker is the shopper's to change
// (order.KeyPointClosed), a carrier that cannot be asked theirs to try
// again (order.KeyPointUnavailable).
func (s *Service) lockerPoint(carrier, code string) (*shipping.Point, order.FieldErrors) {
	c := s.Carrier(carrier)
	if c == nil {
		return nil, order.FieldErrors{"delivery.method": order.KeyMethodUnknown}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	p, err := c.Point(ctx, code)
	switch {
	case errors.Is(err, shipping.ErrNoPoint) || err == nil && !p.Operating:
		return nil, order.FieldErrors{"delivery.point": order.KeyPointClosed}
	case err != nil:
		s.cfg.Log.Warn("locker check failed", "carrier", carrier, "point", code, "err", err)
		return nil, order.FieldErrors{"delivery.point": order.KeyPointUnavailable}
	}
	p.Distance = 0 // the search's, not the order's
	return &p, nil
}

// shipmentRequest is the parcel of order o for the carrier: the locker or
// the address, the package from the catalogue's boxes, the shopper as
// receiver and the company as sender.
func shipmentRequest(cat *catalog.Catalog, o *order.Order) shipping.ShipmentRequest {
	c, co := o.Customer, cat.Shop.Company
	r := shipping.ShipmentRequest{
		Reference: fmt.Sprintf("%s #%d", cat.Shop.Name, o.ID),
		Method:    o.Delivery.Method,
		Receiver: shipping.Party{FirstName: c.FirstName, LastName: c.LastName, Company: c.Company, Email: c.Email,
			Phone: order.MobileNumber(c.Phone, c.Country), Street: c.Street, Zip: c.Zip, City: c.City, Country: strings.ToUpper(c.Country)},
		Sender: shipping.Party{Company: co.Name, FirstName: firstWord(co.Owner), LastName: restWords(co.Owner), Email: co.Email,
			Phone: order.MobileNumber(co.Phone, cat.VAT.Home), Street: co.Street, Zip: co.Zip, City: co.City, Country: strings.ToUpper(cat.VAT.Home)},
	}
	if r.Receiver.Phone == "" {
		r.Receiver.Phone = c.Phone
	}
	if r.Method == "" {
		r.Method = shipping.Courier
	}
	if o.Delivery.IsLocker() {
		r.Point, r.Parcel.Size = o.Delivery.Point.Code, o.Delivery.Size
	} else {
		parcel := o.Delivery.Parcel
		if parcel.LengthCM == 0 {
			parcel = order.Parcel(cat, o.Lines) // an order from before parcels were recorded
		}
		r.Parcel = shipping.Parcel{LengthMM: parcel.LengthCM * 10, WidthMM: parcel.WidthCM * 10, HeightMM: parcel.HeightCM * 10, WeightG: parcel.WeightG}
	}
	return r
}

func firstWord(s string) string { w, _, _ := strings.Cut(strings.TrimSpace(s), " "); return w }
func restWords(s string) string { _, r, _ := strings.Cut(strings.TrimSpace(s), " "); return r }

// carrierOf is the carrier the order's parcel goes with: the one its
// delivery method names (catalogue of now for an order from before
// methods were recorded).
func (s *Service) carrierOf(cat *catalog.Catalog, o *order.Order) shipping.Carrier {
	name := o.Delivery.Carrier
	if name == "" && o.Delivery.Method == "" {
		if d, ok := cat.Delivery(o.Customer.Country); ok {
			if m, ok := d.Method(shipping.Courier); ok {
				name = m.Carrier
			}
		}
	}
	return s.Carrier(name)
}

// CreateShipment creates order id's parcel with its carrier for the owner
// by, and waits (within ctx) for the carrier to confirm it, when its
// tracking number and label are ready. The order stores the shipment as
// soon as the carrier accepted it, so a slow confirmation loses nothing:
// the desk shows it, and Label or the next poll picks the number up.
func (s *Service) CreateShipment(ctx context.Context, id uint64, by Actor) (*order.Order, error) {
	cat, err := s.catalog()
	if err != nil {
		return nil, err
	}
	var o *order.Order
	if err := s.cfg.Store.View(func(tx *store.Tx) error { o, err = byID(tx, id); return err }); err != nil {
		return nil, err
	}
	if err := o.CanShip(); err != nil {
		return o, err
	}
	c := s.carrierOf(cat, o)
	if c == nil {
		return o, ErrNoCarrier
	}
	req := shipmentRequest(cat, o)
	sh, err := c.Create(ctx, req)
	if err != nil {
		return o, fmt.Errorf("%s: %w", c.Name(), err)
	}
	rec := order.Shipment{Carrier: c.Name(), ID: sh.ID, Method: req.Method, Point: req.Point, Size: req.Parcel.Size,
		Status: sh.Status, CarrierStatus: sh.Carrier, Tracking: sh.Tracking}
	if sh.Tracking != "" {
		rec.TrackingURL = c.TrackingURL(sh.Tracking)
	}
	o, err = s.recordShipment(id, rec, by)
	if err != nil {
		return o, err
	}
	// Confirmation is asynchronous (ShipX answers "created" and confirms
	// a moment later): ask until it is, or until the desk's request ends.
	for wait := 100 * time.Millisecond; !o.Shipment.Printable() && o.Shipment.Alive(); wait = min(2*wait, 2*time.Second) {
		select {
		case <-ctx.Done():
			return o, nil // created; confirmed later (Label, the poll)
		case <-time.After(wait):
		}
		if o, err = s.refreshShipment(ctx, c, o); err != nil {
			return o, nil // created; the carrier answers later
		}
	}
	return o, nil
}

// recordShipment stores a shipment the carrier accepted on order id, its
// index entry and the audit line.
func (s *Service) recordShipment(id uint64, rec order.Shipment, by Actor) (*order.Order, error) {
	var o *order.Order
	err := s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		var err error
		if o, err = byID(tx, id); err != nil {
			return err
		}
		if !o.ApplyShipment(rec, s.now()) {
			return fmt.Errorf("order #%d: %w", id, order.ErrShipmentExists)
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := tx.PutShipment(rec.Carrier, rec.ID, id); err != nil {
			return err
		}
		return s.audit(tx, by, "order.shipment", o, rec.Carrier+" "+rec.ID)
	})
	if err == nil {
		s.cfg.Log.Info("shipment created", "order", id, "carrier", rec.Carrier, "shipment", rec.ID, "by", by.Name)
	}
	return o, err
}

// refreshShipment asks the carrier for o's shipment and records what
// changed.
func (s *Service) refreshShipment(ctx context.Context, c shipping.Carrier, o *order.Order) (*order.Order, error) {
	sh, err := c.Shipment(ctx, o.Shipment.ID)
	if err != nil {
		return o, err
	}
	if err := s.ApplyCarrierUpdate(c.Name(), shipping.Update{ShipmentID: sh.ID, Tracking: sh.Tracking, Status: sh.Status, Carrier: sh.Carrier, At: sh.At}); err != nil {
		return o, err
	}
	var fresh *order.Order
	err = s.cfg.Store.View(func(tx *store.Tx) error { fresh, err = byID(tx, o.ID); return err })
	return fresh, err
}

// Label is the label of order id's shipment as a PDF in format f. A
// shipment the carrier has not confirmed yet is asked about once more
// first; still unconfirmed, ErrLabelNotReady.
func (s *Service) Label(ctx context.Context, id uint64, f shipping.LabelFormat) (*order.Order, []byte, error) {
	var o *order.Order
	var err error
	if err := s.cfg.Store.View(func(tx *store.Tx) error { o, err = byID(tx, id); return err }); err != nil {
		return nil, nil, err
	}
	if !o.Shipment.Alive() {
		return o, nil, ErrNoShipment
	}
	c := s.Carrier(o.Shipment.Carrier)
	if c == nil {
		return o, nil, ErrNoCarrier
	}
	if !o.Shipment.Printable() {
		if o, err = s.refreshShipment(ctx, c, o); err != nil {
			return o, nil, fmt.Errorf("%s: %w", c.Name(), err)
		}
		if !o.Shipment.Printable() {
			return o, nil, ErrLabelNotReady
		}
	}
	pdf, err := c.Label(ctx, o.Shipment.ID, f)
	if errors.Is(err, shipping.ErrNotConfirmed) {
		return o, nil, ErrLabelNotReady
	}
	if err != nil {
		return o, nil, fmt.Errorf("%s: %w", c.Name(), err)
	}
	return o, pdf, nil
}

// SendShipment marks order id sent with its shipment's tracking number
// and link: the owner's one tap once the label is on the parcel.
func (s *Service) SendShipment(id uint64, by Actor) (*order.Order, bool, error) {
	var o *order.Order
	var err error
	if err := s.cfg.Store.View(func(tx *store.Tx) error { o, err = byID(tx, id); return err }); err != nil {
		return nil, false, err
	}
	if !o.Shipment.Printable() {
		return o, false, ErrNoShipment
	}
	return s.Send(id, o.Shipment.Tracking, o.Shipment.TrackingURL, by)
}

// CancelShipment cancels order id's shipment with its carrier, then in
// the order; a carrier that has the parcel already refuses
// (shipping.ErrTooLate) and the order keeps it.
func (s *Service) CancelShipment(ctx context.Context, id uint64, by Actor) (*order.Order, error) {
	var o *order.Order
	var err error
	if err := s.cfg.Store.View(func(tx *store.Tx) error { o, err = byID(tx, id); return err }); err != nil {
		return nil, err
	}
	if !o.Shipment.Alive() {
		return o, ErrNoShipment
	}
	c := s.Carrier(o.Shipment.Carrier)
	if c == nil {
		return o, ErrNoCarrier
	}
	if err := c.Cancel(ctx, o.Shipment.ID); err != nil {
		return o, fmt.Errorf("%s: %w", c.Name(), err)
	}
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if o, err = byID(tx, id); err != nil {
			return err
		}
		if !o.ApplyShipment(order.Shipment{ID: o.Shipment.ID, Status: shipping.StatusCancelled}, s.now()) {
			return nil
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := tx.DeleteShipment(o.Shipment.Carrier, o.Shipment.ID); err != nil {
			return err
		}
		return s.audit(tx, by, "order.shipment_cancelled", o, o.Shipment.Carrier+" "+o.Shipment.ID)
	})
	return o, err
}

// finished are the statuses after which the carrier says no more.
var finished = map[shipping.Status]bool{shipping.StatusDelivered: true, shipping.StatusReturned: true, shipping.StatusCancelled: true, shipping.StatusFailed: true}

// ApplyCarrierUpdate records a status the carrier reported (its webhook,
// or a poll) on the order whose shipment it is. An update of a parcel the
// shop does not follow, or one recorded before (a replayed notification),
// changes nothing and is no error. When the carrier has collected the
// parcel of a paid order and the owner set it so (store.ShipAutoSent),
// the order is marked sent with the shipment's tracking number and the
// shopper's e-mail is queued, in the same transaction.
func (s *Service) ApplyCarrierUpdate(carrier string, u shipping.Update) error {
	cat, err := s.catalog()
	if err != nil {
		return err
	}
	c := s.Carrier(carrier)
	var (
		o      *order.Order
		sent   bool
		change bool
	)
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		id, err := tx.ShipmentOrder(carrier, u.ShipmentID)
		if errors.Is(err, store.ErrNotFound) {
			return errRollback // not ours, or finished: nothing to do
		} else if err != nil {
			return err
		}
		if o, err = byID(tx, id); err != nil {
			return err
		}
		rec := order.Shipment{ID: u.ShipmentID, Status: u.Status, CarrierStatus: u.Carrier, Tracking: u.Tracking}
		if u.Tracking != "" && c != nil {
			rec.TrackingURL = c.TrackingURL(u.Tracking)
		}
		now := s.now()
		if change = o.ApplyShipment(rec, now); !change {
			return errRollback
		}
		if finished[o.Shipment.Status] {
			if err := tx.DeleteShipment(carrier, u.ShipmentID); err != nil {
				return err
			}
		}
		auto, err := tx.ShipAutoSent()
		if err != nil {
			return err
		}
		if auto && parcelRank(o.Shipment.Status) >= parcelRank(shipping.StatusCollected) && o.Status == order.Paid && o.Shipment.Tracking != "" {
			if sent, err = o.MarkSent(now, o.Shipment.Tracking, o.Shipment.TrackingURL); err != nil {
				return err
			}
			msg, err := mail.OrderSent(cat, o, s.Link(o.StatusPath()))
			if err != nil {
				return err
			}
			if err := tx.Enqueue(msg); err != nil {
				return err
			}
		}
		return tx.PutOrder(o)
	})
	if errors.Is(err, errRollback) {
		return nil
	}
	if err == nil && change {
		s.cfg.Log.Info("parcel "+string(o.Shipment.Status), "order", o.ID, "carrier", carrier)
		if sent {
			s.cfg.Kick()
			s.cfg.Log.Info("order sent", "order", o.ID, "by", carrier)
		}
	}
	return err
}

// parcelRank is how far a parcel has come, for "collected or later".
func parcelRank(st shipping.Status) int {
	switch st {
	case shipping.StatusCollected:
		return 3
	case shipping.StatusInTransit:
		return 4
	case shipping.StatusReadyForPickup:
		return 5
	case shipping.StatusDelivered:
		return 6
	}
	return 0
}

// PollShipments asks the carriers about every parcel still followed and
// records what changed: the way statuses arrive where the carrier's
// webhooks cannot reach the shop. It returns the first error after
// trying them all.
func (s *Service) PollShipments(ctx context.Context) error {
	type open struct {
		carrier, id string
	}
	var list []open
	if err := s.cfg.Store.View(func(tx *store.Tx) error {
		return tx.OpenShipments(func(carrier, id string, _ uint64) error {
			list = append(list, open{carrier, id})
			return nil
		})
	}); err != nil {
		return err
	}
	var first error
	for _, sh := range list {
		c := s.Carrier(sh.carrier)
		if c == nil {
			continue
		}
		got, err := c.Shipment(ctx, sh.id)
		if err == nil {
			err = s.ApplyCarrierUpdate(sh.carrier, shipping.Update{ShipmentID: got.ID, Tracking: got.Tracking, Status: got.Status, Carrier: got.Carrier, At: got.At})
		}
		if err != nil && first == nil {
			first = err
		}
	}
	return first
}

// RunShipments polls the followed parcels every interval until ctx ends.
func (s *Service) RunShipments(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.PollShipments(ctx); err != nil {
				s.cfg.Log.Warn("polling the parcels failed", "err", err)
			}
		}
	}
}

// AutoSent reports whether an order is marked sent when the carrier
// collects its parcel; SetAutoSent sets it for the owner by.
func (s *Service) AutoSent() (on bool, err error) {
	err = s.cfg.Store.View(func(tx *store.Tx) error { on, err = tx.ShipAutoSent(); return err })
	return on, err
}

// SetAutoSent sets whether an order is marked sent when the carrier
// collects its parcel.
func (s *Service) SetAutoSent(on bool, by Actor) error {
	return s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetShipAutoSent(on); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: s.now(), Owner: by.Name, IP: by.IP, What: "shop.ship_auto_sent", Detail: fmt.Sprint(on)})
	})
}
