import type { EsignTemplate } from '@app/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDebounced } from '../../shared/useDebounced';
import type { TemplateBuilderApi } from './api';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';

type Option = Pick<EsignTemplate, 'esig_template_id' | 'name'>;

/** Typing filters on the server after this pause. */
export const TEMPLATE_FILTER_DELAY_MS = 300;

/** The template dropdown with its filter (spec 002 section 2.3): choosing one switches the builder to it. */
export const TemplatePicker = ({
  api,
  current,
  onChoose,
}: {
  api: TemplateBuilderApi;
  current: Option | null;
  onChoose: (templateId: number) => void;
}) => {
  const [options, setOptions] = useState<Option[]>([]);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  // A failed load leaves only the current template to choose: said under the box (typing asks again).
  const [loadFailed, setLoadFailed] = useState(false);
  const filter = useDebounced(setSearch, TEMPLATE_FILTER_DELAY_MS);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setLoadFailed(false);
    api
      .listTemplates(search)
      .then((page) => live && setOptions(page.records))
      .catch(() => {
        if (!live) return;
        setOptions([]);
        setLoadFailed(true);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, search, open]);

  // The current template is always a choice, loaded or not.
  const choices = current && !options.some((o) => o.esig_template_id === current.esig_template_id) ? [current, ...options] : options;
  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        filter.cancel();
        setSearch('');
      }}
      options={choices}
      value={current}
      loading={loading}
      // The server filters: every option it answers shows.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.esig_template_id}
      isOptionEqualToValue={(a, b) => a.esig_template_id === b.esig_template_id}
      noOptionsText={M.noResults}
      disableClearable={!!current}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input') filter.call(value);
      }}
      onChange={(_event, option) => {
        if (option && option.esig_template_id !== current?.esig_template_id) onChoose(option.esig_template_id);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={L.templateDropdown}
          placeholder={L.templateFilter}
          error={loadFailed}
          helperText={loadFailed ? M.templatesLoadFailed : undefined}
        />
      )}
      sx={{ width: { xs: '100%', sm: 280 } }}
      data-testid="builder-template-picker"
    />
  );
};
