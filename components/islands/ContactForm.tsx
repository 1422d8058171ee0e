// The contact message form (email, message:
// docs/product-rules.md#contact-form), posted as JSON to the API. The
// server-rendered markup is a plain form posting to the same URL, so it still
// works without JavaScript.
import { useIslandId } from "../islandId";
import { EmailInput, FormDone } from "../formParts";
import { useJSONForm, type JSONFormProps } from "../forms";

export const MESSAGE_MAX = 5000;

export interface ContactFormProps extends JSONFormProps {
  emailLabel: string;
  emailPlaceholder: string;
  messageLabel: string;
  /** Field message when the API rejects the message without saying why. */
  invalidMessage: string;
}

export default function ContactForm(p: ContactFormProps) {
  const id = useIslandId();
  const { state, onSubmit, reset, doneRef } = useJSONForm(
    p,
    (fields) => ({
      email: String(fields.get("email") ?? "").trim(),
      message: String(fields.get("message") ?? "").trim(),
      locale: p.locale,
    }),
    "contact_message_sent",
  );

  if (state.kind === "done") return <FormDone title={p.done} text={p.doneText} doneRef={doneRef} />;

  const pending = state.kind === "pending";
  const errors = state.kind === "error" ? state.fieldErrors : {};
  const emailError = "email" in errors ? errors.email || p.invalidEmail : null;
  const messageError = "message" in errors ? errors.message || p.invalidMessage : null;
  // A failure that names no field of ours is shown once, under the form.
  const general = state.kind === "error" && !emailError && !messageError ? p.error : null;
  return (
    <form className="contact-form" action={p.action} method="post" onSubmit={onSubmit} aria-busy={pending || undefined}>
      <input type="hidden" name="locale" value={p.locale} />
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-email`}>
          {p.emailLabel}
        </label>
        <EmailInput
          id={`${id}-email`}
          placeholder={p.emailPlaceholder}
          onChange={reset}
          invalid={!!emailError}
          describedBy={emailError ? `${id}-email-error` : undefined}
        />
        {emailError && (
          <p id={`${id}-email-error`} className="field-error" role="alert">
            {emailError}
          </p>
        )}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-message`}>
          {p.messageLabel}
        </label>
        <textarea
          id={`${id}-message`}
          className="input textarea"
          name="message"
          required
          rows={6}
          maxLength={MESSAGE_MAX}
          onChange={reset}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-error` : undefined}
        />
        {messageError && (
          <p id={`${id}-message-error`} className="field-error" role="alert">
            {messageError}
          </p>
        )}
      </div>
      <div className="contact-form__actions">
        <button className="btn btn--primary" type="submit" disabled={pending}>
          {pending && <span className="spinner" aria-hidden="true" />}
          {pending ? p.sending : p.submit}
        </button>
        {general && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {general}
          </p>
        )}
      </div>
    </form>
  );
}
