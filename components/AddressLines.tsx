// A postal address as the status page and the desk's packing slip print
// it: the name, the street, the postcode with the city, the country, one
// line each (inside the caller's <address>, which carries its styles).

export interface PostalAddress {
  first_name: string;
  last_name: string;
  street: string;
  zip: string;
  city: string;
}

/** The address's lines; country is already named as the page wants it. */
export function AddressLines({ a, country }: { a: PostalAddress; country: string }) {
  return (
    <>
      {a.first_name} {a.last_name}
      <br />
      {a.street}
      <br />
      {a.zip} {a.city}
      <br />
      {country}
    </>
  );
}
