// The checkout draft as React state: read from the tab once the island is
// in the browser (the server renders the loading state, so nothing
// mismatches), written back on every change.
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { EMPTY_DRAFT, readDraft, writeDraft, type Draft } from "./draft";

export interface DraftState {
  /** The draft as read from the tab; null until the island is in the browser. */
  restored: Draft | null;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
}

export function useDraft(): DraftState {
  const [restored, setRestored] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  useEffect(() => {
    const d = readDraft();
    setDraft(d);
    setRestored(d);
  }, []);
  useEffect(() => {
    if (restored) writeDraft(draft);
  }, [draft, restored]);
  return { restored, draft, setDraft };
}
