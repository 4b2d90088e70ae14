// When the refresh token is refused too, the action waits for a sign-in in a dialog over the
// editor (which stays mounted, so the unsaved graph is kept) and is then tried once more.
import { isSessionEnded } from './client';

type Ask = () => Promise<void>;
let ask: Ask | null = null;

/** Registered by the app shell: shows the re-login dialog, resolves once signed in again. */
export function onSessionEnded(handler: Ask | null): void {
  ask = handler;
}

export async function withSession<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (!isSessionEnded(err) || !ask) throw err;
    await ask();
    return action();
  }
}
