import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { call, type PasskeyInfo } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";
import { Notice } from "../Notice";
import { ceremony, createPasskey, passkeysSupported } from "../webauthn";

/** The account's passkeys: add one on this device, see and remove them. */
export function Passkeys({ t, locale }: { t: Translate; locale: string }) {
  const id = useId();
  const [list, setList] = useState<PasskeyInfo[] | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const res = await call<PasskeyInfo[]>("GET", "passkeys");
    if (res.ok) setList(res.data);
    else setError(res.message || t("offline"));
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setBusy(true);
    setError("");
    setDone("");
    const res = await ceremony<PasskeyInfo[]>("passkeys/begin", "passkeys/finish", createPasskey, (credential) => ({ name, credential }));
    setBusy(false);
    if (!res.ok) {
      setError(res.code === "cancelled" ? t("passkeys.cancelled") : res.message || t("offline"));
      return;
    }
    setList(res.data);
    setDone(t("passkeys.added"));
    form.reset();
  };

  const remove = async (p: PasskeyInfo) => {
    setError("");
    setDone("");
    const res = await call<PasskeyInfo[]>("POST", "passkeys/remove", { id: p.id });
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setList(res.data);
    setDone(t("passkeys.removed"));
  };

  return (
    <section className="desk-page" aria-labelledby="passkeys-title">
      <h1 id="passkeys-title" className="desk-page__title">
        {t("passkeys.title")}
      </h1>
      <p className="desk-page__lead">{t("passkeys.lead")}</p>
      <Notice error={error} done={done} />
      {list && list.length === 0 && <p className="desk-muted">{t("passkeys.empty")}</p>}
      {list && list.length > 0 && (
        <ul className="desk-passkeys">
          {list.map((p) => (
            <li key={p.id} className="card card--pad desk-passkeys__item">
              <div>
                <strong className="desk-passkeys__name">{p.name}</strong>
                <p className="desk-muted">
                  {t("passkeys.created", { time: formatInstant(locale, p.created) })},{" "}
                  {p.last_used ? t("passkeys.last_used", { time: formatInstant(locale, p.last_used) }) : t("passkeys.never_used")}
                </p>
              </div>
              <button className="btn btn--ghost btn--sm" type="button" onClick={() => void remove(p)}>
                {t("passkeys.remove", { name: p.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="card card--pad desk-form" onSubmit={(e) => void add(e)} aria-busy={busy || undefined}>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-name`}>
              {t("passkeys.name")}
            </label>
            <input id={`${id}-name`} className="input" name="name" maxLength={64} aria-describedby={`${id}-hint`} />
            <p id={`${id}-hint`} className="form-field__hint">
              {t("passkeys.name_hint")}
            </p>
          </div>
          <button className="btn btn--primary" type="submit" disabled={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {busy ? t("passkeys.adding") : t("passkeys.add")}
          </button>
        </form>
      ) : (
        <p className="notice notice--warn">{t("passkeys.unsupported")}</p>
      )}
    </section>
  );
}
