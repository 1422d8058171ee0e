// Page templates by the name the Go build puts in data.template.
import type { ComponentType } from "react";
import type { RenderRequest } from "../components/generated/pagedata";
import Home from "./Home";
import Page from "./Page";
import Contact from "./Contact";
import Faq from "./Faq";
import Gallery from "./Gallery";
import Shop from "./Shop";
import Product from "./Product";
import Creator from "./Creator";
import Blog from "./Blog";
import Post from "./Post";
import Basket from "./Basket";
import Status from "./Status";
import NotFound from "./NotFound";
import Safety from "./Safety";

export const templates: Record<RenderRequest["data"]["template"], ComponentType<RenderRequest>> = {
  home: Home,
  page: Page,
  contact: Contact,
  faq: Faq,
  gallery: Gallery,
  shop: Shop,
  product: Product,
  creator: Creator,
  blog: Blog,
  post: Post,
  basket: Basket,
  status: Status,
  notFound: NotFound,
  safety: Safety,
};
