// The preset designer's code is a chunk of its own in the browser, fetched
// when the shopper comes to the presets (components/creator/Later.tsx,
// docs/decisions/creator.md#the-preset-designer-is-its-own-chunk); the server
// has it from the start (templates/server.tsx provides it), so every page is
// rendered whole.
import type { PresetEditor as Editor, PresetEditorProps } from "./PresetEditor";

let editor: typeof Editor | undefined;
let loading: Promise<void> | undefined;

/**
 * The designer once provided or fetched, else nothing: looked up when it
 * renders, so a part that hydrates after the fetch finds it.
 */
export function PresetDesigner(props: PresetEditorProps) {
  const E = editor;
  return E ? <E {...props} /> : null;
}

/** The server bundle's static copy (templates/server.tsx). */
export function providePresetEditor(e: typeof Editor): void {
  editor = e;
}

/** Fetches the designer's chunk (once). */
export function loadPresetEditor(): Promise<void> {
  loading ??= import("./PresetEditor").then(
    (m) => void (editor = m.PresetEditor),
    (err: unknown) => {
      loading = undefined; // the next approach tries again
      throw err;
    },
  );
  return loading;
}
