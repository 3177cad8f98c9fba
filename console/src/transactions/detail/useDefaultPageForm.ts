import { useEffect, useState } from 'react';
import { accountApi } from '../../account';

/**
 * The user's default_transaction_page_form (GET /user/profile/defaults): undefined while it loads, null
 * when the user has none (or the call fails: the server's default, the team's page form).
 */
export function useDefaultPageForm(): number | null | undefined {
  const [formId, setFormId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    accountApi
      .getDefaults()
      .then((defaults) => {
        const value = defaults?.default_transaction_page_form;
        if (live) setFormId(typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);
      })
      .catch(() => live && setFormId(null));
    return () => {
      live = false;
    };
  }, []);
  return formId;
}
