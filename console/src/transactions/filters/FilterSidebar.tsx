import {
  FILTER_FORM_LEFT_COUNT,
  filterFormFieldsOf,
  type FilterComponent,
  type SavedFilter,
  type TransactionFilterKeys,
} from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form, useNotify, usePermissions } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ConsolePermissions } from '../../auth/authProvider';
import { fieldErrorsOf, messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { FilterFields } from './FilterFields';
import { emptyFormValues, fromFilterKeys, sameFilters, toFilterKeys, type FilterFormValues } from './filterKeys';
import { filtersApi } from './index';
import { FILTER_LABELS as L, FILTER_MESSAGES as M } from './messages';
import { FilterNameDialog, type NameDialogResult } from './FilterNameDialog';
import { RemoveFilterDialog, SavedFiltersPanel } from './SavedFiltersPanel';
import { TagFiltersInput } from './TagFiltersInput';
import { useFilterForm } from './useFilterForm';

export interface FilterSidebarProps {
  /** The screen the saved filters belong to (spec 001 section 4). */
  component: FilterComponent;
  /** The filters in use: the form shows them, and follows when they change elsewhere (a chip removed). */
  applied?: TransactionFilterKeys;
  /** Apply Filter, a saved filter applied, saved or updated. */
  onApply: (filters: TransactionFilterKeys) => void;
  /** The team's time zone (presets resolve there). */
  timeZone: string;
  /** Overrides `new Date()` (tests). */
  now?: () => Date;
}

/**
 * The filter sidebar (spec 001 sections 2, 4, 5, 8, 9): Clear All, Save as New, the Saved Filters panel
 * (remove, Update Selected), the two-column form and Apply Filter. One component for every screen: the
 * screen passes its `component`.
 */
export const FilterSidebar = (props: FilterSidebarProps) => {
  const { timeZone, now } = props;
  const defaultValues = useMemo(() => fromFilterKeys(props.applied, timeZone, now?.()), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Form defaultValues={defaultValues} onSubmit={() => undefined} noValidate>
      <SidebarBody {...props} />
    </Form>
  );
};

type Dialog = { kind: 'save' } | { kind: 'update' } | { kind: 'remove'; filter: SavedFilter } | null;

const SidebarBody = ({ component, applied, onApply, timeZone, now }: FilterSidebarProps) => {
  const notify = useNotify();
  const { permissions } = usePermissions<ConsolePermissions>();
  const isAdmin = (permissions?.roles ?? []).includes('ADMIN');
  const { reset, getValues, handleSubmit, setError, clearErrors } = useFormContext<FilterFormValues>();
  const formState = useFilterForm(component);

  // Saved filters of this component.
  const [saved, setSaved] = useState<SavedFilter[] | null>(null);
  const [savedError, setSavedError] = useState<unknown>(null);
  const [savedAttempt, setSavedAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setSavedError(null);
    filtersApi.listFilters(component).then(
      (records) => !cancelled && setSaved(records),
      (error: unknown) => !cancelled && setSavedError(error ?? new Error('failed')),
    );
    return () => {
      cancelled = true;
    };
  }, [component, savedAttempt]);
  const reloadSaved = useCallback(() => setSavedAttempt((value) => value + 1), []);

  // The selected filter (applied, saved or updated, and the form still matching it) and the one
  // Update Selected changes (the last selected, even after the form moved away from it).
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const keysOfSaved = useCallback(
    (filter: SavedFilter) => toFilterKeys(fromFilterKeys(filter.filters, timeZone, now?.())),
    [timeZone, now],
  );
  const values = useWatch() as FilterFormValues;
  const currentKeys = useMemo(() => toFilterKeys(values), [values]);
  const selected = saved?.find((filter) => filter.filter_id === selectedId) ?? null;
  // Editing the form so that it no longer matches deselects the filter.
  useEffect(() => {
    if (selected && !sameFilters(currentKeys, keysOfSaved(selected))) setSelectedId(null);
  }, [selected, currentKeys, keysOfSaved]);

  // The filters in use changed elsewhere (a chip removed, a link): the form follows.
  const appliedKey = JSON.stringify(applied ?? {});
  const firstApplied = useRef(true);
  useEffect(() => {
    if (firstApplied.current) {
      firstApplied.current = false;
      return;
    }
    const next = JSON.parse(appliedKey) as TransactionFilterKeys;
    if (!sameFilters(toFilterKeys(getValues()), next)) reset(fromFilterKeys(next, timeZone, now?.()));
  }, [appliedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const applySaved = (filter: SavedFilter) => {
    const values = fromFilterKeys(filter.filters, timeZone, now?.());
    reset(values);
    setSelectedId(filter.filter_id);
    setTargetId(filter.filter_id);
    onApply(toFilterKeys(values));
    notify(M.nowUsing(filter.filter_name), { type: 'success' });
  };

  const apply = handleSubmit((formValues) => {
    onApply(toFilterKeys(formValues));
    if (selected) notify(M.nowUsing(selected.filter_name), { type: 'success' });
  });

  const clearAll = () => {
    reset(emptyFormValues());
    setSelectedId(null);
  };

  // Save and Update need a valid form: the dialog opens only then (the form's messages show otherwise).
  const openDialog = (kind: 'save' | 'update') => handleSubmit(() => setDialog({ kind }))();

  /** A refused save: the name's message for the dialog, the keys' messages on the form. */
  const refused = (error: unknown): string | undefined => {
    const fields = fieldErrorsOf(error);
    let nameError: string | undefined;
    let formError = false;
    for (const [field, message] of Object.entries(fields)) {
      if (field === 'name' || field === 'filter_name') nameError = message;
      else if (field.startsWith('filters.')) {
        formError = true;
        setError(field.slice('filters.'.length).split('.')[0] as keyof FilterFormValues & string, { type: 'server', message });
      }
    }
    if (formError) {
      setDialog(null);
      notify(L.formInvalid, { type: 'error' });
    } else if (!nameError) notify(messageOf(error, M.nameRequired), { type: 'error' });
    return nameError;
  };

  const save = async ({ name, team }: NameDialogResult): Promise<string | undefined> => {
    const filters = toFilterKeys(getValues());
    setBusy(true);
    try {
      const { filter_id } = await filtersApi.createFilter({ name, filters, component, owner_type: team && isAdmin ? 'team' : 'personal' });
      clearErrors();
      setDialog(null);
      setSelectedId(filter_id);
      setTargetId(filter_id);
      // The new filter is in the list before the selection is checked against it.
      setSaved((list) => [
        ...(list ?? []),
        {
          filter_id,
          filter_name: name,
          component,
          status: 'A',
          filters,
          owner_type: team && isAdmin ? 'team' : 'personal',
          team_form_id: null,
        },
      ]);
      reloadSaved();
      onApply(filters);
      notify(M.saved, { type: 'success' });
      return undefined;
    } catch (error) {
      return refused(error);
    } finally {
      setBusy(false);
    }
  };

  const update = async ({ name, filterId }: NameDialogResult): Promise<string | undefined> => {
    if (filterId === undefined) return undefined;
    const filters = toFilterKeys(getValues());
    setBusy(true);
    try {
      await filtersApi.updateFilter({ filter_id: filterId, filter_name: name, filters, component, updateSelected: true });
      clearErrors();
      setDialog(null);
      setSelectedId(filterId);
      setTargetId(filterId);
      setSaved((list) =>
        (list ?? []).map((filter) => (filter.filter_id === filterId ? { ...filter, filter_name: name, filters } : filter)),
      );
      reloadSaved();
      onApply(filters);
      notify(M.updated(name), { type: 'success' });
      return undefined;
    } catch (error) {
      return refused(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (filter: SavedFilter) => {
    setBusy(true);
    try {
      await filtersApi.removeFilter(filter.filter_id, component);
      setDialog(null);
      if (selectedId === filter.filter_id) setSelectedId(null);
      if (targetId === filter.filter_id) setTargetId(null);
      setSaved((list) => (list ?? []).filter((item) => item.filter_id !== filter.filter_id));
      reloadSaved();
      notify(M.removed, { type: 'success' });
    } catch (error) {
      setDialog(null);
      // Gone already (removed elsewhere): the list shows what is left.
      if (statusOf(error) === 404) reloadSaved();
      notify(messageOf(error, L.savedFiltersFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const canChange = useCallback((filter: SavedFilter) => filter.owner_type === 'personal' || isAdmin, [isAdmin]);
  const updatable = (saved ?? []).filter(canChange);
  const target = updatable.find((filter) => filter.filter_id === targetId) ?? null;

  // Before the form answers: its fields as the contract lists them, the left column sized alike.
  const form = formState.form;
  const placeholderCount = FILTER_FORM_LEFT_COUNT[component];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }} data-testid="filter-sidebar" data-component={component}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="text" onClick={clearAll} data-testid="filter-clear-all">
          {L.clearAll}
        </Button>
        <Button variant="outlined" onClick={() => openDialog('save')} disabled={busy || !form} data-testid="filter-save-new">
          {L.saveAsNew}
        </Button>
      </Box>

      <SavedFiltersPanel
        filters={saved}
        error={savedError}
        onRetry={reloadSaved}
        selectedId={selectedId}
        canRemove={canChange}
        onUse={applySaved}
        onRemove={(filter) => setDialog({ kind: 'remove', filter })}
        onUpdateSelected={() => openDialog('update')}
        updateDisabled={busy || !form || updatable.length === 0}
      />

      {formState.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={formState.retry} data-testid="filter-form-retry">
              {L.retry}
            </Button>
          }
          data-testid="filter-form-error"
        >
          {L.formFailed}
        </Alert>
      ) : !form ? (
        <Box data-testid="filter-form-loading" aria-busy="true" aria-label={L.loading}>
          {Array.from({ length: Math.min(placeholderCount, filterFormFieldsOf(component).length, 6) }, (_, index) => (
            <Skeleton key={index} height={56} />
          ))}
        </Box>
      ) : (
        <FilterFields
          form={form}
          timeZone={timeZone}
          now={now}
          renderTags={() => <TagFiltersInput tags={form.options.tags ?? []} modifiers={form.options.tag_modifiers ?? []} />}
        />
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1 }}>
        <Button variant="contained" onClick={() => void apply()} disabled={!form} data-testid="filter-apply">
          {L.applyFilter}
        </Button>
      </Box>

      {dialog?.kind === 'save' && (
        <FilterNameDialog mode="save" showTeam={isAdmin} busy={busy} onCancel={() => setDialog(null)} onConfirm={save} />
      )}
      {dialog?.kind === 'update' && (
        <FilterNameDialog
          mode="update"
          busy={busy}
          filters={updatable}
          initialFilterId={target?.filter_id ?? updatable[0]?.filter_id}
          onCancel={() => setDialog(null)}
          onConfirm={update}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveFilterDialog
          filter={dialog.filter}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void remove(dialog.filter)}
        />
      )}
    </Box>
  );
};
