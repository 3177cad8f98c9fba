import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * A notification switch that moves at once: `apply` shows the new state, `save` sends it, and a
 * refusal puts the switch back with `failedMessage` (kept until closed). A second toggle of a
 * notification whose save still runs is ignored; `pending` names those.
 */
export function useNotificationToggle({
  apply,
  save,
  savedMessage,
  failedMessage,
}: {
  apply: (notificationId: number, enabled: boolean) => void;
  save: (notificationId: number, enabled: boolean) => Promise<unknown>;
  savedMessage: string;
  failedMessage: string;
}) {
  const notify = useNotify();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (notificationId: number, enabled: boolean) => {
    if (pending.has(notificationId)) return;
    apply(notificationId, enabled);
    setPending((current) => new Set(current).add(notificationId));
    try {
      await save(notificationId, enabled);
      notify(savedMessage, { type: 'success' });
    } catch {
      apply(notificationId, !enabled);
      notify(failedMessage, { type: 'error', autoHideDuration: null });
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(notificationId);
        return next;
      });
    }
  };

  return { pending, toggle };
}
