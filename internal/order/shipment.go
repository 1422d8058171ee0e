package order

import (
	"errors"
	"fmt"
	"time"

	"sabershop/internal/shipping"
)

// The parcel (docs/shipping.md): the owner creates a shipment with the
// carrier for a paid order, prints its label, and the carrier's status
// updates become timeline notes. The rules, in one place:
//   - a shipment is created for a paid order only, and only while it has
//     none that is alive (a cancelled or failed one may be replaced);
//   - each status the carrier reports is recorded once, whatever number
//     of times its notification comes (a replayed webhook changes
//     nothing), and a status never goes back (an old notification arriving
//     late is ignored);
//   - "delivered" is the day the shopper took possession: the withdrawal
//     period counts from it (WithdrawalState);
//   - marking the order sent stays the owner's step (one tap, with the
//     shipment's tracking number), or happens when the carrier reports the
//     parcel collected if the owner set it so.

// NoteParcel is the Note of a timeline entry of the carrier's: its Parcel
// says which status the parcel reached.
const NoteParcel = "parcel"

// Shipment is the parcel the owner created with the carrier for the order.
type Shipment struct {
	Carrier string `json:"carrier"`
	ID      string `json:"id"`
	// Method and Point are what the parcel was created for: the order's
	// delivery then.
	Method        shipping.Method `json:"method"`
	Point         string          `json:"point,omitempty"`
	Size          shipping.Size   `json:"size,omitempty"`
	Status        shipping.Status `json:"status"`
	CarrierStatus string          `json:"carrier_status,omitempty"`
	Tracking      string          `json:"tracking,omitempty"`
	TrackingURL   string          `json:"tracking_url,omitempty"`
	CreatedAt     time.Time       `json:"created_at"`
	UpdatedAt     time.Time       `json:"updated_at"`
}

// Alive reports whether the shipment still stands (not cancelled, not
// refused by the carrier).
func (s *Shipment) Alive() bool {
	return s != nil && s.Status != shipping.StatusCancelled && s.Status != shipping.StatusFailed
}

// Printable reports whether the carrier has the label.
func (s *Shipment) Printable() bool {
	return s.Alive() && s.Status != shipping.StatusCreated && s.Tracking != ""
}

var (
	// ErrShipmentExists is returned by CanShip when the order already has
	// a shipment that stands.
	ErrShipmentExists = errors.New("the order has a shipment already")
	// ErrNotShippable is returned by CanShip for an order that is not
	// paid (nothing to send yet, or cancelled).
	ErrNotShippable = errors.New("only a paid order is shipped")
)

// CanShip says whether a shipment may be created for the order now.
func (o *Order) CanShip() error {
	switch {
	case o.Shipment.Alive():
		return ErrShipmentExists
	case o.Status != Paid && o.Status != Sent:
		return fmt.Errorf("%w (the order is %s)", ErrNotShippable, o.Status)
	}
	return nil
}

// parcelRank orders the statuses a parcel goes through: an update to a
// status of a lower rank than the one recorded is old news.
var parcelRank = map[shipping.Status]int{
	shipping.StatusCreated:        1,
	shipping.StatusConfirmed:      2,
	shipping.StatusCollected:      3,
	shipping.StatusInTransit:      4,
	shipping.StatusReadyForPickup: 5,
	shipping.StatusDelivered:      6,
	shipping.StatusReturned:       7,
	shipping.StatusCancelled:      8,
	shipping.StatusFailed:         8,
}

// noted are the statuses the timeline records (the shopper sees them on
// the status page); created and confirmed are the owner's own steps.
var noted = map[shipping.Status]bool{
	shipping.StatusCollected: true, shipping.StatusInTransit: true, shipping.StatusReadyForPickup: true,
	shipping.StatusDelivered: true, shipping.StatusReturned: true, shipping.StatusCancelled: true,
	shipping.StatusFailed: true,
}

// ApplyShipment records what the carrier says of the order's shipment s
// (its answer to a creation, a poll or a webhook) at the instant at. It
// reports whether anything changed; a status recorded before, or older
// than the one recorded, changes nothing. An update of another shipment
// than the order's is ignored.
func (o *Order) ApplyShipment(s Shipment, at time.Time) bool {
	cur := o.Shipment
	if cur == nil || cur.ID != s.ID {
		if cur.Alive() || s.ID == "" {
			return false // an update of an earlier, replaced shipment
		}
		s.CreatedAt, s.UpdatedAt = at.UTC(), at.UTC()
		o.Shipment = &s
		o.noteParcel(s.Status, at)
		return true
	}
	changed := false
	if s.Tracking != "" && cur.Tracking != s.Tracking {
		cur.Tracking, cur.TrackingURL, changed = s.Tracking, s.TrackingURL, true
	}
	if s.Status != "" && s.Status != cur.Status && parcelRank[s.Status] > parcelRank[cur.Status] {
		cur.Status, cur.CarrierStatus, changed = s.Status, s.CarrierStatus, true
		o.noteParcel(s.Status, at)
	}
	if changed {
		cur.UpdatedAt = at.UTC()
	}
	return changed
}

func (o *Order) noteParcel(st shipping.Status, at time.Time) {
	if noted[st] {
		o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at.UTC(), Cause: "parcel " + string(st), Note: NoteParcel, Parcel: st})
	}
}

// DeliveredAt is when the carrier reported the parcel delivered (picked up
// from the locker, or handed over at the door).
func (o *Order) DeliveredAt() (time.Time, bool) {
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		if e := o.Timeline[i]; e.Note == NoteParcel && e.Parcel == shipping.StatusDelivered {
			return e.At, true
		}
	}
	return time.Time{}, false
}
