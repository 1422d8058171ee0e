package admin

// subscribersExport writes the confirmed, still subscribed addresses as CSV.
func (c *cmd) subscribersExport() error { return c.office.SubscribersCSV(c.out) }

// notifySaleStart queues the sale-start notice (NotifySaleStart).
func (c *cmd) notifySaleStart() error {
	n, skipped, err := c.office.NotifySaleStart(Terminal)
	if err != nil {
		return err
	}
	c.printf("sale-start notice queued for %d confirmed subscribers\n", n)
	if skipped > 0 {
		c.printf("skipped %d whose address an e-mail cannot be written to (subscribers export lists them)\n", skipped)
	}
	return nil
}
