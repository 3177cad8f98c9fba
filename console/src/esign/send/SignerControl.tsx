import type { EsignSignatureOrder, EsignSignerEntry, EsignSignerOptions } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from '../../shared/useDebounced';
import { SEND_LABELS as L, SEND_MESSAGES as M } from './messages';
import { OTHER } from './sendRequest';
import { signerControlKey, type SignerPatch } from './sendFormReducer';

// One role's signer on step 3 (spec 002 sections 2.2, 4 and 5): a dropdown of Contacts, Agents and Other,
// searched as the sender types; Other shows name, email (and, sequential, order) inputs with a remove button
// back to the dropdown.

/** Typing settles this long before the options are asked again. */
export const SIGNER_SEARCH_DEBOUNCE_MS = 300;

export interface SignerOption {
  /** selectedValue: 'contact:<id>', 'agent:<id>' or 'other'. */
  value: string;
  group: string;
  name: string;
  email: string;
  contact_id: number | null;
  onTransaction?: boolean;
}

const OTHER_OPTION: SignerOption = { value: OTHER, group: L.other, name: L.otherOption, email: '', contact_id: null };

export function optionsOf(options: EsignSignerOptions | null): SignerOption[] {
  return [
    ...(options?.contacts ?? []).map((contact) => ({
      value: `contact:${contact.contact_id}`,
      group: L.contacts,
      name: contact.name,
      email: contact.email,
      contact_id: contact.contact_id,
      onTransaction: contact.on_transaction,
    })),
    ...(options?.agents ?? []).map((agent) => ({
      value: `agent:${agent.agent_id}`,
      group: L.agents,
      name: agent.name,
      email: agent.email,
      contact_id: null,
    })),
    OTHER_OPTION,
  ];
}

/** The options of one dropdown: loaded when it first opens, then again as the sender types. */
function useSignerOptions(load: (term: string) => Promise<EsignSignerOptions>) {
  const [state, setState] = useState<{ options: EsignSignerOptions | null; loading: boolean; error: string | null }>({
    options: null,
    loading: false,
    error: null,
  });
  const request = useRef(0);
  const search = useCallback(
    (term: string) => {
      const id = ++request.current;
      setState((current) => ({ ...current, loading: true }));
      load(term.trim())
        .then((options) => id === request.current && setState({ options, loading: false, error: null }))
        .catch((error: unknown) => {
          if (id !== request.current) return;
          const message = (error as { body?: { message?: unknown } } | null)?.body?.message;
          setState((current) => ({
            ...current,
            loading: false,
            error: typeof message === 'string' && message ? message : M.transactionDataUnavailable,
          }));
        });
    },
    [load],
  );
  useEffect(() => () => void (request.current += 1), []);
  return { ...state, search };
}

export interface SignerControlProps {
  roleKey: string;
  roleName: string;
  signer: EsignSignerEntry;
  signatureOrder: EsignSignatureOrder;
  /** Messages to show (touched controls only, or the server's), by control key. */
  errors: Record<string, string | undefined>;
  onChange: (patch: SignerPatch) => void;
  onTouch: (keys: string[]) => void;
  loadOptions: (term: string) => Promise<EsignSignerOptions>;
}

