// The footer's "notify me" signup (docs/product-rules.md#notify-me): one
// e-mail field posted as JSON to the API. The server-rendered markup is a
// plain form posting to the same URL, so it still works without JavaScript.
import { useIslandId } from "../islandId";
import { EmailInput, FormDone } from "../formParts";
import { useJSONForm, type JSONFormProps } from "../forms";

export interface NotifyMeProps extends JSONFormProps {
  label: string;
  placeholder: string;
}

export default function NotifyMe(p: NotifyMeProps) {
  const id = useIslandId();
  const { state, onSubmit, reset, doneRef } = useJSONForm(
    p,
    (fields) => ({ email: String(fields.get("email") ?? "").trim(), locale: p.locale }),
    "notify_me_signup",
  );

  if (state.kind === "done") return <FormDone title={p.done} text={p.doneText} doneRef={doneRef} />;

  const pending = state.kind === "pending";
  const fieldError = state.kind === "error" && "email" in state.fieldErrors ? state.fieldErrors.email || p.invalidEmail : null;
  const message = state.kind === "error" ? (fieldError ?? p.error) : null;
  const errorId = `${id}-error`;
  return (
    <form className="notify-form" action={p.action} method="post" onSubmit={onSubmit} aria-busy={pending || undefined}>
      <input type="hidden" name="locale" value={p.locale} />
      <label className="notify-form__label" htmlFor={`${id}-email`}>
        {p.label}
      </label>
      <div className="notify-form__row">
        <EmailInput
          id={`${id}-email`}
          placeholder={p.placeholder}
          onChange={reset}
          invalid={!!fieldError}
          describedBy={message ? errorId : undefined}
        />
        <button className="btn btn--primary" type="submit" disabled={pending}>
          {pending && <span className="spinner" aria-hidden="true" />}
          {pending ? p.sending : p.submit}
        </button>
      </div>
      {message && (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
