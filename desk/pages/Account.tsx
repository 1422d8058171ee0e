import { useId, useState, type FormEvent } from "react";
import { call, type Me, type OwnerInfo, type OwnerMailAnswer, type OwnersAnswer, type TOTPKey } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";
import { Notice } from "../Notice";
import { useResource } from "../useResource";

/**
 * The account page: how the owner's e-mails come (each, hourly digest or
 * none, per kind), the authenticator-app code for the password path, the
 * shop's other accounts (a new one with its setup link, a new link, remove),
 * and a download of the data file. Each change asks for the password again.
 */
export function Account({ t, locale, me }: { t: Translate; locale: string; me: Me }) {
  return (
    <section className="desk-page" aria-labelledby="account-title">
      <h1 id="account-title" className="desk-page__title">
        {t("account.title")}
      </h1>
      <p className="desk-page__lead">{t("account.lead", { name: me.name })}</p>
      <OwnerMail t={t} />
      <SecondFactor t={t} />
      <Owners t={t} locale={locale} self={me.name} />
      <Backup t={t} />
    </section>
  );
}

/**
 * How each kind of the owner's e-mails comes: a choice per kind, saved as
 * it changes (no password: it reveals and risks nothing). The server says
 * which modes a kind allows (a withdrawal never goes without an e-mail).
 */
