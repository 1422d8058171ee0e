/** What the desk said to a form's write: its refusal (an alert, in the owner's words) or that it is done (a status). */
export function Answer({ error, done }: { error: string; done: string }) {
  if (error)
    return (
      <p className="notice notice--warn" role="alert">
        {error}
      </p>
    );
  if (done)
    return (
      <p className="desk-saved" role="status">
        {done}
      </p>
    );
  return null;
}
