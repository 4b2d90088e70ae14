import { FormEvent, ReactNode, useId, useState } from 'react';
import { errorText, login, signUp } from './session/client';

/** The sign-in form: the start page's, and the re-login dialog's (session/ReloginDialog). */
export function Login({
  onLogin,
  title = 'Log in',
  submit: submitLabel = 'Log in',
  children,
  className = 'card login',
  dialog = false,
  allowSignUp = false,
}: {
  onLogin: () => void;
  title?: string;
  submit?: string;
  children?: ReactNode;
  className?: string;
  dialog?: boolean;
  /** Offers "Sign up" (the start page; not the re-login dialog). */
  allowSignUp?: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (creating ? signUp : login)(email, password);
      onLogin();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={className}
      onSubmit={submit}
      aria-labelledby={titleId}
      {...(dialog ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      <h2 id={titleId}>{creating ? 'Sign up' : title}</h2>
      {children}
      <label>
        Email
        <input
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete={creating ? 'new-password' : 'current-password'}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {creating ? 'Create account' : submitLabel}
      </button>
      {allowSignUp && (
        <button type="button" className="link" onClick={() => setCreating(!creating)}>
          {creating ? 'I have an account: log in' : 'No account yet? Sign up'}
        </button>
      )}
    </form>
  );
}