export const SignerControl = ({
  roleKey,
  roleName,
  signer,
  signatureOrder,
  errors,
  onChange,
  onTouch,
  loadOptions,
}: SignerControlProps) => {
  const { options, loading, error, search } = useSignerOptions(loadOptions);
  const [inputValue, setInputValue] = useState('');
  const searchLater = useDebounced(search, SIGNER_SEARCH_DEBOUNCE_MS);
  const key = (control: 'selectedValue' | 'name' | 'email' | 'order') => signerControlKey(roleKey, control);
  const found = useMemo(() => optionsOf(options), [options]);
  // The chosen option, also before the options are loaded (a restored signer) or when a search leaves it out.
  const selected = useMemo<SignerOption | null>(() => {
    if (!signer.selectedValue && !signer.name) return null;
    const value = signer.selectedValue ?? `saved:${roleKey}`;
    const group = value.startsWith('contact:') ? L.contacts : value.startsWith('agent:') ? L.agents : L.other;
    return (
      found.find((option) => option.value === value) ?? {
        value,
        group,
        name: signer.name,
        email: signer.email,
        contact_id: signer.contact_id,
      }
    );
  }, [found, signer.selectedValue, signer.name, signer.email, signer.contact_id, roleKey]);
  // The options, with the chosen one in its group (the dropdown shows only values it lists).
  const list = useMemo(() => {
    if (!selected || found.some((option) => option.value === selected.value)) return found;
    const groups: string[] = [L.contacts, L.agents, L.other];
    const rank = (option: SignerOption) => groups.indexOf(option.group) * 2 + (option.value === OTHER ? 1 : 0);
    return [...found, selected].sort((a, b) => rank(a) - rank(b));
  }, [found, selected]);

  const orderInput = signatureOrder === 'S' && (
    <TextField
      label={L.order}
      type="number"
      size="small"
      margin="dense"
      value={Number.isFinite(signer.order) ? signer.order : ''}
      onChange={(event) => onChange({ order: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
      onBlur={() => onTouch([key('order')])}
      error={!!errors[key('order')]}
      helperText={errors[key('order')]}
      // '&&': react-admin's theme makes every TextField 100% wide below 961 px, which would leave the signer
      // dropdown beside it no room at all on a phone.
      sx={{ '&&': { width: 110 }, flexShrink: 0 }}
      slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': `esign-signer-order-${roleKey}` } }}
    />
  );

  if (signer.selectedValue === OTHER) {
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={`esign-signer-${roleKey}`}>
        <Typography component="legend" variant="subtitle2">
          {L.signerFor(roleName)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}>
          <TextField
            label={L.name}
            required
            size="small"
            margin="dense"
            value={signer.name}
            onChange={(event) => onChange({ name: event.target.value })}
            onBlur={() => onTouch([key('name')])}
            error={!!errors[key('name')]}
            helperText={errors[key('name')]}
            sx={{ flex: '1 1 180px' }}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `esign-signer-other-name-${roleKey}` } }}
          />
          <TextField
            label={L.email}
            required
            type="email"
            size="small"
            margin="dense"
            value={signer.email}
            onChange={(event) => onChange({ email: event.target.value })}
            onBlur={() => onTouch([key('email')])}
            error={!!errors[key('email')]}
            helperText={errors[key('email')]}
            sx={{ flex: '1 1 220px' }}
            slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off', 'data-testid': `esign-signer-other-email-${roleKey}` } }}
          />
          {orderInput}
          <Tooltip title={L.removeOther}>
            <IconButton
              aria-label={L.removeOther}
              onClick={() => onChange({ selectedValue: null, name: '', email: '', contact_id: null })}
              data-testid={`esign-signer-remove-other-${roleKey}`}
              sx={{ mt: 1 }}
            >
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    );
  }

  const selectError = errors[key('selectedValue')] ?? errors[key('name')] ?? errors[key('email')];
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Autocomplete<SignerOption>
        data-testid={`esign-signer-select-${roleKey}`}
        sx={{ flex: 1, minWidth: 0 }}
        options={list}
        value={selected}
        groupBy={(option) => option.group}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.value}
        isOptionEqualToValue={(option, value) => option.value === value.value}
        // The server filters by what is typed; Other is always there.
        filterOptions={(all) => all}
        loading={loading}
        noOptionsText={error ?? M.noOptions}
        inputValue={inputValue}
        onInputChange={(_event, value, reason) => {
          setInputValue(value);
          if (reason === 'input') searchLater.call(value);
        }}
        onOpen={() => {
          if (!options && !loading) search('');
        }}
        onChange={(_event, option) => {
          if (!option) onChange({ selectedValue: null, name: '', email: '', contact_id: null });
          // Other clears the name and email for the sender to type.
          else if (option.value === OTHER) onChange({ selectedValue: OTHER, name: '', email: '', contact_id: null });
          else onChange({ selectedValue: option.value, name: option.name, email: option.email, contact_id: option.contact_id });
        }}
        onBlur={() => onTouch([key('selectedValue')])}
        renderOption={(props, option) => {
          const { key: optionKey, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={optionKey}
              {...rest}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
            >
              <span>{option.name}</span>
              {option.email && (
                <Typography variant="caption" color="text.secondary">
                  {option.email}
                  {option.onTransaction ? ` · ${L.onTransaction}` : ''}
                </Typography>
              )}
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={L.signerFor(roleName)}
            required
            margin="dense"
            size="small"
            error={!!selectError}
            helperText={selectError ?? (selected && selected.email ? selected.email : undefined)}
          />
        )}
      />
      {orderInput}
    </Box>
  );
};
