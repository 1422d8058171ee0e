// Every hydrated component, by name. The build makes one client entry per
// file in this folder (except registry.ts, loader.ts and runtime.ts) and
// checks that this list and the files agree.
import AddToCart from "./AddToCart";
import Basket from "./Basket";
import Carousel from "./Carousel";
import CartBadge from "./CartBadge";
import ContactForm from "./ContactForm";
import Creator from "./Creator";
import Lightbox from "./Lightbox";
import NotifyMe from "./NotifyMe";
import OrderStatus from "./OrderStatus";
import ProductGallery from "./ProductGallery";
import Toasts from "./Toasts";

export const islands = {
  AddToCart,
  Basket,
  Carousel,
  CartBadge,
  ContactForm,
  Creator,
  Lightbox,
  NotifyMe,
  OrderStatus,
  ProductGallery,
  Toasts,
} as const;

export type IslandName = keyof typeof islands;
