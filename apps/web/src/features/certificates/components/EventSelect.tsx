import { useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useEventSearch, type EventOption } from '../api/search-events';
import { useDebounced } from '../../../lib/use-debounced';
import { CERT_ATTENDEES_MSG, CERT_TEXT as T, fill } from '@eo/contract';

/** Spec section 9: the event search waits 500 ms after the last key. */
export const EVENT_SEARCH_DEBOUNCE_MS = 500;

interface Props {
  id?: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
  /** The stored event of an edited certificate, so its name shows before any search. */
  initial?: EventOption | null;
  disabled?: boolean;
}

/** `Selesai · 12 peserta yang hadir`: why the event can be chosen. */
const detailOf = (e: EventOption) => (e.ended === undefined ? undefined
  : `${e.ended ? T.eventEnded : T.eventOngoing} · ${fill(CERT_ATTENDEES_MSG.count, { n: e.attendees ?? 0 })}`);

/** Searchable select over the events a certificate may be made for (which ones, it says). */
export function EventSelect({ id, value, onChange, initial, disabled }: Props) {
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed, EVENT_SEARCH_DEBOUNCE_MS);
  const found = useEventSearch(term);
  const [picked, setPicked] = useState<EventOption | null>(initial ?? null);

  const options = useMemo(() => {
    const list = found.data ?? [];
    const known = picked && picked.id === value && !list.some((e) => e.id === picked.id) ? [picked, ...list] : list;
    return known.map((e) => ({ value: e.id, label: e.name, detail: detailOf(e) }));
  }, [found.data, picked, value]);

  return (
    <Select
      id={id} value={value} disabled={disabled} allowClear placeholder={T.eventPlaceholder} options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : T.eventNoneQualifies}
      optionRender={(o) => (
        <span className="cert-event-option">
          <span>{o.data.label}</span>
          {o.data.detail && <span className="cert-event-detail">{o.data.detail}</span>}
        </span>
      )}
      onChange={(v: string | undefined) => {
        const option = options.find((o) => o.value === v);
        setPicked(option ? { id: option.value, name: option.label } : null);
        onChange?.(v);
      }}
    />
  );
}
