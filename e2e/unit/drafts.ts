// The unit tests' checkout draft: a valid Polish shopper's form.
import { EMPTY_DRAFT, type Draft } from "../../components/basket/draft";

export const VALID_DRAFT: Draft = {
  ...EMPTY_DRAFT,
  first_name: "Anna",
  last_name: "Nowak",
  email: "anna@example.com",
  phone: "+48 600 100 200",
  country: "pl",
  street: "Długa 1",
  zip: "00-001",
  city: "Warszawa",
  terms: true,
};