function OwnerMail({ t }: { t: Translate }) {
  const id = useId();
  const { data, set, error, setError } = useResource<OwnerMailAnswer>("owner-mail", t);
  const [done, setDone] = useState("");

  const choose = async (kind: string, mode: string) => {
    setDone("");
    const res = await call<OwnerMailAnswer>("POST", "owner-mail", { kind, mode });
    if (!res.ok) return setError(res.message || t("offline"));
    setError("");
    set(res.data);
    setDone(t("account.mail_saved", { kind: t(`account.mail_kinds.${kind}`), mode: t(`account.mail_modes.${mode}`) }));
  };

  return (
    <div className="card card--pad desk-account__part">
      <h2 className="desk-h2">{t("account.mail_title")}</h2>
      <p>{t("account.mail_lead")}</p>
      <Notice error={error} done={done} />
      {data && (
        <div className="desk-mail-choices">
          {data.choices.map((c) => (
            <div key={c.kind} className="form-field">
              <label className="form-field__label" htmlFor={`${id}-${c.kind}`}>
                {t(`account.mail_kinds.${c.kind}`)}
              </label>
              <select
                id={`${id}-${c.kind}`}
                className="input"
                value={c.mode}
                onChange={(e) => void choose(c.kind, e.target.value)}
                aria-describedby={c.modes.includes("none") ? undefined : `${id}-${c.kind}-hint`}
              >
                {c.modes.map((m) => (
                  <option key={m} value={m}>
                    {t(`account.mail_modes.${m}`)}
                  </option>
                ))}
              </select>
              {!c.modes.includes("none") && (
                <p id={`${id}-${c.kind}-hint`} className="form-field__hint">
                  {t("account.mail_withdrawal_hint")}
                </p>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** A password field that confirms a change (the server checks it again). */
function PasswordField({ t, id }: { t: Translate; id: string }) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {t("account.password")}
      </label>
      <input id={id} className="input" name="password" type="password" autoComplete="current-password" required />
    </div>
  );
}

function SecondFactor({ t }: { t: Translate }) {
  const id = useId();
  const { data: me, set: setMe, error, setError } = useResource<Me>("me", t);
  const [key, setKey] = useState<TOTPKey | null>(null);
  const [done, setDone] = useState("");

  const begin = async () => {
    setDone("");
    const res = await call<TOTPKey>("POST", "account/totp/begin", {});
    if (!res.ok) return setError(res.message || t("offline"));
    setError("");
    setKey(res.data);
  };

  const save = async (e: FormEvent<HTMLFormElement>, on: boolean) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const res = await call<Me>("POST", "account/totp", {
      key: on ? key?.key : "",
      code: String(f.get("code") ?? "").replace(/\s/g, ""),
      password: f.get("password"),
    });
    if (!res.ok) return setError(res.message || t("offline"));
    setError("");
    setMe(res.data);
    setKey(null);
    setDone(on ? t("account.totp_on_done") : t("account.totp_off_done"));
    form.reset();
  };

  return (
    <div className="card card--pad desk-account__part">
      <h2 className="desk-h2">{t("account.totp_title")}</h2>
      <p>{t("account.totp_lead")}</p>
      <Notice error={error} done={done} />
      {me && me.totp && (
        <form className="desk-form" onSubmit={(e) => void save(e, false)}>
          <p>
            <strong>{t("account.totp_is_on")}</strong>
          </p>
          <PasswordField t={t} id={`${id}-off-password`} />
          <button className="btn btn--ghost" type="submit">
            {t("account.totp_off")}
          </button>
        </form>
      )}
      {me && !me.totp && !key && (
        <button className="btn btn--primary" type="button" onClick={() => void begin()}>
          {t("account.totp_on")}
        </button>
      )}
      {me && !me.totp && key && (
        <form className="desk-form" onSubmit={(e) => void save(e, true)}>
          <ol className="desk-steps">
            <li>
              {t("account.totp_step_app")}{" "}
              <a href={key.url} className="desk-link">
                {t("account.totp_open_app")}
              </a>
            </li>
            <li>
              {t("account.totp_step_key")}
              <code className="desk-key">{key.key.replace(/(.{4})/g, "$1 ").trim()}</code>
            </li>
            <li>{t("account.totp_step_code")}</li>
          </ol>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-code`}>
              {t("account.totp_code")}
            </label>
            <input
              id={`${id}-code`}
              className="input desk-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
            />
          </div>
          <PasswordField t={t} id={`${id}-on-password`} />
          <button className="btn btn--primary" type="submit">
            {t("account.totp_confirm")}
          </button>
        </form>
      )}
    </div>
  );
}

type Pending = { what: "reset" | "remove"; name: string } | null;

function Owners({ t, locale, self }: { t: Translate; locale: string; self: string }) {
  const id = useId();
  const { data, set, error, setError } = useResource<OwnersAnswer>("owners", t);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState("");
  const [copied, setCopied] = useState(false);

  const answer = (res: Awaited<ReturnType<typeof call<OwnersAnswer>>>, message: string, form: HTMLFormElement) => {
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    set(res.data);
    setPending(null);
    setCopied(false);
    setDone(message);
    form.reset();
  };

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setDone("");
    const res = await call<OwnersAnswer>("POST", "owners", { name: f.get("name"), password: f.get("password") });
    answer(res, t("account.owner_added"), form);
  };

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!pending) return;
    const form = e.currentTarget;
    setDone("");
    const res = await call<OwnersAnswer>("POST", `owners/${encodeURIComponent(pending.name)}/${pending.what}`, {
      password: new FormData(form).get("password"),
    });
    answer(res, pending.what === "reset" ? t("account.owner_reset_done") : t("account.owner_removed"), form);
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      /* no clipboard: the link is on screen to select */
    }
  };

  const state = (o: OwnerInfo) =>
    [
      o.ready ? t("account.owner_ready") : t("account.owner_not_set_up"),
      o.totp ? t("account.owner_totp") : "",
      t("account.owner_passkeys", { count: o.passkeys }),
      t("account.owner_since", { date: formatInstant(locale, o.created) }),
    ]
      .filter(Boolean)
      .join(" · ");

  return (
    <div className="card card--pad desk-account__part">
      <h2 className="desk-h2">{t("account.owners_title")}</h2>
      <p>{t("account.owners_lead")}</p>
      <Notice error={error} done={done} />
      {data?.link && (
        <div className="desk-link-box">
          <p>{t("account.link_lead")}</p>
          <code className="desk-key">{data.link}</code>
          <button className="btn btn--ghost btn--sm" type="button" onClick={() => void copy(data.link ?? "")}>
            {copied ? t("order.copied") : t("order.copy")}
          </button>
        </div>
      )}
      {data && (
        <ul className="desk-owners">
          {data.owners.map((o) => (
            <li key={o.name} className="desk-owner">
              <span className="desk-owner__what">
                <strong>
                  {o.name}
                  {o.name === self && ` (${t("account.you")})`}
                </strong>
                <span className="desk-muted">{state(o)}</span>
              </span>
              {o.name !== self && (
                <span className="desk-owner__buttons">
                  <button className="btn btn--ghost btn--sm" type="button" onClick={() => setPending({ what: "reset", name: o.name })}>
                    {t("account.owner_reset")}
                  </button>
                  <button className="btn btn--ghost btn--sm" type="button" onClick={() => setPending({ what: "remove", name: o.name })}>
                    {t("account.owner_remove")}
                  </button>
                </span>
              )}
              {pending?.name === o.name && (
                <form className="desk-form desk-owner__confirm" onSubmit={(e) => void confirm(e)}>
                  <p>{pending.what === "reset" ? t("account.owner_reset_confirm", { name: o.name }) : t("account.owner_remove_confirm", { name: o.name })}</p>
                  <PasswordField t={t} id={`${id}-${o.name}-password`} />
                  <span className="desk-owner__buttons">
                    <button className="btn btn--primary" type="submit">
                      {pending.what === "reset" ? t("account.owner_reset_submit", { name: o.name }) : t("account.owner_remove_submit", { name: o.name })}
                    </button>
                    <button className="btn btn--ghost" type="button" onClick={() => setPending(null)}>
                      {t("account.cancel")}
                    </button>
                  </span>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="desk-form desk-owner__add" onSubmit={(e) => void add(e)}>
        <h3 className="desk-h3">{t("account.owner_add_title")}</h3>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-name`}>
            {t("account.owner_name")}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            name="name"
            autoComplete="off"
            autoCapitalize="none"
            pattern="[a-zA-Z0-9._\-]{1,32}"
            maxLength={32}
            required
            aria-describedby={`${id}-name-hint`}
          />
          <p id={`${id}-name-hint`} className="form-field__hint">
            {t("account.owner_name_hint")}
          </p>
        </div>
        <PasswordField t={t} id={`${id}-add-password`} />
        <button className="btn btn--primary" type="submit">
          {t("account.owner_add")}
        </button>
      </form>
    </div>
  );
}

function Backup({ t }: { t: Translate }) {
  return (
    <div className="card card--pad desk-account__part">
      <h2 className="desk-h2">{t("account.backup_title")}</h2>
      <p>{t("account.backup_lead")}</p>
      <a className="btn btn--ghost" href="/admin/api/backup" download>
        {t("account.backup_download")}
      </a>
    </div>
  );
}
