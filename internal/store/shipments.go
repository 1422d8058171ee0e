package store

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// The shipments bucket finds an order by its parcel: a carrier's status
// update names the shipment, not the order. A shipment stays in it while
// the carrier may still report on it (until delivered, returned or
// cancelled), so it is also the list of parcels to poll where webhooks
// cannot reach (docs/shipping.md).

func shipmentKey(carrier, id string) []byte {
	return append(append([]byte(carrier), 0), id...)
}

// PutShipment records that the carrier's shipment id is order orderID's.
func (tx *Tx) PutShipment(carrier, id string, orderID uint64) error {
	if carrier == "" || id == "" {
		return errors.Join(ErrInvalid, errors.New("a shipment needs its carrier and id"))
	}
	return tx.bucket(BucketShipments).Put(shipmentKey(carrier, id), idKey(orderID))
}

// ShipmentOrder is the ID of the order with the carrier's shipment id;
// ErrNotFound when there is none (an unknown parcel, or one finished).
func (tx *Tx) ShipmentOrder(carrier, id string) (uint64, error) {
	v := tx.bucket(BucketShipments).Get(shipmentKey(carrier, id))
	if len(v) != 8 {
		return 0, ErrNotFound
	}
	return binary.BigEndian.Uint64(v), nil
}

// DeleteShipment forgets a finished shipment.
func (tx *Tx) DeleteShipment(carrier, id string) error {
	return tx.bucket(BucketShipments).Delete(shipmentKey(carrier, id))
}

// OpenShipments calls fn with every shipment still followed; an error
// from fn stops the walk and is returned.
func (tx *Tx) OpenShipments(fn func(carrier, id string, orderID uint64) error) error {
	return tx.bucket(BucketShipments).ForEach(func(k, v []byte) error {
		carrier, id, ok := bytes.Cut(k, []byte{0})
		if !ok || len(v) != 8 {
			return nil
		}
		return fn(string(carrier), string(id), binary.BigEndian.Uint64(v))
	})
}

// settingShipAutoSent holds whether an order is marked sent by itself
// when the carrier reports its parcel collected ("on"), or only by the
// owner's tap (absent or "off").
const settingShipAutoSent = "ship_auto_sent"

// ShipAutoSent reports the owner's choice (off unless set).
func (tx *Tx) ShipAutoSent() (bool, error) {
	v, err := tx.Setting(settingShipAutoSent)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return string(v) == "on", err
}

// SetShipAutoSent sets it.
func (tx *Tx) SetShipAutoSent(on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return tx.PutSetting(settingShipAutoSent, []byte(v))
}
