import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { searchPlaces, type Place } from '../../api/search-places';
import { WIZARD_TEXT as T } from '@eo/contract';

const DEBOUNCE_MS = 300;
/** A throttled answer (the geocoder was not asked) is asked once more, if that is soon. */
const RETRY_WITHIN_MS = 5_000;

/** Type a city or regency, pick a place: its address and coordinates fill the location. */
export function PlaceSearch({ onPick, disabled }: { onPick: (p: Place) => void; disabled?: boolean }) {
  const [q, setQ] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return setPlaces([]);
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const run = (retried: boolean) => searchPlaces(text, ctrl.signal).then(({ result, retryAfterMs }) => {
      setPlaces(result);
      if (!retried && retryAfterMs && retryAfterMs <= RETRY_WITHIN_MS) timer = setTimeout(() => run(true), retryAfterMs);
    }, () => {
      // A failed second ask keeps the first answer on screen.
      if (!retried) setPlaces([]);
    });
    timer = setTimeout(() => run(false), DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q]);

  return (
    <AutoComplete
      value={q}
      disabled={disabled}
      options={places.map((p) => ({ value: p.id, label: <span><strong>{p.name}</strong> <small>{p.address}</small></span> }))}
      onSearch={setQ}
      onSelect={(id: string) => {
        const place = places.find((p) => p.id === id);
        if (place) onPick(place);
        setQ('');
      }}
    >
      <Input prefix={<SearchOutlined />} placeholder={T.placeSearchHint} aria-label={T.placeSearch} />
    </AutoComplete>
  );
}
