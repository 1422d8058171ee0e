import { useCallback, useEffect, useState } from "react";
import { call } from "./api";
import type { Translate } from "./i18n";

/**
 * A desk page's data from GET /admin/api/<path>: loaded on mount, kept
 * with its error (the desk's message, or "offline"). set replaces it with
 * what a write answered; reload asks again.
 */
export function useResource<T>(path: string, t: Translate) {
  const [data, set] = useState<T | null>(null);
  const [error, setError] = useState("");
  const reload = useCallback(async () => {
    const res = await call<T>("GET", path);
    if (res.ok) {
      set(res.data);
      setError("");
    } else setError(res.message || t("offline"));
  }, [path, t]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, set, error, setError, reload };
}
