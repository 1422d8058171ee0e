// The owner's desk: one React app under /admin, bundled on its
// own by cmd/build (internal/render/desk.go). Phone first.
import "./desk.css";
import { createRoot } from "react-dom/client";
import { App } from "./App";

const root = document.getElementById("desk");
if (root) createRoot(root).render(<App />);
