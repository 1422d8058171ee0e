package shipx

import "sabershop/internal/shipping"

// statuses maps ShipX's shipment statuses (GET /v1/statuses; the list
// of names as open-source clients and the tracking pages use them) onto
// the shop's. The shop's are fewer: the owner needs to know whether a
// label can be printed, whether InPost has the parcel, whether it waits
// in the locker and whether it came back, not at which sorting centre it
// is.
//
//	ShipX                                          shop
//	created, offers_prepared, offer_selected       created (no label yet)
//	confirmed                                      confirmed (label)
//	dispatched_by_sender(_to_pok),
//	  collected_from_sender, taken_by_courier(_from_pok),
//	  taken_by_courier_from_customer_service_point collected
//	adopted_at_*/sent_from_* (branch, sorting centre),
//	  out_for_delivery(_to_address), readdressed,
//	  redirect_to_box, delay_in_delivery, avizo,
//	  undelivered_* retries, oversized             in_transit
//	ready_to_pickup(_from_pok[_registered]),
//	  pickup_reminder_sent(_address),
//	  stack_in_box_machine,
//	  stack_in_customer_service_point              ready_for_pickup
//	delivered                                      delivered
//	pickup_time_expired, returned_to_sender,
//	  rejected_by_receiver, undelivered,
//	  return_pickup_confirmation_to_sender,
//	  stack_parcel_pickup_time_expired             returned
//	canceled                                       cancelled
//	missing, claimed, claim_created                failed
//
// A status not in the table (ShipX adds some now and then) is read as
// in_transit: once confirmed the parcel is somewhere in InPost's hands,
// and Shipment.Carrier keeps the name for the owner to read.
var statuses = map[string]shipping.Status{
	"created":         shipping.StatusCreated,
	"offers_prepared": shipping.StatusCreated,
	"offer_selected":  shipping.StatusCreated,

	"confirmed": shipping.StatusConfirmed,

	"dispatched_by_sender":                         shipping.StatusCollected,
	"dispatched_by_sender_to_pok":                  shipping.StatusCollected,
	"collected_from_sender":                        shipping.StatusCollected,
	"taken_by_courier":                             shipping.StatusCollected,
	"taken_by_courier_from_pok":                    shipping.StatusCollected,
	"taken_by_courier_from_customer_service_point": shipping.StatusCollected,

	"adopted_at_source_branch":     shipping.StatusInTransit,
	"sent_from_source_branch":      shipping.StatusInTransit,
	"adopted_at_sorting_center":    shipping.StatusInTransit,
	"sent_from_sorting_center":     shipping.StatusInTransit,
	"adopted_at_target_branch":     shipping.StatusInTransit,
	"out_for_delivery":             shipping.StatusInTransit,
	"out_for_delivery_to_address":  shipping.StatusInTransit,
	"readdressed":                  shipping.StatusInTransit,
	"redirect_to_box":              shipping.StatusInTransit,
	"delay_in_delivery":            shipping.StatusInTransit,
	"avizo":                        shipping.StatusInTransit,
	"oversized":                    shipping.StatusInTransit,
	"undelivered_wrong_address":    shipping.StatusInTransit,
	"undelivered_no_mailbox":       shipping.StatusInTransit,
	"undelivered_unknown_receiver": shipping.StatusInTransit,

	"ready_to_pickup":                     shipping.StatusReadyForPickup,
	"ready_to_pickup_from_pok":            shipping.StatusReadyForPickup,
	"ready_to_pickup_from_pok_registered": shipping.StatusReadyForPickup,
	"pickup_reminder_sent":                shipping.StatusReadyForPickup,
	"pickup_reminder_sent_address":        shipping.StatusReadyForPickup,
	"stack_in_box_machine":                shipping.StatusReadyForPickup,
	"stack_in_customer_service_point":     shipping.StatusReadyForPickup,

	"delivered": shipping.StatusDelivered,

	"pickup_time_expired":                  shipping.StatusReturned,
	"stack_parcel_pickup_time_expired":     shipping.StatusReturned,
	"returned_to_sender":                   shipping.StatusReturned,
	"rejected_by_receiver":                 shipping.StatusReturned,
	"undelivered":                          shipping.StatusReturned,
	"return_pickup_confirmation_to_sender": shipping.StatusReturned,

	"canceled": shipping.StatusCancelled,

	"missing":       shipping.StatusFailed,
	"claimed":       shipping.StatusFailed,
	"claim_created": shipping.StatusFailed,
}

// Status is the shop's status for ShipX's status name.
func Status(shipx string) shipping.Status {
	if s, ok := statuses[shipx]; ok {
		return s
	}
	return shipping.StatusInTransit
}
