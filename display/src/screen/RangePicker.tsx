import { useState } from 'react';
import { messages } from '../messages';
import {
  addMonths,
  CALENDAR_MONTHS,
  inDraft,
  monthGrid,
  monthOf,
  monthTitle,
  pickDay,
  type DraftRange,
  type MonthRef,
} from '../slideshow/calendar';
import { RANGE_PRESET_LABELS, RANGE_PRESETS, rangeText, type RangePreset, type SelectedRange } from '../slideshow/date-range';
import { CalendarIcon, NextIcon, PreviousIcon } from './Icons';
import { usePopover } from './usePopover';

const m = messages.range;

/** The range's first month on the left, or, for a range within one month, that month on the right. */
function firstMonthOf(range: { start: string; end: string }): MonthRef {
  const start = monthOf(range.start);
  const end = monthOf(range.end);
  return start.year === end.year && start.month === end.month ? addMonths(end, -1) : start;
}

interface RangePickerProps {
  range: SelectedRange;
  /** A preset picked from the dropdown (not Custom). */
  onPreset: (preset: Exclude<RangePreset, 'custom'>) => void;
  /** Days applied from the calendar (the preset becomes Custom). */
  onCustom: (range: { start: string; end: string }) => void;
}

/** The preset dropdown and the two-month range calendar with its footer (range, Cancel, Apply). */
export function RangePicker({ range, onPreset, onCustom }: RangePickerProps) {
  const { open, setOpen, rootRef } = usePopover();
  const [draft, setDraft] = useState<DraftRange>({ start: range.start, end: range.end });
  const [firstMonth, setFirstMonth] = useState<MonthRef>(() => firstMonthOf(range));

  const openCalendar = () => {
    setDraft({ start: range.start, end: range.end });
    setFirstMonth(firstMonthOf(range));
    setOpen(true);
  };
  const apply = () => {
    if (!draft.start || !draft.end) return;
    setOpen(false);
    onCustom({ start: draft.start, end: draft.end });
  };

  return (
    <div className="range-picker">
      <select
        className="select"
        aria-label={m.presetLabel}
        data-testid="range-preset"
        // Custom shows while its calendar is open; Cancel puts the preset on screen back.
        value={open ? 'custom' : range.preset}
        onChange={(event) => {
          const preset = event.target.value as RangePreset;
          if (preset === 'custom') openCalendar();
          else {
            setOpen(false);
            onPreset(preset);
          }
        }}
      >
        {RANGE_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {RANGE_PRESET_LABELS[preset]}
          </option>
        ))}
      </select>
      <div className="dropdown range-calendar" ref={rootRef}>
        <label className="range-calendar__field">
          <span className="visually-hidden">{m.calendarLabel}</span>
          <input
            className="range-calendar__input"
            readOnly
            placeholder={m.placeholder}
            value={rangeText(range)}
            data-testid="range-input"
            onClick={() => (open ? setOpen(false) : openCalendar())}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                openCalendar();
              }
            }}
          />
          <CalendarIcon />
        </label>
        {open && (
          <div className="dropdown__panel range-calendar__panel" role="dialog" aria-label={m.calendarLabel} data-testid="range-calendar">
            <div className="range-calendar__months">
              {Array.from({ length: CALENDAR_MONTHS }, (_, i) => addMonths(firstMonth, i)).map((month, i) => (
                <div className="range-calendar__month" key={`${month.year}-${month.month}`}>
                  <div className="range-calendar__month-head">
                    {i === 0 ? (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={m.previousMonth}
                        onClick={() => setFirstMonth(addMonths(firstMonth, -1))}
                      >
                        <PreviousIcon />
                      </button>
                    ) : (
                      <span className="range-calendar__spacer" />
                    )}
                    <span className="range-calendar__month-title">{monthTitle(month)}</span>
                    {i === CALENDAR_MONTHS - 1 ? (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={m.nextMonth}
                        onClick={() => setFirstMonth(addMonths(firstMonth, 1))}
                      >
                        <NextIcon />
                      </button>
                    ) : (
                      <span className="range-calendar__spacer" />
                    )}
                  </div>
                  <table className="range-calendar__grid">
                    <thead>
                      <tr>
                        {m.weekdays.map((day) => (
                          <th key={day} scope="col">
                            {day}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {monthGrid(month).map((week, w) => (
                        <tr key={w}>
                          {week.map((day, d) => (
                            <td key={d}>
                              {day && (
                                <button
                                  type="button"
                                  className={`range-calendar__day${inDraft(draft, day) ? ' is-selected' : ''}${day === draft.start || day === draft.end ? ' is-edge' : ''}`}
                                  aria-pressed={inDraft(draft, day)}
                                  data-day={day}
                                  onClick={() => setDraft(pickDay(draft, day))}
                                >
                                  {Number(day.slice(8))}
                                </button>
                              )}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))}
            </div>
            <div className="range-calendar__footer">
              <span className="range-calendar__selected" data-testid="range-footer">
                {rangeText(draft) || m.placeholder}
              </span>
              <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
                {m.cancel}
              </button>
              <button type="button" className="button button--primary" disabled={!draft.start || !draft.end} onClick={apply}>
                {m.apply}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
