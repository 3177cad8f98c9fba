import type { EsignPacketTemplateRef, EsignTemplate } from '@app/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useInput, type Validator } from 'react-admin';
import { helperOf, shownError } from '../shared/form-fields/fieldParts';
import { useDebounced } from '../shared/useDebounced';
import { esignApi } from '.';
import { DEFAULT_TEMPLATE_LIST_STATE, toApiQuery } from './listState';
import { ESIGN_TEMPLATE_LABELS as L, rowAction } from './messages';
import { addTemplate, moveTemplate, removeTemplate } from './packetForm';

/** Typing settles this long before the templates are asked for. */
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 300;
/** How many templates the picker offers for one search. */
const PICKER_PAGE_SIZE = 100;

/**
 * A packet's templates in order (a react-admin input holding EsignPacketTemplateRef[]): a searchable
 * picker adds one last; each has Move up, Move down and Remove.
 */
export const PacketTemplatesInput = ({ source, validate, disabled }: { source: string; validate: Validator; disabled?: boolean }) => {
  const input = useInput({ source, validate, defaultValue: [] });
  const list = (input.field.value ?? []) as EsignPacketTemplateRef[];
  const error = shownError(input);
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const [options, setOptions] = useState<EsignTemplate[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const searchLater = useDebounced(setSearch, TEMPLATE_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setLoadFailed(false);
    const query = toApiQuery({ ...DEFAULT_TEMPLATE_LIST_STATE, per_page: PICKER_PAGE_SIZE, quick_search_filter: search.trim() });
    esignApi
      .listTemplates(query)
      .then((body) => !cancelled && setOptions(body?.records ?? []))
      .catch(() => {
        if (cancelled) return;
        setOptions([]);
        setLoadFailed(true);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [search]);

  const change = (next: EsignPacketTemplateRef[]) => {
    input.field.onChange(next);
    input.field.onBlur();
  };
  const chosen = new Set(list.map((item) => item.esig_template_id));

  return (
    <Box sx={{ mt: 1 }} data-testid="esign-packet-templates">
      <Autocomplete<EsignTemplate>
        options={options.filter((option) => !chosen.has(option.esig_template_id))}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.esig_template_id === value.esig_template_id}
        filterOptions={(all) => all}
        loading={loading}
        disabled={disabled}
        value={null}
        inputValue={text}
        onInputChange={(_, value, reason) => {
          if (reason === 'reset') return;
          setText(value);
          searchLater.call(value);
        }}
        onChange={(_, option) => {
          if (!option) return;
          change(addTemplate(list, { esig_template_id: option.esig_template_id, name: option.name }));
          setText('');
          searchLater.cancel();
          setSearch('');
        }}
        noOptionsText={loadFailed ? L.pickerLoadFailed : L.noResults}
        renderOption={(props, option) => (
          <li {...props} key={option.esig_template_id} data-testid="esign-packet-template-option">
            {option.name}
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={L.addTemplateToPacket}
            size="small"
            error={!!error}
            inputProps={{ ...params.inputProps, 'data-testid': 'esign-packet-template-search' }}
          />
        )}
      />
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }} id="esign-packet-order-label">
        {L.packetOrder}
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="esign-packet-no-templates">
          {L.packetNoTemplates}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby="esign-packet-order-label" sx={{ m: 0, pl: 3 }} data-testid="esign-packet-order">
          {list.map((item, index) => (
            <Box
              component="li"
              key={item.esig_template_id}
              data-testid="esign-packet-order-item"
              data-id={item.esig_template_id}
              sx={{ py: 0.25 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={rowAction(L.moveUp, item.name)}
                  disabled={disabled || index === 0}
                  onClick={() => change(moveTemplate(list, index, -1))}
                  data-testid={`esign-packet-up-${item.esig_template_id}`}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={rowAction(L.moveDown, item.name)}
                  disabled={disabled || index === list.length - 1}
                  onClick={() => change(moveTemplate(list, index, 1))}
                  data-testid={`esign-packet-down-${item.esig_template_id}`}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={rowAction(L.remove, item.name)}
                  disabled={disabled}
                  onClick={() => change(removeTemplate(list, index))}
                  data-testid={`esign-packet-remove-${item.esig_template_id}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {error && (
        // react-admin's helper text: it reads a validator's message as the spec's words.
        <FormHelperText error component="div" data-testid="esign-packet-templates-error">
          {helperOf(error)}
        </FormHelperText>
      )}
    </Box>
  );
};
