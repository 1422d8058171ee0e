package order

// Queue names the work an open order waits on in the workshop: the
// desk's Today counts each queue and its order list filters by it, both
// through the store's index of Order.Queue, so the count on Today and the
// rows the list shows follow this one rule.
type Queue string

const (
	// QueueWaiting: placed or paying, the money not in yet.
	QueueWaiting Queue = "waiting"
	// QueueToBuild: paid, no production stage set yet. A paid order at a
	// stage is counted at its stage instead (its status paid, its Stage).
	QueueToBuild Queue = "to_build"
)

// Queues are the queues in the order an order goes through them.
var Queues = []Queue{QueueWaiting, QueueToBuild}

// Queue is the queue o waits in, or "" (at a production stage, sent,
// cancelled).
func (o *Order) Queue() Queue {
	switch {
	case o.Status == Placed || o.Status == PaymentPending:
		return QueueWaiting
	case o.Status == Paid && o.Stage() == "":
		return QueueToBuild
	}
	return ""
}
