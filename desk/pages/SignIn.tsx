import { useId, useState, type FormEvent } from "react";
import { AccessForm } from "../AccessForm";
import { call, type Me } from "../api";
import type { Translate } from "../i18n";
import { ceremony, getPasskey, passkeysSupported } from "../webauthn";

/** Name and password, then the TOTP code when the account has one. */
export function SignIn({ t, onDone }: { t: Translate; onDone: (me: Me) => void }) {
  const id = useId();
  const [needCode, setNeedCode] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError("");
    const res = await call<Me>("POST", "signin", { name: f.get("name"), password: f.get("password"), code: f.get("code") ?? "" });
    setBusy(false);
    if (res.ok) return onDone(res.data);
    if (res.code === "totp_required") setNeedCode(true);
    setError(res.message || t("offline"));
  };

  // A passkey alone: the device says whose it is, no name is asked.
  const withPasskey = async () => {
    setBusy(true);
    setError("");
    const res = await ceremony<Me>("passkey-signin/begin", "passkey-signin/finish", getPasskey, (credential) => credential);
    setBusy(false);
    if (res.ok) return onDone(res.data);
    setError(res.code === "cancelled" ? t("passkeys.signin_cancelled") : res.message || t("offline"));
  };

  return (
    <AccessForm
      title={t("signin.title")}
      lead={t("signin.lead")}
      busy={busy}
      error={error}
      label={busy ? t("signin.sending") : t("signin.submit")}
      onSubmit={(e) => void submit(e)}
      after={
        passkeysSupported() && (
          <>
            <p className="desk-form__or">{t("passkeys.or")}</p>
            <button className="btn btn--ghost btn--lg btn--block" type="button" disabled={busy} onClick={() => void withPasskey()}>
              {t("passkeys.signin")}
            </button>
          </>
        )
      }
    >
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-name`}>
          {t("signin.name")}
        </label>
        <input id={`${id}-name`} className="input" name="name" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-password`}>
          {t("signin.password")}
        </label>
        <input id={`${id}-password`} className="input" name="password" type="password" autoComplete="current-password" required />
      </div>
      {needCode && (
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-code`}>
            {t("signin.code")}
          </label>
          <input
            id={`${id}-code`}
            className="input"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            required
            autoFocus
          />
        </div>
      )}
    </AccessForm>
  );
}
