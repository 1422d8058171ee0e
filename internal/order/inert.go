package order

import "sabershop/internal/inert"

// Inert is the customer as the owner's views print it: every field the
// shopper typed with its hidden characters shown as markers (inert.String).
// Orders kept before Validate refused such characters still hold them.
func (c Customer) Inert() Customer {
	return Customer{FirstName: inert.String(c.FirstName), LastName: inert.String(c.LastName), Email: inert.String(c.Email),
		Phone: inert.String(c.Phone), Country: inert.String(c.Country), Street: inert.String(c.Street),
		Zip: inert.String(c.Zip), City: inert.String(c.City), Company: inert.String(c.Company), VATID: inert.String(c.VATID)}
}
