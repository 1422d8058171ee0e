import { useId, useMemo, useState, type FormEvent } from "react";
import { AccessForm } from "../AccessForm";
import { call, type Me } from "../api";
import type { Translate } from "../i18n";

/**
 * The one-time setup link's page: the name and token are in the link's
 * fragment (never sent to a server but in this page's POST body).
 */
export function Setup({ t, onDone }: { t: Translate; onDone: (me: Me) => void }) {
  const id = useId();
  const link = useMemo(() => new URLSearchParams(location.hash.slice(1)), []);
  const name = link.get("name") ?? "";
  const token = link.get("token") ?? "";
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  if (!name || !token) {
    return (
      <main className="desk-center">
        <div className="notice notice--warn" role="alert">
          <p>{t("setup.no_token")}</p>
        </div>
      </main>
    );
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    if (f.get("password") !== f.get("repeat")) {
      setError(t("setup.mismatch"));
      return;
    }
    setBusy(true);
    setError("");
    const res = await call<Me>("POST", "setup", { name, token, password: f.get("password") });
    setBusy(false);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    history.replaceState(null, "", "/admin/"); // the token leaves the address bar and the history
    onDone(res.data);
  };

  return (
    <AccessForm
      title={t("setup.title")}
      lead={t("setup.lead", { name })}
      busy={busy}
      error={error}
      label={t("setup.submit")}
      onSubmit={(e) => void submit(e)}
    >
      <input type="text" name="username" value={name} autoComplete="username" readOnly hidden />
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-password`}>
          {t("setup.password")}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="form-field__hint">
          {t("setup.password_hint")}
        </p>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-repeat`}>
          {t("setup.repeat")}
        </label>
        <input id={`${id}-repeat`} className="input" name="repeat" type="password" autoComplete="new-password" minLength={12} required />
      </div>
    </AccessForm>
  );
}
