/** A page's or a card's answer to a change: the error (an alert) and what was done (a status). */
export function Notice({ error, done = "" }: { error: string; done?: string }) {
  return (
    <>
      {error && (
        <p className="notice notice--warn" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
    </>
  );
}
