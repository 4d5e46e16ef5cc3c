/**
 * Named prepared statements for the hottest fixed statements (the registration context and
 * seat calls, the sign-in lookup). On PostgreSQL a statement sent by text is parsed, analysed
 * and planned again on every call; measured on the registration rush that was a fifth of the
 * database's CPU. A statement registered here is sent by name instead: each pooled connection
 * prepares it once and afterwards only binds and executes it.
 *
 * Only fixed texts (no query building) belong here: the name stands for exactly one text. The
 * pool's client (open.ts) looks the text up; PGlite, in process, has no round trip to save and
 * simply runs the text.
 */
const byText = new Map<string, string>();
const byName = new Map<string, string>();

/** Registers `text` as the prepared statement `name` and returns the text (use it as usual). */
export function preparedStatement(name: string, text: string): string {
  const known = byName.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`preparedStatement: "${name}" is already registered for another text`);
  byName.set(name, text);
  byText.set(text, name);
  return text;
}

/** The name a text was registered under, if any. */
export function preparedNameOf(text: string): string | undefined {
  return byText.get(text);
}
