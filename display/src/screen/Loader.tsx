import { messages } from '../messages';

export function Loader() {
  return (
    <div className="loader" data-testid="slide-loader" role="progressbar" aria-busy="true" aria-label={messages.slides.loading}>
      <span className="loader__spinner" aria-hidden="true" />
      <span className="loader__text">{messages.slides.loading}</span>
    </div>
  );
}
