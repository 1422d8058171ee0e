// The design being made: read from the link (or from the basket line it
// was opened from) once in the browser, edited by the creator's controls,
// and written back into the link on every edit, so the address is always a
// shareable copy. Also which basket line is being edited, and why a link
// could not be read in full.
import { useEffect, useRef, useState } from "react";
import type { CreatorData } from "../generated/pagedata";
import { readCart } from "../cart/store";
import { decodeDesign, defaultDesign, designFrom, encodeDesign, type Design } from "./design";

/** The creator's product slug (internal/order.CreatorSlug). */
export const CREATOR = "custom-saber-creator";

/** Why the link's design was not taken as it was. */
export type Notice = { kind: "fallback"; count: number } | { kind: "outdated" } | null;

export interface DesignState {
  design: Design;
  edit: (change: (d: Design) => Design) => void;
  setPart: (slot: string, part: string) => void;
  /** The slot's next (1) or previous (-1) part, round the list. */
  step: (slot: string, delta: 1 | -1) => void;
  notice: Notice;
  dismissNotice: () => void;
  /** The basket line the design came from and is saved back into, if any. */
  editLine: number | null;
  /** From now on the design is a new line (the link loses its line). */
  detachLine: () => void;
  /** The link to this design, without the basket line. */
  link: () => string;
}

export function useDesign(cat: CreatorData): DesignState {
  const [design, setDesign] = useState<Design>(() => defaultDesign(cat));
  const [notice, setNotice] = useState<Notice>(null);
  const [editLine, setEditLine] = useState<number | null>(null);
  const touched = useRef(false);

  // The design of the link (or of the basket line being edited), once in the browser.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const decoded = decodeDesign(location.search, cat);
    if (decoded.present) {
      setDesign(decoded.design);
      if (decoded.fallbacks > 0) {
        const outdated = q.get("v") !== null && q.get("v") !== "1";
        setNotice(outdated ? { kind: "outdated" } : { kind: "fallback", count: decoded.fallbacks });
      }
    }
    const line = Number(q.get("line"));
    if (q.has("line") && Number.isInteger(line) && line >= 0) {
      const item = readCart()[line];
      if (item?.product === CREATOR) {
        setEditLine(line);
        if (!decoded.present) setDesign(designFrom(item.creator, cat).design);
      }
    }
  }, [cat]);

  // The link follows every edit (replaceState: no history entry per click).
  useEffect(() => {
    if (!touched.current) return;
    const line = editLine !== null ? `&line=${editLine}` : "";
    history.replaceState(history.state, "", `${location.pathname}?${encodeDesign(design, cat)}${line}${location.hash}`);
  }, [design, editLine, cat]);

  function edit(change: (d: Design) => Design) {
    touched.current = true;
    setDesign((d) => change(d));
  }

  function setPart(slot: string, part: string) {
    edit((d) => ({ ...d, parts: { ...d.parts, [slot]: part } }));
  }

  return {
    design,
    edit,
    setPart,
    step(slot, delta) {
      const s = cat.slots.find((x) => x.id === slot);
      if (!s || s.options.length === 0) return;
      const at = s.options.findIndex((o) => o.id === design.parts[slot]);
      const next = s.options[(at + delta + s.options.length) % s.options.length]!;
      setPart(slot, next.id);
    },
    notice,
    dismissNotice: () => setNotice(null),
    editLine,
    detachLine() {
      touched.current = true;
      setEditLine(null);
    },
    link: () => location.origin + location.pathname + "?" + encodeDesign(design, cat),
  };
}
