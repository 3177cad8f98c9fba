import { useState, type FormEvent } from 'react';
import { messages } from '../messages';
import { BrandLogo } from '../screen/BrandLogo';
import { SignInError } from '../session/session-manager';

const m = messages.signIn;

export function SignInScreen({ onSignIn }: { onSignIn: (email: string, password: string) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) {
      setError(m.missingFields);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await onSignIn(email.trim(), password);
      // On success the session store changes and the app swaps this screen out.
    } catch (caught) {
      setError(caught instanceof SignInError ? caught.message : m.failed);
      setSubmitting(false);
    }
  };

  return (
    <div className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <div className="sign-in__brand">
          <BrandLogo size={56} />
          <span className="sign-in__brand-name">{messages.brandName}</span>
        </div>
        <h1 id="sign-in-title" className="sign-in__title">
          {m.title}
        </h1>
        <p className="sign-in__subtitle">{m.subtitle}</p>
        <label className="field">
          <span className="field__label">{m.email}</span>
          <input
            className="field__input"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{m.password}</span>
          <input
            className="field__input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="sign-in__error" role="alert" data-testid="sign-in-error">
            {error}
          </p>
        )}
        <button className="button button--primary sign-in__submit" type="submit" disabled={submitting}>
          {submitting ? m.submitting : m.submit}
        </button>
      </form>
    </div>
  );
}
