import type { FormEvent, ReactNode } from "react";

/**
 * The card of the two forms that let the owner in (sign-in, the setup
 * link): its title and lead, the fields, the error in the owner's
 * language, the primary button with its spinner while busy, and what
 * follows the button (the passkey's way in).
 */
export function AccessForm(p: {
  title: string;
  lead: string;
  busy: boolean;
  error: string;
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <main className="desk-center">
      <form className="card card--pad desk-form" onSubmit={p.onSubmit} aria-busy={p.busy || undefined}>
        <h1 className="desk-form__title">{p.title}</h1>
        <p className="desk-form__lead">{p.lead}</p>
        {p.children}
        {p.error && (
          <p className="field-error" role="alert">
            {p.error}
          </p>
        )}
        <button className="btn btn--primary btn--lg btn--block" type="submit" disabled={p.busy}>
          {p.busy && <span className="spinner" aria-hidden="true" />}
          {p.label}
        </button>
        {p.after}
      </form>
    </main>
  );
}
