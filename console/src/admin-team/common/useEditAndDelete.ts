import { useState } from 'react';
import { useNotify } from 'react-admin';
import { messageOf } from '../../shared/forms/fieldErrors';
import { COMMON_MESSAGES } from '../messages';

/**
 * The add/edit dialog and the delete confirmation of a list. `editing` is undefined with no dialog,
 * null for a new item, the item when editing it. A confirmed delete runs `remove` (the call and the
 * list's local update), then says `removedMessage`; a refusal is the server's message as a toast.
 * The item stays named while the confirmation closes.
 */
export function useEditAndDelete<T>({ remove, removedMessage }: { remove: (item: T) => Promise<void>; removedMessage: string }) {
  const notify = useNotify();
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const [removing, setRemoving] = useState(false);

  const closeDelete = () => setDeleting((current) => ({ ...current, open: false }));

  const confirmDelete = async () => {
    const item = deleting.item;
    if (!item) return;
    setRemoving(true);
    try {
      await remove(item);
      notify(removedMessage, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setRemoving(false);
      closeDelete();
    }
  };

  return {
    editing,
    startAdd: () => setEditing(null),
    startEdit: (item: T) => setEditing(item),
    stopEditing: () => setEditing(undefined),
    /** The item the confirmation names (kept while it closes). */
    deleting: deleting.item,
    askDelete: (item: T) => setDeleting({ open: true, item }),
    /** Spread onto <DeleteConfirm>. */
    confirmProps: {
      open: deleting.open,
      loading: removing,
      onConfirm: () => void confirmDelete(),
      onClose: closeDelete,
    },
  };
}
