import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ScopeMenu } from '@app/contracts';
import { messages } from '../messages';
import { filterScopeGroups } from '../slideshow/scopes';
import { CaretIcon } from './Icons';
import { usePopover } from './usePopover';

const m = messages.scope;

/** The grouped, searchable scope dropdown (placeholder 'Select a Scope', search 'Search', 300px of list). */
export function ScopeDropdown({
  groups,
  value,
  onChange,
}: {
  groups: ScopeMenu['groups'];
  value: string;
  onChange: (value: string) => void;
}) {
  const { open, setOpen, rootRef } = usePopover();
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const selected = useMemo(() => groups.flatMap((group) => group.items).find((item) => item.value === value) ?? null, [groups, value]);
  const shown = useMemo(() => filterScopeGroups(groups, search), [groups, search]);

  useEffect(() => {
    if (open) searchRef.current?.focus();
    else setSearch('');
  }, [open]);

  const choose = (next: string) => {
    setOpen(false);
    if (next !== value) onChange(next);
  };

  return (
    <div className="dropdown scope-dropdown" ref={rootRef} data-testid="scope-dropdown">
      <button
        type="button"
        className={`dropdown__button${selected ? '' : ' is-placeholder'}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${m.label}: ${selected?.label ?? m.placeholder}`}
        data-testid="scope-button"
        onClick={() => setOpen(!open)}
      >
        <span className="dropdown__text">{selected?.label ?? m.placeholder}</span>
        <CaretIcon />
      </button>
      {open && (
        <div className="dropdown__panel scope-dropdown__panel">
          <input
            ref={searchRef}
            className="dropdown__search"
            type="search"
            placeholder={m.search}
            aria-label={m.search}
            aria-controls={listId}
            value={search}
            data-testid="scope-search"
            onChange={(event) => setSearch(event.target.value)}
          />
          <div id={listId} className="scope-dropdown__list" role="listbox" aria-label={m.label}>
            {shown.length === 0 && <div className="dropdown__empty">{m.noMatch}</div>}
            {shown.map((group) => (
              <div key={group.label} role="group" aria-label={group.label} className="scope-dropdown__group">
                <div className="scope-dropdown__group-label" aria-hidden="true">
                  {group.label}
                </div>
                {group.items.map((item) => (
                  <div
                    key={item.value}
                    role="option"
                    tabIndex={0}
                    aria-selected={item.value === value}
                    className={`scope-dropdown__option${item.value === value ? ' is-selected' : ''}`}
                    data-testid="scope-option"
                    data-value={item.value}
                    onClick={() => choose(item.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        choose(item.value);
                      }
                    }}
                  >
                    {item.label}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
